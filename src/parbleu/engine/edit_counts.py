"""Substitutions, deletions and insertions of many pairs at once, as rapidfuzz chooses them.

`parbleu.engine.edit_script` finds the edit operations of one pair exactly as rapidfuzz 3.x
does (so jiwer 4.0.0's counts); this counts the same operations for a whole corpus of pairs
with array operations: the common prefixes and suffixes are cut off for every pair at once,
the rows of the distance matrix come from `parbleu.engine.edit_lanes` (pairs grouped by the
64-bit words their reference takes), and the trace back from the last cell advances every
pair one step per round, reading the same bits as the one-pair trace. Pairs that rapidfuzz
would split (Hirschberg; references of thousands of tokens) go through `edit_script` one by
one.

    >>> from parbleu.engine.segments import Segments
    >>> the, cat, sat, down, a, b = range(6)
    >>> hyps = Segments.from_lists([[cat, sat, down], [b, the], []])
    >>> refs = Segments.from_lists([[the, cat, sat], [a, b], [a]])
    >>> counts = edit_counts(hyps, refs)
    >>> counts.substitutions.tolist(), counts.deletions.tolist(), counts.insertions.tolist()
    ([0, 2, 0], [1, 0, 1], [1, 0, 0])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from parbleu.arrays import IntArray
from parbleu.engine.edit_lanes import (
    LANE_BITS,
    Lanes,
    PackedColumns,
    packed_columns,
    token_masks,
)
from parbleu.engine.edit_script import edit_script, splits
from parbleu.engine.segments import Segments
from parbleu.engine.text import span_positions

__all__ = ["EditCounts", "edit_counts"]

#: Words of the distance matrices held at once (three arrays of 8 bytes each).
BLOCK_WORDS = 1 << 21
#: Most pairs traced together.
MAX_PAIRS = 8192
#: Lanes left to trace one by one in Python rather than in rounds of array operations.
_TAIL = 32


@dataclass(frozen=True, eq=False)
class EditCounts:
    """Edits of each pair: reference tokens substituted, deleted, hypothesis tokens inserted."""

    substitutions: IntArray
    deletions: IntArray
    insertions: IntArray

    @property
    def distance(self) -> IntArray:
        """The Levenshtein distance of each pair."""
        total: IntArray = self.substitutions + self.deletions + self.insertions
        return total


def edit_counts(hypotheses: Segments, references: Segments) -> EditCounts:
    """Counts of ``edit_script(references.segment(k), hypotheses.segment(k))`` for every ``k``.

    Token ids are integers; reference ids are not negative, and negative hypothesis ids
    (tokens no reference holds) match nothing.
    """
    if hypotheses.n_segments != references.n_segments:
        raise ValueError(
            f"{hypotheses.n_segments} hypotheses but {references.n_segments} references"
        )
    hypotheses, references = _without_affixes(hypotheses, references)
    n, m = hypotheses.lengths, references.lengths
    subs, dels, ins = np.zeros_like(n), m.copy(), n.copy()  # right when either side is empty
    both = (n > 0) & (m > 0)
    large = np.flatnonzero(both & (m >= 65) & (n >= 10) & (m * n >= 1 << 22))
    for k in large.tolist():
        if splits(int(m[k]), int(n[k]), int(max(m[k], n[k]))):
            both[k] = False
            subs[k], dels[k], ins[k] = _one_pair(hypotheses, references, k)
    for block in _blocks(np.flatnonzero(both), n, m):
        lanes = Lanes.of(n[block])
        lengths = m[block][lanes.order]
        masks = token_masks(hypotheses.take(block), references.take(block), lanes, lengths)
        counted = _trace(packed_columns(masks, lanes, lengths), lengths)
        subs[block], dels[block], ins[block] = (c[lanes.lane] for c in counted)
    return EditCounts(subs, dels, ins)


def _one_pair(hypotheses: Segments, references: Segments, k: int) -> tuple[int, int, int]:
    script = edit_script(references.segment(k).tolist(), hypotheses.segment(k).tolist())
    kinds = [edit.kind for edit in script]
    return kinds.count("substitute"), kinds.count("delete"), kinds.count("insert")


def _without_affixes(hypotheses: Segments, references: Segments) -> tuple[Segments, Segments]:
    """Every pair without its common prefix and then its common suffix (step 1)."""
    n, m = hypotheses.lengths, references.lengths
    prefix = _common_run(hypotheses, references, np.minimum(n, m), from_end=False)
    suffix = _common_run(hypotheses, references, np.minimum(n, m) - prefix, from_end=True)
    kept_hyps = _cut(hypotheses, prefix, n - prefix - suffix)
    kept_refs = _cut(references, prefix, m - prefix - suffix)
    return kept_hyps, kept_refs


def _common_run(
    hypotheses: Segments, references: Segments, limit: IntArray, *, from_end: bool
) -> IntArray:
    """Tokens equal from the start (or the end) of each pair, up to `limit`.

    Pairs are compared a window at a time, the window growing for pairs still equal, so
    the work follows the common runs rather than the lengths.
    """
    run = np.zeros_like(limit)
    pairs = np.flatnonzero(limit > 0)
    window = 8
    while len(pairs):
        size = np.minimum(limit[pairs] - run[pairs], window)
        pair = np.repeat(pairs, size)
        step = run[pair] + np.arange(len(pair)) - np.repeat(np.cumsum(size) - size, size)
        if from_end:
            hyp_ids = hypotheses.values[hypotheses.offsets[1:][pair] - 1 - step]
            ref_ids = references.values[references.offsets[1:][pair] - 1 - step]
        else:
            hyp_ids = hypotheses.values[hypotheses.offsets[:-1][pair] + step]
            ref_ids = references.values[references.offsets[:-1][pair] + step]
        differ = np.flatnonzero((hyp_ids != ref_ids) | (hyp_ids < 0))
        firsts = differ[np.flatnonzero(np.diff(pair[differ], prepend=-1))]  # first per pair
        stopped = np.zeros(len(limit), dtype=bool)
        stopped[pair[firsts]] = True
        run[pair[firsts]] = step[firsts]
        equal = pairs[~stopped[pairs]]
        run[equal] += size[~stopped[pairs]]
        pairs = equal[run[equal] < limit[equal]]
        window *= 4
    return run


def _cut(segments: Segments, skip: IntArray, keep: IntArray) -> Segments:
    """Of each segment, `keep` values after the first `skip`."""
    positions = span_positions(segments.offsets[:-1] + skip, keep)
    offsets = np.zeros(len(keep) + 1, dtype=np.int64)
    np.cumsum(keep, out=offsets[1:])
    return Segments(segments.values[positions], offsets)


def _blocks(pairs: IntArray, n: IntArray, m: IntArray) -> list[IntArray]:
    """Pairs in blocks of bounded memory, those with paths of similar lengths together."""
    order = pairs[np.argsort(-(n[pairs] + m[pairs]), kind="stable")]
    cost = np.cumsum((n[order] + 1) * (m[order] // LANE_BITS + 1))
    blocks: list[IntArray] = []
    start = 0
    while start < len(order):
        spent = cost[start - 1] if start else 0
        stop = int(np.searchsorted(cost, spent + BLOCK_WORDS, side="right"))
        stop = min(max(stop, start + 1), start + MAX_PAIRS)
        blocks.append(order[start:stop])
        start = stop
    return blocks


def _trace(found: PackedColumns, lengths: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """`parbleu.engine.edit_script`'s trace for every lane at once (lane order).

    Each round moves every unfinished lane one step: a deletion if its cell's left
    neighbour is one less (a ``plus`` bit), else up one row, as an insertion if the cell
    there is one more than its left neighbour (a ``minus`` bit), else diagonally, a
    substitution unless the tokens match (a bit of the token's reference mask). Lanes that
    reach the first row or column leave; the rest of their path is deletions or insertions.
    """
    starts = found.starts
    # Bits are read from int64 views: an arithmetic shift keeps the bit read by ``& 1``.
    plus, minus, masks = (a.view(np.int64) for a in (found.plus, found.minus, found.masks))
    subs, dels, ins = np.zeros_like(lengths), lengths.copy(), found.lanes.sizes.copy()
    lane = np.flatnonzero((ins > 0) & (dels > 0))
    slot, row, col = found.slots[lane], ins[lane], dels[lane]
    s, d, i = np.zeros_like(lane), np.zeros_like(lane), np.zeros_like(lane)
    while len(lane) > _TAIL:
        bit = col - 1
        at = slot + (bit >> 6)  # the word of the bit, within a column
        bit &= 63
        here = starts[row] + at
        left = (plus[here] >> bit) & 1
        inserted = (minus[starts[row - 1] + at] >> bit) & (row > 1) & (1 - left)
        diagonal = 1 - left - inserted
        s += diagonal & ~(masks[here] >> bit)  # the mask of token row - 1 is in column row
        d += left
        i += inserted
        col -= left + diagonal
        row -= 1 - left
        done = (row == 0) | (col == 0)
        if done.any():
            out = lane[done]
            subs[out], dels[out], ins[out] = s[done], d[done] + col[done], i[done] + row[done]
            more = ~done
            lane, slot, row, col = lane[more], slot[more], row[more], col[more]
            s, d, i = s[more], d[more], i[more]
    columns = (plus, minus, masks, starts.tolist())
    for k, state in zip(lane.tolist(), zip(slot, row, col, s, d, i, strict=True), strict=True):
        subs[k], dels[k], ins[k] = _trace_one(columns, tuple(map(int, state)))
    return subs, dels, ins


def _trace_one(
    columns: tuple[IntArray, IntArray, IntArray, list[int]], state: tuple[int, ...]
) -> tuple[int, int, int]:
    """`_trace` of one lane in Python, from where the rounds left it.

    The last few lanes (the longest paths) would otherwise cost a round of array operations
    per step. `state` is (slot, row, column, substitutions, deletions, insertions).
    """
    plus, minus, masks, starts = columns
    slot, row, col, s, d, i = state
    while row and col:
        bit = col - 1
        at, bit = slot + (bit >> 6), bit & 63
        here = starts[row] + at
        if (plus.item(here) >> bit) & 1:
            col -= 1
            d += 1
            continue
        row -= 1
        if row and (minus.item(starts[row] + at) >> bit) & 1:
            i += 1
            continue
        col -= 1
        s += not (masks.item(here) >> bit) & 1
    return s, d + col, i + row
