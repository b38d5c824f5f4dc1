"""Levenshtein columns of many pairs at once, one hypothesis token per step for all of them.

`parbleu.engine.levenshtein` computes the bit-parallel columns of one pair in Python
integers; here many pairs advance together, so the cost of a step is shared:

* `first_columns` (TER's first distances): references of at most 64 tokens, each pair a
  lane of a ``uint64`` numpy array, a dozen array operations per step;
* `packed_columns` (references of any lengths, for `parbleu.engine.edit_counts`): each pair
  takes a slot of whole 64-bit words with a spare bit above its reference, and the slots of
  a column form one Python integer (SIMD within a register), a dozen big-integer operations
  per step; the columns are kept as numpy words for the trace.

Lanes are sorted by hypothesis length, longest first, so that step ``i`` works on a prefix
of the lanes (those with more than ``i`` tokens), and columns are kept in that ragged layout
(`Lanes`): column ``i`` of every lane whose hypothesis has at least ``i`` tokens, one after
the other, column 0 being the all-ones start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import chain

import numpy as np
import numpy.typing as npt

from parbleu.arrays import IntArray, KeyArray
from parbleu.engine.lcs import popcount
from parbleu.engine.levenshtein import Columns, last_cell
from parbleu.engine.segments import Segments
from parbleu.engine.text import span_positions

__all__ = [
    "LANE_BITS",
    "FirstColumns",
    "Lanes",
    "PackedColumns",
    "first_columns",
    "packed_columns",
    "slot_layout",
    "token_masks",
]

#: Reference tokens one word of a lane holds.
LANE_BITS = 64

_ONE = np.uint64(1)


@dataclass(frozen=True, eq=False)
class Lanes:
    """Pairs as lanes, longest hypothesis first, and where their columns go.

    Column ``i`` of the pair in lane ``l`` (its first ``i`` hypothesis tokens against the
    whole reference) is row ``starts[i] + l`` of the ragged layout; ``counts[i]`` lanes have
    a column ``i``. Pair ``k`` is in lane ``lane[k]``, lane ``l`` holds pair ``order[l]``.
    """

    order: IntArray
    lane: IntArray
    sizes: IntArray  # hypothesis length of each lane
    counts: IntArray
    starts: IntArray

    @classmethod
    def of(cls, sizes: IntArray) -> Lanes:
        """The lanes of pairs whose hypotheses have `sizes` tokens."""
        order = np.argsort(-sizes, kind="stable")
        lane = np.empty_like(order)
        lane[order] = np.arange(len(order))
        ordered = sizes[order]
        longest = int(ordered[0]) if len(ordered) else 0
        counts = np.searchsorted(-ordered, -np.arange(longest + 1), side="right")
        starts = np.concatenate(([0], np.cumsum(counts)))
        return cls(order, lane, ordered, counts, starts)

    @property
    def cells(self) -> int:
        """Rows of the ragged layout (every column of every lane)."""
        return int(self.starts[-1])

    def token_rows(self) -> IntArray:
        """The row of column ``i + 1`` for token ``i`` of each lane, lane after lane."""
        sizes = self.sizes
        lanes = np.repeat(np.arange(len(sizes)), sizes)
        positions = np.arange(int(sizes.sum())) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        rows: IntArray = self.starts[positions + 1] + lanes
        return rows

    def last_rows(self) -> IntArray:
        """The row of each lane's last column."""
        rows: IntArray = self.starts[self.sizes] + np.arange(len(self.sizes))
        return rows


@dataclass(frozen=True, eq=False)
class FirstColumns:
    """The columns, distances and shared token counts of pairs (in the caller's order)."""

    plus: KeyArray  # columns of vertical +1 differences, in the ragged layout
    minus: KeyArray  # the same for -1
    starts: IntArray  # where column i of the lanes starts in `plus` and `minus`
    lane: IntArray  # the lane of each pair
    distance: IntArray  # the edit distance of each pair
    common: IntArray  # the tokens each pair's hypothesis shares with its reference (multisets)

    def columns(self, pair: int, masks: list[int]) -> Columns:
        """The columns of a pair, as `parbleu.engine.levenshtein.columns` makes them.

        `masks` is the pair's hypothesis, as given to `first_columns`.
        """
        at = self.starts[: len(masks) + 1] + self.lane[pair]
        plus, minus = self.plus[at].tolist(), self.minus[at].tolist()
        return Columns(plus, minus, masks, last_cell(plus, minus))


