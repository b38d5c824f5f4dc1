"""The first edit distance of many TER pairs at once: Myers' columns in 64-bit numpy lanes.

Every hypothesis-reference pair starts its shift search the same way: the bit-parallel
columns of its hypothesis (`parbleu.metrics.ter.distance.columns`) and the number of words
it shares with its reference (`ReferenceWords.fewest_edits_of_any_order`). For a reference
of at most 64 words one column is one ``uint64``, so these are computed for many pairs
together, one hypothesis word per step, each pair a lane of a numpy array: a dozen array
operations per step instead of a dozen Python operations per word of every pair. Pairs whose
distance is already the fewest edits of any word order (a third of WMT17 en-de's) need
nothing more; the others read their columns back as Python integers.

Lanes are sorted by hypothesis length, longest first, so that step ``i`` works on a prefix
of the lanes (those with more than ``i`` words), and the columns are kept in that ragged
layout: column ``i`` of every lane whose hypothesis has at least ``i`` words, one after the
other. The words in common are counted along the way (Hyyrö's bit tricks do not need them):
each word takes the lowest reference position of its word that no earlier word has taken.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain

import numpy as np

from parbleu.arrays import IntArray, KeyArray
from parbleu.engine.lcs import popcount
from parbleu.metrics.ter.align import ReferenceWords, count_edits, search_edits, settled
from parbleu.metrics.ter.distance import Columns, beam_bound, last_cell

__all__ = ["LANE_BITS", "FirstColumns", "count_edits_of_pairs", "first_columns"]

#: Longest reference whose columns fit one lane.
LANE_BITS = 64
#: Fewest pairs worth the lanes' fixed cost (a few dozen array operations per word).
MIN_LANES = 64
#: Most pairs in lanes at once (memory: a few words per hypothesis word).
MAX_LANES = 1024


def count_edits_of_pairs(pairs: Sequence[tuple[Sequence[str], ReferenceWords]]) -> list[int]:
    """`parbleu.metrics.ter.align.count_edits` of every (hypothesis, reference) pair."""
    edits: list[int] = []
    for lo in range(0, len(pairs), MAX_LANES):
        edits += _count_block(pairs[lo : lo + MAX_LANES])
    return edits


def _count_block(pairs: Sequence[tuple[Sequence[str], ReferenceWords]]) -> list[int]:
    """Edits of pairs with references of 1 to `LANE_BITS` words begun in lanes, if enough."""
    laned = [k for k, (hyp, ref) in enumerate(pairs) if hyp and 0 < len(ref.words) <= LANE_BITS]
    if len(laned) < MIN_LANES:
        return [count_edits(hyp, ref) for hyp, ref in pairs]
    edits = [-1] * len(pairs)
    masks = [pairs[k][1].masks_of(pairs[k][0]) for k in laned]
    first = first_columns(masks, [len(pairs[k][1].words) for k in laned])
    distances, common = first.distance.tolist(), first.common.tolist()
    bounds: dict[tuple[int, int], int] = {}  # beam_bound of each pair of lengths met
    for j, k in enumerate(laned):
        hyp, ref = pairs[k]
        n, m = len(hyp), len(ref.words)
        floor = max(n, m) - common[j]
        bound = bounds.get((n, m), -1)
        if bound < 0:
            bound = bounds[n, m] = beam_bound(n, m)
        if settled(distances[j], floor, bound):
            edits[k] = distances[j]
        else:
            edits[k] = search_edits(m, masks[j], first.columns(j, masks[j]), floor, bound)
    return [e if e >= 0 else count_edits(*pair) for e, pair in zip(edits, pairs, strict=True)]


_ONE = np.uint64(1)


@dataclass(frozen=True, eq=False)
class FirstColumns:
    """The columns, distances and shared word counts of some pairs (in the caller's order)."""

    plus: KeyArray  # columns of vertical +1 differences, in the ragged layout
    minus: KeyArray  # the same for -1
    starts: IntArray  # where column i of the lanes starts in `plus` and `minus`
    lane: IntArray  # the lane of each pair
    distance: IntArray  # the edit distance of each pair
    common: IntArray  # the words each pair's hypothesis shares with its reference

    def columns(self, pair: int, masks: list[int]) -> Columns:
        """The columns of a pair, as `parbleu.metrics.ter.distance.columns` makes them.

        `masks` is the pair's hypothesis, as given to `first_columns`.
        """
        at = self.starts[: len(masks) + 1] + self.lane[pair]
        plus, minus = self.plus[at].tolist(), self.minus[at].tolist()
        return Columns(plus, minus, masks, last_cell(plus, minus))


def first_columns(masks: Sequence[Sequence[int]], lengths: Sequence[int]) -> FirstColumns:
    """`FirstColumns` of pairs with hypotheses `masks` and references of `lengths` words.

    ``masks[k]`` is the hypothesis of pair ``k`` as reference-position masks of its words
    (as `parbleu.metrics.ter.distance.columns` takes it), ``lengths[k]`` its reference length,
    from 1 to `LANE_BITS`.
    """
    sizes = np.fromiter(map(len, masks), dtype=np.int64, count=len(masks))
    order = np.argsort(-sizes, kind="stable")
    lane = np.empty_like(order)
    lane[order] = np.arange(len(order))
    sizes = sizes[order]
    longest = int(sizes[0]) if len(sizes) else 0
    # counts[i]: lanes with at least i words (the lanes that have a column i).
    counts = np.searchsorted(-sizes, -np.arange(longest + 1), side="right")
    starts = np.concatenate(([0], np.cumsum(counts)))
    words = _ragged_words(masks, order, sizes, starts)
    references = np.asarray(lengths, dtype=np.int64)[order]
    full = np.where(
        references >= LANE_BITS,
        ~np.uint64(0),
        np.left_shift(_ONE, (references % LANE_BITS).astype(np.uint64)) - _ONE,
    )
    plus, minus, used = _advance(words, starts, counts, full)
    last = starts[sizes] + np.arange(len(sizes))  # each lane's last column
    distance = sizes + popcount(plus[last]) - popcount(minus[last])
    return FirstColumns(plus, minus, starts, lane, distance[lane], popcount(used)[lane])


def _ragged_words(
    masks: Sequence[Sequence[int]], order: IntArray, sizes: IntArray, starts: IntArray
) -> KeyArray:
    """The masks in the ragged layout: word i of each lane where its column i + 1 goes."""
    flat = np.fromiter(
        chain.from_iterable(masks[k] for k in order.tolist()),
        dtype=np.uint64,
        count=int(sizes.sum()),
    )
    lanes = np.repeat(np.arange(len(sizes)), sizes)
    positions = np.arange(len(flat)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    words = np.zeros(int(starts[-1]), dtype=np.uint64)
    words[starts[positions + 1] + lanes] = flat
    return words


def _advance(
    words: KeyArray, starts: IntArray, counts: IntArray, full: KeyArray
) -> tuple[KeyArray, KeyArray, KeyArray]:
    """Myers' steps (as in `parbleu.metrics.ter.distance.columns`) for every lane at once.

    Returns the columns in the ragged layout and, per lane, the reference positions its
    words took. Additions wrap at 64 bits, which only loses a carry out of the top bit:
    bits from the reference length up are masked off wherever they could matter.
    """
    plus = np.zeros(int(starts[-1]), dtype=np.uint64)
    minus = np.zeros_like(plus)
    plus[: counts[0]] = full
    state_plus, state_minus = full.copy(), np.zeros_like(full)
    used = np.zeros_like(full)
    for i in range(1, len(counts)):
        k = int(counts[i])
        eq = words[starts[i] : starts[i] + k]
        p, m, top = state_plus[:k], state_minus[:k], full[:k]
        x = eq | m
        zero = (((x & p) + p) ^ p) | x
        h_minus = p & zero
        x = (((m | ~(p | zero)) << _ONE) | _ONE) & top
        m = x & zero
        p = ((h_minus << _ONE) | ~(x | zero)) & top
        state_plus[:k], state_minus[:k] = p, m
        plus[starts[i] : starts[i] + k], minus[starts[i] : starts[i] + k] = p, m
        free = eq & ~used[:k]
        used[:k] |= free & (~free + _ONE)  # the lowest free position of the word
    return plus, minus, used
