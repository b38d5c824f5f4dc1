"""Clipped n-gram matching over whole corpora with array operations.

Papineni et al. (2002), section 2.1: a candidate n-gram counts at most as often as it occurs
in any single reference of the same segment ("clipping"). This module computes, for every
segment at once, the clipped match counts of orders ``1..N``; it knows nothing of any metric
formula.

Each (segment, n-gram) pair of the references gets an exact integer key, built order by order:
a unigram's key is ``segment * base + token``; an n-gram's key is ``rank * base + last_token``
where ``rank`` is the position of its (n-1)-gram prefix among the sorted keys of order n-1.
Keys are therefore collision-free, sorted by segment, and a hypothesis n-gram whose prefix is
in no reference is discarded before order n is even looked at.

References are counted with one sort per order (`build_table`), which also builds the indexes
hypotheses are looked up in, so scoring many systems against one table costs a few passes
over each system's n-grams.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import IntArray
from parbleu.engine.hashindex import KeyIndex, found_or_missing
from parbleu.engine.segments import Segments

__all__ = [
    "NgramTable",
    "build_table",
    "clipped_counts",
    "clipped_matches",
    "largest_stream_counts",
    "ngram_totals",
]


_KEY_LIMIT = 2**62
_LOW_HALF = (1 << 32) - 1
_TWO_KEYS = 2 << 32  # a record packing a count of at least two


@dataclass(frozen=True, eq=False)
class NgramTable:
    """Reference n-gram counts of every segment, for orders ``1..max_order``, and their indexes.

    For order ``n`` (index ``n - 1``): ``keys`` sorted unique keys, ``counts`` the largest count
    of that n-gram in any one reference of its segment, ``segments`` the segment of each key.
    The indexes that hypotheses are looked up in are built with the table (`build_table`):

    * ``unigram_index``: a hash index from each unigram key to its rank in ``keys[0]``;
    * ``continuations``: for orders ``n >= 2`` (index ``n - 2``), the keys that extend each
      prefix. The keys of order n whose prefix has rank ``r`` are contiguous; record ``r``
      holds, as two int64 (one 16-byte item, read at once), where they begin plus ``2**32``
      times how many there are, and the first of them (-2 when there are none): looking an
      n-gram up needs its prefix's rank and, almost always, that one record;
    * ``key_offsets``: for each order, where each segment's keys begin (and, last, the number
      of keys).
    """

    max_order: int
    n_segments: int
    base: int
    keys: tuple[IntArray, ...]
    counts: tuple[IntArray, ...]
    segments: tuple[IntArray, ...]
    unigram_index: KeyIndex
    continuations: tuple[npt.NDArray[np.complex128], ...]
    key_offsets: tuple[IntArray, ...]


def _continuations(
    keys_by_order: Sequence[IntArray], base: int
) -> tuple[npt.NDArray[np.complex128], ...]:
    """The continuation records of `NgramTable` for orders 2 and up."""
    records = []
    for prefixes, keys in itertools.pairwise(keys_by_order):
        if len(keys) > _LOW_HALF // 2:
            raise OverflowError(f"{len(keys)} keys of one order: score in chunks")
        # Keys are sorted, so are their prefixes' ranks: bounds are a running count.
        bounds = np.zeros(len(prefixes) + 1, dtype=np.int64)
        np.cumsum(np.bincount(keys // base, minlength=len(prefixes)), out=bounds[1:])
        low, count = bounds[:-1], np.diff(bounds)
        pairs = np.empty((len(prefixes), 2), dtype=np.int64)
        pairs[:, 0] = low | (count << 32)
        pairs[:, 1] = -2
        if len(keys):
            pairs[count > 0, 1] = keys.take(low[count > 0])
        records.append(pairs.view(np.complex128).reshape(-1))
    return tuple(records)


def _token_segments(corpus: Segments) -> IntArray:
    """The segment of every token."""
    return np.repeat(np.arange(corpus.n_segments, dtype=np.int64), corpus.lengths)


def _separated(corpus: Segments, segment: IntArray) -> tuple[IntArray, IntArray]:
    """Token ids with a -1 after every segment, and where each token went.

    `segment` holds each token's segment. An n-gram that starts at position ``p`` of the
    separated ids and has no -1 among them lies inside one segment and contains no unknown
    token: extending it by one token is one look-up at ``p + n``.
    """
    position = np.arange(len(corpus.values), dtype=np.int64) + segment
    separated = np.full(len(corpus.values) + corpus.n_segments, -1, dtype=np.int64)
    separated[position] = corpus.values
    return separated, position


def _check_key_range(rows: int, base: int) -> None:
    if rows * base >= _KEY_LIMIT:
        raise OverflowError(
            f"n-gram keys would overflow: {rows} rows x vocabulary {base}; score in chunks"
        )


def build_table(streams: Sequence[Segments], max_order: int, vocabulary_size: int) -> NgramTable:
    """Count the n-grams of one or more parallel reference streams, clipping by the maximum.

    Args:
        streams: reference streams, each with the same number of segments; an absent
            reference is a segment with no tokens.
        max_order: largest n-gram order N.
        vocabulary_size: token ids are in ``0 .. vocabulary_size - 1``.
    """
    n_segments = streams[0].n_segments
    base = vocabulary_size + 1
    _check_key_range(n_segments, base)
    segments = [_token_segments(stream) for stream in streams]
    parts = [_separated(stream, segment) for stream, segment in zip(streams, segments, strict=True)]
    shifts = np.cumsum([0, *(len(separated) for separated, _ in parts[:-1])])
    separated = np.concatenate([separated for separated, _ in parts])
    starts = np.concatenate(
        [position + shift for (_, position), shift in zip(parts, shifts, strict=True)]
    )
    needles = np.concatenate(segments) * base + separated[starts]
    stream_of = np.repeat(np.arange(len(streams), dtype=np.int64), [len(s.values) for s in streams])
    keys_by_order: list[IntArray] = []
    counts_by_order: list[IntArray] = []
    segments_by_order: list[IntArray] = []
    for order in range(1, max_order + 1):
        keys, counts, ranks = _count(needles, stream_of, len(streams))
        key_segments = keys // base if order == 1 else segments_by_order[-1][keys // base]
        keys_by_order.append(keys)
        counts_by_order.append(counts)
        segments_by_order.append(key_segments)
        if order == max_order:
            break
        _check_key_range(len(keys), base)
        following = separated.take(starts + order)
        longer = following >= 0
        starts, stream_of = starts[longer], stream_of[longer]
        needles = ranks[longer] * base + following[longer]
    bounds = np.arange(n_segments + 1, dtype=np.int64)
    return NgramTable(
        max_order,
        n_segments,
        base,
        tuple(keys_by_order),
        tuple(counts_by_order),
        tuple(segments_by_order),
        KeyIndex(keys_by_order[0]),
        _continuations(keys_by_order, base),
        tuple(np.searchsorted(segments, bounds) for segments in segments_by_order),
    )


def _count(
    needles: IntArray, streams: IntArray, n_streams: int
) -> tuple[IntArray, IntArray, IntArray]:
    """Sorted distinct needles, the largest count in any one stream, and each needle's rank."""
    n = len(needles)
    if not n:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    position_bits = max(1, (n - 1).bit_length())
    if int(needles.max()).bit_length() + position_bits <= 63:
        # One sort of (key, position) packed in an integer: sorted keys and their permutation.
        packed = np.sort((needles << position_bits) | np.arange(n, dtype=np.int64))
        ordered = packed >> position_bits
        permutation = packed & ((1 << position_bits) - 1)
    else:
        permutation = np.argsort(needles, kind="stable")
        ordered = needles[permutation]
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    firsts = np.flatnonzero(new)
    group = np.cumsum(new) - 1
    ranks = np.empty(n, dtype=np.int64)
    ranks[permutation] = group
    if n_streams == 1:
        counts = np.diff(firsts, append=n)
    elif len(firsts) * n_streams <= 4 * n:
        # Few streams: a dense (key, stream) table is small and counts in one bincount.
        cells = group * n_streams + streams[permutation]
        per_stream = np.bincount(cells, minlength=len(firsts) * n_streams)
        counts = per_stream.reshape(len(firsts), n_streams).max(axis=1)
    else:
        counts = largest_stream_counts(group, streams[permutation], n_streams, len(firsts))
    return ordered[firsts], counts.astype(np.int64, copy=False), ranks


