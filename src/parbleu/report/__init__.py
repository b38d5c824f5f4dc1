"""``parbleu report``: one self-contained, offline HTML file to read an evaluation.

The page shows every system with every metric, confidence intervals, paired tests and
significance clusters; every segment, sortable and filterable; each segment's n-gram matches,
chrF character n-grams and TER edits, computed in the browser from the metric's own tokens
and equal to parbleu's statistics; a two-system comparison; documents; and agreement with
human judgments. The page's exports (CSV, JSON, LaTeX) are written from Python by
`write_exports`; `inline` shows a report in a Jupyter notebook. See docs/report.md.

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

from parbleu.report.build import Report, build
from parbleu.report.export import export_files, write_exports
from parbleu.report.html import render, write
from parbleu.report.inputs import (
    HumanScores,
    MetricSpec,
    ReportInputs,
    ReportSettings,
    Significance,
)
from parbleu.report.notebook import InlineReport, inline

__all__ = [
    "HumanScores",
    "InlineReport",
    "MetricSpec",
    "Report",
    "ReportInputs",
    "ReportSettings",
    "Significance",
    "build_report",
    "export_files",
    "inline",
    "render",
    "write_exports",
    "write_report",
]


def build_report(
    references: Any,
    systems: Mapping[str, Sequence[str]],
    settings: ReportSettings | None = None,
    *,
    progress: Callable[[str], None] | None = None,
    **options: Any,
) -> Report:
    """Compute a report (write it with `write_report` or render it with `render`).

    Args:
        references: K reference streams of N strings (None where a segment lacks one).
        systems: system name to its N output lines; the first is the default baseline.
        settings: what else the report shows (`ReportSettings`: source, document ids,
            metrics, external and human scores, baseline, significance, names, title), or
            its fields as keywords (``metrics=["bleu", "ter"]``).
        progress: called with a short message before each long step.
        **options: the fields of `ReportSettings`, when `settings` is not given.
    """
    return build(ReportInputs.create(references, systems, settings, **options), progress)


def write_report(
    path: str | Path, references: Any, systems: Mapping[str, Sequence[str]], **options: Any
) -> Path:
    """Build a report (`build_report`'s arguments) and write it to `path`; returns the path."""
    return write(path, build_report(references, systems, **options))
