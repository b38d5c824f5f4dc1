r"""The words WER compares: jiwer 4.0.0's ``wer_default``, for whole corpora at once.

jiwer's default word transform (``jiwer.transformations.wer_default``) is:

1. ``RemoveMultipleSpaces()``: ``re.sub(r"\s\s+", " ", line)``, every run of two or more
   whitespace characters becomes one space (``\s`` is what ``str.isspace`` calls
   whitespace, Unicode's);
2. ``Strip()``: ``str.strip()``;
3. ``ReduceToListOfListOfWords()``: ``line.split(" ")``, empty words dropped.

So a word ends at a space, at a run of whitespace, or at the end of the line; a single
whitespace character other than a space between two other characters (a tab, a no-break
space) stays inside its word, as jiwer leaves it (``"a\tb"`` is one word). Here every
line of a corpus is split by that rule at once, on an array of code points: a whitespace
character separates words when it is a space or next to other whitespace (or to the end of
its line). Words are numbered exactly by `parbleu.engine.vocab.TokenVocabulary`: references
grow the vocabulary, hypotheses only look words up (unknown words get -1, which matches
nothing).

    >>> jiwer_words("  the\tcat  sat ")
    ['the\tcat', 'sat']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parbleu.arrays import IntArray
from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments
from parbleu.engine.text import PADDING, TokenBlock, code_points
from parbleu.engine.vocab import TokenVocabulary
from parbleu.tokenizers.base import space_mask

__all__ = ["WordLookup", "jiwer_words", "reference_words", "word_block"]

#: Lines are split in blocks of about this many characters (bounded memory).
BLOCK_CHARACTERS = 1 << 19

_RUNS = re.compile(r"\s\s+")


def jiwer_words(line: str) -> list[str]:
    """The words of one line, as jiwer's ``wer_default`` gives them (its own code's steps)."""
    return [word for word in _RUNS.sub(" ", line).strip().split(" ") if word]


def word_block(lines: Sequence[str], *, lowercase: bool) -> TokenBlock:
    """The words of `lines` as spans of one array of code points (see the module's rule).

    Lines are joined by newlines, with one before the first; line boundaries come from the
    line lengths, so a newline inside a line is whitespace like any other.
    """
    if lowercase:
        lines = [line.lower() for line in lines]
    text = "\n" + "\n".join(lines) + "\n" + " " * PADDING
    codes = code_points(text)
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
    starts = np.ones(len(lines), dtype=np.int64)  # where each line begins in `text`
    starts[1:] += np.cumsum(lengths[:-1] + 1)
    space = space_mask(codes)
    crowded = np.zeros(len(codes), dtype=bool)  # whitespace next to whitespace
    crowded[1:] = space[1:] & space[:-1]
    crowded[:-1] |= space[:-1] & space[1:]
    separator = crowded | (codes == ord(" "))
    separator[starts - 1] = True  # the newlines between lines
    separator[-1 - PADDING :] = True
    word = ~separator
    first = np.flatnonzero(word[1:] & ~word[:-1]) + 1
    after = np.flatnonzero(word[:-1] & ~word[1:]) + 1
    offsets = np.zeros(len(lines) + 1, dtype=np.int64)
    offsets[:-1] = np.searchsorted(first, starts)
    offsets[-1] = len(first)
    return TokenBlock(text, codes, first, after - first, offsets)


@dataclass(frozen=True, eq=False)
class WordLookup:
    """Word ids of text over a finished reference vocabulary (read only)."""

    vocabulary: TokenVocabulary
    size: int
    lowercase: bool

    def encode(self, lines: Sequence[str]) -> Segments:
        """Word ids of each line; words absent from the references get -1."""
        return _encode(lines, self.vocabulary, lowercase=self.lowercase, grow=False)

    def token_ids(self) -> dict[str, int]:
        """Every reference word and its id (a new dictionary on each call)."""
        strings = self.vocabulary.strings()
        return dict(zip(strings, range(len(strings)), strict=True))


def reference_words(lines: Sequence[str], *, lowercase: bool) -> tuple[Segments, WordLookup]:
    """Word ids of reference lines, and the lookup that numbers hypotheses the same way."""
    vocabulary = TokenVocabulary()
    ids = _encode(lines, vocabulary, lowercase=lowercase, grow=True)
    return ids, WordLookup(vocabulary, len(vocabulary), lowercase)


def _encode(
    lines: Sequence[str], vocabulary: TokenVocabulary, *, lowercase: bool, grow: bool
) -> Segments:
    weights: IntArray = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines)) + 1
    parts = []
    for start, stop in weighted_ranges(weights, BLOCK_CHARACTERS):
        block = word_block(lines[start:stop], lowercase=lowercase)
        ids = vocabulary.add(block) if grow else vocabulary.lookup(block)
        parts.append(Segments(ids.astype(np.int64, copy=False), block.offsets))
    if not parts:
        return Segments(np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64))
    return Segments.concat(parts)
