"""Soft pairwise accuracy, tests between metrics and clusters, against their oracles.

Oracles: mt-metrics-eval's unit tests (``testPairwiseConfidenceError``: SPA 0.872 for
2 systems x 3 segments with seed 4 and 1,000 permutations; ``WilliamsSigDiffTest``:
p 0.019 / 0.121 with r 0.999, 0.987 / 0.982, 0.933; ``PermutationSigDiffTest``: the p-value
is the fraction of draws at least the observed delta), the one-permutation-at-a-time SPA
oracle (tests/oracles/meta_pairs.spa), and hand maths for p-values and cluster ranks.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.errors import InputError
from parbleu.meta.clusters import assign_ranks, rank_metrics
from parbleu.meta.compare import (
    MetricComparison,
    Permutations,
    pairs_permutation,
    perm_both,
    williams,
)
from parbleu.meta.grouped import grouped_pearson
from parbleu.meta.spa import pairwise_p_values, sign_matrix, soft_pairwise_accuracy
from parbleu.meta.ties import calibrate_ties
from tests.oracles import meta_pairs as oracle


def test_known_answer_of_spa() -> None:
    """mt-metrics-eval testPairwiseConfidenceError: 0.872 (seed 4, 1,000 permutations)."""
    result = soft_pairwise_accuracy([[1, 2, 3], [2, 3, 4]], [[2, 2, 4], [1, 3, 5]])
    assert round(result.value, 3) == 0.872
    # Hand maths: the humans put system 0 below system 1 on every segment, so every
    # permuted difference is at least the observed -3: p(0 > 1) = 1.
    assert result.human_p[0, 1] == 1.0
    assert result.metric_p[0, 1] == pytest.approx(0.872)
    assert (result.permutations, result.seed, result.segments) == (1000, 4, 3)


def test_sign_matrix_is_mt_metrics_evals() -> None:
    """float32 -1/+1, rint of default_rng(seed).random(float32) (mt-metrics-eval's pce.py)."""
    signs = sign_matrix(5, 7, seed=4)
    raw = np.random.default_rng(4).random(size=(5, 7), dtype=np.float32)
    assert signs.dtype == np.float32
    assert (signs == np.where(raw >= 0.5, 1.0, -1.0)).all()


@settings(max_examples=25, deadline=None)
@given(
    st.integers(2, 4).flatmap(
        lambda s: st.tuples(
            st.lists(st.lists(st.integers(-5, 5), min_size=4, max_size=4), min_size=s, max_size=s),
            st.lists(st.lists(st.integers(-5, 5), min_size=4, max_size=4), min_size=s, max_size=s),
        )
    )
)
def test_spa_matches_the_oracle(data: tuple[list[list[int]], list[list[int]]]) -> None:
    """SPA one permutation and one pair at a time (oracle: meta_pairs.spa, 200 draws)."""
    human, metric = data
    got = soft_pairwise_accuracy(human, metric, permutations=200).value
    assert got == pytest.approx(oracle.spa(human, metric, permutations=200), abs=1e-12)


def test_spa_leaves_out_segments_some_system_lacks() -> None:
    """A segment without a human score for one system leaves for all (hand maths)."""
    human = np.array([[1, 2, np.nan, 3], [2, 3, 4, 4]])
    metric = np.array([[2, 2, 9, 4], [1, 3, -9, 5]])
    result = soft_pairwise_accuracy(human, metric)
    assert result.segments == 3
    kept = soft_pairwise_accuracy(human[:, [0, 1, 3]], metric[:, [0, 1, 3]])
    assert result.value == kept.value
    with pytest.raises(InputError, match="two systems"):
        soft_pairwise_accuracy([[1, 2]], [[1, 2]])


def test_p_values_fill_the_upper_triangle() -> None:
    """p[i, j] for i < j only; identical systems: every null delta >= 0, p = 1."""
    p = pairwise_p_values([[1, 2, 3], [1, 2, 3], [0, 0, 0]], permutations=50)
    assert p[0, 1] == 1.0
    assert np.isnan(p[1, 0])
    assert np.isnan(p[0, 0])


def test_known_answers_of_williams() -> None:
    """mt-metrics-eval WilliamsSigDiffTest (3 places)."""
    plain = williams([1, 2, 3, 4, 5], [1.1, 2, 3.1, 4, 5.1], [1.5, 2, 3.1, 4, 5.5])
    assert (round(plain.p_value, 3), round(plain.first, 3), round(plain.second, 3)) == (
        0.019,
        0.999,
        0.987,
    )
    gold = np.array([1, None, 3, 4, 5, 6], dtype=float).reshape(3, 2)
    first = np.array([1, 2, 3, 3, 7, 3.0]).reshape(3, 2)
    second = np.array([2, 1, 2, 6, 8, 8.0]).reshape(3, 2)
    averaged = williams(gold, first, second, "item")
    assert (round(averaged.p_value, 3), round(averaged.first, 3), round(averaged.second, 3)) == (
        0.121,
        0.982,
        0.933,
    )


GOLD = np.array([1, 2, 3, 4, 5, 5, 7, 8.0]).reshape(4, 2)
METRIC1 = np.array([1, 2, 3, 3, 7, 3, 5, 5.0]).reshape(4, 2)
METRIC2 = np.array([2, 1, 2, 6, 8, 8, 7, 6.0]).reshape(4, 2)


def test_perm_both_p_value_is_the_fraction_of_draws() -> None:
    """mt-metrics-eval PermutationSigDiffTest: delta, draws, and p = share with c2-c1 >= d."""
    rated = np.ones(GOLD.shape, dtype=bool)

    def statistic(m: np.ndarray) -> float:
        return grouped_pearson(GOLD, m)

    settings_ = Permutations(1000, block_size=1000)
    result = perm_both(statistic, METRIC2, METRIC1, rated, settings_)
    assert result.delta == pytest.approx(
        grouped_pearson(GOLD, METRIC2) - grouped_pearson(GOLD, METRIC1)
    )
    assert result.used == 1000
    share = np.mean(result.draws[:, 0] - result.draws[:, 1] >= result.delta)
    assert result.p_value == pytest.approx(share)
    assert 0 < result.p_value < 1


def test_perm_both_stops_early() -> None:
    """Identical metrics: every draw ties the observed 0, p = 1 > 0.5: stop at the first block."""
    result = perm_both(
        lambda m: grouped_pearson(GOLD, m),
        METRIC1,
        METRIC1,
        np.ones(GOLD.shape, dtype=bool),
        Permutations(1000, block_size=50),
    )
    assert (result.p_value, result.used) == (1.0, 50)


def test_pairs_permutation_delta_and_p_value() -> None:
    """PairwisePermutationSigDiffTest: delta = difference of calibrated acc_eq; p = share."""
    gold = np.array([1, 3, 3, 3, 1, 2, 1, 2.0]).reshape(4, 2)
    first = np.array([2, 4, 6, 6, 2, 6, 3, 7.0]).reshape(4, 2)
    second = np.array([1, 5, 4, 4, 4, 3, 2, 1.0]).reshape(4, 2)
    a = calibrate_ties(gold, first, "item")
    b = calibrate_ties(gold, second, "item")
    result = pairs_permutation(
        gold,
        second,
        first,
        grouping="item",
        epsilons=(b.epsilon, a.epsilon),
        settings=Permutations(400, block_size=400),
    )
    assert result.delta == pytest.approx(b.value - a.value)
    share = np.mean(result.draws[:, 0] - result.draws[:, 1] >= result.delta - 1e-12)
    assert result.p_value == pytest.approx(share)
    middle = (result.draws[:, 0] + result.draws[:, 1]) / 2
    assert middle == pytest.approx(np.full(400, (a.value + b.value) / 2))


def test_assign_ranks_by_hand() -> None:
    """mt-metrics-eval AssignRanks: a new rank when the current cluster beats the metric."""
    p = np.array(
        [
            [0, 0.5, 0.01, 0.001],
            [0, 0, 0.2, 0.04],
            [0, 0, 0, 0.3],
            [0, 0, 0, 0],
        ]
    )
    assert assign_ranks(p) == [1, 1, 2, 2]  # metric 3: only metric 2 (p 0.3) is its cluster
    assert assign_ranks(np.zeros((3, 3))) == [1, 2, 3]
    assert assign_ranks(np.ones((3, 3))) == [1, 1, 1]


def test_rank_metrics_orders_and_clusters() -> None:
    """Decreasing value, name breaks ties; compare(better, worse) fills p[i, j]."""

    def compare(better: str, worse: str) -> MetricComparison:
        p = 0.01 if (better, worse) == ("A", "C") else 0.5
        return MetricComparison(p, 0.0, np.zeros((0, 2)))

    ranking = rank_metrics({"C": 0.1, "B": 0.5, "A": 0.5}, compare)
    assert ranking.names == ("A", "B", "C")
    assert ranking.ranks == (1, 1, 2)
    assert ranking.rank("C") == 2
    assert rank_metrics({"x": 1.0, "y": 2.0}).ranks == (1, 2)
