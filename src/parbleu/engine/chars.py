"""Text to character ids, for metrics that count character n-grams (chrF).

A corpus becomes one flat array of Unicode code points and the offset of every segment in it,
in a few C-level passes: lines are (optionally) lowercased one by one, joined, encoded as
UTF-32 and read as an array; whitespace is then dropped with one table look-up per character.
Whitespace is exactly what Python's ``str.split()`` splits on, so ``"".join(line.split())``
and the characters kept here are the same for every line.

A `CharVocabulary` numbers the distinct code points of the references ``0 .. size - 1``; code
points that no reference contains get id -1, which can never match.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import CodeArray, IntArray
from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments
from parbleu.engine.text import code_points as text_code_points
from parbleu.tokenizers.base import WHITESPACE, space_mask

__all__ = [
    "CharVocabulary",
    "code_points",
    "line_weights",
    "scan",
]


#: Number of 16-bit code units: every 16-bit code point indexes a `CharVocabulary` table.
_UNITS = 1 << 16


def line_weights(lines: Sequence[str]) -> IntArray:
    """Characters of each line plus one: what blocks of lines are sized by."""
    return np.fromiter(map(len, lines), np.int64, len(lines)) + 1


def _joined(lines: Sequence[str], *, lowercase: bool) -> tuple[CodeArray, IntArray]:
    """Code points of all lines, one after another, and the offset of each line.

    The code points are 16-bit when every one fits (`parbleu.engine.text.code_points`).
    """
    if lowercase:
        lines = [line.lower() for line in lines]
    offsets = np.zeros(len(lines) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, lines), np.int64, len(lines)), out=offsets[1:])
    return text_code_points("".join(lines)), offsets


def _drop(values: npt.NDArray[Any], offsets: IntArray, positions: IntArray) -> tuple[Any, IntArray]:
    """The corpus without the characters at `positions` (sorted), and its new offsets."""
    keep = np.ones(len(values), dtype=bool)
    keep[positions] = False
    return np.compress(keep, values), offsets - np.searchsorted(positions, offsets)


def code_points(lines: Sequence[str], *, lowercase: bool, whitespace: bool) -> Segments:
    """The characters of each line, as chrF sees them.

    Args:
        lines: one string per segment.
        lowercase: apply ``str.lower()`` to each line first.
        whitespace: keep whitespace characters (otherwise they are removed).
    """
    values, offsets = _joined(lines, lowercase=lowercase)
    if not whitespace:
        values, offsets = _drop(values, offsets, np.flatnonzero(space_mask(values)))
    return Segments(values.astype(np.uint32, copy=False), offsets)


def scan(
    lines: Sequence[str], *, lowercase: bool, whitespace: bool, block: int = 1 << 16
) -> tuple[IntArray, CodeArray]:
    """Characters per line and the sorted distinct code points, `block` characters at a time."""
    lengths = np.zeros(len(lines), dtype=np.int64)
    distinct = [np.zeros(0, dtype=np.uint32)]
    for start, stop in weighted_ranges(line_weights(lines), block):
        corpus = code_points(lines[start:stop], lowercase=lowercase, whitespace=whitespace)
        lengths[start:stop] = corpus.lengths
        distinct.append(np.unique(corpus.values))
    return lengths, np.unique(np.concatenate(distinct))


class CharVocabulary:
    """Dense ids for the code points of the references.

    Ids follow code point order. Look-up is one gather in a table as long as the largest
    reference code point (at least 65,536 entries, so that 16-bit code points need no
    clipping; at most 4.4 MB, for text with code points near U+10FFFF), which also marks the
    whitespace to drop.
    """

    _SPACE = -2

    def __init__(self, distinct: CodeArray, *, whitespace: bool) -> None:
        """Number the sorted distinct code points `distinct` (whitespace is kept or dropped)."""
        self.code_points: CodeArray = distinct
        self.whitespace = whitespace
        # The table ends with one -1 entry that every larger code point is clipped to.
        last = max(int(distinct[-1]) if len(distinct) else 0, _UNITS - 1)
        self._table = np.full(last + 2, -1, dtype=np.int32)
        if not whitespace:
            self._table[list(WHITESPACE)] = self._SPACE
        self._table[distinct] = np.arange(len(distinct), dtype=np.int32)

    @property
    def size(self) -> int:
        """Number of distinct reference code points."""
        return len(self.code_points)

    def encode(
        self, lines: Sequence[str], *, lowercase: bool
    ) -> tuple[npt.NDArray[np.int32], IntArray]:
        """Character ids of lines (whitespace dropped unless kept) and line offsets.

        The ids of the characters `code_points` gives, in one pass over the characters.
        """
        values, offsets = _joined(lines, lowercase=lowercase)
        if values.dtype != np.uint16:  # larger code points than the table's read its last -1
            values = np.minimum(values, len(self._table) - 1)
        ids: npt.NDArray[np.int32] = self._table.take(values)
        if self.whitespace:
            return ids, offsets
        kept, kept_offsets = _drop(ids, offsets, np.flatnonzero(ids == self._SPACE))
        return kept, kept_offsets
