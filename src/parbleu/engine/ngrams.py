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
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.engine.encode import Encoded

__all__ = ["NgramTable", "build_table", "clipped_counts", "clipped_matches", "ngram_totals"]

IntArray = npt.NDArray[np.int64]

_KEY_LIMIT = 2**62


@dataclass(frozen=True, eq=False)
class NgramTable:
    """Reference n-gram counts of every segment, for orders ``1..max_order``.

    For order ``n`` (index ``n - 1``): ``keys`` sorted unique keys, ``counts`` the largest count
    of that n-gram in any one reference of its segment, ``segments`` the segment of each key.
    """

    max_order: int
    n_segments: int
    base: int
    keys: tuple[IntArray, ...]
    counts: tuple[IntArray, ...]
    segments: tuple[IntArray, ...]


def _positions(corpus: Encoded) -> tuple[IntArray, IntArray]:
    """Segment of each token, and how many tokens remain in its segment from it onwards."""
    lengths = corpus.lengths
    segment = np.repeat(np.arange(corpus.n_segments, dtype=np.int64), lengths)
    remaining = corpus.offsets[1:][segment] - np.arange(len(corpus.ids), dtype=np.int64)
    return segment, remaining


def _check_key_range(rows: int, base: int) -> None:
    if rows * base >= _KEY_LIMIT:
        raise OverflowError(
            f"n-gram keys would overflow: {rows} rows x vocabulary {base}; score in chunks"
        )


def build_table(streams: Sequence[Encoded], max_order: int, vocabulary_size: int) -> NgramTable:
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
    positions = [_positions(stream) for stream in streams]
    # Key of the n-gram starting at each valid position of each stream, for the current order.
    starts = [np.flatnonzero(remaining >= 1) for _, remaining in positions]
    stream_keys = [
        segment[valid] * base + stream.ids[valid]
        for stream, (segment, _), valid in zip(streams, positions, starts, strict=True)
    ]
    keys_by_order: list[IntArray] = []
    counts_by_order: list[IntArray] = []
    segments_by_order: list[IntArray] = []
    for order in range(1, max_order + 1):
        keys, counts = _max_counts(stream_keys)
        key_segments = keys // base if order == 1 else segments_by_order[-1][keys // base]
        keys_by_order.append(keys)
        counts_by_order.append(counts)
        segments_by_order.append(key_segments)
        if order == max_order:
            break
        _check_key_range(len(keys), base)
        for index, (stream, (_, remaining)) in enumerate(zip(streams, positions, strict=True)):
            ranks = np.searchsorted(keys, stream_keys[index])
            longer = remaining[starts[index]] > order
            starts[index] = starts[index][longer]
            stream_keys[index] = ranks[longer] * base + stream.ids[starts[index] + order]
    return NgramTable(
        max_order,
        n_segments,
        base,
        tuple(keys_by_order),
        tuple(counts_by_order),
        tuple(segments_by_order),
    )


def _max_counts(stream_keys: Sequence[IntArray]) -> tuple[IntArray, IntArray]:
    """Distinct keys over all streams, with the largest count any one stream has."""
    uniques = [np.unique(keys, return_counts=True) for keys in stream_keys]
    if len(uniques) == 1:
        return uniques[0][0].astype(np.int64), uniques[0][1].astype(np.int64)
    all_keys = np.concatenate([keys for keys, _ in uniques])
    all_counts = np.concatenate([counts for _, counts in uniques])
    order = np.lexsort((all_counts, all_keys))  # by key, then count: the last of a key is max
    all_keys, all_counts = all_keys[order], all_counts[order]
    last = np.ones(len(all_keys), dtype=bool)
    last[:-1] = all_keys[1:] != all_keys[:-1]
    return all_keys[last], all_counts[last].astype(np.int64)


def clipped_counts(table: NgramTable, hypotheses: Encoded) -> list[IntArray]:
    """Clipped hypothesis count of every reference n-gram key, per order.

    Element ``n - 1`` is aligned with ``table.keys[n - 1]``: how many times the hypothesis of
    that key's segment contains that n-gram, clipped by ``table.counts[n - 1]``. Hypothesis
    tokens with a negative id (unknown to the references) never match.
    """
    base = table.base
    segment, remaining = _positions(hypotheses)
    ids = hypotheses.ids
    starts = np.flatnonzero(ids >= 0)
    needles = segment[starts] * base + ids[starts]
    clipped_by_order = []
    for order in range(1, table.max_order + 1):
        keys = table.keys[order - 1]
        found_at = np.searchsorted(keys, needles)
        found_at[found_at == len(keys)] = 0
        found = keys[found_at] == needles if len(keys) else np.zeros(len(needles), dtype=bool)
        ranks = found_at[found]
        starts = starts[found]
        hypothesis_counts = np.bincount(ranks, minlength=len(keys))
        clipped_by_order.append(np.minimum(hypothesis_counts, table.counts[order - 1]))
        if order == table.max_order:
            break
        longer = remaining[starts] > order
        starts, ranks = starts[longer], ranks[longer]
        next_ids = ids[starts + order]
        known = next_ids >= 0
        starts, needles = starts[known], ranks[known] * base + next_ids[known]
    return clipped_by_order


def clipped_matches(table: NgramTable, hypotheses: Encoded) -> IntArray:
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
        matches[:, order] = np.bincount(
            table.segments[order], weights=clipped, minlength=table.n_segments
        ).astype(np.int64)
    return matches


def ngram_totals(lengths: IntArray, max_order: int) -> IntArray:
    """Number of n-grams of each order in segments of the given lengths, ``(n, max_order)``."""
    orders = np.arange(1, max_order + 1, dtype=np.int64)
    totals: IntArray = np.maximum(lengths[:, None] - orders[None, :] + 1, 0)
    return totals
