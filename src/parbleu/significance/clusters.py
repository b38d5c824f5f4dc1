"""Significance clusters: systems ranked together unless the data separate them (WMT style).

WMT's findings papers (e.g. Barrault et al., 2019, section 3) present rankings as clusters:
systems are ordered by score, and a line is drawn between two groups only where every system
above it is significantly better than every system below it. The rule here, exactly:

1. order the systems by score, best first (ties keep the order given);
2. put a boundary between positions ``k`` and ``k + 1`` if and only if, for every system ``i``
   at positions ``0 .. k`` and every system ``j`` at positions ``k + 1 ..``, the paired test
   says ``p(i, j) < alpha``, and the scores on either side of it differ (two systems of
   equal score are never separated: sacreBLEU's bootstrap p-value, which counts resampled
   differences strictly above the observed one, gives identical outputs p = 1 / (n + 1));
3. a cluster is a maximal run of positions without a boundary; its systems share the rank
   range ``first position + 1`` to ``last position + 1`` (``1-3``), as WMT prints it.

So each system of a cluster is significantly better than every system of every lower cluster,
while systems inside one cluster need not all be indistinguishable from each other (the first
and the last may differ significantly when a middle system links them).

    >>> clusters([30.0, 20.0, 29.0], [[1, 0.001, 0.4], [0.001, 1, 0.01], [0.4, 0.01, 1]],
    ...          higher_is_better=True, alpha=0.05).ranges
    ((1, 2), (3, 3), (1, 2))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Ranking", "clusters"]


@dataclass(frozen=True)
class Ranking:
    """Systems ordered best first, with each system's cluster (1 = best) and rank range."""

    order: tuple[int, ...]
    cluster: tuple[int, ...]  # per system, in input order
    ranges: tuple[tuple[int, int], ...]  # per system, in input order


def clusters(
    scores: Sequence[float],
    p_values: Sequence[Sequence[float]],
    *,
    higher_is_better: bool,
    alpha: float,
) -> Ranking:
    """Rank systems by score and group them as the module docstring says.

    Args:
        scores: one corpus score per system.
        p_values: ``p_values[i][j]``, the paired test of systems ``i`` and ``j`` (symmetric).
        higher_is_better: whether larger scores rank first.
        alpha: significance level.
    """
    sign = -1.0 if higher_is_better else 1.0
    order = sorted(range(len(scores)), key=lambda i: (sign * scores[i], i))
    boundaries = [
        scores[order[k]] != scores[order[k + 1]]
        and all(p_values[i][j] < alpha for i in order[: k + 1] for j in order[k + 1 :])
        for k in range(len(order) - 1)
    ]
    cluster = [0] * len(scores)
    ranges = [(0, 0)] * len(scores)
    start, number = 0, 1
    for position in range(len(order)):
        if position == len(order) - 1 or boundaries[position]:
            for k in range(start, position + 1):
                cluster[order[k]] = number
                ranges[order[k]] = (start + 1, position + 1)
            start, number = position + 1, number + 1
    return Ranking(tuple(order), tuple(cluster), tuple(ranges))
