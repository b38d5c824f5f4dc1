"""sacreBLEU 2.6.0's ``sacrebleu.tokenizers.tokenizer_spm``: spBLEU's SentencePiece tokenizers.

Importable by sacreBLEU's module path (OpenCompass imports ``Tokenizer13a`` and ``TokenizerZh``
this way); the class lives in `parbleu.compat.tokenizers.bleu_tokenizers`.
"""

from parbleu.compat.tokenizers.bleu_tokenizers import (
    Flores101Tokenizer,
    Flores200Tokenizer,
    TokenizerSPM,
    spBLEU1KTokenizer,
)

__all__ = ["Flores101Tokenizer", "Flores200Tokenizer", "TokenizerSPM", "spBLEU1KTokenizer"]
