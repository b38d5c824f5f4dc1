r"""A report's tables as files: what the page's export buttons download, from Python.

`export_files` gives the six files by name; `write_exports` writes them to a folder
(``parbleu report --export DIR``). The page (``assets/js/13-export.js``) makes the same CSV
and LaTeX bytes and the same JSON values:

- ``segments.csv`` / ``segments.json``: every segment (the page: those in the list, as
  sorted), its document, every metric's score of every system as the page shows it (the
  metric's decimals; empty or null where none), the source, references and outputs.
- ``overview.csv``: per system and metric the corpus score, bootstrap mean and 95% interval,
  p-values against the baseline (bootstrap, approximate randomization), rank range and
  cluster, full precision (Python's ``repr``).
- ``overview.tex``: the same as a ``booktabs`` table (`parbleu.io.latex`), scores with the
  metric's decimals, ranks ``1--2``; signatures as ``%`` comments before it.
- ``clusters.csv`` / ``clusters.tex``: each metric's systems by rank, a ``\midrule`` between
  clusters (WMT's presentation, as ``parbleu -pbs --paper-table -f latex``).
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from parbleu.errors import InputError, OptionError
from parbleu.io.json_output import json_text
from parbleu.io.latex import latex_table
from parbleu.io.output import write_output
from parbleu.report.build import Report
from parbleu.report.inputs import ReportInputs

__all__ = ["EXPORT_NAMES", "export_files", "write_exports"]

#: The files of an export, in the order written.
EXPORT_NAMES = (
    "segments.csv",
    "segments.json",
    "overview.csv",
    "overview.tex",
    "clusters.csv",
    "clusters.tex",
)

Cell = str | int | None


def _csv(rows: Sequence[Sequence[Cell]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerows(["" if c is None else c for c in row] for row in rows)
    return buffer.getvalue()


def _optional(value: float | None) -> str:
    return "" if value is None else repr(float(value))


def _rank(low_high: Sequence[int], dash: str) -> str:
    low, high = low_high
    return str(low) if low == high else f"{low}{dash}{high}"


def _score(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def overview_csv(ov: dict[str, Any]) -> str:
    """Per system, every metric's score, interval, p-values, ranks and cluster."""
    header: list[Cell] = ["system"]
    for m in ov["metrics"]:
        label = m["label"]
        header += [label, *(f"{label} {c}" for c in ("mean", "lower", "upper"))]
        header += [f"{label} p bootstrap", f"{label} p randomization"]
        header += [f"{label} rank low", f"{label} rank high", f"{label} cluster"]
    base = ov["baseline"]
    rows: list[list[Cell]] = [header]
    for s, name in enumerate(ov["systems"]):
        row: list[Cell] = [name]
        for m in ov["metrics"]:
            row += [repr(float(m["corpus"][s])), *(repr(float(e)) for e in m["estimates"][s])]
            row.append(_optional(None if s == base else m["p_bootstrap"][base][s]))
            row.append(_optional(m["p_randomization"][s]))
            row += [*m["ranges"][s], m["cluster"][s]]
        rows.append(row)
    return _csv(rows)


def _comments(ov: dict[str, Any]) -> list[str]:
    sig = ov["significance"]
    first = (
        f"% 95% CI: paired bootstrap percentile interval ({sig['bootstrap']} resamples, "
        f"seed {sig['seed']}); rank: significance cluster (paired bootstrap, p < {sig['alpha']})"
    )
    return [first, *(f"% {m['label']}: {m['signature']}" for m in ov["metrics"])]


def overview_latex(ov: dict[str, Any]) -> str:
    """The overview as a booktabs table, after its signatures as comments."""
    header = ["System"]
    for m in ov["metrics"]:
        header += [m["label"], f"{m['label']} 95% CI", f"{m['label']} rank"]
    rows = []
    for s, name in enumerate(ov["systems"]):
        row = [name]
        for m in ov["metrics"]:
            _, lower, upper = m["estimates"][s]
            d = m["decimals"]
            interval = f"[{_score(lower, d)}, {_score(upper, d)}]"
            row += [_score(m["corpus"][s], d), interval, _rank(m["ranges"][s], "--")]
        rows.append(row)
    return "\n".join([*_comments(ov), *latex_table(header, rows)]) + "\n"


