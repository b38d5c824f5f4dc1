"""Correlations and the regression line are numerically stable, against SciPy.

Oracle: ``scipy.stats`` (pearsonr, spearmanr, kendalltau, linregress) on the same values at a
scale where SciPy itself is exact, and the invariances of the statistics: Pearson's r is the
same for ``a x + b`` with ``a > 0``; a regression's slope scales by ``ay / ax``. Regression:
scores scaled by 1e155 gave r = 0 and by 1e-170 gave r = 1 (SciPy: 0.7742 for both).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
import scipy.stats
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parbleu.meta import kendall, pearson, regression, spearman

SCALES = [1e-170, 1e-100, 1e-8, 1.0, 1e8, 1e100, 1e155]
VALUES = st.lists(st.integers(-50, 50), min_size=3, max_size=12)


def _scipy(function: object, *args: object) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SciPy warns on constant input; NaN is the answer
        return float(function(*args)[0])  # type: ignore[operator]


def test_the_reported_case() -> None:
    x = np.array([27.1, 30.4, 25.3, 28.8, 26.0])
    y = np.array([0.2, 0.35, 0.1, 0.12, 0.18])
    expected = _scipy(scipy.stats.pearsonr, x, y)
    for scale in (1e155, 1e-170):
        assert pearson(x * scale, y * scale) == pytest.approx(expected, rel=1e-12)


@settings(max_examples=60, deadline=None)
@given(x=VALUES, y=VALUES, scale=st.sampled_from(SCALES), shift=st.sampled_from([0.0, 1e3]))
def test_pearson_is_scale_free(x: list[int], y: list[int], scale: float, shift: float) -> None:
    n = min(len(x), len(y))
    a, b = np.array(x[:n], dtype=float), np.array(y[:n], dtype=float)
    expected = _scipy(scipy.stats.pearsonr, a, b)
    got = pearson(a * scale + shift * scale, b * scale)
    if math.isnan(expected):
        assert math.isnan(got)
    else:
        assert got == pytest.approx(expected, rel=1e-9, abs=1e-12)


@settings(max_examples=60, deadline=None)
@given(x=VALUES, y=VALUES, scale=st.sampled_from(SCALES))
def test_rank_correlations_with_ties(x: list[int], y: list[int], scale: float) -> None:
    n = min(len(x), len(y))
    a, b = np.array(x[:n], dtype=float) * scale, np.array(y[:n], dtype=float)
    for ours, theirs in ((spearman, scipy.stats.spearmanr), (kendall, scipy.stats.kendalltau)):
        expected = _scipy(theirs, a, b)
        got = ours(a, b)
        if math.isnan(expected):
            assert math.isnan(got)
        else:
            assert got == pytest.approx(expected, rel=1e-9, abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(x=VALUES, y=VALUES)
def test_spearman_is_scipys_bit_for_bit(x: list[int], y: list[int]) -> None:
    """Ranks are small half-integers: SciPy's arithmetic can be followed exactly."""
    n = min(len(x), len(y))
    a, b = np.array(x[:n], dtype=float), np.array(y[:n], dtype=float)
    assume(np.ptp(a) > 0 and np.ptp(b) > 0)
    assert spearman(a, b) == _scipy(scipy.stats.spearmanr, a, b)


def test_a_perfect_ranking_is_exactly_one() -> None:
    """scipy.stats.spearmanr gives exactly 1.0 here (Pearson's r of the ranks gives
    0.9999999999999998), and -0.9999999999999999 for the reversed five: the same arithmetic."""
    assert spearman([75.3, 45.3, 94.4], [60, 10, 90]) == 1.0
    five = [1.0, 2.0, 3.0, 4.0, 5.0], [9.0, 7.0, 5.0, 3.0, 1.0]
    assert spearman(*five) == _scipy(scipy.stats.spearmanr, *five)


@settings(max_examples=60, deadline=None)
@given(x=VALUES, y=VALUES, sx=st.sampled_from(SCALES), sy=st.sampled_from(SCALES))
def test_regression_is_scale_free(x: list[int], y: list[int], sx: float, sy: float) -> None:
    assume(abs(math.log10(sy) - math.log10(sx)) < 300)  # the slope itself must be a float
    n = min(len(x), len(y))
    a, b = np.array(x[:n], dtype=float), np.array(y[:n], dtype=float)
    assume(np.ptp(a) > 0)
    line = scipy.stats.linregress(a, b)
    got = regression(a * sx, b * sy)
    assert got.slope == pytest.approx(line.slope * sy / sx, rel=1e-9, abs=1e-300)
    assert got.intercept == pytest.approx(line.intercept * sy, rel=1e-9, abs=1e-9 * sy * 50)


def test_constant_inputs_are_undefined() -> None:
    assert math.isnan(pearson([1.0, 1.0, 1.0], [1.0, 2.0, 3.0]))
    assert math.isnan(spearman([2.0, 2.0, 2.0], [1.0, 2.0, 3.0]))
    assert math.isnan(kendall([5.0, 5.0, 5.0], [1.0, 2.0, 3.0]))
    assert regression([1.0, 2.0, 3.0], [4.0, 4.0, 4.0]).slope == 0.0