def first_columns(masks: Sequence[Sequence[int]], lengths: Sequence[int]) -> FirstColumns:
    """`FirstColumns` of pairs with hypotheses `masks` and references of `lengths` tokens.

    ``masks[k]`` is the hypothesis of pair ``k`` as reference-position masks of its tokens
    (as `parbleu.engine.levenshtein.columns` takes it), ``lengths[k]`` its reference length,
    from 1 to `LANE_BITS`.
    """
    sizes = np.fromiter(map(len, masks), dtype=np.int64, count=len(masks))
    lanes = Lanes.of(sizes)
    flat = np.fromiter(
        chain.from_iterable(masks[k] for k in lanes.order.tolist()),
        dtype=np.uint64,
        count=int(sizes.sum()),
    )
    words = np.zeros(lanes.cells, dtype=np.uint64)
    words[lanes.token_rows()] = flat
    references = np.asarray(lengths, dtype=np.int64)[lanes.order]
    plus, minus, used = _word_steps(words, lanes, _low_bits(references), common=True)
    last = lanes.last_rows()
    distance = lanes.sizes + popcount(plus[last]) - popcount(minus[last])
    lane = lanes.lane
    return FirstColumns(plus, minus, lanes.starts, lane, distance[lane], popcount(used)[lane])


def _low_bits(lengths: IntArray) -> KeyArray:
    """Masks of the lowest ``lengths`` bits (0 to 64) of a word."""
    shifted = np.left_shift(_ONE, (lengths % LANE_BITS).astype(np.uint64)) - _ONE
    masks: KeyArray = np.where(lengths >= LANE_BITS, ~np.uint64(0), shifted)
    return masks


def _word_steps(
    words: KeyArray, lanes: Lanes, full: KeyArray, *, common: bool
) -> tuple[KeyArray, KeyArray, KeyArray]:
    """Myers' steps (as `parbleu.engine.levenshtein.column_steps`) for every lane at once.

    `words` are the lanes' token masks in the ragged layout (row of column ``i + 1`` for
    token ``i``), `full` each lane's reference mask. Returns the columns in the ragged layout
    and, with `common`, per lane the reference positions its tokens took: each token takes
    the lowest position of its token that no earlier token has taken, so their number is the
    size of the multiset intersection.
    """
    starts, counts = lanes.starts, lanes.counts
    plus = np.zeros(lanes.cells, dtype=np.uint64)
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
        if common:
            free = eq & ~used[:k]
            used[:k] |= free & (~free + _ONE)  # the lowest free position of the token
    return plus, minus, used


@dataclass(frozen=True, eq=False)
class PackedColumns:
    """Columns of pairs with references of any lengths, in slots of 64-bit words.

    Lane ``l`` takes words ``slots[l] .. slots[l + 1] - 1`` of a column (one bit per reference
    token and at least one spare bit). Column ``i`` of the lanes that have one is
    ``plus[starts[i] : starts[i] + slots[counts[i]]]`` (and `minus`); the reference mask of
    token ``i`` of every lane is in `masks` where its column ``i + 1`` is in `plus`.
    ``distance`` is per pair, in the caller's order.
    """

    lanes: Lanes
    slots: IntArray
    starts: IntArray
    masks: KeyArray
    plus: KeyArray
    minus: KeyArray
    distance: IntArray


def slot_layout(lanes: Lanes, lengths: IntArray) -> tuple[IntArray, IntArray]:
    """The slots of lanes with references of `lengths` tokens (lane order); column starts.

    See `PackedColumns`: a lane's slot has room for its reference and a spare bit.
    """
    slots = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths // LANE_BITS + 1, out=slots[1:])
    starts = np.zeros(len(lanes.counts) + 1, dtype=np.int64)
    np.cumsum(slots[lanes.counts], out=starts[1:])
    return slots, starts


