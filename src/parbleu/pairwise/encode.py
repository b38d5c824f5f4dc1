"""Sentences to token ids, exactly as each metric's sentence score sees them.

* chrF characters: each line (lowercased if asked) with its whitespace removed unless kept,
  as sacreBLEU's ``extract_all_char_ngrams`` does (`parbleu.engine.chars`);
* chrF++ words: whitespace-separated words with one punctuation character split off one end
  (`parbleu.tokenizers.chrf_words`);
* BLEU tokens: the metric's tokenizer (13a, intl, zh, ...) and lowercasing, numbered by the
  engine's exact token vocabulary (`parbleu.engine.encode`).

Every line is encoded as a reference, so that each token of either side has an id. This is
the only module of `parbleu.pairwise` that touches engine internals.
"""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.engine.chars import code_points
from parbleu.engine.encode import TextEncoder
from parbleu.engine.segments import Segments
from parbleu.tokenizers.base import Tokenizer
from parbleu.tokenizers.chrf_words import ChrfWordTokenizer

__all__ = ["characters", "chrf_words", "tokens"]


def characters(lines: Sequence[str], *, lowercase: bool, whitespace: bool) -> Segments:
    """The characters chrF reads in each line (code points)."""
    return code_points(lines, lowercase=lowercase, whitespace=whitespace)


def chrf_words(lines: Sequence[str], *, lowercase: bool) -> Segments:
    """The words chrF++ reads in each line."""
    return tokens(lines, ChrfWordTokenizer(), lowercase=lowercase)


def tokens(lines: Sequence[str], tokenizer: Tokenizer, *, lowercase: bool) -> Segments:
    """The tokens of each line for `tokenizer` (BLEU's, from the metric), as exact ids."""
    return TextEncoder(tokenizer, lowercase=lowercase).encode_references(lines)
