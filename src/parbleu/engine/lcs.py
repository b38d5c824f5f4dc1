"""Longest common subsequences of many pairs of token sequences at once, bit-parallel.

Allison and Dix (1986), in the form of Hyyrö (2004), "Bit-parallel LCS-length computation
revisited": for a pair ``(a, b)`` let ``V`` be a vector of ``len(a)`` bits, one per position
of ``a``, all ones at first. For each token of ``b`` in turn, with ``M`` the positions of
``a`` that hold that token::

    U = V & M
    V = (V + U) | (V & ~U)

After the first ``j`` tokens of ``b``, the number of zero bits among the lowest ``i`` bits of
``V`` is ``t[i][j]``, the LCS length of ``a[:i]`` and ``b[:j]`` (the cell of the usual
dynamic-programming table). Bit vectors are rows of 64-bit words, with the carry of the
addition rippled from word to word. Every pair advances together, one token of ``b`` per
step, so the work is a few array operations per step for all pairs, not per cell.

`lcs_lengths` gives ``t[len(a)][len(b)]``. `lcs_positions` also reads out which positions of
``a`` one LCS uses, exactly as rouge_score 0.1.2 does (``_backtrack_norec``): from the last
cell, take a diagonal step when the tokens are equal, else step left when
``t[i][j - 1] > t[i - 1][j]`` and up otherwise. Token ids below 0 match nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from parbleu.arrays import IntArray, KeyArray
from parbleu.engine.hashindex import KeyIndex
from parbleu.engine.segments import Segments
from parbleu.engine.text import span_positions

__all__ = ["TokenPositions", "lcs_lengths", "lcs_positions", "popcount"]

#: Bit vectors: rows of 64-bit words (the array type of hash keys).
WordArray = KeyArray

_BITS = 64
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
#: Rows of stored bit vectors per batch of `lcs_positions` (bounded memory).
_HISTORY_ROWS = 1 << 20

_BYTE_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def popcount(words: WordArray) -> IntArray:
    """The number of one bits of each 64-bit word."""
    if hasattr(np, "bitwise_count"):  # NumPy 2
        counts: IntArray = np.bitwise_count(words).astype(np.int64)
        return counts
    as_bytes = np.ascontiguousarray(words).view(np.uint8).reshape(*words.shape, 8)
    fallback: IntArray = _BYTE_POPCOUNT.take(as_bytes).sum(axis=-1)
    return fallback


def _low_masks(bits: IntArray) -> WordArray:
    """Masks of the lowest ``bits`` bits (0 to 64) of a word."""
    shifted = np.left_shift(np.uint64(1), (bits % _BITS).astype(np.uint64)) - np.uint64(1)
    masks: WordArray = np.where(bits >= _BITS, _ONES, shifted)
    return masks


def _check_pairs(a: Segments, b: Segments) -> None:
    if a.n_segments != b.n_segments:
        raise ValueError(f"{a.n_segments} sequences paired with {b.n_segments}")


@dataclass(frozen=True, eq=False)
class TokenPositions:
    """Where each token occurs in each segment of a corpus, found for many tokens at once.

    Built once for a corpus that is paired with many others (references, for every system).
    Entries for one (segment, token) key are contiguous in `positions`, in increasing order.
    """

    corpus: Segments
    base: int
    keys: KeyIndex
    starts: IntArray
    counts: IntArray
    positions: IntArray

    @classmethod
    def build(cls, corpus: Segments) -> TokenPositions:
        """Index the tokens (ids >= 0) of `corpus`."""
        known = np.flatnonzero(corpus.values >= 0)
        base = int(corpus.values.max(initial=-1)) + 1
        segment = np.repeat(np.arange(corpus.n_segments, dtype=np.int64), corpus.lengths)
        keys = segment.take(known) * base + corpus.values.take(known)
        order = np.argsort(keys, kind="stable")  # equal keys keep their positions in order
        sorted_keys = keys.take(order)
        unique, starts, counts = np.unique(sorted_keys, return_index=True, return_counts=True)
        positions = known.take(order) - corpus.offsets.take(segment.take(known.take(order)))
        return cls(corpus, base, KeyIndex(unique), starts, counts, positions)

    def find(self, segments: IntArray, tokens: IntArray) -> tuple[IntArray, IntArray]:
        """For each (segment, token): where its positions begin in `positions`, and how many."""
        if not len(self.starts):
            none = np.zeros(len(tokens), dtype=np.int64)
            return none, none
        valid = (tokens >= 0) & (tokens < self.base)
        keys = segments * self.base + np.where(valid, tokens, 0)
        groups = np.where(valid, self.keys.get(keys.view(np.uint64)), -1)
        found = groups >= 0
        safe = np.maximum(groups, 0)
        return self.starts.take(safe), np.where(found, self.counts.take(safe), 0)


@dataclass(frozen=True, eq=False)
class _Masks:
    """Bit vectors of the positions of ``a`` that hold each token of ``b``.

    A pair's vectors have ``words[pair]`` 64-bit words; those of token ``q`` of ``b`` begin
    at ``masks[slots[q]]``.
    """

    masks: WordArray
    slots: IntArray  # where each token's words begin in `masks`
    words: IntArray  # words per pair


def _match_masks(index: TokenPositions, b: Segments) -> _Masks:
    """The bit vector of equal positions of ``a`` (indexed) for every token of ``b``."""
    a = index.corpus
    words = (a.lengths + _BITS - 1) // _BITS
    pair_of_b = np.repeat(np.arange(a.n_segments, dtype=np.int64), b.lengths)
    per_token = words.take(pair_of_b)
    slots = np.cumsum(per_token) - per_token
    masks = np.zeros(int(per_token.sum()), dtype=np.uint64)
    known = np.flatnonzero(b.values >= 0)
    low, counts = index.find(pair_of_b.take(known), b.values.take(known))
    hit = np.flatnonzero(counts)
    low, counts, tokens = low.take(hit), counts.take(hit), known.take(hit)
    matched_a = index.positions.take(span_positions(low, counts))
    if not len(matched_a):
        return _Masks(masks, slots, words)
    # Slots are non-decreasing (b's tokens in order, a's positions in order within each).
    target = np.repeat(slots.take(tokens), counts) + (matched_a >> 6)
    bits = np.left_shift(np.uint64(1), (matched_a & 63).astype(np.uint64))
    firsts = np.flatnonzero(np.diff(target, prepend=-1))
    masks[target.take(firsts)] = np.bitwise_or.reduceat(bits, firsts)
    return _Masks(masks, slots, words)


def _add(left: WordArray, right: WordArray) -> WordArray:
    """``left + right`` for rows of little-endian words, the carry rippling through the row."""
    total: WordArray = left + right
    if total.shape[1] > 1:
        carry = total < left
        for k in range(1, total.shape[1]):
            incoming = carry[:, k - 1]
            total[:, k] += incoming
            carry[:, k] |= incoming & (total[:, k] == 0)
    return total


def _advance(
    b: Segments, masks: _Masks, pairs: IntArray, history: WordArray | None, rows: IntArray
) -> WordArray:
    """Run every pair of `pairs` (same number of words) through all tokens of its ``b``.

    Returns the final bit vectors. With `history`, the vector after ``j`` tokens of pair
    ``pairs[k]`` is also stored at row ``rows[k] + j`` (row ``rows[k]`` holds all ones).
    Pairs are sorted by decreasing length of ``b``, so that those still running at step
    ``j`` come first, and their masks for step ``j`` are laid out one after another.
    """
    width = int(masks.words[pairs[0]])
    permutation = np.argsort(-b.lengths.take(pairs), kind="stable")
    order = pairs.take(permutation)
    lengths = b.lengths.take(order)
    steps = int(lengths[0])
    active_counts = np.searchsorted(-lengths, -np.arange(steps), side="left")
    row_starts = np.cumsum(active_counts) - active_counts
    step = np.arange(int(lengths.sum()), dtype=np.int64) - np.repeat(
        np.cumsum(lengths) - lengths, lengths
    )
    tokens = np.repeat(b.offsets.take(order), lengths) + step
    places = row_starts.take(step) + np.repeat(np.arange(len(order), dtype=np.int64), lengths)
    laid = np.empty((len(tokens), width), dtype=np.uint64)
    columns = np.arange(width, dtype=np.int64)
    laid[places] = masks.masks.take(masks.slots.take(tokens)[:, None] + columns)
    vectors = np.full((len(order), width), _ONES, dtype=np.uint64)
    history_rows = rows.take(permutation)
    if history is not None:
        history[history_rows] = vectors
    for j, (start, active) in enumerate(
        zip(row_starts.tolist(), active_counts.tolist(), strict=True)
    ):
        current = vectors[:active]
        common = current & laid[start : start + active]
        added = current + common if width == 1 else _add(current, common)
        np.bitwise_or(added, np.bitwise_xor(current, common), out=current)  # U within V
        if history is not None:
            history[history_rows[:active] + j + 1] = current
    final = np.empty_like(vectors)
    final[permutation] = vectors
    return final


def _ones_below(vectors: WordArray, bits: IntArray) -> IntArray:
    """The number of one bits among the lowest ``bits`` bits of each row of words."""
    width = vectors.shape[1]
    remaining = bits[:, None] - _BITS * np.arange(width, dtype=np.int64)[None, :]
    masks = _low_masks(np.clip(remaining, 0, _BITS))
    ones: IntArray = popcount(vectors & masks).sum(axis=1)
    return ones


def _word_groups(a: Segments, b: Segments, words: IntArray) -> list[IntArray]:
    """Pairs with tokens on both sides, grouped by the number of words of their vectors."""
    busy = (a.lengths > 0) & (b.lengths > 0)
    return [np.flatnonzero(busy & (words == w)) for w in np.unique(words[busy]).tolist()]


def lcs_lengths(a: Segments | TokenPositions, b: Segments) -> IntArray:
    """The LCS length of every pair of segments ``(a[k], b[k])``.

    `a` may be given indexed (`TokenPositions`), to pair it with many corpora.
    """
    index = a if isinstance(a, TokenPositions) else TokenPositions.build(a)
    a = index.corpus
    _check_pairs(a, b)
    masks = _match_masks(index, b)
    lengths = np.zeros(a.n_segments, dtype=np.int64)
    for pairs in _word_groups(a, b, masks.words):
        final = _advance(b, masks, pairs, None, pairs)
        size = a.lengths.take(pairs)
        lengths[pairs] = size - _ones_below(final, size)
    return lengths


def _batches(pairs: IntArray, rows_needed: IntArray) -> list[IntArray]:
    """Consecutive runs of `pairs` whose stored vectors fit in `_HISTORY_ROWS` rows each."""
    ends = np.cumsum(rows_needed.take(pairs))
    cuts = np.searchsorted(ends, np.arange(_HISTORY_ROWS, int(ends[-1]), _HISTORY_ROWS))
    return [part for part in np.split(pairs, np.unique(cuts)) if len(part)]


def lcs_positions(a: Segments, b: Segments) -> tuple[IntArray, IntArray]:
    """The positions in ``a[k]`` of one LCS of each pair, as rouge_score reads it out.

    Returns:
        ``(pair, position)`` arrays: for each pair, its positions in decreasing order.
    """
    _check_pairs(a, b)
    masks = _match_masks(TokenPositions.build(a), b)
    found_pairs: list[IntArray] = []
    found_positions: list[IntArray] = []
    for group in _word_groups(a, b, masks.words):
        for pairs in _batches(group, b.lengths + 1):
            width = int(masks.words[pairs[0]])
            rows = np.cumsum(b.lengths.take(pairs) + 1) - (b.lengths.take(pairs) + 1)
            history = np.empty((int(rows[-1] + b.lengths[pairs[-1]] + 1), width), np.uint64)
            _advance(b, masks, pairs, history, rows)
            pair, position = _backtrack(a, b, pairs, rows, history)
            found_pairs.append(pair)
            found_positions.append(position)
    if not found_pairs:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    return np.concatenate(found_pairs), np.concatenate(found_positions)


def _backtrack(
    a: Segments, b: Segments, pairs: IntArray, rows: IntArray, history: WordArray
) -> tuple[IntArray, IntArray]:
    """rouge_score's ``_backtrack_norec`` for every pair at once, one step per iteration."""
    row, i, j = rows.copy(), a.lengths.take(pairs), b.lengths.take(pairs)
    owner, a_start, b_start = pairs.copy(), a.offsets.take(pairs), b.offsets.take(pairs)
    found_pairs: list[IntArray] = []
    found_positions: list[IntArray] = []
    while len(owner):
        left_token = a.values.take(a_start + i - 1)
        equal = (left_token == b.values.take(b_start + j - 1)) & (left_token >= 0)
        found_pairs.append(owner[equal])
        found_positions.append(i[equal] - 1)
        # t[i][j - 1] > t[i - 1][j], where t[i][j] = i - (ones among the low i bits of V_j).
        left = i - _ones_below(history.take(row + j - 1, axis=0), i)
        up = i - 1 - _ones_below(history.take(row + j, axis=0), i - 1)
        go_left = ~equal & (left > up)
        go_up = ~equal & ~go_left
        i = i - (equal | go_up)
        j = j - (equal | go_left)
        keep = (i > 0) & (j > 0)
        row, i, j, owner = row[keep], i[keep], j[keep], owner[keep]
        a_start, b_start = a_start[keep], b_start[keep]
    return np.concatenate(found_pairs), np.concatenate(found_positions)
