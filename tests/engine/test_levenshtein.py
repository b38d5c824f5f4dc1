"""The bit-parallel Levenshtein columns of one pair (`parbleu.engine.levenshtein`).

Oracle: the textbook table (`tests.oracles.levenshtein`), cell by cell, for hypotheses
reordered after a shared prefix (TER's use) and packed side by side in one integer.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.engine.levenshtein import (
    batch_distances,
    columns,
    continue_distance,
    last_column,
    position_masks,
    suffix_columns,
)
from tests.oracles.levenshtein import levenshtein, levenshtein_table

SETTINGS = settings(max_examples=300, deadline=None)

words = st.lists(st.sampled_from("abcde"), max_size=70)


def masks_of(hyp: list[str], ref: list[str]) -> list[int]:
    masks = position_masks(ref)
    return [masks.get(word, 0) for word in hyp]


def test_position_masks() -> None:
    """Hand maths: bit k for reference token k."""
    assert position_masks(["a", "b", "a"]) == {"a": 0b101, "b": 0b10}


@SETTINGS
@given(hyp=words, ref=words.filter(bool))
def test_bit_parallel_columns_are_the_full_matrix(hyp: list[str], ref: list[str]) -> None:
    matrix = levenshtein_table(hyp, ref)
    cols = columns(masks_of(hyp, ref), len(ref))
    assert cols.distance == matrix[-1][-1]
    for i in range(len(hyp) + 1):
        assert [cols.cell(i, j) for j in range(len(ref) + 1)] == matrix[i]


@SETTINGS
@given(hyp=words, ref=words.filter(bool), data=st.data())
def test_continuing_from_a_shared_prefix(
    hyp: list[str], ref: list[str], data: st.DataObject
) -> None:
    other = data.draw(st.lists(st.sampled_from("abcxy"), min_size=len(hyp), max_size=len(hyp)))
    start = data.draw(st.integers(min_value=0, max_value=len(hyp)))
    mixed = hyp[:start] + other[start:]
    base = columns(masks_of(hyp, ref), len(ref))
    expected = levenshtein(mixed, ref)
    assert continue_distance(base, start, masks_of(mixed, ref)[start:], len(ref)) == expected
    resumed = columns(masks_of(mixed, ref), len(ref), base, start)
    assert resumed == columns(masks_of(mixed, ref), len(ref))
    pluses, minuses = suffix_columns(base, start, masks_of(mixed, ref)[start:], len(ref))
    assert (pluses, minuses) == (resumed.plus[start + 1 :], resumed.minus[start + 1 :])


@settings(max_examples=100, deadline=None)
@given(hyp=words.filter(bool), ref=words.filter(bool), data=st.data())
def test_packed_distances_of_many_variants(
    hyp: list[str], ref: list[str], data: st.DataObject
) -> None:
    """Up to 300 variants (more than one packed integer holds), each its own distance."""
    count = data.draw(st.sampled_from([1, 2, 3, 7, 40, 129, 300]))
    base = columns(masks_of(hyp, ref), len(ref))
    variants = []
    expected = []
    for _ in range(count):
        start = data.draw(st.integers(min_value=0, max_value=len(hyp)))
        tail = data.draw(st.permutations(hyp[start:]))
        variants.append((start, masks_of(tail, ref)))
        expected.append(levenshtein(hyp[:start] + tail, ref))
    assert batch_distances(base, variants, len(ref)) == expected


def test_last_column_of_a_long_hypothesis() -> None:
    """600 tokens (three runs of the stepping) against 70: the table's last row."""
    hyp = [("abcde" * 200)[k * 7 % 1000] for k in range(600)]
    ref = list("abcdeabcdx" * 7)
    plus, minus = last_column(masks_of(hyp, ref), len(ref))
    row = levenshtein_table(hyp, ref)[-1]
    low = [(1 << j) - 1 for j in range(len(ref) + 1)]
    cells = [len(hyp) + (plus & lo).bit_count() - (minus & lo).bit_count() for lo in low]
    assert cells == row
