"""sacreBLEU 2.6.0's ``sacrebleu.tokenizers.tokenizer_13a``: mteval-v13a's tokenization (``13a``).

Importable by sacreBLEU's module path (OpenCompass imports ``Tokenizer13a`` and ``TokenizerZh``
this way); the class lives in `parbleu.compat.tokenizers.bleu_tokenizers`.
"""

from parbleu.compat.tokenizers.bleu_tokenizers import Tokenizer13a

__all__ = ["Tokenizer13a"]
