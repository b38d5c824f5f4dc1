"""Every statistic the replication needs, computed once.

Each pair's systems against all its references; every pair with several references (en-de:
three, en-zh and de-en: two) also against each reference alone and against one drawn per
segment, for section (c).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from parbleu.meta import SegmentStats
from parbleu.meta.references import ALL, draw_one_reference, reference_statistics
from parbleu.replication.data import METRIC_LABEL, Pair, make_metric

__all__ = ["MIXED", "Statistics", "compute_statistics", "study_pairs"]

#: The setting with one reference drawn at random per segment.
MIXED = "mixed"


@dataclass(frozen=True)
class Statistics:
    """The statistics of every pair and metric with all references, and the study's."""

    metrics: tuple[str, ...]
    all_references: Mapping[tuple[str, str], SegmentStats]  # (pair, metric)
    study: Mapping[tuple[str, str], Mapping[str, SegmentStats]]  # (pair, metric) -> setting

    def of(self, pair: str, metric: str) -> SegmentStats:
        """A pair's statistics for a metric, with all its references."""
        return self.all_references[pair, metric]

    @property
    def study_pairs(self) -> tuple[str, ...]:
        """The pairs of the reference study, in the order of the tables."""
        return tuple(dict.fromkeys(pair for pair, _ in self.study))


def study_pairs(pairs: Mapping[str, Pair]) -> tuple[str, ...]:
    """The pairs with several references: those the reference study can run on."""
    return tuple(name for name, pair in pairs.items() if len(pair.references) > 1)


def _statistics(
    pair: Pair, metric: str, jobs: int, others: Mapping[str, Sequence[Sequence[str | None]]]
) -> dict[str, SegmentStats]:
    return reference_statistics(
        make_metric(metric, pair.target, jobs=jobs),
        pair.systems,
        pair.references,
        others=others,
        label=METRIC_LABEL[metric],
        sentence_metric=make_metric(metric, pair.target, sentence=True),
    )


def _all_references(pair: Pair, metric: str, jobs: int) -> SegmentStats:
    scorer = make_metric(metric, pair.target, jobs=jobs).with_references(
        list(pair.references.values())
    )
    stats = {name: scorer.statistics(lines) for name, lines in pair.systems.items()}
    sentence = make_metric(metric, pair.target, sentence=True)
    return SegmentStats(METRIC_LABEL[metric], scorer, stats, sentence)


def compute_statistics(
    pairs: Mapping[str, Pair],
    metrics: Sequence[str],
    *,
    seed: int,
    jobs: int = 1,
    progress: Callable[[str], None] = lambda _: None,
) -> Statistics:
    """Score every system of every pair with every metric (TER takes most of the time).

    The ``mixed`` reference of each study pair is drawn with `seed`
    (`parbleu.meta.references.draw_one_reference`).
    """
    every: dict[tuple[str, str], SegmentStats] = {}
    study: dict[tuple[str, str], dict[str, SegmentStats]] = {}
    several = study_pairs(pairs)
    mixed = {name: draw_one_reference(pairs[name].references, seed) for name in several}
    for metric in metrics:
        for name, pair in pairs.items():
            progress(f"{METRIC_LABEL[metric]} of {len(pair.systems)} systems of {name}")
            if name in several:
                study[name, metric] = _statistics(pair, metric, jobs, {MIXED: mixed[name]})
                every[name, metric] = study[name, metric][ALL]
            else:
                every[name, metric] = _all_references(pair, metric, jobs)
    return Statistics(tuple(metrics), every, study)