def packed_columns(masks: KeyArray, lanes: Lanes, lengths: IntArray) -> PackedColumns:
    """The columns of pairs whose references have `lengths` tokens (lane order).

    `masks` are the lanes' token masks laid out by `slot_layout`. All lanes of a column are
    one Python integer, each in its slot, with a zero spare bit above it that takes the
    carries of the addition (SIMD within a register, as TER's
    `parbleu.engine.levenshtein.batch_distances`), so a step costs a dozen big-integer
    operations whatever the lengths; integers move to and from numpy as bytes.
    """
    slots, starts = slot_layout(lanes, lengths)
    words = _slot_words(slots)
    full = np.zeros(int(slots[-1]), dtype=np.uint64)  # each lane's reference positions
    low = np.clip(lengths[:, None] - LANE_BITS * np.arange(words.shape[1]), 0, LANE_BITS)
    inside = words < slots[1:, None]
    full[words[inside]] = _low_bits(low)[inside]
    columns = PackedColumns(
        lanes,
        slots,
        starts,
        masks,
        np.zeros(int(starts[-1]), dtype=np.uint64),
        np.zeros(int(starts[-1]), dtype=np.uint64),
        np.zeros(0, dtype=np.int64),
    )
    _packed_steps(columns, full)
    last = starts[lanes.sizes]  # where each lane's last column begins
    plus, minus = (
        _slot_sums(popcount(a), last, words, inside) for a in (columns.plus, columns.minus)
    )
    return replace(columns, distance=(lanes.sizes + plus - minus)[lanes.lane])


def _slot_words(slots: IntArray) -> IntArray:
    """The words of each slot, one row per lane (past the slot: the next slots' words)."""
    widest = int((slots[1:] - slots[:-1]).max(initial=0))
    words: IntArray = slots[:-1, None] + np.arange(widest)
    return words


def _slot_sums(
    values: IntArray, columns: IntArray, words: IntArray, inside: npt.NDArray[np.bool_]
) -> IntArray:
    """Per lane, the sum of `values` over its slot in the column beginning at `columns`."""
    cells = np.where(inside, columns[:, None] + words, 0)
    sums: IntArray = np.where(inside, values[cells], 0).sum(axis=1)
    return sums


def _packed_steps(columns: PackedColumns, full_words: KeyArray) -> None:
    """Myers' steps on packed columns, filling `columns`' plus and minus.

    As `parbleu.engine.levenshtein.column_steps`, with a carry bit into every slot and no
    negative integers (``(y | full) ^ y`` is ``full & ~y``, cheaper on big integers); lanes
    whose hypothesis has ended are cut off the top.
    """
    lanes, slots, starts = columns.lanes, columns.slots, columns.starts
    ones_words = np.zeros(len(full_words), dtype=np.uint64)
    ones_words[slots[:-1]] = _ONE
    width = int(slots[-1])
    full = int.from_bytes(full_words.tobytes(), "little")
    ones = int.from_bytes(ones_words.tobytes(), "little")
    columns.plus[:width] = full_words
    plus, minus = full, 0
    for i in range(1, len(lanes.counts)):
        now = int(slots[lanes.counts[i]])
        if now < width:  # the last lanes have ended
            width = now
            keep = (1 << (LANE_BITS * width)) - 1
            full, ones, plus, minus = full & keep, ones & keep, plus & keep, minus & keep
        at = int(starts[i])
        eq = int.from_bytes(columns.masks[at : at + width].tobytes(), "little")
        x = eq | minus
        zero = (((x & plus) + plus) ^ plus) | x  # a carry may set a spare bit: never read
        h_minus = plus & zero
        y = plus | zero
        x = (((minus | ((y | full) ^ y)) << 1) | ones) & full
        minus = x & zero
        y = x | zero
        plus = ((h_minus << 1) | ((y | full) ^ y)) & full
        size = 8 * width
        columns.plus[at : at + width] = np.frombuffer(plus.to_bytes(size, "little"), np.uint64)
        columns.minus[at : at + width] = np.frombuffer(minus.to_bytes(size, "little"), np.uint64)


def token_masks(
    hypotheses: Segments, references: Segments, lanes: Lanes, lengths: IntArray
) -> KeyArray:
    """Reference masks of every hypothesis token, laid out by ``slot_layout(lanes, lengths)``.

    Pair ``k`` is ``hypotheses.segment(k)`` against ``references.segment(k)``, `lengths` the
    reference lengths in lane order; token ids are integers, and negative hypothesis ids
    match nothing. Bit ``p % 64`` of word ``p // 64`` of a token's slot is set when reference
    position ``p`` holds the token.

    The masks of each (pair, token) of the references are made once, each as wide as its
    pair's slot, one after another in a table with a slot of zeros at its end; the layout is
    then one gather from the table, column after column, lane after lane.
    """
    slots, starts = slot_layout(lanes, lengths)
    widths = (slots[1:] - slots[:-1])[lanes.lane]  # per pair
    table, at = _mask_table(hypotheses, references, widths)
    # The tokens in the order of the layout: column i + 1 holds token i of lanes 0 ..
    # counts[i + 1] - 1.
    counts = lanes.counts[1:]
    lane = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    pair = lanes.order[lane]
    token = hypotheses.offsets[pair] + np.repeat(np.arange(len(counts)), counts)
    out = np.zeros(int(starts[-1]), dtype=np.uint64)
    out[int(starts[1]) :] = table[span_positions(at[token], widths[pair])]
    return out


