"""Metric clusters: metrics ranked by a statistic, those not significantly apart ranked together.

The WMT metrics findings (Freitag et al. 2021-2024) present metrics in clusters; the rule is
mt-metrics-eval's ``AssignRanks``: with metrics sorted by decreasing statistic and ``p[i, j]``
(``i < j``) the p-value that metric j is at least as good as metric i, metric j opens a new
cluster (rank + 1) when some metric of the current cluster beats it with ``p <= alpha``;
otherwise it joins the current cluster. Ranks are therefore not transitive closures: a metric
may share a rank with one it is significantly below, if that one is not the first of its
cluster to beat it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.meta.compare import MetricComparison
from parbleu.options import check_number

__all__ = ["MetricRanking", "assign_ranks", "rank_metrics"]


def assign_ranks(p_values: FloatArray, alpha: float = 0.05) -> list[int]:
    """Cluster ranks (1 = best) from the upper triangle of sorted p-values."""
    check_number(alpha, "alpha", minimum=0.0)
    ranks, rank, start = [], 1, 0
    for j in range(len(p_values)):
        if (p_values[start:j, j] <= alpha).any():
            rank += 1
            start = j
        ranks.append(rank)
    return ranks


@dataclass(frozen=True)
class MetricRanking:
    """Metrics by decreasing statistic, their cluster ranks and the tests between them."""

    names: tuple[str, ...]
    values: tuple[float, ...]
    ranks: tuple[int, ...]
    p_values: FloatArray  # p[i, j], i < j: metric j at least as good as metric i
    comparisons: Mapping[tuple[str, str], MetricComparison]  # (better, worse)
    alpha: float

    def rank(self, name: str) -> int:
        """The cluster rank of a metric."""
        return self.ranks[self.names.index(name)]


def rank_metrics(
    values: Mapping[str, float],
    compare: Callable[[str, str], MetricComparison] | None = None,
    alpha: float = 0.05,
) -> MetricRanking:
    """Sort by decreasing value (then name) and cluster with ``compare(better, worse)``.

    Without `compare` (no significance test), every metric has its own rank.
    """
    names = tuple(sorted(values, key=lambda name: (-values[name], name)))
    size = len(names)
    p = np.zeros((size, size))
    comparisons: dict[tuple[str, str], MetricComparison] = {}
    if compare is not None:
        for i in range(size):
            for j in range(i + 1, size):
                result = compare(names[i], names[j])
                comparisons[names[i], names[j]] = result
                p[i, j] = result.p_value
        ranks = assign_ranks(p, alpha)
    else:
        ranks = list(range(1, size + 1))
    return MetricRanking(
        names, tuple(values[n] for n in names), tuple(ranks), p, comparisons, alpha
    )
