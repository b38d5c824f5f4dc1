"""Pairwise statistics with ties, grouped as WMT groups them; exact, over every pair.

Deutsch, Foster and Freitag (2023, "Ties Matter: Meta-Evaluating Modern Metrics with Pairwise
Accuracy and Tie Calibration") count, over pairs of items, those the metric orders as the
humans do (concordant, C), the other way (discordant, D), and those tied in the human scores
only (T_h), in the metric only (T_m) or in both (T_hm). With P the number of pairs:

* ``acc_eq = (C + T_hm) / P`` (their acc_eq, mt-metrics-eval's ``acc23``): a tie is right
  only when both sides tie;
* ``tau_eq = (C + T_hm - D - T_h - T_m) / P`` (``tau23``), which is ``2 acc_eq - 1``;
* Kendall's ``tau_a = (C - D) / P``, ``tau_b = (C - D) / sqrt(P - X) / sqrt(P - Y)`` with
  X = T_m + T_hm and Y = T_h + T_hm (NaN when every pair ties on one side), and Stuart's
  ``tau_c = 2 (C - D) / (n^2 (k - 1) / k)``, k the smaller number of distinct values.

A metric difference of at most ``epsilon`` counts as a metric tie (tie calibration,
`parbleu.meta.ties`); ``tau_c`` is not defined then (NaN), as mt-metrics-eval refuses it.

Scores come as ``(systems, segments)`` arrays, human scores NaN (or None) where there are
none; such entries leave every pair they are in, as mt-metrics-eval filters None gold
scores. `Grouping` is mt-metrics-eval's ``average_by``: ``none`` pools every (system,
segment) entry into one group, ``item`` makes a group of the systems on each segment,
``sys`` a group of the segments of each system; a grouped statistic is the mean over the
groups with at least one pair where it is defined.

The counts take O(n log^2 n) array passes (`parbleu.meta.counting`), never a loop over pairs:
sort by (group, metric, human); the metric ties of each entry are a window found by binary
search; concordant pairs beyond it are prefix counts of greater human ranks. Groups of at
most 64 entries (the systems on a segment) are compared pair by pair in one padded matrix
instead, which is cheaper at that size.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.errors import InputError
from parbleu.meta.counting import (
    DENSE_WIDTH,
    dense_counts,
    prefix_greater,
    run_ends,
    run_starts,
    window_ends,
)
from parbleu.options import Choice, check_number, coerce_enum

__all__ = [
    "Grouping",
    "PairCounts",
    "PairStatistic",
    "PairTable",
    "ScoreGroups",
    "group_scores",
    "pair_counts",
    "pair_table",
]


class Grouping(Choice):
    """How entries are grouped into pairs (mt-metrics-eval's ``average_by``)."""

    NONE = "none"  # every (system, segment) entry in one group
    ITEM = "item"  # for each segment, the systems
    SYS = "sys"  # for each system, the segments


class PairStatistic(Choice):
    """A statistic of pair counts."""

    ACC_EQ = "acc_eq"
    TAU_EQ = "tau_eq"
    TAU_A = "tau_a"
    TAU_B = "tau_b"
    TAU_C = "tau_c"


@dataclass(frozen=True)
class ScoreGroups:
    """The entries with a human score, as (group, human, metric), and the number of groups."""

    group: IntArray
    human: FloatArray
    metric: FloatArray
    n_groups: int
    grouping: Grouping = Grouping.NONE


def _matrix(values: npt.ArrayLike, name: str) -> FloatArray:
    try:
        array: FloatArray = np.array(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"{name} scores must be numbers or None ({exc})") from None
    return array


def _checked(human: npt.ArrayLike, metric: npt.ArrayLike) -> tuple[FloatArray, FloatArray]:
    h, m = _matrix(human, "human"), _matrix(metric, "metric")
    if h.shape != m.shape or h.ndim not in (1, 2):
        raise InputError(
            f"human and metric scores must be arrays of one shape, (systems, segments) or a "
            f"vector; got {h.shape} and {m.shape}"
        )
    rated = ~np.isnan(h)
    if not np.isfinite(h[rated]).all():
        raise InputError("human scores must be finite numbers or None/NaN (not rated)")
    bad = rated & ~np.isfinite(m)
    if bad.any():
        where = np.argwhere(bad)[0]
        raise InputError(
            f"metric score at {tuple(int(i) for i in where)} is {m[tuple(where)]} where a "
            "human score exists; metric scores must be finite numbers"
        )
    return h, m


def group_scores(
    human: npt.ArrayLike, metric: npt.ArrayLike, grouping: Grouping | str = Grouping.NONE
) -> ScoreGroups:
    """The rated entries of ``(systems, segments)`` arrays (or vectors: one group) by group."""
    kind = coerce_enum(Grouping, grouping, "grouping")
    h, m = _checked(human, metric)
    if h.ndim == 1:
        h, m = h[None, :], m[None, :]
        kind = Grouping.NONE
    systems, segments = h.shape
    if kind is Grouping.NONE:
        group = np.zeros(h.shape, dtype=np.int64)
        n_groups = 1
    elif kind is Grouping.SYS:
        group = np.repeat(np.arange(systems, dtype=np.int64), segments).reshape(h.shape)
        n_groups = systems
    else:
        group = np.tile(np.arange(segments, dtype=np.int64), systems).reshape(h.shape)
        n_groups = segments
    rated = ~np.isnan(h)
    return ScoreGroups(group[rated], h[rated], m[rated], n_groups, kind)


@dataclass(frozen=True)
class PairCounts:
    """Counts of the pairs of one group (or totals): the five kinds add up to `pairs`."""

    concordant: int
    discordant: int
    ties_human: int  # tied in the human scores only
    ties_metric: int  # tied in the metric scores only
    ties_both: int
    size: int = 0  # entries (0 for totals over groups)
    classes: int = 0  # fewer distinct values of the two sides (tau-c; 0 for totals)
    epsilon: float = 0.0

    @property
    def pairs(self) -> int:
        """All pairs."""
        return (
            self.concordant + self.discordant + self.ties_human + self.ties_metric + self.ties_both
        )

    def statistic(self, statistic: PairStatistic | str) -> float:
        """One statistic of these counts (NaN where undefined)."""
        kind = coerce_enum(PairStatistic, statistic, "statistic")
        size, classes, c, d, th, tm, tb = (np.array([v], dtype=np.int64) for v in self._columns())
        table = PairTable(size, classes, c, d, th, tm, tb, self.epsilon)
        return float(table.values(kind)[0])

    def _columns(self) -> tuple[int, ...]:
        return (
            self.size,
            self.classes,
            self.concordant,
            self.discordant,
            self.ties_human,
            self.ties_metric,
            self.ties_both,
        )

    @property
    def acc_eq(self) -> float:
        """``(C + T_hm) / P``."""
        return self.statistic(PairStatistic.ACC_EQ)

    @property
    def tau_eq(self) -> float:
        """``(C + T_hm - D - T_h - T_m) / P``."""
        return self.statistic(PairStatistic.TAU_EQ)


@dataclass(frozen=True)
class PairTable:
    """Pair counts of every group: one array entry per group."""

    size: IntArray
    classes: IntArray
    concordant: IntArray
    discordant: IntArray
    ties_human: IntArray
    ties_metric: IntArray
    ties_both: IntArray
    epsilon: float = 0.0

    @property
    def pairs(self) -> IntArray:
        """Pairs per group."""
        total: IntArray = self.size * (self.size - 1) // 2
        return total

    def group(self, index: int) -> PairCounts:
        """The counts of one group."""
        return PairCounts(
            int(self.concordant[index]),
            int(self.discordant[index]),
            int(self.ties_human[index]),
            int(self.ties_metric[index]),
            int(self.ties_both[index]),
            int(self.size[index]),
            int(self.classes[index]),
            self.epsilon,
        )

    def totals(self) -> PairCounts:
        """The counts summed over groups."""
        return PairCounts(
            int(self.concordant.sum()),
            int(self.discordant.sum()),
            int(self.ties_human.sum()),
            int(self.ties_metric.sum()),
            int(self.ties_both.sum()),
            epsilon=self.epsilon,
        )

    def values(self, statistic: PairStatistic | str) -> FloatArray:
        """The statistic of each group; NaN where undefined (no pair, all tied, tau-c)."""
        kind = coerce_enum(PairStatistic, statistic, "statistic")
        c, d = self.concordant.astype(np.float64), self.discordant.astype(np.float64)
        th, tm, tb = self.ties_human, self.ties_metric, self.ties_both
        total = self.pairs.astype(np.float64)
        x_ties, y_ties = tm + tb, th + tb
        degenerate = (self.pairs == 0) | (x_ties == self.pairs) | (y_ties == self.pairs)
        with np.errstate(invalid="ignore", divide="ignore"):
            if kind is PairStatistic.ACC_EQ:
                value = (c + tb) / total
            elif kind is PairStatistic.TAU_EQ:
                value = (c + tb - d - th - tm) / total
            elif kind is PairStatistic.TAU_A:
                value = (c - d) / total
            elif kind is PairStatistic.TAU_B:
                value = (c - d) / np.sqrt(total - x_ties) / np.sqrt(total - y_ties)
                value = np.where(degenerate, np.nan, value)
            else:
                k = self.classes
                value = 2 * (c - d) / (self.size**2 * (k - 1) / k)
                value = np.where(degenerate | (self.epsilon > 0), np.nan, value)
        result: FloatArray = np.where(self.pairs > 0, value, np.nan)
        return result

    def average(self, statistic: PairStatistic | str, *, nan_as_zero: bool = False) -> float:
        """Mean over groups with a defined value (or counting undefined ones as 0)."""
        values = self.values(statistic)[self.pairs > 0]
        if nan_as_zero:
            values = np.nan_to_num(values, nan=0.0)
        values = values[~np.isnan(values)]
        return float(values.mean()) if values.size else float("nan")


def _per_group(groups: IntArray, values: IntArray, n_groups: int) -> IntArray:
    sums: IntArray = np.bincount(groups, weights=values, minlength=n_groups).astype(np.int64)
    return sums


def count_groups(
    scores: ScoreGroups, epsilon: float = 0.0, *, dense: bool | None = None
) -> PairTable:
    """`PairTable` of grouped scores, every pair counted.

    Small groups (``item``) are compared pair by pair in one padded matrix; otherwise the
    counts take O(n log^2 n) array passes. ``dense`` forces one way (None: the cheaper).
    """
    eps = check_number(epsilon, "epsilon", minimum=0.0)
    g, h, m, n = scores.group, scores.human, scores.metric, scores.n_groups
    counted = dense_counts(g, h, m, n, eps) if dense is not False else None
    if counted is not None:
        size, distinct_m, distinct_h, c, d, th, tm, tb = counted
        return PairTable(size, np.minimum(distinct_m, distinct_h), c, d, th, tm, tb, eps)
    if dense:
        raise InputError(f"groups too large to count densely (at most {DENSE_WIDTH} entries)")
    return _sorted_counts(scores, eps)


def _sorted_counts(scores: ScoreGroups, eps: float) -> PairTable:
    """Counts by sorting (window ends, merge-sort tree): any group size."""
    g, h, m, n = scores.group, scores.human, scores.metric, scores.n_groups
    by_metric = np.lexsort((h, m, g))
    g1, h1, m1 = g[by_metric], h[by_metric], m[by_metric]
    size = np.bincount(g, minlength=n).astype(np.int64)
    group_end = np.cumsum(size)[g1]
    position = np.arange(len(g1), dtype=np.int64)
    metric_window = window_ends(m1, group_end, eps)  # first entry beyond the metric tie
    ties_metric = _per_group(g1, metric_window - position - 1, n)

    by_human = np.lexsort((m, h, g))
    g2, h2, m2 = g[by_human], h[by_human], m[by_human]
    class_end = run_ends(g2, h2)
    ties_human = _per_group(g2, class_end - position - 1, n)
    ties_both = _per_group(g2, window_ends(m2, class_end, eps) - position - 1, n)

    ranks = np.unique(h1, return_inverse=True)[1].astype(np.int64).ravel()
    greater = prefix_greater(
        ranks, np.concatenate([group_end, metric_window]), np.concatenate([ranks, ranks])
    )
    beyond = greater[: len(ranks)] - greater[len(ranks) :]
    concordant = _per_group(g1, beyond, n)
    pairs = size * (size - 1) // 2
    discordant = pairs - concordant - ties_metric - ties_human + ties_both
    distinct_metric = _per_group(g1, run_starts(g1, m1).astype(np.int64), n)
    distinct_human = _per_group(g2, run_starts(g2, h2).astype(np.int64), n)
    return PairTable(
        size=size,
        classes=np.minimum(distinct_metric, distinct_human),
        concordant=concordant,
        discordant=discordant,
        ties_human=ties_human - ties_both,
        ties_metric=ties_metric - ties_both,
        ties_both=ties_both,
        epsilon=eps,
    )


def pair_table(
    human: npt.ArrayLike,
    metric: npt.ArrayLike,
    grouping: Grouping | str = Grouping.NONE,
    *,
    epsilon: float = 0.0,
    dense: bool | None = None,
) -> PairTable:
    """Pair counts of every group of ``(systems, segments)`` scores (human NaN/None: unrated).

    Both sides must be oriented higher-is-better. A metric difference ``<= epsilon`` is a tie.
    """
    return count_groups(group_scores(human, metric, grouping), epsilon, dense=dense)


def pair_counts(human: npt.ArrayLike, metric: npt.ArrayLike, *, epsilon: float = 0.0) -> PairCounts:
    """Pair counts of two score vectors (entries with a NaN/None human score left out)."""
    h, m = _checked(human, metric)
    if h.ndim != 1:
        raise InputError(f"pair_counts takes two vectors; got shape {h.shape} (use pair_table)")
    return pair_table(h, m, Grouping.NONE, epsilon=epsilon).group(0)
