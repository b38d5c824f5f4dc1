"""Levenshtein columns of many pairs at once (`parbleu.engine.edit_lanes`).

Oracles: the textbook table (`tests.oracles.levenshtein`), every cell of every pair's
columns, and multiset intersections counted with `collections.Counter`; references shorter
and longer than the 64 tokens of a word, on both sides of slot boundaries.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parbleu.engine.edit_lanes import (
    LANE_BITS,
    Lanes,
    first_columns,
    packed_columns,
    token_masks,
)
from parbleu.engine.levenshtein import position_masks
from parbleu.engine.segments import Segments
from tests.oracles.levenshtein import levenshtein, levenshtein_table

VOCABULARY = "abcdefgh"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

short_pairs = st.tuples(
    st.lists(st.sampled_from(VOCABULARY + "xy"), max_size=80),
    st.lists(st.sampled_from(VOCABULARY), min_size=1, max_size=LANE_BITS),
)


def masks_of(hyp: list[str], ref: list[str]) -> list[int]:
    masks = position_masks(ref)
    return [masks.get(word, 0) for word in hyp]


@SETTINGS
@given(pairs=st.lists(short_pairs, min_size=1, max_size=12))
def test_first_columns_are_the_full_matrix(pairs: list[tuple[list[str], list[str]]]) -> None:
    """Every cell of every pair's columns, its distance and the tokens it shares with its
    reference; references up to the 64 tokens of a lane, hypotheses of any length."""
    masks = [masks_of(hyp, ref) for hyp, ref in pairs]
    first = first_columns(masks, [len(ref) for _, ref in pairs])
    for k, (hyp, ref) in enumerate(pairs):
        matrix = levenshtein_table(hyp, ref)
        cols = first.columns(k, masks[k])
        assert cols.masks == masks[k]
        for i in range(len(hyp) + 1):
            assert [cols.cell(i, j) for j in range(len(ref) + 1)] == matrix[i]
        assert first.distance[k] == matrix[-1][-1]
        assert first.common[k] == (Counter(hyp) & Counter(ref)).total()


def test_a_full_lane() -> None:
    """64 reference tokens use every bit of a lane (the carry of the top bit is dropped)."""
    ref = [VOCABULARY[k % 3] for k in range(LANE_BITS)]
    hyps = [ref[::-1], [*ref[1:], "a", "a"], ["b"] * 70, ref]
    first = first_columns([masks_of(hyp, ref) for hyp in hyps], [LANE_BITS] * len(hyps))
    assert first.distance.tolist() == [levenshtein(hyp, ref) for hyp in hyps]


def packed_cells(hyps: list[list[int]], refs: list[list[int]]) -> list[list[list[int]]]:
    """Every cell of every pair's packed columns, read back bit by bit."""
    lanes = Lanes.of(np.array([len(h) for h in hyps], dtype=np.int64))
    lengths = np.array([len(refs[k]) for k in lanes.order.tolist()], dtype=np.int64)
    masks = token_masks(Segments.from_lists(hyps), Segments.from_lists(refs), lanes, lengths)
    found = packed_columns(masks, lanes, lengths)
    tables = []
    for k, (hyp, ref) in enumerate(zip(hyps, refs, strict=True)):
        lane = int(found.lanes.lane[k])
        slot = int(found.slots[lane])
        rows = []
        for i in range(len(hyp) + 1):
            at = int(found.starts[i]) + slot
            plus = int.from_bytes(found.plus[at : at + len(ref) // 64 + 1].tobytes(), "little")
            minus = int.from_bytes(found.minus[at : at + len(ref) // 64 + 1].tobytes(), "little")
            rows.append(
                [
                    i + (plus & ((1 << j) - 1)).bit_count() - (minus & ((1 << j) - 1)).bit_count()
                    for j in range(len(ref) + 1)
                ]
            )
        tables.append(rows)
        assert found.distance[k] == rows[-1][-1]
    return tables


long_pairs = st.tuples(
    st.lists(st.integers(min_value=-1, max_value=5), max_size=150),
    st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=200),
)


@SETTINGS
@given(pairs=st.lists(long_pairs, min_size=1, max_size=8))
def test_packed_columns_are_the_full_matrix(pairs: list[tuple[list[int], list[int]]]) -> None:
    """Lanes of 1 to 4 words side by side in one integer, hypotheses ending at different
    steps (the lanes above are cut off); -1 matches nothing."""
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    for table, (hyp, ref) in zip(packed_cells(hyps, refs), pairs, strict=True):
        assert table == levenshtein_table([t if t >= 0 else None for t in hyp], ref)


def test_slot_boundaries() -> None:
    """References of 63, 64 and 65 tokens need 1, 2 and 2 words (a spare bit each)."""
    refs = [[k % 3 for k in range(size)] for size in (63, 64, 65, 128)]
    hyps = [[*ref[::-1], 1] for ref in refs]
    tables = packed_cells(hyps, refs)
    assert [t[-1][-1] for t in tables] == [
        levenshtein(h, r) for h, r in zip(hyps, refs, strict=True)
    ]
