"""Oracle: rouge_score 0.1.2's dynamic-programming LCS (``_lcs_table``, ``_backtrack_norec``).

The bit-parallel kernel must give the table's last cell for every pair, and read out the same
LCS positions as rouge_score's backtrack, for sequences shorter and longer than one 64-bit
word (the carry between words), with tokens that match nothing (-1) and empty sequences.
"""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer

from parbleu.engine.lcs import TokenPositions, lcs_lengths, lcs_positions, popcount
from parbleu.engine.segments import Segments

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def encoded(sequences: list[list[int]]) -> Segments:
    return Segments.from_lists(sequences)


def sequence(alphabet: int, max_size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(min_value=-1, max_value=alphabet - 1), max_size=max_size)


pairs = st.integers(min_value=1, max_value=5).flatmap(
    lambda n: st.tuples(
        st.lists(sequence(4, 150).map(lambda s: [max(t, 0) for t in s]), min_size=n, max_size=n),
        st.lists(sequence(4, 150), min_size=n, max_size=n),
    )
)


@SETTINGS
@given(pairs)
def test_lengths_and_positions(data: tuple[list[list[int]], list[list[int]]]) -> None:
    a, b = data
    lengths = lcs_lengths(encoded(a), encoded(b))
    indexed = lcs_lengths(TokenPositions.build(encoded(a)), encoded(b))
    pair, position = lcs_positions(encoded(a), encoded(b))
    for k, (x, y) in enumerate(zip(a, b, strict=True)):
        table = rouge_scorer._lcs_table(x, y)
        assert lengths[k] == indexed[k] == table[-1][-1]
        expected = rouge_scorer._backtrack_norec(table, x, y) if x and y else []
        assert sorted(position[pair == k].tolist()) == expected


def test_rouge_score_lcs_table_example() -> None:
    """rouge_score testLcsTable: [1..5] and [2, 5, 3, 4]: length 3, positions 1, 2, 3."""
    _, position = lcs_positions(encoded([[1, 2, 3, 4, 5]]), encoded([[2, 5, 3, 4]]))
    assert sorted(position.tolist()) == [1, 2, 3]
    assert lcs_lengths(
        encoded([[1, 2, 3, 4, 5], [1, 2]]), encoded([[2, 5, 3, 4], [8, 9]])
    ).tolist() == [3, 0]


def test_long_sequences_carry_between_words() -> None:
    """Hand-made: 200 equal tokens against 130 of them, and a 300-token reversal."""
    assert lcs_lengths(encoded([[7] * 200]), encoded([[7] * 130])).tolist() == [130]
    assert lcs_lengths(
        encoded([list(range(300))]), encoded([list(range(299, -1, -1))])
    ).tolist() == [1]


def test_popcount() -> None:
    words = np.array([0, 1, 2**64 - 1, 0x5555555555555555], dtype=np.uint64)
    assert popcount(words).tolist() == [0, 1, 64, 32]
