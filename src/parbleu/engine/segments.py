"""A corpus as one flat array and segment offsets: the engine's one container.

Token ids, character codes and character ids all travel as `Segments`: segment ``i`` is
``values[offsets[i]:offsets[i + 1]]``. One array per corpus keeps every pass at C speed and
memory proportional to the text.

    >>> corpus = Segments.from_lists([[3, 1], [], [4]])
    >>> corpus.n_segments, corpus.lengths.tolist(), corpus.segment(2).tolist()
    (3, [2, 0, 1], [4])
    >>> corpus.slice(1, 3).offsets.tolist()
    [0, 0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import IntArray

__all__ = ["Segments"]


@dataclass(frozen=True, eq=False)
class Segments:
    """Values of a corpus, segment after segment (``offsets`` has one entry more)."""

    values: npt.NDArray[Any]
    offsets: IntArray

    @classmethod
    def from_lists(cls, segments: Sequence[Sequence[int]]) -> Segments:
        """Segments from one list of integers per segment."""
        offsets = np.zeros(len(segments) + 1, dtype=np.int64)
        np.cumsum([len(s) for s in segments], out=offsets[1:])
        values = np.fromiter((v for s in segments for v in s), dtype=np.int64, count=offsets[-1])
        return cls(values, offsets)

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return len(self.offsets) - 1

    @property
    def lengths(self) -> IntArray:
        """Number of values of each segment."""
        return np.diff(self.offsets)

    def segment(self, index: int) -> npt.NDArray[Any]:
        """The values of one segment."""
        return self.values[self.offsets[index] : self.offsets[index + 1]]

    def slice(self, start: int, stop: int) -> Segments:
        """Segments ``start .. stop - 1`` as a corpus of their own (offsets from 0)."""
        lo, hi = int(self.offsets[start]), int(self.offsets[stop])
        return Segments(self.values[lo:hi], self.offsets[start : stop + 1] - lo)

    def take(self, which: IntArray) -> Segments:
        """Segments `which` (indices, in that order, repeats allowed) as a corpus of their own.

        >>> Segments.from_lists([[3, 1], [], [4]]).take(np.array([2, 0, 2])).values.tolist()
        [4, 3, 1, 4]
        """
        lengths = self.lengths[which]
        offsets = np.zeros(len(which) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        kept = lengths > 0
        firsts, starts = offsets[:-1][kept], self.offsets[:-1][which][kept]
        # Positions one after another within a segment, jumping to the next one's start.
        steps = np.ones(int(offsets[-1]), dtype=np.int64)
        if len(firsts):
            steps[firsts[0]] = starts[0]
            steps[firsts[1:]] = starts[1:] - (starts[:-1] + lengths[kept][:-1] - 1)
        return Segments(self.values[np.cumsum(steps)], offsets)

    def as_int64(self) -> Segments:
        """The same segments with int64 values."""
        return Segments(self.values.astype(np.int64, copy=False), self.offsets)

    @staticmethod
    def concat(parts: Sequence[Segments]) -> Segments:
        """Corpora one after another, as one corpus."""
        if len(parts) == 1:
            return parts[0]
        if not parts:
            return Segments(np.zeros(0, np.int64), np.zeros(1, np.int64))
        shifts = np.cumsum([0, *(len(part.values) for part in parts[:-1])])
        offsets = [parts[0].offsets[:1]]
        offsets += [part.offsets[1:] + shift for part, shift in zip(parts, shifts, strict=True)]
        return Segments(np.concatenate([part.values for part in parts]), np.concatenate(offsets))
