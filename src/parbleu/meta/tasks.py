"""The WMT23 and WMT24 metrics-task definitions, their weighted average and its clusters.

mt-metrics-eval's ``tasks.WMT23`` and ``tasks.WMT24`` (the official meta-evaluations of the
WMT23 and WMT24 metrics shared tasks, Freitag et al. 2023, 2024):

* **WMT23**: system-level pairwise accuracy pooled over all language pairs (weight: the
  number of pairs), then for each pair system-level Pearson, segment-level Pearson (no
  grouping) and segment-level tie-calibrated acc_eq grouped by item (weight 1 each).
* **WMT24**: for each pair, soft pairwise accuracy and segment-level tie-calibrated acc_eq
  grouped by item, all weighted equally.

Weights are normalised to sum to 1. An undefined statistic (the correlation of a constant
metric) counts as 0, as mt-metrics-eval averages it. The average maps each task's statistic
to [0, 1] by its range (correlations ``(r + 1) / 2``, accuracies as they are) and sums them
by weight, over the metrics present in every task. Each task ranks its metrics in
significance clusters (`parbleu.meta.clusters`): tie-calibrated accuracy with the pairs
permutation test, the others with PERM-BOTH (`parbleu.meta.compare`). The average's
clusters reuse every task's resamples (mt-metrics-eval's ``AverageCorrMatrix``): the
weighted sum over tasks of the normalised differences of the hybrids, a task that stopped
early repeating its draws.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.meta.clusters import MetricRanking, rank_metrics
from parbleu.meta.compare import MetricComparison, Permutations, pairs_permutation, perm_both
from parbleu.meta.correlation import pearson
from parbleu.meta.evaluation import HumanScores, MetricScores
from parbleu.meta.grouped import grouped_pearson
from parbleu.meta.pairs import Grouping
from parbleu.meta.spa import (
    pairwise_p_values,
    sign_matrix,
    soft_pairwise_accuracy,
    spa_from_p_values,
)
from parbleu.meta.ties import calibrate_ties
from parbleu.options import Choice, coerce_enum

__all__ = [
    "LanguagePair",
    "Task",
    "TaskKind",
    "TaskPreset",
    "TaskResult",
    "average_tasks",
    "run_task",
    "task_set",
]


class TaskKind(Choice):
    """A statistic of a task."""

    SYSTEM_ACCURACY = "sys-accuracy"  # pooled over the task's language pairs
    SYSTEM_PEARSON = "sys-pearson"
    SEGMENT_PEARSON = "seg-pearson"  # no grouping
    SEGMENT_ACC_T = "seg-acc-t"  # tie-calibrated acc_eq, grouped by item
    SPA = "sys-spa"


class TaskPreset(Choice):
    """The task sets of mt-metrics-eval."""

    WMT23 = "wmt23"
    WMT24 = "wmt24"


@dataclass(frozen=True)
class Task:
    """One statistic over one or more language pairs, with its weight in the average."""

    kind: TaskKind
    lps: tuple[str, ...]
    weight: float

    @property
    def bounds(self) -> tuple[float, float]:
        """The range of the statistic: (-1, 1) for correlations, (0, 1) for accuracies."""
        correlation = self.kind in (TaskKind.SYSTEM_PEARSON, TaskKind.SEGMENT_PEARSON)
        return (-1.0, 1.0) if correlation else (0.0, 1.0)

    @property
    def label(self) -> str:
        """``lp(s) statistic``."""
        return f"{','.join(self.lps)} {self.kind.value}"


def task_set(preset: TaskPreset | str, lps: Sequence[str]) -> tuple[Task, ...]:
    """The tasks of a preset over language pairs (sorted, as mt-metrics-eval sorts them)."""
    kind = coerce_enum(TaskPreset, preset, "task")
    pairs = sorted(lps)
    if not pairs:
        raise InputError("a task set needs at least one language pair")
    raw: list[tuple[TaskKind, tuple[str, ...], float]] = []
    per_pair: tuple[TaskKind, ...] = (TaskKind.SPA, TaskKind.SEGMENT_ACC_T)
    if kind is TaskPreset.WMT23:
        raw.append((TaskKind.SYSTEM_ACCURACY, tuple(pairs), float(len(pairs))))
        per_pair = (TaskKind.SYSTEM_PEARSON, TaskKind.SEGMENT_PEARSON, TaskKind.SEGMENT_ACC_T)
    raw += [(each, (lp,), 1.0) for lp in pairs for each in per_pair]
    total = sum(weight for _, _, weight in raw)
    return tuple(Task(k, p, w / total) for k, p, w in raw)


@dataclass(frozen=True)
class LanguagePair:
    """Human scores and metric scores (same systems, same order) of one language pair."""

    lp: str
    human: HumanScores
    metrics: Mapping[str, MetricScores]


@dataclass(frozen=True)
class TaskResult:
    """A task's statistic for every metric, ranked in clusters."""

    task: Task
    ranking: MetricRanking
    epsilons: Mapping[str, float]  # tie-calibrated tasks: each metric's epsilon


