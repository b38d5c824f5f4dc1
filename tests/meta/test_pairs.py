"""Pairwise statistics with ties (parbleu.meta.pairs, grouped), against their oracles.

Oracles: the known answers of mt-metrics-eval's unit tests (``stats_test.py``:
``testKendallVariants``, ``testKendallVariants_23``, ``testKendall``, ``testKendallC``,
``testPearson``, ``testAverageBy*``, ``testNaNHandling*``), SciPy's ``kendalltau``, and the
O(n^2) pair-by-pair oracle (tests/oracles/meta_pairs.py) under hypothesis: ties, NaN/None
human scores, constant vectors, one system, two segments, every grouping and epsilon.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.errors import InputError, OptionError
from parbleu.meta.grouped import grouped_pearson
from parbleu.meta.pairs import Grouping, pair_counts, pair_table
from tests.oracles import meta_pairs as oracle

SETTINGS = settings(max_examples=150, deadline=None)
STATISTICS = ("acc_eq", "tau_eq", "tau_a", "tau_b", "tau_c")


def test_known_answers_of_kendall_variants() -> None:
    """mt-metrics-eval testKendallVariants: gold [1,2,2,3,4], metric [2,1,1.5,5,3]."""
    counts = pair_counts([1, 2, 2, 3, 4], [2, 1, 1.5, 5, 3])
    assert counts.statistic("tau_b") == pytest.approx(0.316227766, abs=1e-9)
    assert counts.statistic("tau_c") == 0.32
    assert counts.tau_eq == 0.2
    assert counts.acc_eq == 0.6
    assert pair_counts([1, 2, 2, 3, 4], [2, 1, 1.5, 5, 3], epsilon=2).acc_eq == 0.4


def test_known_answers_of_the_23_variants() -> None:
    """mt-metrics-eval testKendallVariants_23 / WithPositiveEpsilon: 7/21, 14/21; epsilon 1."""
    x, y = [1, 1, 1, 2, 2, 3, 4], [1, 1, 2, 2, 4, 3, 3]
    counts = pair_counts(x, y)  # x passed as the gold scores, as the test does
    assert counts.tau_eq == 7 / 21
    assert counts.acc_eq == 14 / 21
    assert (counts.concordant, counts.discordant) == (13, 2)
    assert (counts.ties_human, counts.ties_metric, counts.ties_both) == (3, 2, 1)
    assert pair_counts(x, y, epsilon=0.1).tau_eq == 7 / 21
    # Their epsilon = 1 case: x tied within 1 in 13 pairs, 3 of them tied in y too, 1
    # discordant, so C = 21 - 1 - 10 - 0 - 3 = 7 and tau_eq = (7 + 3 - 1 - 10 - 0) / 21.
    tied = pair_counts(y, x, epsilon=1.0)
    assert tied.ties_metric + tied.ties_both == 13
    assert (tied.ties_both, tied.discordant, tied.concordant) == (3, 1, 7)
    assert tied.tau_eq == (7 + 3 - 1 - 10 - 0) / 21


MATRIX = (
    np.array([1, 2, 3, 4, 5, 6.0]).reshape(2, 3),
    np.array([2, 1, 4, 3, 3, 7.0]).reshape(2, 3),
)


@pytest.mark.parametrize(
    ("grouping", "tau_b", "tau_c", "r"),
    [("none", 0.552, 0.556, 0.776), ("sys", 0.575, 0.611, 0.760), ("item", 1.0, 1.0, 1.0)],
)
def test_known_answers_of_grouping(grouping: str, tau_b: float, tau_c: float, r: float) -> None:
    """mt-metrics-eval testKendall, testKendallC, testPearson (2 systems x 3 items, 3 places)."""
    table = pair_table(*MATRIX, grouping)
    assert round(table.average("tau_b"), 3) == tau_b
    assert round(table.average("tau_c"), 3) == tau_c
    assert round(grouped_pearson(*MATRIX, grouping), 3) == r


def test_known_answers_of_nan_handling() -> None:
    """mt-metrics-eval testNaNHandling(WithZeros): a constant row is dropped, or counts 0."""
    human = np.array([1, 2, 3, 4, 5, 6.0]).reshape(2, 3)
    metric = np.array([2, 2, 2, 4, 5, 6.0]).reshape(2, 3)
    assert grouped_pearson(human, metric, "sys") == pytest.approx(1.0)
    assert grouped_pearson(human, metric, "sys", nan_as_zero=True) == pytest.approx(0.5)
    assert pair_table(human, metric, "sys").average("tau_b") == pytest.approx(1.0)
    assert pair_table(human, metric, "sys").average("tau_b", nan_as_zero=True) == pytest.approx(0.5)


def test_missing_human_scores_leave_their_pairs() -> None:
    """mt-metrics-eval testAverageByItemWithMissingEntries: the None item is skipped."""
    human = np.array([[1, None, 3], [4, 5, 6]], dtype=float)
    metric = np.array([[2, 1, 8], [3, 5, 6.0]])
    p1 = scipy.stats.pearsonr([1, 4], [2, 3])[0]
    p3 = scipy.stats.pearsonr([3, 6], [8, 6])[0]
    assert grouped_pearson(human, metric, "item") == pytest.approx((p1 + p3) / 2)
    assert pair_table(human, metric, "item").size.tolist() == [2, 1, 2]


def test_tau_b_and_c_against_scipy() -> None:
    """SciPy's kendalltau (variant b and c) on mt-metrics-eval's testKendallVariants_b_and_c."""
    gold, metric = [7, 1, 2, 7, 4, 3, 2], [4, 1, 3, 6, 1, 5, 6]
    counts = pair_counts(gold, metric)
    assert counts.statistic("tau_b") == pytest.approx(scipy.stats.kendalltau(gold, metric)[0])
    c = scipy.stats.kendalltau(gold, metric, variant="c")[0]
    assert counts.statistic("tau_c") == pytest.approx(c)


def _matrices(draw: st.DrawFn) -> tuple[list[list[float | None]], list[list[float]]]:
    systems = draw(st.integers(1, 4))
    segments = draw(st.integers(1, 6))
    human_value = st.one_of(st.none(), st.integers(0, 3).map(float))
    metric_value = st.sampled_from([0.0, 0.5, 1.0, 1.5, 2.0, -1.0, 1e-9, 3.25])
    human = [[draw(human_value) for _ in range(segments)] for _ in range(systems)]
    metric = [[draw(metric_value) for _ in range(segments)] for _ in range(systems)]
    return human, metric


matrices = st.composite(_matrices)


def _array(values: list[list[float | None]]) -> np.ndarray:
    return np.array(values, dtype=float)


@SETTINGS
@given(
    matrices(),
    st.sampled_from(["none", "item", "sys"]),
    st.sampled_from([0.0, 0.5, 1.0]),
    st.booleans(),
)
def test_counts_and_statistics_match_the_oracle(
    data: tuple[list[list[float | None]], list[list[float]]],
    grouping: str,
    epsilon: float,
    dense: bool,
) -> None:
    """Every group's five counts and every statistic, pair by pair (oracle: meta_pairs).

    Both ways of counting: the padded pair matrix and the sorted O(n log^2 n) passes.
    """
    human, metric = data
    table = pair_table(_array(human), _array(metric), grouping, epsilon=epsilon, dense=dense)
    expected = oracle.groups(human, metric, grouping)
    assert len(table.size) == len(expected)
    for index, (h, m) in enumerate(expected):
        kinds = oracle.pair_kinds(h, m, epsilon)
        group = table.group(index)
        got = (group.concordant, group.discordant, group.ties_human)
        assert (*got, group.ties_metric, group.ties_both) == kinds
        for name in STATISTICS:
            want = oracle.statistic(name, kinds, h, m)
            if name == "tau_c" and epsilon > 0:
                want = None  # undefined with a tie threshold
            value = table.values(name)[index]
            assert (want is None and math.isnan(value)) or value == pytest.approx(want)
    for name in STATISTICS:
        values = [table.values(name)[i] for i in range(len(expected))]
        want = oracle.average([None if math.isnan(v) else v for v in values])
        got = table.average(name)
        assert (want is None and math.isnan(got)) or got == pytest.approx(want)


@SETTINGS
@given(matrices(), st.sampled_from(["none", "item", "sys"]))
def test_grouped_pearson_matches_the_oracle(
    data: tuple[list[list[float | None]], list[list[float]]], grouping: str
) -> None:
    """Mean Pearson over groups, constant groups left out (oracle: meta_pairs.pearson)."""
    human, metric = data
    want = oracle.grouped_pearson(human, metric, grouping)
    got = grouped_pearson(_array(human), _array(metric), grouping)
    assert (want is None and math.isnan(got)) or got == pytest.approx(want)


def test_large_groups_are_counted_by_sorting() -> None:
    """Groups past 64 entries: the sorted way (oracle: meta_pairs on 2 x 70 entries)."""
    rng = np.random.default_rng(5)
    human = rng.integers(0, 4, size=(2, 70)).astype(float)
    metric = np.round(rng.normal(size=(2, 70)), 1)
    table = pair_table(human, metric, "sys", epsilon=0.2)
    for index in range(2):
        group = table.group(index)
        counts = (group.concordant, group.discordant, group.ties_human, group.ties_metric)
        assert (*counts, group.ties_both) == oracle.pair_kinds(human[index], metric[index], 0.2)
    with pytest.raises(InputError, match="too large to count densely"):
        pair_table(human, metric, "sys", dense=True)


def test_edge_cases() -> None:
    """One system, two segments, constant vectors, nothing rated (hand maths)."""
    one = pair_table([[1.0, 2.0]], [[3.0, 5.0]], Grouping.ITEM)
    assert one.pairs.tolist() == [0, 0]
    assert math.isnan(one.average("acc_eq"))
    two = pair_table([[1.0, 2.0]], [[3.0, 5.0]], Grouping.SYS)
    assert two.group(0).concordant == 1
    assert two.average("tau_b") == 1.0
    constant = pair_counts([1, 1, 1], [1, 2, 3])
    assert constant.ties_human == 3
    assert math.isnan(constant.statistic("tau_b"))
    assert constant.acc_eq == 0.0
    assert constant.tau_eq == -1.0
    nothing = pair_counts([None, None], [1, 2])
    assert nothing.pairs == 0
    assert math.isnan(nothing.acc_eq)


def test_bad_input_is_one_clear_error() -> None:
    """Shapes, NaN metric scores where humans rated, negative epsilon, unknown grouping."""
    with pytest.raises(InputError, match="one shape"):
        pair_table([[1.0, 2.0]], [[1.0]])
    with pytest.raises(InputError, match=r"metric score at \(0, 1\) is nan"):
        pair_table([[1.0, 2.0]], [[1.0, float("nan")]])
    with pytest.raises(OptionError, match="epsilon"):
        pair_counts([1, 2], [1, 2], epsilon=-1)
    with pytest.raises(OptionError, match="grouping"):
        pair_table([[1.0, 2.0]], [[1.0, 2.0]], "segment")
    assert pair_counts([1, None], [1, float("nan")]).pairs == 0  # metric NaN where unrated
