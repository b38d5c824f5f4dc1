"""``parbleu report``: one self-contained, offline HTML file to read an evaluation.

The page shows every system with every metric, confidence intervals, paired tests and
significance clusters; every segment, sortable and filterable; each segment's n-gram matches,
chrF character n-grams and TER edits, computed in the browser from the metric's own tokens
and equal to parbleu's statistics; a two-system comparison; documents; and agreement with
human judgments. See docs/report.md.

    >>> from parbleu.report import build_report
    >>> report = build_report([["the cat sat on the mat", "a dog barked"]],
    ...                       {"sys": ["the cat sat on a mat", "a dog barked"],
    ...                        "other": ["a cat sat", "the dog barked"]})
    >>> report.overview["systems"], report.overview["metrics"][0]["label"]
    (['sys', 'other'], 'BLEU')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from parbleu.metrics import AnyMetric
from parbleu.report.build import Report, build
from parbleu.report.html import render, write
from parbleu.report.inputs import HumanScores, MetricSpec, ReportInputs, Significance

__all__ = [
    "HumanScores",
    "MetricSpec",
    "Report",
    "ReportInputs",
    "Significance",
    "build_report",
    "render",
    "write_report",
]


def build_report(
    references: Any,
    systems: Mapping[str, Sequence[str]],
    *,
    source: Sequence[str] | None = None,
    docids: Sequence[str] | None = None,
    metrics: Sequence[str | MetricSpec | AnyMetric] = ("bleu", "chrf"),
    scores: Mapping[str, Mapping[str, Sequence[float | None]]] | None = None,
    human: HumanScores | None = None,
    baseline: str | None = None,
    significance: Significance | None = None,
    reference_names: Sequence[str] | None = None,
    title: str = "parbleu report",
    progress: Callable[[str], None] | None = None,
) -> Report:
    """Compute a report (write it with `write_report` or render it with `render`).

    Args:
        references: K reference streams of N strings (None where a segment lacks one).
        systems: system name to its N output lines; the first is the default baseline.
        source: the N source segments, shown beside the translations.
        docids: the document of each segment (per-document scores and filtering).
        metrics: names of `parbleu.metrics.registry` (``"bleu"``, ``"chrf"``, ``"ter"``,
            plug-ins ...), a `MetricSpec` with the metric's keyword options
            (``MetricSpec("chrf", {"word_order": 2})`` is chrF++), or a metric object
            (``CHRF(word_order=2)``), whose options are used with the report's references.
            Segment scores are the metric's sentence-level variant (BLEU: effective order,
            sacreBLEU's sentence BLEU).
        scores: external segment scores: name to system to N scores (COMET, BERTScore).
        human: human judgments per system or per segment (`HumanScores`).
        baseline: the system the paired tests compare against (default: the first).
        significance: bootstrap resamples, randomization trials, seed, alpha.
        reference_names: display names of the reference streams.
        title: the page title.
        progress: called with a short message before each long step.
    """
    inputs = ReportInputs.create(
        references,
        systems,
        source=source,
        docids=docids,
        metrics=metrics,
        scores=scores,
        human=human,
        baseline=baseline,
        significance=significance,
        reference_names=reference_names,
        title=title,
    )
    return build(inputs, progress)


def write_report(
    path: str | Path, references: Any, systems: Mapping[str, Sequence[str]], **options: Any
) -> Path:
    """Build a report (`build_report`'s arguments) and write it to `path`; returns the path."""
    return write(path, build_report(references, systems, **options))