def largest_stream_counts(
    groups: IntArray, streams: IntArray, n_streams: int, n_groups: int
) -> IntArray:
    """For each group ``0 .. n_groups - 1``, its largest number of members in any one stream.

    The (group, stream) cells are sorted and counted run by run, in memory linear in the
    members: no (groups × streams) table, which 1,000 reference streams would make huge.
    """
    counts = np.zeros(n_groups, dtype=np.int64)
    if not len(groups):
        return counts
    cells = np.sort(groups * n_streams + streams)
    starts = np.flatnonzero(np.diff(cells, prepend=-1))
    run_counts = np.diff(starts, append=len(cells))
    run_groups = cells[starts] // n_streams
    group_starts = np.flatnonzero(np.diff(run_groups, prepend=-1))
    counts[run_groups[group_starts]] = np.maximum.reduceat(run_counts, group_starts)
    return counts


def clipped_counts(table: NgramTable, hypotheses: Segments) -> list[IntArray]:
    """Clipped hypothesis count of every reference n-gram key, per order.

    Element ``n - 1`` is aligned with ``table.keys[n - 1]``: how many times the hypothesis of
    that key's segment contains that n-gram, clipped by ``table.counts[n - 1]``. Hypothesis
    tokens with a negative id (unknown to the references) never match.
    """
    base = table.base
    segment = _token_segments(hypotheses)
    # An unknown token (-1) makes a key no reference n-gram has: (segment - 1, base - 1).
    ranks = table.unigram_index.get((segment * base + hypotheses.values).view(np.uint64))
    # Where each n-gram found starts (tokens of a segment one apart, of two segments at least
    # two), and its last token.
    starts, last = segment, hypotheses.values
    if table.max_order > 1:
        starts = np.arange(len(segment), dtype=np.int64) + segment
    clipped_by_order = []
    for order in range(1, table.max_order + 1):
        if order > 1:
            # The n-gram at p is the (n-1)-gram at p, found, followed by the last token of
            # the (n-1)-gram at p + 1, which must be found too (a-priori pruning): the next.
            kept = np.flatnonzero(starts[1:] == starts[:-1] + 1)
            starts, last = starts.take(kept), last.take(kept + 1)
            ranks = _find_continuations(table, order, ranks.take(kept), last)
        size = len(table.keys[order - 1])
        if order < table.max_order:
            hit = np.flatnonzero(ranks >= 0)
            ranks, starts, last = ranks.take(hit), starts.take(hit), last.take(hit)
            hypothesis_counts = np.bincount(ranks, minlength=size)
        else:  # the misses (-1) counted apart, in the first bin, without selecting the hits
            hypothesis_counts = np.bincount(ranks + 1, minlength=size + 1)[1:]
        clipped_by_order.append(np.minimum(hypothesis_counts, table.counts[order - 1]))
    return clipped_by_order


