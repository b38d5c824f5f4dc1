"""Meta-evaluation (parbleu.meta.correlation): correlations, accuracy, segment tau, bootstrap.

Oracles: scipy.stats (pearsonr, spearmanr, kendalltau with variant b and c, rankdata,
linregress) on random and tie-heavy vectors; hand-computed small cases for Kendall tau-a,
pairwise accuracy (Kocmi et al. 2021) and the WMT DARR segment tau; numpy's own
``default_rng(seed).choice`` for the bootstrap draws (sacreBLEU's).
"""

from __future__ import annotations

import math
import re
import warnings

import numpy as np
import pytest
import scipy.stats
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu import BLEU
from parbleu.errors import InputError, OptionError
from parbleu.meta import (
    Bootstrap,
    MetricTies,
    SegmentStats,
    compare_rankings,
    kendall,
    match_systems,
    normalize_to_range,
    pairwise_accuracy,
    pearson,
    rankdata,
    regression,
    segment_tau,
    spearman,
    system_correlation,
)
from parbleu.metrics.external.metric import ExternalScores
from parbleu.stats import Stats

SETTINGS = settings(max_examples=150, deadline=None)

#: Vectors of 3-30 values drawn from a few levels (many ties) or from floats (few).
tied = st.integers(3, 30).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 4), min_size=n, max_size=n),
        st.lists(st.integers(0, 4), min_size=n, max_size=n),
    )
)
untied = st.integers(3, 30).flatmap(
    lambda n: st.tuples(
        st.lists(st.floats(-100, 100), min_size=n, max_size=n),
        st.lists(st.floats(-100, 100), min_size=n, max_size=n),
    )
)


def scipy_value(function: object, *args: object, **kwargs: object) -> float:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy warns on constant input, then returns NaN
        result = function(*args, **kwargs)  # type: ignore[operator]
    return float(result[0] if isinstance(result, tuple) else result.statistic)


def same(ours: float, theirs: float) -> bool:
    if math.isnan(theirs):
        return math.isnan(ours)
    return math.isclose(ours, theirs, rel_tol=1e-9, abs_tol=1e-12)


@SETTINGS
@given(st.one_of(tied, untied))
def test_correlations_match_scipy(pair: tuple[list[float], list[float]]) -> None:
    x, y = pair
    assert same(pearson(x, y), scipy_value(scipy.stats.pearsonr, x, y))
    assert same(spearman(x, y), scipy_value(scipy.stats.spearmanr, x, y))
    assert same(kendall(x, y), scipy_value(scipy.stats.kendalltau, x, y, variant="b"))
    assert same(kendall(x, y, "c"), scipy_value(scipy.stats.kendalltau, x, y, variant="c"))


@SETTINGS
@given(st.lists(st.integers(-3, 3), min_size=1, max_size=40))
def test_rankdata_is_scipy_average_rank(values: list[int]) -> None:
    np.testing.assert_array_equal(rankdata(values), scipy.stats.rankdata(values))


def test_kendall_tau_a_by_hand() -> None:
    # Pairs of (1,2,3,4) vs (1,3,2,2): (1,2)+ (1,3)+ (1,4)+ (2,3)- (2,4)- (3,4) tie in y.
    # S = 3 - 2 = 1 over P = 6 pairs.
    assert kendall([1, 2, 3, 4], [1, 3, 2, 2], "a") == pytest.approx(1 / 6)
    # tau-b: one pair tied in y: 1 / sqrt(6 * 5).
    assert kendall([1, 2, 3, 4], [1, 3, 2, 2], "b") == pytest.approx(1 / math.sqrt(30))


def test_regression_matches_linregress() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=12)
    y = 0.3 * x + rng.normal(size=12)
    line, theirs = regression(x, y), scipy.stats.linregress(x, y)
    assert line.slope == pytest.approx(theirs.slope)
    assert line.intercept == pytest.approx(theirs.intercept)
    assert line.r == pytest.approx(theirs.rvalue)


def test_paper_figure_5_style_perfect_line() -> None:
    line = regression([0.1, 0.2, 0.3], [1.0, 2.0, 3.0])
    assert (line.slope, line.intercept, line.r) == pytest.approx((10.0, 0.0, 1.0))


