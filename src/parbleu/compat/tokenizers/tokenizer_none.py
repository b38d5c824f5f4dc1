"""sacreBLEU 2.6.0's ``sacrebleu.tokenizers.tokenizer_none``: no tokenization (``none``).

Importable by sacreBLEU's module path (OpenCompass imports ``Tokenizer13a`` and ``TokenizerZh``
this way); the class lives in `parbleu.compat.tokenizers.bleu_tokenizers`.
"""

from parbleu.compat.tokenizers.bleu_tokenizers import NoneTokenizer

__all__ = ["NoneTokenizer"]
