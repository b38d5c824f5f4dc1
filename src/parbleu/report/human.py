"""Agreement of every metric with human judgments, by `parbleu.meta` (as ``parbleu meta``).

System level: Pearson, Spearman, Kendall tau-b and pairwise accuracy over the systems that have
both text and a human score, with bootstrap intervals over segments, and the least-squares
line of the human score on the metric score (the paper's Figures 5 and 6). Segment level, when
judgments are given per segment: WMT's Kendall-like tau. Human scores given per segment are
averaged per system over the rated segments (`ExternalScores`, missing segments allowed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.meta import (
    Bootstrap,
    SegmentAgreement,
    SegmentStats,
    SystemCorrelation,
    match_systems,
    segment_agreement,
    system_correlation,
)
from parbleu.meta.systems import MIN_SYSTEMS
from parbleu.metrics.external.metric import ExternalScores
from parbleu.report.inputs import HumanScores, ReportInputs
from parbleu.report.scoring import MetricColumn
from parbleu.significance import DEFAULT_SEED

__all__ = ["HumanAgreement", "human_agreement"]


@dataclass(frozen=True)
class HumanAgreement:
    """Correlations of each metric with human scores, and which systems they cover."""

    label: str
    systems: tuple[str, ...]  # with text and human scores
    human_only: tuple[str, ...]
    text_only: tuple[str, ...]
    system_level: tuple[SystemCorrelation, ...]  # empty with fewer than 3 systems
    segment_level: tuple[SegmentAgreement, ...]
    human_scores: dict[str, float]  # per system with text, as correlated
    note: str


def _segment_stats(human: HumanScores) -> SegmentStats:
    table = ExternalScores(
        dict(human.segments or {}), name=human.label, allow_missing=True, source=human.source
    )
    return SegmentStats(human.label, table, {s: table.system_statistics(s) for s in table.systems})


def _metric_stats(column: MetricColumn, names: tuple[str, ...]) -> SegmentStats:
    return SegmentStats(
        column.label,
        column.metric,
        dict(zip(names, column.stats, strict=True)),
        column.sentence,
    )


def human_agreement(
    inputs: ReportInputs, columns: tuple[MetricColumn, ...]
) -> HumanAgreement | None:
    """Correlations of every metric with ``inputs.human`` (None without human scores)."""
    human = inputs.human
    if human is None:
        return None
    matching = match_systems(list(inputs.system_names), list(human.names))
    segments = _segment_stats(human) if human.segments is not None else None
    judged: Any = segments if segments is not None else dict(human.systems or {})
    metrics = [_metric_stats(column, inputs.system_names) for column in columns]
    settings = inputs.significance
    seed = settings.seed if settings.seed is not None else DEFAULT_SEED
    bootstrap = Bootstrap(settings.bootstrap, seed)
    system_level: tuple[SystemCorrelation, ...] = ()
    note = ""
    if len(matching.systems) >= MIN_SYSTEMS:
        system_level = tuple(
            system_correlation(m, judged, matching.systems, bootstrap=bootstrap) for m in metrics
        )
    else:
        note = (
            f"system-level correlation needs at least {MIN_SYSTEMS} systems with human scores; "
            f"found {len(matching.systems)}"
        )
    segment_level: tuple[SegmentAgreement, ...] = ()
    if segments is not None and len(matching.systems) >= 2:
        segment_level = tuple(segment_agreement(m, segments, matching.systems) for m in metrics)
    if segments is not None:
        scores = segments.system_scores(matching.systems)
        human_scores = dict(zip(matching.systems, map(float, scores), strict=True))
    else:
        human_scores = {s: float((human.systems or {})[s]) for s in matching.systems}
    return HumanAgreement(
        human.label,
        matching.systems,
        matching.human_only,
        matching.text_only,
        system_level,
        segment_level,
        human_scores,
        note,
    )
