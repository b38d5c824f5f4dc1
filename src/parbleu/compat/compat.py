"""sacreBLEU 2.6.0's ``sacrebleu.compat``, importable by that module path.

The functions (``corpus_bleu``, ``sentence_bleu`` ...) live in `parbleu.compat.functional`.
"""

from parbleu.compat.functional import (
    corpus_bleu,
    corpus_chrf,
    corpus_ter,
    raw_corpus_bleu,
    sentence_bleu,
    sentence_chrf,
    sentence_ter,
)

__all__ = [
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
]
