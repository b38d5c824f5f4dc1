"""NIST information weights: reference n-gram counts over the whole corpus (Doddington 2002).

NIST weights each co-occurring n-gram by how much information its last word adds (eq. 2):

    Info(w1..wn) = log2( count(w1..wn-1) / count(w1..wn) )

where counts run over every reference of every segment, and the count of the empty prefix of
a unigram is the total number of reference words. This module counts the reference n-gram
*types* of the corpus once, computes their weights, and maps every (segment, n-gram) key of an
`NgramTable` to its type, so that a segment's statistic is a plain sum of per-key weights and
stays additive over segments.

Types are numbered like the engine's keys, without the segment: a unigram type's key is its
token id; an n-gram type's key is ``rank * base + last_token``, where ``rank`` is the position
of its (n-1)-gram prefix among the sorted type keys of order n-1. Keys are exact integers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parbleu.arrays import FloatArray, IntArray
from parbleu.engine.ngrams import NgramTable
from parbleu.engine.segments import Segments
from parbleu.numeric import libm

__all__ = ["NgramTypes", "count_types", "information_weights", "key_types", "type_index"]


_KEY_LIMIT = 2**62


@dataclass(frozen=True, eq=False)
class NgramTypes:
    """The distinct reference n-grams of a corpus, per order, with their total counts.

    For order ``n`` (index ``n - 1``): ``keys`` the sorted type keys and ``counts`` how often
    each type occurs, summed over every reference of every segment. ``total_words`` is the
    number of reference tokens, the count of the empty prefix.
    """

    max_order: int
    base: int
    keys: tuple[IntArray, ...]
    counts: tuple[IntArray, ...]
    total_words: int


def _flatten(streams: Sequence[Segments]) -> tuple[IntArray, IntArray]:
    """Token ids of all streams end to end, and how many tokens remain in each one's segment."""
    ids, remaining = [], []
    for stream in streams:
        segment = np.repeat(np.arange(stream.n_segments, dtype=np.int64), stream.lengths)
        ids.append(stream.values.astype(np.int64, copy=False))
        remaining.append(
            stream.offsets[1:][segment] - np.arange(len(stream.values), dtype=np.int64)
        )
    if not ids:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    return np.concatenate(ids), np.concatenate(remaining)


def count_types(streams: Sequence[Segments], max_order: int, base: int) -> NgramTypes:
    """Count the n-gram types of orders ``1..max_order`` over reference streams.

    Args:
        streams: reference streams (an absent reference is a segment with no tokens).
        max_order: largest n-gram order N.
        base: the key base, larger than every token id (the `NgramTable`'s ``base``).
    """
    ids, remaining = _flatten(streams)
    starts = np.arange(len(ids), dtype=np.int64)
    needles = ids.copy()
    keys_by_order: list[IntArray] = []
    counts_by_order: list[IntArray] = []
    for order in range(1, max_order + 1):
        keys, counts = np.unique(needles, return_counts=True)
        keys_by_order.append(keys.astype(np.int64))
        counts_by_order.append(counts.astype(np.int64))
        if order == max_order:
            break
        if len(keys) * base >= _KEY_LIMIT:
            raise OverflowError(
                f"n-gram type keys would overflow: {len(keys)} types x vocabulary {base}"
            )
        ranks = np.searchsorted(keys, needles)
        longer = remaining[starts] > order
        starts = starts[longer]
        needles = ranks[longer] * base + ids[starts + order]
    return NgramTypes(max_order, base, tuple(keys_by_order), tuple(counts_by_order), len(ids))


def information_weights(types: NgramTypes, *, false_prefix: int | None = None) -> list[FloatArray]:
    """Information weight of every type, per order (Doddington 2002, eq. 2), in bits.

    Computed as mteval-v13a.pl computes it, ``-log(count / prefix_count) / log(2)``.

    Args:
        types: the corpus's reference n-gram types.
        false_prefix: token id of the word mteval's Perl treats as a missing prefix (the
            token ``0``): bigrams that start with it are weighted against the total number of
            reference words, as unigrams are. ``None`` applies eq. 2 everywhere.
    """
    log2 = libm.log(2.0)
    weights: list[FloatArray] = []
    for index, (keys, counts) in enumerate(zip(types.keys, types.counts, strict=True)):
        if index == 0:
            prefix_counts = np.full(len(counts), float(types.total_words))
        else:
            prefixes = keys // types.base
            prefix_counts = types.counts[index - 1][prefixes].astype(np.float64)
            if index == 1 and false_prefix is not None:
                starts_false = types.keys[0][prefixes] == false_prefix
                prefix_counts[starts_false] = float(types.total_words)
        weights.append(-libm.log(counts / prefix_counts) / log2)
    return weights


def key_types(table: NgramTable, types: NgramTypes) -> list[IntArray]:
    """The type index (into ``types.keys[n - 1]``) of every key of ``table``, per order.

    Every key of the table is an n-gram of some reference, hence one of the types; ``types``
    must have been counted from the same encoded references as ``table`` was built from.
    """
    if table.base != types.base or table.max_order > types.max_order:
        raise ValueError(
            f"n-gram table (base {table.base}, order {table.max_order}) does not match the "
            f"types (base {types.base}, order {types.max_order})"
        )
    indices: list[IntArray] = []
    for order in range(table.max_order):
        keys = table.keys[order]
        last = keys % table.base
        type_keys = last if order == 0 else indices[-1][keys // table.base] * types.base + last
        indices.append(np.searchsorted(types.keys[order], type_keys).astype(np.int64))
    return indices


def type_index(types: NgramTypes, token_ids: Sequence[int]) -> int | None:
    """Index (into ``types.keys[len(token_ids) - 1]``) of one n-gram, or ``None`` if unseen."""
    if not 1 <= len(token_ids) <= types.max_order:
        return None
    index = -1
    for order, token in enumerate(token_ids):
        key = token if order == 0 else index * types.base + token
        keys = types.keys[order]
        index = int(np.searchsorted(keys, key))
        if index == len(keys) or keys[index] != key:
            return None
    return index