@pytest.mark.parametrize(
    ("metric", "human", "agree"),
    [
        ([1, 2, 3], [10, 20, 30], 3),  # same order: all 3 pairs
        ([3, 2, 1], [10, 20, 30], 0),  # reversed
        ([1, 3, 2], [10, 20, 30], 2),  # one swap (2nd, 3rd)
        ([1, 1, 2], [10, 20, 30], 2),  # metric tie vs human order: disagrees
        ([1, 1, 2], [10, 10, 30], 3),  # tie vs tie: agrees (sign 0 == sign 0)
        ([1, 2, 3, 4], [1, 2, 4, 3], 5),
    ],
)
def test_pairwise_accuracy_by_hand(metric: list[int], human: list[int], agree: int) -> None:
    result = pairwise_accuracy(metric, human)
    n = len(metric)
    assert (result.agree, result.pairs) == (agree, n * (n - 1) // 2)
    assert result.accuracy == agree / result.pairs


def test_segment_tau_by_hand() -> None:
    # 3 systems x 2 segments; NaN: not scored.
    human = [[3.0, 1.0], [2.0, 1.0], [1.0, np.nan]]
    metric = [[0.9, 0.5], [0.9, 0.2], [0.1, 0.7]]
    # Segment 1: (s1,s2) human 3>2, metric tie -> tie; (s1,s3) 3>1, 0.9>0.1 -> C;
    #            (s2,s3) 2>1, 0.9>0.1 -> C.
    # Segment 2: (s1,s2) human 1=1 -> human tie, left out; s3 has no human score.
    result = segment_tau(metric, human)
    assert (result.concordant, result.discordant, result.metric_ties, result.human_ties) == (
        2,
        1,
        1,
        1,
    )
    assert result.tau == pytest.approx(1 / 3)
    excluded = segment_tau(metric, human, ties=MetricTies.EXCLUDE)
    assert (excluded.concordant, excluded.discordant, excluded.tau) == (2, 0, 1.0)


def test_segment_tau_threshold_leaves_out_close_human_scores() -> None:
    human = [[50.0, 80.0], [60.0, 20.0]]  # deltas -10 (within 25) and +60
    metric = [[0.2, 0.1], [0.1, 0.3]]  # segment 2 discordant
    result = segment_tau(metric, human, threshold=25)
    assert (result.concordant, result.discordant, result.human_ties) == (0, 1, 1)
    assert result.tau == -1.0
    assert math.isnan(segment_tau([[1.0]], [[1.0]]).tau)  # one system: no pairs


def test_compare_rankings_lists_swaps() -> None:
    systems = ["a", "b", "c", "d"]
    result = compare_rankings(systems, [4, 3, 2, 1], [4, 2, 3, 2])
    assert result.swapped == (("b", "c"),)  # b ahead under the first, c under the second
    assert result.tie_changes == 1  # (b, d) tied only under the second
    assert result.tau == pytest.approx(scipy.stats.kendalltau([4, 3, 2, 1], [4, 2, 3, 2])[0])


def test_normalize_to_range_is_figure_7_scaling() -> None:
    np.testing.assert_allclose(normalize_to_range([2.0, 4.0, 3.0]), [0.0, 1.0, 0.5])
    np.testing.assert_array_equal(normalize_to_range([5.0, 5.0]), [0.0, 0.0])


def test_match_systems_keeps_unmatched_names_visible() -> None:
    matching = match_systems(["b", "a", "x"], ["a", "HUMAN", "b", "ref.B"])
    assert matching.systems == ("b", "a")
    assert matching.human_only == ("HUMAN", "ref.B")
    assert matching.text_only == ("x",)


def test_bootstrap_draws_are_numpys_single_call() -> None:
    counts = np.concatenate(list(Bootstrap(50, seed=7).counts(13)))
    indices = np.random.default_rng(7).choice(13, size=(50, 13), replace=True)
    expected = np.stack([np.bincount(row, minlength=13) for row in indices])
    np.testing.assert_array_equal(counts, expected)


@pytest.mark.parametrize(
    "options",
    [{"n_resamples": -1}, {"confidence": 1.0}, {"confidence": 0.0}, {"seed": -1}],
)
def test_bootstrap_options_are_checked(options: dict[str, float]) -> None:
    with pytest.raises(OptionError):
        Bootstrap(**options)  # type: ignore[arg-type]


def external(table: dict[str, list[float]], *, higher: bool = True) -> SegmentStats:
    scores = ExternalScores(table, name="ext", higher_is_better=higher, allow_missing=True)
    stats = {s: scores.system_statistics(s) for s in scores.systems}
    return SegmentStats("ext", scores, stats)


TABLE = {
    "a": [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
    "b": [0.3, 0.2, 0.5, 0.4, 0.7, 0.6],
    "c": [0.9, 0.8, 0.7, 0.5, 0.9, 0.8],
    "d": [0.5, 0.5, 0.5, 0.5, 0.5, 0.4],
}
HUMAN = {"a": 1.0, "b": 2.0, "c": 4.0, "d": 3.0}


def test_system_correlation_point_values_are_the_plain_correlations() -> None:
    metric = external(TABLE)
    systems = list(TABLE)
    result = system_correlation(metric, HUMAN, systems, bootstrap=Bootstrap(200))
    means = [float(np.mean(TABLE[s])) for s in systems]
    humans = [HUMAN[s] for s in systems]
    assert result.metric_scores == pytest.approx(means)
    assert result.pearson.value == pytest.approx(scipy.stats.pearsonr(means, humans)[0])
    assert result.kendall.value == pytest.approx(scipy.stats.kendalltau(means, humans)[0])
    assert result.accuracy.value == pairwise_accuracy(means, humans).accuracy
    for estimate in (result.pearson, result.spearman, result.kendall, result.accuracy):
        assert estimate.low <= estimate.high
    assert not result.human_resampled
    assert result.to_dict()["kendall_variant"] == "b"


def test_lower_is_better_metrics_are_negated() -> None:
    higher = system_correlation(external(TABLE), HUMAN, list(TABLE), bootstrap=Bootstrap(0))
    negated = {s: [-v for v in values] for s, values in TABLE.items()}
    lower = system_correlation(
        external(negated, higher=False), HUMAN, list(TABLE), bootstrap=Bootstrap(0)
    )
    assert lower.pearson.value == pytest.approx(higher.pearson.value)
    assert lower.accuracy.value == higher.accuracy.value
    assert lower.regression.r == pytest.approx(-higher.regression.r)  # the plotted raw scores
    assert math.isnan(lower.pearson.low)  # no resamples, no interval


def test_segment_human_scores_are_resampled_with_the_segments() -> None:
    human_table = {s: [HUMAN[s] + 0.1 * i for i in range(6)] for s in TABLE}
    result = system_correlation(
        external(TABLE), external(human_table), list(TABLE), bootstrap=Bootstrap(100)
    )
    assert result.human_resampled
    assert result.human_scores == pytest.approx([HUMAN[s] + 0.25 for s in TABLE])


def test_resampled_bleu_statistics_stay_integers() -> None:
    refs = ["the cat sat on the mat", "a dog barks", "it rains today", "we go home now"]
    bleu = BLEU([refs])
    outputs = {
        "good": refs,
        "fair": ["the cat sat on a mat", "a dog barks", "it rains", "we go home"],
        "poor": ["a cat", "dog", "rain today", "home now we go"],
    }
    metric = SegmentStats("BLEU", bleu, {s: bleu.statistics(o) for s, o in outputs.items()})
    counts = next(Bootstrap(5).counts(4))
    resampled = metric.resampled_scores(list(outputs), counts)
    for row, count in zip(resampled, counts, strict=True):
        for column, system in enumerate(outputs):
            expected = bleu.statistics(outputs[system]).take(np.repeat(range(4), count.astype(int)))
            assert row[column] == bleu.scores(expected.total()[None, :])[0]


@pytest.mark.parametrize(
    ("systems", "human", "message"),
    [
        (["a", "b"], HUMAN, "at least 3 systems"),
        (["a", "b", "zz"], HUMAN, "no statistics for system 'zz'"),
        (["a", "b", "c"], {"a": 1.0, "b": 2.0}, "no human score for systems ['c']"),
    ],
)
def test_system_correlation_errors(
    systems: list[str], human: dict[str, float], message: str
) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        system_correlation(external(TABLE), human, systems, bootstrap=Bootstrap(0))


def test_segment_counts_must_agree() -> None:
    short = external({s: v[:5] for s, v in TABLE.items()})
    with pytest.raises(InputError, match="6 segments, human scores 5"):
        system_correlation(external(TABLE), short, list(TABLE))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: pearson([1, 2], [1, 2, 3]), "equal length"),
        (lambda: pearson([1], [1]), "at least 2 values"),
        (lambda: pearson([1, float("nan")], [1, 2]), "finite"),
        (lambda: regression([1, 1, 1], [1, 2, 3]), "all metric scores are equal"),
        (lambda: segment_tau([1.0, 2.0], [1.0, 2.0]), "systems, segments"),
        (lambda: compare_rankings(["a"], [1, 2], [2, 1]), "1 system names for 2 scores"),
    ],
)
def test_input_errors(call: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        call()  # type: ignore[operator]


def test_unknown_variants_are_option_errors() -> None:
    with pytest.raises(OptionError, match="kendall variant must be one of a, b, c"):
        kendall([1, 2, 3], [1, 2, 3], "d")
    with pytest.raises(OptionError, match="metric ties"):
        segment_tau([[1.0]], [[1.0]], ties="ignore")


def test_stats_of_unequal_lengths_are_refused() -> None:
    with pytest.raises(InputError, match="different numbers of segments"):
        SegmentStats(
            "x",
            external(TABLE).metric,
            {
                "a": Stats(("sum", "count"), np.ones((2, 2))),
                "b": Stats(("sum", "count"), np.ones((3, 2))),
            },
        )


def test_constant_metric_gives_undefined_statistics_not_an_error() -> None:
    constant = external({s: [0.5] * 6 for s in TABLE})
    result = system_correlation(constant, HUMAN, list(TABLE), bootstrap=Bootstrap(20))
    assert math.isnan(result.pearson.value)
    assert math.isnan(result.regression.slope)
    assert result.kendall_variant.value == "b"
    assert result.undefined_resamples == 20
    assert result.accuracy.value == 0.0  # every metric pair tied, no human pair tied


def test_undefined_human_system_score_is_an_error() -> None:
    human = external({"a": [1.0] * 6, "b": [2.0] * 6, "c": [float("nan")] * 6})
    with pytest.raises(
        InputError, match=r"human score undefined \(no scored segment\?\) for \['c'\]"
    ):
        system_correlation(external(TABLE), human, ["a", "b", "c"], bootstrap=Bootstrap(0))
