"""Confidence intervals, paired tests and clusters of one metric, for every system at once.

* 95% intervals and the paired bootstrap (Koehn 2004) of **every pair** of systems come from
  one set of resamples (`parbleu.significance.paired_bootstrap_all_pairs`: sacreBLEU's random
  numbers and float32 arithmetic); the p-value of a pair is the one
  `parbleu.significance.paired_bootstrap` gives with either system as the baseline.
* Approximate randomization (Riezler and Maxwell 2005) of each system against the baseline:
  `parbleu.significance.paired_randomization` as it is.
* Clusters (`parbleu.significance.clusters`) from the paired bootstrap p-values.
"""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.report.inputs import Significance
from parbleu.report.scoring import MetricColumn
from parbleu.significance import Estimate, paired_bootstrap_all_pairs, paired_randomization
from parbleu.significance.clusters import Ranking, clusters

__all__ = ["MetricTests", "metric_tests"]


@dataclass(frozen=True)
class MetricTests:
    """The tests of one metric: per-system estimates, p-values and the ranking."""

    estimates: tuple[Estimate, ...]  # bootstrap mean and 95% interval per system
    bootstrap_p: tuple[tuple[float | None, ...], ...]  # every pair; None on the diagonal
    randomization_p: tuple[float | None, ...]  # against the baseline; None for the baseline
    ranking: Ranking


def _randomization(
    column: MetricColumn, names: tuple[str, ...], baseline: int, settings: Significance
) -> tuple[float | None, ...]:
    if len(names) < 2:
        return (None,)
    order = [baseline, *(i for i in range(len(names)) if i != baseline)]
    test = paired_randomization(
        column.metric,
        {names[i]: column.stats[i] for i in order},
        n_trials=settings.trials,
        seed=settings.seed,
    )
    by_name = {result.system: result.p_value for result in test.systems}
    return tuple(None if i == baseline else by_name[names[i]] for i in range(len(names)))


def metric_tests(
    column: MetricColumn, names: tuple[str, ...], baseline: int, settings: Significance
) -> MetricTests:
    """Estimates, p-values (every pair; against the baseline) and clusters of one metric."""
    bootstrap = paired_bootstrap_all_pairs(
        column.metric,
        dict(zip(names, column.stats, strict=True)),
        n_samples=settings.bootstrap,
        seed=settings.seed,
    )
    ones = [[1.0 if v is None else v for v in row] for row in bootstrap.p_values]
    ranking = clusters(
        column.corpus, ones, higher_is_better=column.higher_is_better, alpha=settings.alpha
    )
    return MetricTests(
        bootstrap.estimates,
        bootstrap.p_values,
        _randomization(column, names, baseline, settings),
        ranking,
    )
