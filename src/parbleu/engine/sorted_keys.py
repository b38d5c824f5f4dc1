"""Exact integer keys for all n-grams of a chunk of segments, in lexicographic order.

chrF counts, per segment and order, the n-grams a hypothesis shares with one reference. We
count them by sorting: every token position of a segment gets one key that packs the segment
number, the ``m`` token ids starting there (``m`` the largest order) and a tag bit
(0 hypothesis, 1 reference)::

    key = segment << (1 + m * bits) | d_0 << (1 + (m - 1) * bits) | ... | d_(m-1) << 1 | tag

Sorting such keys sorts n-grams lexicographically, so for *every* order n the positions that
start with the same n-gram lie next to each other: one sort serves all orders. Positions near
the end of a segment are padded with a pad digit (one for hypotheses, another for references),
so a padded n-gram never equals an n-gram of the other side.

Keys are exact (no hashing) as long as they fit in 63 bits. Token ids therefore become small
digits, numbered per chunk of segments (`IdMode.CHUNK`: one alphabet, the chunk's reference
tokens) or, for large alphabets such as Chinese characters, per segment (`IdMode.SEGMENT`).
The planner shrinks a chunk until one of the two fits, and leaves chunks where neither can
(long n-grams over a huge alphabet) to the general n-gram engine (`IdMode.GENERAL`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from parbleu.arrays import IntArray
from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments

__all__ = [
    "KEY_BITS",
    "ChunkPlan",
    "IdMode",
    "chunk_bounds",
    "pack_keys",
    "plan_chunk",
]


#: Bits available for a key (int64 keys stay non-negative).
KEY_BITS = 63

_EMPTY = np.zeros(0, dtype=np.int64)


class IdMode(Enum):
    """How the token ids of a chunk become key digits."""

    CHUNK = "chunk"  # one alphabet: the distinct reference tokens of the chunk
    SEGMENT = "segment"  # one alphabet per segment: its distinct reference tokens
    GENERAL = "general"  # no keys: the general n-gram engine counts this chunk


@dataclass(frozen=True, eq=False)
class ChunkPlan:
    """Segments ``start .. stop - 1`` and how their tokens become key digits.

    With alphabets of at most ``d`` reference tokens, digits ``0 .. d - 1`` are reference
    tokens, ``d`` is an unknown token or the hypothesis pad and ``d + 1`` the reference pad.
    """

    start: int
    stop: int
    mode: IdMode
    order: int  # digits per key: the largest n-gram order
    bits: int  # bits per digit
    alphabet: int  # d
    vocabulary_size: int  # token ids of the corpus are 0 .. vocabulary_size - 1
    vocabulary: IntArray  # CHUNK: sorted token ids; SEGMENT: sorted segment * base + id + 1
    first: IntArray  # SEGMENT: index in `vocabulary` of each segment's first entry

    @property
    def n_segments(self) -> int:
        """Number of segments in the chunk."""
        return self.stop - self.start

    @property
    def segment_shift(self) -> int:
        """Position of the segment number in a key."""
        return 1 + self.bits * self.order

    def digits(self, ids: npt.NDArray[np.integer], segments: IntArray) -> IntArray:
        """Key digit of each token (``segments``: its segment within the chunk)."""
        if self.mode is IdMode.CHUNK:
            # An unknown token (-1) reads the last entry, which holds the unknown digit.
            table = np.full(self.vocabulary_size + 1, self.alphabet, dtype=np.int64)
            table[self.vocabulary] = np.arange(len(self.vocabulary), dtype=np.int64)
            digits: IntArray = table.take(ids)
            return digits
        if not len(self.vocabulary):
            return np.full(len(ids), self.alphabet, dtype=np.int64)
        needles = segments * (self.vocabulary_size + 1) + ids.astype(np.int64) + 1
        found_at = np.searchsorted(self.vocabulary, needles)
        found = self.vocabulary[np.minimum(found_at, len(self.vocabulary) - 1)] == needles
        local: IntArray = np.where(found, found_at - self.first.take(segments), self.alphabet)
        return local

    def keys(
        self, tokens: Segments, *, reference: bool, alphabet_of: IntArray | None = None
    ) -> IntArray:
        """The key of every token position of this chunk's segments, unsorted.

        ``alphabet_of[i]``: the chunk segment whose alphabet digits segment ``i`` of `tokens`
        (default: ``i``; several hypotheses may be counted against one prepared segment).
        """
        lengths = tokens.lengths
        segments = _segment_numbers(lengths)
        alphabets = segments if alphabet_of is None else alphabet_of.take(segments)
        digits = self.digits(tokens.values, alphabets)
        pad = self.alphabet + 1 if reference else self.alphabet
        return pack_keys(
            digits,
            segments=segments,
            lengths=lengths,
            order=self.order,
            bits=self.bits,
            pad=pad,
            tag=int(reference),
        )


def _distinct(values: IntArray) -> IntArray:
    """Sorted distinct values, by one sort and a neighbour comparison.

    NumPy 2's ``np.unique`` hashes first, which is 15-20x slower on a chunk's int64 ids.
    """
    ordered = np.sort(values)
    if len(ordered) < 2:
        return ordered
    keep = np.empty(len(ordered), dtype=bool)
    keep[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=keep[1:])
    distinct: IntArray = ordered[keep]
    return distinct


def _segment_numbers(lengths: IntArray) -> IntArray:
    """The segment of every token of segments with the given lengths."""
    return np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)


def pack_keys(
    digits: IntArray,
    *,
    segments: IntArray,
    lengths: IntArray,
    order: int,
    bits: int,
    pad: int,
    tag: int,
) -> IntArray:
    """The key of every token position (see the module docstring).

    Args:
        digits: key digit of every token, segment after segment.
        segments: segment number of every token.
        lengths: tokens per segment.
        order: digits per key m.
        bits: bits per digit.
        pad: the digit of positions past the end of a segment.
        tag: 0 for hypotheses, 1 for references.
    """
    n_tokens, n_segments = len(digits), len(lengths)
    if n_tokens == 0:
        return np.zeros(0, dtype=np.int64)
    # Copy the digits into an array with `order - 1` pad digits after every segment, so that
    # the j-th digits of all keys are one slice of it.
    positions = np.arange(n_tokens, dtype=np.int64) + (order - 1) * segments
    padded = np.full(n_tokens + (order - 1) * n_segments, pad, dtype=np.int64)
    padded[positions] = digits
    width = len(padded) - (order - 1)
    keys = padded[:width] << (1 + bits * (order - 1))
    shifted = np.empty_like(keys)
    for j in range(1, order):
        np.left_shift(padded[j : j + width], 1 + bits * (order - 1 - j), out=shifted)
        keys |= shifted
    packed: IntArray = keys.take(positions)
    packed |= (segments << (1 + bits * order)) | tag
    return packed


def chunk_bounds(lengths: IntArray, chunk_size: int) -> list[tuple[int, int]]:
    """Consecutive segment ranges of about `chunk_size` tokens of the longest stream each.

    Args:
        lengths: ``(n_streams, n_segments)`` tokens per reference (an empty segment counts 1).
        chunk_size: target number of tokens per stream and chunk.
    """
    return weighted_ranges(np.maximum(lengths.max(axis=0, initial=0), 1), chunk_size)


def plan_chunk(
    streams: Sequence[Segments],
    start: int,
    order: int,
    vocabulary_size: int,
    *,
    key_bits: int = KEY_BITS,
) -> list[ChunkPlan]:
    """Plans for the segments of `streams` (numbered from `start`): one if a mode fits.

    If neither `IdMode.CHUNK` nor `IdMode.SEGMENT` fits in `key_bits`, the segments are split
    into pieces with fewer segment bits, and a segment that still does not fit alone gets
    `IdMode.GENERAL`.

    Args:
        streams: the reference streams of these segments (offsets starting at 0).
        start: number of the first segment.
        order: the largest n-gram order.
        vocabulary_size: token ids are ``0 .. vocabulary_size - 1``.
        key_bits: bits a key may use (smaller values force the fallbacks, for tests).
    """
    n_segments = len(streams[0].offsets) - 1
    stop = start + n_segments
    ids = np.concatenate([stream.values for stream in streams]).astype(np.int64)
    segment_bits = n_segments.bit_length()

    def plan(
        mode: IdMode, bits: int, alphabet: int, vocabulary: IntArray, first: IntArray
    ) -> list[ChunkPlan]:
        return [
            ChunkPlan(start, stop, mode, order, bits, alphabet, vocabulary_size, vocabulary, first)
        ]

    vocabulary = _distinct(ids)
    bits = (len(vocabulary) + 1).bit_length()
    if segment_bits + order * bits + 1 <= key_bits:
        return plan(IdMode.CHUNK, bits, len(vocabulary), vocabulary, _EMPTY)
    segments = np.concatenate([_segment_numbers(stream.lengths) for stream in streams])
    pairs = _distinct(segments * (vocabulary_size + 1) + ids + 1)
    per_segment = np.bincount(pairs // (vocabulary_size + 1), minlength=n_segments)
    alphabet = int(per_segment.max(initial=0))
    bits = (alphabet + 1).bit_length()
    if segment_bits + order * bits + 1 <= key_bits:
        first = np.zeros(n_segments + 1, dtype=np.int64)
        np.cumsum(per_segment, out=first[1:])
        return plan(IdMode.SEGMENT, bits, alphabet, pairs, first)
    room = key_bits - 1 - order * bits  # bits left for the segment number
    if room >= 1 and n_segments > 1:
        size = (1 << room) - 1
        plans = []
        for lo in range(0, n_segments, size):
            hi = min(lo + size, n_segments)
            pieces = [stream.slice(lo, hi) for stream in streams]
            plans += plan_chunk(pieces, start + lo, order, vocabulary_size, key_bits=key_bits)
        return plans
    return plan(IdMode.GENERAL, 0, 0, _EMPTY, _EMPTY)