#: Most words of a dense table of masks (a row for every pair and token of the references).
_DENSE_WORDS = 1 << 22


def _mask_table(
    hypotheses: Segments, references: Segments, widths: IntArray
) -> tuple[KeyArray, IntArray]:
    """The masks of each pair's reference tokens, and where each hypothesis token's begin.

    A token's masks are ``widths[pair]`` words; tokens of no reference point at the zeros at
    the end of the table. Token ids are first numbered densely (the references' ids in
    order). If a row for every pair and every such token fits `_DENSE_WORDS`, that table is
    filled directly; otherwise only the (pair, token) rows that occur, found by sorting and
    search.
    """
    ref_ids, hyp_ids = references.values.astype(np.int64), hypotheses.values.astype(np.int64)
    top = int(ref_ids.max(initial=-1)) + 1
    present = np.zeros(top + 1, dtype=bool)  # the last entry: ids past the references'
    present[ref_ids] = True
    dense = np.cumsum(present) - 1
    size = int(present.sum())
    hyp_known = np.clip(hyp_ids, 0, top)
    hyp_dense = np.where((hyp_ids >= 0) & present[hyp_known], dense[hyp_known], -1)
    ref_pair = np.repeat(np.arange(len(widths)), references.lengths)
    hyp_pair = np.repeat(np.arange(len(widths)), hypotheses.lengths)
    position = np.arange(len(ref_ids)) - references.offsets[ref_pair]
    bits = np.left_shift(_ONE, (position % LANE_BITS).astype(np.uint64))
    if size * int(widths.sum()) <= _DENSE_WORDS:
        rows = np.zeros(len(widths) + 1, dtype=np.int64)  # where each pair's rows begin
        np.cumsum(size * widths, out=rows[1:])
        table = np.zeros(int(rows[-1]) + int(widths.max(initial=1)), dtype=np.uint64)
        row = rows[ref_pair] + dense[ref_ids] * widths[ref_pair]
        np.add.at(table, row + position // LANE_BITS, bits)  # distinct bits: a sum is an or
        at = np.where(hyp_dense >= 0, rows[hyp_pair] + hyp_dense * widths[hyp_pair], rows[-1])
        return table, at
    hyp_keys = np.where(hyp_dense >= 0, hyp_pair * size + hyp_dense, -1)
    ref_keys = ref_pair * size + dense[ref_ids]
    return _sparse_mask_table(ref_keys, position, bits, widths[ref_pair], hyp_keys)


def _sparse_mask_table(
    ref_keys: IntArray, position: IntArray, bits: KeyArray, widths: IntArray, hyp_keys: IntArray
) -> tuple[KeyArray, IntArray]:
    """`_mask_table` with rows for the (pair, token) keys that occur only, found by search.

    Keys are ``pair * size + token`` (negative for hypothesis tokens of no reference);
    `widths` are the words of each reference token's pair.
    """
    widest = int(widths.max(initial=1))
    word = position // LANE_BITS
    order = np.argsort(ref_keys * widest + word)
    ref_keys, word, bits, widths = ref_keys[order], word[order], bits[order], widths[order]
    runs = np.flatnonzero(np.diff(ref_keys * widest + word, prepend=-1))  # one per mask word
    firsts = np.flatnonzero(np.diff(ref_keys, prepend=-1))  # one per key
    keys = ref_keys[firsts]
    rows = np.zeros(len(keys) + 1, dtype=np.int64)
    np.cumsum(widths[firsts], out=rows[1:])
    table = np.zeros(int(rows[-1]) + widest, dtype=np.uint64)
    key_of_run = np.searchsorted(firsts, runs, side="right") - 1
    table[rows[key_of_run] + word[runs]] = np.add.reduceat(bits, runs) if len(runs) else bits
    found = np.minimum(np.searchsorted(keys, hyp_keys), max(len(keys) - 1, 0))
    hit = np.zeros(len(hyp_keys), dtype=bool)
    if len(keys):
        hit = (hyp_keys >= 0) & (keys[found] == hyp_keys)
    return table, np.where(hit, rows[found], rows[-1])