def clusters_csv(ov: dict[str, Any]) -> str:
    """Each metric's systems in rank order with their cluster."""
    rows: list[list[Cell]] = [["metric", "rank low", "rank high", "cluster", "system", "score"]]
    for m in ov["metrics"]:
        for s in m["order"]:
            low, high = m["ranges"][s]
            score = repr(float(m["corpus"][s]))
            rows.append([m["label"], low, high, m["cluster"][s], ov["systems"][s], score])
    return _csv(rows)


def clusters_latex(ov: dict[str, Any]) -> str:
    """One booktabs table per metric, a rule between clusters."""
    blocks = [_comments(ov)[0]]
    for m in ov["metrics"]:
        order = m["order"]
        rows = [
            [_rank(m["ranges"][s], "--"), ov["systems"][s], _score(m["corpus"][s], m["decimals"])]
            for s in order
        ]
        ends = [m["cluster"][a] != m["cluster"][b] for a, b in itertools.pairwise(order)]
        table = latex_table(["rank", "System", m["label"]], rows, [*ends, False])
        blocks.append("\n".join([f"% {m['label']}: {m['signature']}", *table]))
    return "\n\n".join(blocks) + "\n"


def _score_texts(report: Report) -> list[tuple[str, int, list[list[str]]]]:
    """Per metric: its label, decimals and each system's segment scores as shown ("" if none)."""
    out = []
    for m in report.overview["metrics"]:
        values = report.segment_scores[m["key"]]
        d = m["decimals"]
        texts = [[_score(v, d) if np.isfinite(v) else "" for v in row] for row in values.tolist()]
        out.append((m["label"], d, texts))
    return out


def _inputs(report: Report) -> ReportInputs:
    if report.inputs is None:
        raise OptionError("this report has no segment data to export; build it with build_report")
    return report.inputs


def segments_csv(report: Report) -> str:
    """Every segment: document, scores of every metric and system, source, references, outputs."""
    inputs, ov = _inputs(report), report.overview
    scores = _score_texts(report)
    header: list[Cell] = ["segment", *(["document"] if inputs.docids is not None else [])]
    header += [f"{label} {name}" for label, _, _ in scores for name in inputs.system_names]
    header += ["source"] if inputs.source is not None else []
    header += [f"reference {name}" for name in ov["references"]]
    header += [f"output {name}" for name in inputs.system_names]
    rows: list[list[Cell]] = [header]
    for seg in range(inputs.n_segments):
        row: list[Cell] = [seg + 1]
        row += [inputs.docids[seg]] if inputs.docids is not None else []
        row += [texts[s][seg] for _, _, texts in scores for s in range(len(inputs.systems))]
        row += [inputs.source[seg]] if inputs.source is not None else []
        row += [stream[seg] for stream in inputs.references.streams]
        row += [lines[seg] for lines in inputs.systems]
        rows.append(row)
    return _csv(rows)


def segment_records(report: Report) -> list[dict[str, Any]]:
    """`segments_csv`'s rows as records (scores as numbers, None where a segment has none)."""
    inputs, ov = _inputs(report), report.overview
    scores = _score_texts(report)
    records = []
    for seg in range(inputs.n_segments):
        record: dict[str, Any] = {"segment": seg + 1}
        if inputs.docids is not None:
            record["document"] = inputs.docids[seg]
        record["scores"] = {
            label: {
                name: float(texts[s][seg]) if texts[s][seg] else None
                for s, name in enumerate(inputs.system_names)
            }
            for label, _, texts in scores
        }
        if inputs.source is not None:
            record["source"] = inputs.source[seg]
        names = ov["references"]
        streams = inputs.references.streams
        record["references"] = {n: stream[seg] for n, stream in zip(names, streams, strict=True)}
        record["outputs"] = {
            n: lines[seg] for n, lines in zip(inputs.system_names, inputs.systems, strict=True)
        }
        records.append(record)
    return records


def export_files(report: Report) -> dict[str, str]:
    """The six export files of `report` by name (`EXPORT_NAMES`)."""
    ov = report.overview
    return {
        "segments.csv": segments_csv(report),
        "segments.json": json_text(segment_records(report), indent=1) + "\n",
        "overview.csv": overview_csv(ov),
        "overview.tex": overview_latex(ov),
        "clusters.csv": clusters_csv(ov),
        "clusters.tex": clusters_latex(ov),
    }


def write_exports(directory: str | Path, report: Report) -> list[Path]:
    """Write `export_files` into `directory` (created if missing); returns the paths.

    Raises:
        InputError: the folder cannot be made (a file of that name, no permission).
    """
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise InputError(f"cannot make the folder {folder}: {error.strerror or error}") from None
    return [write_output(folder / name, text) for name, text in export_files(report).items()]
