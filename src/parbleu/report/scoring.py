"""Every metric's statistics, corpus scores and segment scores for every system of a report.

Each metric follows parbleu's spine once per system: references prepared once, per-segment
statistics, column sums, the formula. Segment scores are the same statistics row by row,
scored by the metric's sentence-level variant (its registry entry's: BLEU's effective order,
as ``sacrebleu.sentence_bleu`` and ``parbleu -sl``).
External scores (COMET, BERTScore ...) become `ExternalScores` columns: their corpus score is
the mean, and every test below applies to them unchanged.

Segment scores are stored for the browser as integers in units of ``10**-decimals``, rounded
exactly as Python formats the float (``f"{x:.2f}"``), so that what the report shows is what
``parbleu`` prints, digit for digit.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import PurePath
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.metrics import AnyMetric, ExternalScores
from parbleu.report.inputs import ReportInputs, report_entry
from parbleu.stats import Stats

__all__ = ["MISSING", "MetricColumn", "fixed_point", "options_json", "score_columns"]

#: Stored value of a segment without a score.
MISSING = -(2**31)

#: Decimals of stored external segment scores (a metric's own are its entry's).
EXTERNAL_DECIMALS = 4

#: The view of external scores (a metric's is its entry's `SegmentView`).
EXTERNAL_VIEW = "score"


@dataclass(frozen=True, eq=False)
class MetricColumn:
    """One metric for every system: statistics, corpus scores and segment scores."""

    key: str  # the metric's name in the registry ("bleu"), or "score:NAME" for external scores
    label: str  # what the score is called: BLEU, chrF2++, TER, COMET
    title: str  # the metric's title (BLEU, chrF, TER), or the external score's label
    view: str  # how a segment is shown: a `SegmentView` value ("score" for external scores)
    higher_is_better: bool
    decimals: int
    percent: bool  # whether scores are percentages
    note: str  # what to know when reading the numbers (the entry's note)
    metric: AnyMetric  # prepared references; its formula scores any sum of rows
    sentence: AnyMetric  # the formula of one segment (the entry's sentence-level variant)
    stats: tuple[Stats, ...]  # per system
    corpus: tuple[float, ...]  # corpus score per system
    segments: FloatArray  # (systems, segments), NaN where a segment has no score
    signature: str
    options: Mapping[str, Any]  # the metric's options, JSON-ready (`options_json`)


def fixed_point(values: FloatArray, decimals: int) -> npt.NDArray[np.int64] | None:
    """``values`` in units of ``10**-decimals``, rounded as ``f"{x:.{decimals}f}"`` rounds.

    NaN becomes `MISSING`. None when some value does not fit in 32 bits.
    """
    finite = np.isfinite(values)
    scaled = np.where(finite, values, 0.0) * 10.0**decimals
    if np.abs(scaled).max(initial=0.0) >= 2**31 - 1:
        return None
    rounded = np.rint(scaled)
    # Near a tie the product may have rounded: decide those as Python's formatting does.
    near = finite & (np.abs(np.abs(scaled - np.floor(scaled)) - 0.5) < 1e-6)
    for index in np.flatnonzero(near):
        rounded[index] = float(f"{values[index]:.{decimals}f}".replace(".", ""))
    out = rounded.astype(np.int64)
    out[~finite] = MISSING
    return out


def _label(metric: AnyMetric, stats: Stats) -> str:
    return str(metric.score_totals(stats.total()).name)


def options_json(options: Any) -> dict[str, Any]:
    """A metric's options dataclass as JSON values, for the page.

    Enums become their values and paths text (METEOR's WordNet folder).
    """
    if not dataclasses.is_dataclass(options):
        return {}

    def plain(value: Any) -> Any:
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, PurePath):
            return str(value)
        return list(value) if isinstance(value, tuple) else value

    return {f.name: plain(getattr(options, f.name)) for f in dataclasses.fields(options)}


def _text_column(
    unprepared: AnyMetric, inputs: ReportInputs, progress: Callable[[str], None]
) -> MetricColumn:
    entry = report_entry(unprepared)
    metric = unprepared.with_prepared(unprepared.prepare(inputs.references))
    sentence = entry.sentence_metric(metric)
    stats = []
    for name, lines in zip(inputs.system_names, inputs.systems, strict=True):
        progress(f"{metric.name} statistics of {name}")
        stats.append(metric.statistics(lines))
    corpus = [metric.score_totals(metric.corpus_totals(s)).score for s in stats]
    segments = np.stack([sentence.scores(s.values) for s in stats])
    return MetricColumn(
        key=entry.name,
        label=_label(metric, stats[0]),
        title=entry.title,
        view=str(entry.segment_view),
        higher_is_better=metric.higher_is_better,
        decimals=entry.decimals,
        percent=entry.percent,
        note=entry.note,
        metric=metric,
        sentence=sentence,
        stats=tuple(stats),
        corpus=tuple(float(c) for c in corpus),
        segments=segments,
        signature=metric.signature().format(),
        options=options_json(getattr(metric, "options", None)),
    )


def _external_column(
    label: str, table: Mapping[str, Sequence[float | None]], inputs: ReportInputs
) -> MetricColumn:
    scores = ExternalScores(dict(table), name=label, source=f"scores {label!r}")
    stats = tuple(scores.system_statistics(name) for name in inputs.system_names)
    corpus = tuple(float(scores.score_totals(s.total()).score) for s in stats)
    segments = np.stack([scores.segment_scores(name) for name in inputs.system_names])
    return MetricColumn(
        key=f"score:{label}",
        label=label,
        title=label,
        view=EXTERNAL_VIEW,
        higher_is_better=scores.higher_is_better,
        decimals=EXTERNAL_DECIMALS,
        percent=False,
        note="",
        metric=scores,
        sentence=scores,
        stats=stats,
        corpus=corpus,
        segments=np.array(segments, dtype=np.float64),
        signature=scores.signature().format(),
        options={},
    )


def score_columns(
    inputs: ReportInputs, progress: Callable[[str], None]
) -> tuple[MetricColumn, ...]:
    """Every metric of the report (in the order given), then every external score."""
    columns = [_text_column(metric, inputs, progress) for metric in inputs.metrics]
    columns += [_external_column(label, table, inputs) for label, table in inputs.scores.items()]
    return tuple(columns)
