r"""The paper table (`parbleu.cli.significance.paper_table`) as text, LaTeX, Markdown, CSV, JSON.

Rows follow the first metric's ranking, best first. Text, LaTeX and Markdown show, per metric,
the rank range of its cluster (``1-2``: the cluster spans places 1 and 2), the score with
``-w`` decimals and the bootstrap 95% interval ``[lower, upper]``; text and LaTeX draw a rule
between the first metric's clusters, as WMT's findings papers do. LaTeX is a ``booktabs``
``tabular`` (`parbleu.io.latex`), the test and signatures as ``%`` comments before it and
nothing after ``\end{tabular}``. CSV and JSON carry full-precision numbers for programs; JSON
also each system's p-value against every other system.
"""

from __future__ import annotations

import csv
import io
import itertools
from collections.abc import Sequence
from typing import Any

from parbleu.cli.render import table
from parbleu.cli.significance.common import signature_lines
from parbleu.cli.significance.paper_table import PaperColumn, PaperTable
from parbleu.io.json_output import json_text, undefined_as_null
from parbleu.io.latex import latex_table

__all__ = ["paper_lines"]


def _rank(column: PaperColumn, system: int, dash: str = "-") -> str:
    low, high = column.ranking.ranges[system]
    return str(low) if low == high else f"{low}{dash}{high}"


def _header(table_: PaperTable) -> list[str]:
    first, *others = table_.columns
    header = [f"{first.name} rank", "System", first.name, f"{first.name} 95% CI"]
    for column in others:
        header += [f"{column.name} rank", column.name, f"{column.name} 95% CI"]
    return header


def _row(table_: PaperTable, system: int, width: int, dash: str) -> list[str]:
    cells = []
    for k, column in enumerate(table_.columns):
        estimate = column.estimates[system]
        interval = f"[{estimate.lower:.{width}f}, {estimate.upper:.{width}f}]"
        score = f"{column.scores[system]:.{width}f}"
        rank = _rank(column, system, dash)
        name = [table_.systems[system]] if k == 0 else []
        cells += [rank, *name, score, interval]
    return cells


def _cluster_ends(table_: PaperTable) -> list[bool]:
    """Per row: whether the first metric's cluster ends after it (not after the last row)."""
    cluster = table_.columns[0].ranking.cluster
    order = table_.order
    return [cluster[a] != cluster[b] for a, b in itertools.pairwise(order)] + [False]


def _test_lines(table_: PaperTable) -> list[str]:
    """What the ranks and intervals are."""
    if table_.test == "ar":
        test = f"paired approximate randomization ({table_.n_trials} trials)"
    else:
        test = f"paired bootstrap resampling ({table_.n_samples} resamples)"
    return [
        f"Ranks: clusters of {test} on every pair of systems;",
        f"a cluster ends where each system above differs from each below at p < {table_.alpha}.",
        f"95% CI: bootstrap ({table_.n_samples} resamples).",
    ]


def _text(table_: PaperTable, width: int, short: bool) -> list[str]:
    rows = [_row(table_, i, width, "-") for i in table_.order]
    lines = table(_header(table_), rows, right={i for i in range(len(rows[0])) if i != 1})
    out = lines[:2]
    for line, end in zip(lines[2:], _cluster_ends(table_), strict=True):
        out += [line, lines[1]] if end else [line]
    signatures = [(c.name, c.signature.format(short=short)) for c in table_.columns]
    return [*out, "", *_test_lines(table_), "", *signature_lines(signatures)]


def _latex(table_: PaperTable, width: int, short: bool) -> list[str]:
    rows = [_row(table_, i, width, "--") for i in table_.order]
    comments = [f"% {line}" for line in _test_lines(table_)]
    comments += [f"% {c.name}: {c.signature.format(short=short)}" for c in table_.columns]
    return [*comments, *latex_table(_header(table_), rows, _cluster_ends(table_))]


def _markdown_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|")


def _markdown(table_: PaperTable, width: int, short: bool) -> list[str]:
    header = _header(table_)
    rows = [_row(table_, i, width, "-") for i in table_.order]
    rules = ["---" if i == 1 else "---:" for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(_markdown_cell(c) for c in cells) + " |"

    signatures = [f"- {c.name}: `{c.signature.format(short=short)}`" for c in table_.columns]
    notes = ["", " ".join(_test_lines(table_)), "", *signatures]
    return [line(header), line(rules), *map(line, rows), *notes]


def _csv(table_: PaperTable) -> list[str]:
    header = ["system"]
    for column in table_.columns:
        name = column.name
        header += [f"{name} cluster", f"{name} rank low", f"{name} rank high", name]
        header += [f"{name} mean", f"{name} lower", f"{name} upper"]
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    for i in table_.order:
        row: list[object] = [table_.systems[i]]
        for column in table_.columns:
            low, high = column.ranking.ranges[i]
            estimate = column.estimates[i]
            row += [column.ranking.cluster[i], low, high, repr(column.scores[i])]
            row += [repr(estimate.mean), repr(estimate.lower), repr(estimate.upper)]
        writer.writerow(row)
    return buffer.getvalue().splitlines()


def _json(table_: PaperTable) -> list[str]:
    rows: list[dict[str, Any]] = []
    for i in table_.order:
        row: dict[str, Any] = {"system": table_.systems[i]}
        for column in table_.columns:
            estimate = column.estimates[i]
            row[column.name] = {
                "score": column.scores[i],
                "cluster": column.ranking.cluster[i],
                "rank": list(column.ranking.ranges[i]),
                "mean": estimate.mean,
                "lower": estimate.lower,
                "upper": estimate.upper,
                "higher_is_better": column.higher_is_better,
                "p_values": {
                    table_.systems[j]: column.p_values[i][j] for j in table_.order if j != i
                },
                "signature": column.signature.format(),
            }
        rows.append(row)
    return [json_text(undefined_as_null(rows), indent=4)]


def paper_lines(table_: PaperTable, fmt: str, *, width: int, short: bool) -> list[str]:
    """The table in `fmt`: ``text``, ``latex``, ``markdown``, ``csv`` or ``json``."""
    if fmt == "latex":
        return _latex(table_, width, short)
    if fmt == "markdown":
        return _markdown(table_, width, short)
    if fmt == "csv":
        return _csv(table_)
    if fmt == "json":
        return _json(table_)
    return _text(table_, width, short)
