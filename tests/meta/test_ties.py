"""Tie calibration (parbleu.meta.ties) against its oracles.

Oracles: mt-metrics-eval's unit tests (``testKendallWithTiesOpt``: 0.7 for gold
[1,2,2,3,4] and metric [2,1,1.5,5,3]; the calibrated value equals acc23 at the returned
epsilon, for ``none``, ``sys`` and ``item``), and the brute-force oracle
(tests/oracles/meta_pairs.calibrate: every threshold tried in exact fractions) under
hypothesis, with pair budgets small enough to force every path of the bucketed search
(one pass, finer passes, single-difference buckets).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.errors import OptionError
from parbleu.meta.pairs import pair_counts, pair_table
from parbleu.meta.ties import calibrate_ties
from tests.oracles import meta_pairs as oracle


def test_known_answer_of_tie_calibration() -> None:
    """mt-metrics-eval testKendallWithTiesOpt (stats.Correlation.KendallWithTiesOpt): 0.7."""
    result = calibrate_ties([1, 2, 2, 3, 4], [2, 1, 1.5, 5, 3])
    assert result.value == 0.7
    assert result.epsilon == 0.5
    assert result.exact


@pytest.mark.parametrize("grouping", ["none", "sys", "item"])
def test_calibrated_value_is_acc_eq_at_epsilon(grouping: str) -> None:
    """mt-metrics-eval CorrelationFunctionsTest.testKendallWithTiesOpt, for each grouping."""
    gold = np.array([1, 2, 2, 3, 3, 4.0]).reshape(2, 3)
    metric = np.array([2, 1, 1.5, 5, 3, 2.0]).reshape(2, 3)
    result = calibrate_ties(gold, metric, grouping)
    again = pair_table(gold, metric, grouping, epsilon=result.epsilon).average("acc_eq")
    assert result.value == again
    assert result.table.epsilon == result.epsilon


def test_tau_eq_is_calibrated_at_the_same_epsilon() -> None:
    """tau_eq = 2 acc_eq - 1 (hand maths), so both have the same maximiser."""
    gold, metric = [1, 2, 2, 3, 4, 4, 0], [2, 1, 1.5, 5, 3, 3.2, 0.1]
    acc = calibrate_ties(gold, metric, statistic="acc_eq")
    tau = calibrate_ties(gold, metric, statistic="tau_eq")
    assert tau.epsilon == acc.epsilon
    assert tau.value == pytest.approx(2 * acc.value - 1)


def _matrices(draw: st.DrawFn) -> tuple[list[list[float | None]], list[list[float]]]:
    systems = draw(st.integers(1, 4))
    segments = draw(st.integers(1, 7))
    scale = draw(st.sampled_from([1.0, 1e-300, 1e200, 3.0]))
    human_value = st.one_of(st.none(), st.integers(0, 3).map(float))
    metric_value = st.integers(-6, 6).map(lambda v: v * scale / 4)
    human = [[draw(human_value) for _ in range(segments)] for _ in range(systems)]
    metric = [[draw(metric_value) for _ in range(segments)] for _ in range(systems)]
    return human, metric


@settings(max_examples=150, deadline=None)
@given(
    st.composite(_matrices)(),
    st.sampled_from(["none", "item", "sys"]),
    st.sampled_from([1 << 22, 3, 1]),
    st.integers(1, 16),
)
def test_calibration_matches_the_oracle(
    data: tuple[list[list[float | None]], list[list[float]]],
    grouping: str,
    budget: int,
    chunk_pairs: int,
) -> None:
    """The first best threshold and its mean acc_eq (oracle: every threshold, exactly)."""
    human, metric = data
    threshold, value = oracle.calibrate(human, metric, grouping)
    result = calibrate_ties(
        np.array(human, dtype=float),
        np.array(metric, dtype=float),
        grouping,
        budget=budget,
        chunk_pairs=chunk_pairs,
    )
    assert result.epsilon == threshold
    if value is None:
        assert math.isnan(result.value)
    else:
        assert result.value == pytest.approx(float(value), rel=1e-12)


def test_many_groups_of_unequal_size_stay_exact() -> None:
    """Weights 1/pairs as integers over the least common multiple (oracle: meta_pairs)."""
    rng = np.random.default_rng(3)
    human = rng.integers(0, 3, size=(9, 40)).astype(float)
    human[rng.random(human.shape) < 0.3] = np.nan
    metric = np.round(rng.normal(size=(9, 40)), 1)
    threshold, value = oracle.calibrate(human.tolist(), metric.tolist(), "item")
    result = calibrate_ties(human, metric, "item", budget=50, chunk_pairs=7)
    assert result.exact
    assert (result.epsilon, result.value) == (threshold, pytest.approx(float(value)))


def test_no_pair_to_calibrate() -> None:
    """No positive metric difference: epsilon 0 (hand maths)."""
    result = calibrate_ties([1, 2, 3], [5, 5, 5])
    assert result.epsilon == 0.0
    assert result.value == pair_counts([1, 2, 3], [5, 5, 5]).acc_eq == 0.0


def test_options_are_checked() -> None:
    """Only acc_eq and tau_eq are calibrated; budgets are positive."""
    with pytest.raises(ValueError, match="acc_eq or tau_eq"):
        calibrate_ties([1, 2], [1, 2], statistic="tau_b")
    with pytest.raises(OptionError, match="budget"):
        calibrate_ties([1, 2], [1, 2], budget=0)