def _find_continuations(
    table: NgramTable, order: int, prefixes: IntArray, tokens: IntArray
) -> IntArray:
    """Rank among the keys of `order` of each (prefix rank, next token), or -1 if absent."""
    keys = table.keys[order - 1]
    records = table.continuations[order - 2].take(prefixes).view(np.int64)
    first = records[1::2]
    needles = prefixes * table.base + tokens
    ranks = found_or_missing(records[0::2] & _LOW_HALF, first == needles)
    # Rarely a prefix has several continuations in its segment: binary search among them.
    searching = np.flatnonzero((needles > first) & (records[0::2] >= _TWO_KEYS))
    if len(searching):
        low = (records[0::2].take(searching) & _LOW_HALF) + 1
        end = low + (records[0::2][searching] >> 32) - 1  # `take` would copy the view
        wanted = needles.take(searching)
        high = end.copy()
        for _ in range(int((high - low).max()).bit_length()):
            active = low < high
            middle = (low + high) >> 1
            below = active & (keys.take(np.minimum(middle, len(keys) - 1)) < wanted)
            low = np.where(below, middle + 1, low)
            high = np.where(active & ~below, middle, high)
        hit = (low < end) & (keys.take(np.minimum(low, len(keys) - 1)) == wanted)
        ranks[searching[hit]] = low[hit]
    return ranks


def clipped_matches(table: NgramTable, hypotheses: Segments) -> IntArray:
    """Clipped n-gram matches of every hypothesis segment, shape ``(n_segments, max_order)``.

    Papineni et al. (2002), section 2.1: each n-gram counts at most as often as it occurs in
    any single reference of its segment.
    """
    if hypotheses.n_segments != table.n_segments:
        raise ValueError(
            f"{hypotheses.n_segments} hypothesis segments for {table.n_segments} reference ones"
        )
    matches = np.zeros((table.n_segments, table.max_order), dtype=np.int64)
    for order, clipped in enumerate(clipped_counts(table, hypotheses)):
        # Keys are sorted by segment: a segment's sum is a difference of two prefix sums.
        sums = np.zeros(len(clipped) + 1, dtype=np.int64)
        np.cumsum(clipped, out=sums[1:])
        offsets = table.key_offsets[order]
        matches[:, order] = sums[offsets[1:]] - sums[offsets[:-1]]
    return matches


def ngram_totals(lengths: IntArray, max_order: int) -> IntArray:
    """Number of n-grams of each order in segments of the given lengths, ``(n, max_order)``."""
    orders = np.arange(1, max_order + 1, dtype=np.int64)
    totals: IntArray = np.maximum(lengths[:, None] - orders[None, :] + 1, 0)
    return totals
