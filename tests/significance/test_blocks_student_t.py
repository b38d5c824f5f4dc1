"""Oracle: scipy.stats.t and scipy.special.betainc (scipy is a test dependency only), and the
closed forms of Student's t for 1 and 2 degrees of freedom.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy import special
from scipy import stats as scipy_stats

from parbleu.significance.student_t import regularized_beta, t_cdf, t_quantile, t_sf, t_two_sided

DFS = [1, 2, 3, 4.5, 9, 19, 30, 99, 1000]
TS = [-80.0, -12.0, -3.0, -1.729, -0.5, -0.01, 0.0, 0.01, 0.3, 1.0, 1.729, 2.5, 6.0, 25.0, 80.0]


@pytest.mark.parametrize("df", DFS)
@pytest.mark.parametrize("t", TS)
def test_cdf_and_tails_match_scipy(df: float, t: float) -> None:
    assert t_cdf(t, df) == pytest.approx(scipy_stats.t.cdf(t, df), rel=1e-9, abs=1e-300)
    assert t_sf(t, df) == pytest.approx(scipy_stats.t.sf(t, df), rel=1e-9, abs=1e-300)
    two_sided = 2 * scipy_stats.t.sf(abs(t), df)
    assert t_two_sided(t, df) == pytest.approx(two_sided, rel=1e-9, abs=1e-300)


@settings(max_examples=300, deadline=None)
@given(t=st.floats(-1e3, 1e3), df=st.floats(0.5, 500))
def test_cdf_matches_scipy_anywhere(t: float, df: float) -> None:
    expected = scipy_stats.t.cdf(t, df)
    if abs(t) < 1e-3:  # scipy itself loses digits near 0 for small df; see the closed forms
        return
    assert t_cdf(t, df) == pytest.approx(expected, rel=1e-8, abs=1e-290)


@pytest.mark.parametrize("t", [-1e6, -3.0, -1e-9, 0.0, 1e-9, 0.7, 4.0, 1e6])
def test_closed_forms(t: float) -> None:
    cauchy = 0.5 + math.atan(t) / math.pi
    assert t_cdf(t, 1) == pytest.approx(cauchy, rel=1e-13)
    two = 0.5 + t / (2 * math.sqrt(2 + t * t))
    assert t_cdf(t, 2) == pytest.approx(two, rel=1e-13)


@settings(max_examples=300, deadline=None)
@given(a=st.floats(0.05, 2000), b=st.floats(0.05, 2000), x=st.floats(0, 1))
def test_regularized_beta_matches_scipy(a: float, b: float, x: float) -> None:
    assume(x == 0 or x > 1e-300)  # scipy loses digits on subnormal x (0.5, 2, 5e-324: we win)
    # ... and within a few ulps of 1 (0.5, 0.5, 1 - 2**-53: see the closed form below).
    assume(x == 1 or x < 1 - 1e-12)
    expected = special.betainc(a, b, x)
    assert regularized_beta(a, b, x) == pytest.approx(expected, rel=1e-9, abs=1e-290)


@pytest.mark.parametrize("x", [1e-300, 1e-12, 0.3, 0.5, 0.7, 1 - 1e-12, 1 - 2**-53])
def test_regularized_beta_of_one_half_is_the_arcsine_law(x: float) -> None:
    """I_x(1/2, 1/2) = (2/pi) asin(sqrt(x)) and 1 - I_x = (2/pi) asin(sqrt(1 - x)).

    Each form is evaluated where it is well conditioned (1 - x is exact for x >= 1/2).
    """
    if x <= 0.5:
        assert regularized_beta(0.5, 0.5, x) == pytest.approx(
            2 / math.pi * math.asin(math.sqrt(x)), rel=1e-12
        )
    else:
        upper = 2 / math.pi * math.asin(math.sqrt(1 - x))
        # I is within an ulp of 1 near x = 1, so 1 - I has about 8 significant digits left.
        assert 1 - regularized_beta(0.5, 0.5, x) == pytest.approx(upper, rel=1e-7)


@pytest.mark.parametrize("df", DFS)
@pytest.mark.parametrize("q", [0.001, 0.025, 0.5, 0.9, 0.95, 0.999])
def test_quantile_matches_scipy(df: float, q: float) -> None:
    assert t_quantile(q, df) == pytest.approx(scipy_stats.t.ppf(q, df), rel=1e-10, abs=1e-12)


def test_the_papers_threshold() -> None:
    """Papineni et al.: "a paired t-statistic of 1.7 or above is 95% significant" (19 df)."""
    assert t_quantile(0.95, 19) == pytest.approx(1.729, abs=5e-4)
    assert t_sf(1.7, 19) == pytest.approx(0.0527, abs=5e-4)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: regularized_beta(0, 1, 0.5), "a, b > 0"),
        (lambda: regularized_beta(1, 1, 1.5), "0 <= x <= 1"),
        (lambda: t_cdf(1.0, 0), "degrees of freedom"),
        (lambda: t_cdf(1.0, math.inf), "degrees of freedom"),
        (lambda: t_quantile(1.0, 3), "probability"),
    ],
)
def test_bad_arguments(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


def test_infinite_and_nan_statistics() -> None:
    assert t_two_sided(math.inf, 5) == 0.0
    assert t_sf(-math.inf, 5) == 1.0
    assert math.isnan(t_two_sided(math.nan, 5))
