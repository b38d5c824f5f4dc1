"""sacreBLEU 2.6.0's ``sacrebleu.tokenizers`` package: its tokenizer classes."""

from parbleu.compat.tokenizers import bleu_tokenizers, tokenizer_ter
from parbleu.compat.tokenizers.bleu_tokenizers import BaseTokenizer

__all__ = ["BaseTokenizer", "bleu_tokenizers", "tokenizer_ter"]
