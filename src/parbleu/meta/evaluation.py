"""Every statistic of one metric against human scores, as the WMT metrics tasks compute them.

System level (one score per system): Pearson, Spearman, Kendall's tau-b, pairwise accuracy
(Kocmi et al. 2021) and soft pairwise accuracy (`parbleu.meta.spa`, from the segment scores).
Segment level, for each `Grouping`: Pearson's r, Kendall's tau-b, acc_eq and tau_eq at
epsilon 0 and at the calibrated (or given) epsilon (`parbleu.meta.ties`), with the pair
counts there. A grouped statistic is a mean over groups; its interval is the percentile
bootstrap over those groups (segments for ``item``, systems for ``sys``) with the epsilon
held fixed; the ``none`` grouping is one group and has no interval.

Scores are oriented higher-is-better before they come here (lower-is-better metrics negated).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.meta.correlation import kendall, pairwise_accuracy, pearson, spearman
from parbleu.meta.grouped import group_pearson
from parbleu.meta.pairs import (
    Grouping,
    PairCounts,
    PairStatistic,
    PairTable,
    count_groups,
    group_scores,
)
from parbleu.meta.spa import SPA_PERMUTATIONS, SPA_SEED, soft_pairwise_accuracy
from parbleu.meta.systems import Bootstrap, Interval
from parbleu.meta.ties import calibrate_groups

__all__ = [
    "GroupedResult",
    "HumanScores",
    "MetricEvaluation",
    "MetricScores",
    "SystemResult",
    "evaluate_metric",
    "group_interval",
]


@dataclass(frozen=True)
class HumanScores:
    """Human scores of systems (in one order): per system, and per segment (NaN: unrated)."""

    name: str
    systems: tuple[str, ...]
    system: FloatArray  # (systems,)
    segment: FloatArray  # (systems, segments)

    def __post_init__(self) -> None:
        if len(self.systems) < 2:
            raise InputError(
                f"need two systems or more with human scores {self.name!r}; got "
                f"{len(self.systems)} ({', '.join(self.systems) or 'none'})"
            )
        if self.segment.shape[0] != len(self.systems) or len(self.system) != len(self.systems):
            raise InputError("human scores must have one row per system")


@dataclass(frozen=True)
class MetricScores:
    """A metric's scores of the same systems, oriented higher-is-better."""

    name: str
    system: FloatArray  # (systems,)
    segment: FloatArray  # (systems, segments)


@dataclass(frozen=True)
class SystemResult:
    """System-level agreement."""

    pearson: float
    spearman: float
    kendall: float  # tau-b
    accuracy: float  # pairwise accuracy
    spa: float  # soft pairwise accuracy (NaN without segment scores)


@dataclass(frozen=True)
class GroupedResult:
    """Segment-level statistics of one grouping."""

    grouping: Grouping
    groups: int  # groups with at least one pair
    epsilon: float
    calibrated: bool  # epsilon maximises acc_eq (else given)
    pearson: Interval
    kendall: Interval  # tau-b at epsilon 0
    acc_eq_untied: float  # acc_eq at epsilon 0
    acc_eq: Interval  # at epsilon
    tau_eq: Interval  # at epsilon
    counts: PairCounts  # totals at epsilon


@dataclass(frozen=True)
class MetricEvaluation:
    """All statistics of one metric."""

    metric: str
    system: SystemResult
    segment: tuple[GroupedResult, ...]


def group_interval(values: FloatArray, bootstrap: Bootstrap) -> Interval:
    """Mean of the defined per-group values and its percentile bootstrap over groups."""
    defined = values[~np.isnan(values)]
    if not defined.size:
        return Interval(float("nan"), float("nan"), float("nan"))
    mean = float(defined.mean())
    if len(defined) < 2 or bootstrap.n_resamples == 0:
        return Interval(mean, float("nan"), float("nan"))
    rng = np.random.default_rng(bootstrap.seed)
    draws = rng.integers(0, len(defined), size=(bootstrap.n_resamples, len(defined)))
    return Interval(mean, *bootstrap.interval(defined[draws].mean(axis=1)))


def _system_level(human: HumanScores, metric: MetricScores, spa: tuple[int, int]) -> SystemResult:
    h, m = human.system, metric.system
    value = float("nan")
    if len(human.systems) >= 2 and (~np.isnan(human.segment).any(axis=0)).any():
        value = soft_pairwise_accuracy(
            human.segment, metric.segment, permutations=spa[0], seed=spa[1]
        ).value
    return SystemResult(
        pearson(m, h), spearman(m, h), kendall(m, h, "b"), pairwise_accuracy(m, h).accuracy, value
    )


def _grouped(
    human: HumanScores,
    metric: MetricScores,
    grouping: Grouping,
    epsilon: float | None,
    bootstrap: Bootstrap,
) -> GroupedResult:
    scores = group_scores(human.segment, metric.segment, grouping)
    untied = count_groups(scores)
    if epsilon is None:
        table: PairTable = calibrate_groups(scores, untied=untied).table
    else:
        table = count_groups(scores, epsilon)
    paired = untied.pairs > 0
    return GroupedResult(
        grouping=grouping,
        groups=int(paired.sum()),
        epsilon=table.epsilon,
        calibrated=epsilon is None,
        pearson=group_interval(group_pearson(scores)[paired], bootstrap),
        kendall=group_interval(untied.values(PairStatistic.TAU_B)[paired], bootstrap),
        acc_eq_untied=untied.average(PairStatistic.ACC_EQ),
        acc_eq=group_interval(table.values(PairStatistic.ACC_EQ)[paired], bootstrap),
        tau_eq=group_interval(table.values(PairStatistic.TAU_EQ)[paired], bootstrap),
        counts=table.totals(),
    )


def evaluate_metric(
    human: HumanScores,
    metric: MetricScores,
    groupings: Sequence[Grouping] = tuple(Grouping),
    *,
    epsilon: float | None = None,
    bootstrap: Bootstrap | None = None,
    spa_permutations: int = SPA_PERMUTATIONS,
    spa_seed: int = SPA_SEED,
) -> MetricEvaluation:
    """System- and segment-level statistics of one metric (``epsilon=None``: calibrated)."""
    if metric.segment.shape != human.segment.shape or len(metric.system) != len(human.system):
        raise InputError(
            f"{metric.name}: scores of shape {metric.segment.shape}, human scores "
            f"{human.segment.shape}"
        )
    settings = bootstrap if bootstrap is not None else Bootstrap()
    return MetricEvaluation(
        metric=metric.name,
        system=_system_level(human, metric, (spa_permutations, spa_seed)),
        segment=tuple(_grouped(human, metric, g, epsilon, settings) for g in groupings),
    )
