"""From validated inputs to a `Report`: scores, tests, tokens, groups and the segment data."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.report.analysis import Groups, document_groups, length_groups
from parbleu.report.human import human_agreement
from parbleu.report.inputs import ReportInputs
from parbleu.report.overview import overview
from parbleu.report.scoring import score_columns
from parbleu.report.segments import segment_payload, token_rows, tokens
from parbleu.report.significance import metric_tests

__all__ = ["Report", "build"]

Progress = Callable[[str], None]
IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Report:
    """A built report: the summary (JSON-ready) and the segment data (deflated, 7-bit text).

    ``inputs`` and ``segment_scores`` (metric key to its (systems, segments) scores) are what
    `parbleu.report.export` writes the segment list from.
    """

    title: str
    overview: dict[str, Any]
    segments: str
    inputs: ReportInputs | None = field(default=None, repr=False, compare=False)
    segment_scores: dict[str, npt.NDArray[np.float64]] = field(
        default_factory=dict, repr=False, compare=False
    )

    def _repr_html_(self) -> str:
        """Jupyter shows the page inline (`parbleu.report.notebook.inline`)."""
        from parbleu.report.notebook import inline  # noqa: PLC0415 (imports this module)

        return inline(self)._repr_html_()


def _first_reference_lengths(inputs: ReportInputs, counts: IntArray) -> IntArray:
    """Tokens of each segment's first present reference."""
    width = len(inputs.references.streams) + len(inputs.systems)
    per_row = counts.reshape(inputs.n_segments, width)
    lengths = np.zeros(inputs.n_segments, dtype=np.int64)
    chosen = np.zeros(inputs.n_segments, dtype=bool)
    for k, stream in enumerate(inputs.references.streams):
        present = np.array([r is not None for r in stream]) & ~chosen
        lengths[present] = per_row[present, k]
        chosen |= present
    return lengths


def build(inputs: ReportInputs, progress: Progress | None = None) -> Report:
    """Compute everything a report shows for `inputs`."""
    say = progress or (lambda _message: None)
    seed = inputs.significance.seed
    if seed is None:  # fresh entropy, recorded in the report so that it can be repeated
        entropy = np.random.SeedSequence().entropy
        seed = int(entropy) if isinstance(entropy, int) else 0
        inputs = replace(inputs, significance=replace(inputs.significance, seed=seed))
    columns = score_columns(inputs, say)
    tests = []
    for column in columns:
        say(f"{column.label}: bootstrap and randomization tests")
        tests.append(
            metric_tests(column, inputs.system_names, inputs.baseline, inputs.significance)
        )
    say("tokens")
    rows = token_rows(inputs)
    layouts = tokens(inputs, rows)
    lengths = length_groups(_first_reference_lengths(inputs, layouts.words.token_counts))
    documents: Groups | None = None
    if inputs.docids is not None:
        documents = document_groups(inputs.docids)
    agreement = None
    if inputs.human is not None:
        say("correlation with human judgments")
        agreement = human_agreement(inputs, columns)
    summary = overview(
        inputs,
        columns,
        tuple(tests),
        lengths=lengths,
        documents=documents,
        human=agreement,
        seed=seed,
    )
    say("segment data")
    payload = segment_payload(inputs, columns, layouts, documents)
    say("compressing")
    scores = {column.key: column.segments for column in columns}
    return Report(inputs.title, summary, payload.encode(), inputs, scores)
