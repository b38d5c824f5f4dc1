"""The report's tests of every pair in one pass equal parbleu's tests pair by pair.

Oracles: ``parbleu.significance.paired_bootstrap`` with each system as the baseline (its
p-values and estimates equal sacreBLEU 2.6.0's, tests/significance) and
``paired_randomization`` against the report's baseline; hand maths for the clusters.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parbleu import BLEU, CHRF, TER
from parbleu.report.inputs import ReportInputs, Significance
from parbleu.report.scoring import score_columns
from parbleu.report.significance import metric_tests
from parbleu.significance import paired_bootstrap, paired_randomization
from parbleu.significance.clusters import clusters


@pytest.fixture(scope="module")
def columns(sample: dict[str, Any]) -> Any:
    systems = {**sample["systems"], "fair-copy": sample["systems"]["fair"][::-1]}
    inputs = ReportInputs.create(
        sample["refs"],
        systems,
        metrics=("bleu", "chrf", "ter"),
        scores={"ext": {s: [float(len(x)) for x in lines] for s, lines in systems.items()}},
        baseline="fair",
        significance=Significance(bootstrap=200, trials=300, seed=7),
    )
    return inputs, score_columns(inputs, lambda _: None)


def test_every_pair_equals_paired_bootstrap_with_either_system_as_baseline(columns: Any) -> None:
    inputs, cols = columns
    names = inputs.system_names
    for column in cols:
        tests = metric_tests(column, names, inputs.baseline, inputs.significance)
        for i, baseline in enumerate(names):
            order = [i, *(j for j in range(len(names)) if j != i)]
            oracle = paired_bootstrap(
                column.metric, {names[j]: column.stats[j] for j in order}, n_samples=200, seed=7
            )
            for result, j in zip(oracle.systems, order[1:], strict=True):
                assert tests.bootstrap_p[i][j] == result.p_value, (column.label, baseline, names[j])
            assert tests.bootstrap_p[i][i] is None
            estimate = oracle.baseline.estimate
            assert estimate is not None
            got = tests.estimates[i]
            assert (got.mean, got.lower, got.upper) == (
                estimate.mean,
                estimate.lower,
                estimate.upper,
            )


def test_randomization_against_the_baseline(columns: Any) -> None:
    inputs, cols = columns
    names = inputs.system_names
    base = inputs.baseline
    for column in cols:
        tests = metric_tests(column, names, base, inputs.significance)
        order = [base, *(j for j in range(len(names)) if j != base)]
        oracle = paired_randomization(
            column.metric, {names[j]: column.stats[j] for j in order}, n_trials=300, seed=7
        )
        assert tests.randomization_p[base] is None
        for result, j in zip(oracle.systems, order[1:], strict=True):
            assert tests.randomization_p[j] == result.p_value


def test_metrics_are_scored_as_the_library_scores_them(
    columns: Any, sample: dict[str, Any]
) -> None:
    """Corpus scores: ``corpus_score``; segment scores: ``sentence_score`` (BLEU with
    effective order, as sacreBLEU's sentence_bleu)."""
    inputs, cols = columns
    refs = sample["refs"]
    for column, metric in zip(cols, (BLEU(refs), CHRF(refs), TER(refs)), strict=False):
        for s, lines in enumerate(inputs.systems):
            assert column.corpus[s] == metric.corpus_score(list(lines)).score
    sentence = BLEU(effective_order=True)
    lines = list(inputs.systems[1])
    for seg in (0, 5, 29):
        expected = sentence.sentence_score(lines[seg], [r[seg] for r in refs]).score
        assert cols[0].segments[1, seg] == expected
    assert cols[3].label == "ext"
    assert cols[3].corpus[0] == pytest.approx(sum(map(len, inputs.systems[0])) / 30)


def test_clusters_by_hand() -> None:
    """Scores 30, 29, 20, 19: only 30|29 vs 20|19 separate (every cross pair p < 0.05)."""
    p = [[1, 0.3, 0.01, 0.001], [0.3, 1, 0.02, 0.01], [0.01, 0.02, 1, 0.5], [0.001, 0.01, 0.5, 1]]
    ranking = clusters([30, 29, 20, 19], p, higher_is_better=True, alpha=0.05)
    assert ranking.cluster == (1, 1, 2, 2)
    assert ranking.ranges == ((1, 2), (1, 2), (3, 4), (3, 4))
    # One insignificant cross pair (29 vs 20) merges everything; lower-is-better reverses.
    p[1][2] = p[2][1] = 0.2
    assert clusters([30, 29, 20, 19], p, higher_is_better=True, alpha=0.05).cluster == (1, 1, 1, 1)
    assert clusters(
        [1.0, 2.0], [[1, 0.01], [0.01, 1]], higher_is_better=False, alpha=0.05
    ).order == (0, 1)
    assert clusters([5.0], [[1]], higher_is_better=True, alpha=0.05).ranges == ((1, 1),)


@given(st.data())
def test_clusters_separate_exactly_where_every_cross_pair_is_significant(
    data: st.DataObject,
) -> None:
    """Definition check: between clusters every cross pair has p < alpha; within the
    ranking, every position that is not a boundary has a cross pair with p >= alpha."""
    n = data.draw(st.integers(1, 6))
    scores = data.draw(st.lists(st.floats(0, 100), min_size=n, max_size=n))
    p = [[1.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            p[i][j] = p[j][i] = data.draw(st.sampled_from([0.001, 0.04, 0.05, 0.3]))
    ranking = clusters(scores, p, higher_is_better=True, alpha=0.05)
    order = ranking.order
    assert [scores[i] for i in order] == sorted(scores, reverse=True)
    for k in range(n - 1):
        separated = scores[order[k]] != scores[order[k + 1]] and all(
            p[i][j] < 0.05 for i in order[: k + 1] for j in order[k + 1 :]
        )
        assert (ranking.cluster[order[k]] != ranking.cluster[order[k + 1]]) == separated
    for s in range(n):
        first, last = ranking.ranges[s]
        assert first <= order.index(s) + 1 <= last