Statistic = Callable[[FloatArray], float]


def _accuracy(human: FloatArray, metric: FloatArray) -> float:
    first, second = np.triu_indices(len(human), 1)
    agree = np.sign(human[first] - human[second]) == np.sign(metric[first] - metric[second])
    return float(agree.sum())


def _pooled_accuracy(pairs: Sequence[LanguagePair]) -> Callable[[FloatArray], float]:
    bounds = np.cumsum([0, *(len(p.human.systems) for p in pairs)])
    total = sum(len(p.human.systems) * (len(p.human.systems) - 1) // 2 for p in pairs)

    def statistic(metric: FloatArray) -> float:
        agree = sum(
            _accuracy(p.human.system, metric[bounds[i] : bounds[i + 1]])
            for i, p in enumerate(pairs)
        )
        return agree / total

    return statistic


def _spa_statistic(human: HumanScores) -> tuple[Statistic, FloatArray]:
    rated = ~np.isnan(human.segment).any(axis=0)
    signs = sign_matrix(1000, int(rated.sum()))
    human_p = pairwise_p_values(human.segment[:, rated], signs=signs)

    def statistic(metric: FloatArray) -> float:
        return spa_from_p_values(human_p, pairwise_p_values(metric[:, rated], signs=signs))

    return statistic, np.broadcast_to(rated, human.segment.shape)


def _or_zero(statistic: Statistic) -> Statistic:
    """An undefined statistic (a constant metric's correlation) counts 0, as in mt-metrics-eval."""

    def defined(metric: FloatArray) -> float:
        value = statistic(metric)
        return 0.0 if math.isnan(value) else value

    return defined


def _scored(
    task: Task, pairs: Sequence[LanguagePair], name: str
) -> tuple[Statistic, FloatArray, FloatArray]:
    """The task's statistic (NaN as 0), the metric's scores it takes, which entries are rated."""
    statistic, scores, rated = _raw_scored(task, pairs, name)
    return _or_zero(statistic), scores, rated


def _raw_scored(
    task: Task, pairs: Sequence[LanguagePair], name: str
) -> tuple[Statistic, FloatArray, FloatArray]:
    if task.kind is TaskKind.SYSTEM_ACCURACY:
        scores = np.concatenate([p.metrics[name].system for p in pairs])
        return _pooled_accuracy(pairs), scores, np.ones(len(scores), dtype=bool)
    pair = pairs[0]
    h, metric = pair.human, pair.metrics[name]
    if task.kind is TaskKind.SYSTEM_PEARSON:
        return (lambda m: pearson(m, h.system)), metric.system, np.ones(len(h.system), bool)
    rated = ~np.isnan(h.segment)
    if task.kind is TaskKind.SEGMENT_PEARSON:
        return (lambda m: grouped_pearson(h.segment, m)), metric.segment, rated
    if task.kind is TaskKind.SPA:
        statistic, mask = _spa_statistic(h)
        return statistic, metric.segment, mask
    return (lambda m: calibrate_ties(h.segment, m, Grouping.ITEM).value), metric.segment, rated


def _value(task: Task, pairs: Sequence[LanguagePair], name: str) -> tuple[float, float]:
    """The metric's statistic (and epsilon for tie-calibrated accuracy, else NaN)."""
    h, m = pairs[0].human, pairs[0].metrics[name]
    if task.kind is TaskKind.SEGMENT_ACC_T:
        calibration = calibrate_ties(h.segment, m.segment, Grouping.ITEM)
        value = calibration.value
        return (0.0 if math.isnan(value) else value), calibration.epsilon
    if task.kind is TaskKind.SPA:
        return soft_pairwise_accuracy(h.segment, m.segment).value, float("nan")
    statistic, scores, _ = _scored(task, pairs, name)
    return statistic(scores), float("nan")


def run_task(
    task: Task,
    data: Mapping[str, LanguagePair],
    metrics: Sequence[str],
    *,
    permutations: Permutations | None = None,
    alpha: float = 0.05,
) -> TaskResult:
    """The task's statistic for each metric, clustered by significance (None: no tests)."""
    missing = [lp for lp in task.lps if lp not in data]
    if missing:
        raise InputError(f"task {task.label}: no data for {', '.join(missing)}")
    pairs = [data[lp] for lp in task.lps]
    values, epsilons = {}, {}
    for name in metrics:
        values[name], epsilons[name] = _value(task, pairs, name)

    def compare(better: str, worse: str) -> MetricComparison:
        if task.kind is TaskKind.SEGMENT_ACC_T:
            return pairs_permutation(
                pairs[0].human.segment,
                pairs[0].metrics[better].segment,
                pairs[0].metrics[worse].segment,
                grouping=Grouping.ITEM,
                epsilons=(epsilons[better], epsilons[worse]),
                settings=permutations,
            )
        statistic, first, rated = _scored(task, pairs, better)
        second = _scored(task, pairs, worse)[1]
        return perm_both(statistic, first, second, rated, permutations)

    ranking = rank_metrics(values, compare if permutations is not None else None, alpha)
    return TaskResult(task, ranking, epsilons)


def _normalised(result: TaskResult, value: float | FloatArray) -> float | FloatArray:
    low, high = result.task.bounds
    return result.task.weight * (value - low) / (high - low)


def _average_draws(results: Sequence[TaskResult], better: str, worse: str) -> FloatArray | None:
    """Per resample, the weighted normalised difference summed over tasks."""
    parts = []
    for result in results:
        pair = result.ranking.comparisons.get((better, worse))
        columns = slice(None)
        if pair is None:
            pair = result.ranking.comparisons.get((worse, better))
            columns = slice(None, None, -1)
        if pair is None or not pair.used:
            return None
        draws = np.asarray(_normalised(result, pair.draws[:, columns]))
        parts.append(draws[:, 0] - draws[:, 1])
    longest = max(len(p) for p in parts)
    tiled = [np.tile(p, -(-longest // len(p)))[:longest] for p in parts]
    total: FloatArray = np.sum(tiled, axis=0)
    return total


def average_tasks(results: Sequence[TaskResult], alpha: float = 0.05) -> MetricRanking:
    """Weighted average of normalised statistics over the metrics in every task, clustered."""
    if not results:
        raise InputError("no task results to average")
    common = set(results[0].ranking.names)
    for result in results[1:]:
        common &= set(result.ranking.names)
    average = {
        name: float(
            sum(_normalised(r, r.ranking.values[r.ranking.names.index(name)]) for r in results)
        )
        for name in common
    }
    tested = all(r.ranking.comparisons or len(r.ranking.names) < 2 for r in results)

    def compare(better: str, worse: str) -> MetricComparison:
        null = _average_draws(results, better, worse)
        delta = average[better] - average[worse]
        if null is None:
            return MetricComparison(float("nan"), delta, np.zeros((0, 2)))
        draws = np.stack([null, np.zeros_like(null)], axis=1)
        return MetricComparison(float(np.mean(null >= delta)), delta, draws)

    return rank_metrics(average, compare if tested else None, alpha)
