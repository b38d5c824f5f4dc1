"""sacreBLEU 2.6.0's result printers: ``print_results_table``, ``print_single_results``, ``Color``.

Callers hand them what ``PairedTest`` returned, or per-system strings, and an
``argparse.Namespace`` with sacreBLEU's options (``format``, ``width``, ``paired_bs``,
``paired_ar``, ``paired_bs_n``, ``paired_ar_n``); MATEO captures the JSON they print. The
output is sacreBLEU's: JSON (each `Result` as its attributes), or its ``fancy_grid`` text
table (`parbleu.cli.sacrebleu_grid`) or ``latex_booktabs`` table (`parbleu.io.latex`), its
notes on paired tests and its signature block. As in sacreBLEU, colours (ANSI codes) are on
unless ``Color.ENABLE_COLORS`` is set to False (sacreBLEU's command line turns them off for
a pipe). Unlike sacreBLEU, the results dictionary given is not modified (sacreBLEU pops its
``System`` entry when it prints a table).
"""

from __future__ import annotations

import json
import re
import sys
from argparse import Namespace
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from parbleu.cli.sacrebleu_grid import fancy_grid, paired_notes, result_cell
from parbleu.errors import OptionError
from parbleu.io.latex import latex_table

__all__ = ["Color", "print_results_table", "print_single_results"]


class Color:
    """sacreBLEU's ANSI colours (colorama's codes); off with ``Color.ENABLE_COLORS = False``."""

    ENABLE_COLORS: ClassVar[bool] = True
    _CODES: ClassVar[dict[str, str]] = {
        "red": "\x1b[31m",
        "green": "\x1b[32m",
        "yellow": "\x1b[33m",
        "blue": "\x1b[34m",
        "magenta": "\x1b[35m",
        "cyan": "\x1b[36m",
        "white": "\x1b[37m",
    }
    _RESET: ClassVar[str] = "\x1b[0m"

    @staticmethod
    def format(msg: str, color: str) -> str:
        """`msg` in `color` (a colour name), if colours are on."""
        code = Color._CODES.get(color.lower())
        if not Color.ENABLE_COLORS or code is None:
            return msg
        return f"{code}{msg}{Color._RESET}"


def _columns(
    results: Mapping[str, Sequence[Any]], width: int, multiline: bool
) -> dict[str, list[str]]:
    """Column title to cells.

    Once a column has bootstrap estimates, it and the following ones are titled
    ``(μ ± 95% CI)`` (sacreBLEU never resets its flag).
    """
    break_char = "\n" if multiline else " "
    columns: dict[str, list[str]] = {"System": list(results["System"])}
    bootstrap = False
    for metric, values in results.items():
        if metric == "System":
            continue
        cells = []
        for result in values:
            if isinstance(result, str):
                cells.append(result)
                continue
            bootstrap |= result.mean is not None
            estimate = None if result.mean is None else (result.mean, result.ci)
            cells.append(
                result_cell(
                    result.score,
                    estimate,
                    result.p_value,
                    width,
                    break_char=break_char,
                    color=Color.format,
                )
            )
        columns[f"{metric} (μ ± 95% CI)" if bootstrap else metric] = cells
    return columns


def _emit(lines: Sequence[str]) -> None:
    """Write lines to the standard output of the moment (as ``print`` does)."""
    sys.stdout.write("".join(f"{line}\n" for line in lines))


def _json_rows(results: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """One dictionary per system: its name, then each metric's result as its attributes."""
    names = list(results)
    rows = []
    for i, system in enumerate(results["System"]):
        row: dict[str, Any] = {"system": system}
        for name in names[1:]:
            value = results[name][i]
            row[name] = value if isinstance(value, str) else vars(value)
        rows.append(row)
    return rows


def _table_lines(results: Mapping[str, Sequence[Any]], args: Namespace) -> list[str]:
    """The table, in sacreBLEU's colours, and the notes of a paired test."""
    columns = _columns(results, args.width, multiline=args.format == "text")
    baseline = ""
    colored = False
    for cells in columns.values():
        if cells[0].startswith("Baseline:"):
            baseline, colored = cells[0], True
        if colored:
            cells[0] = Color.format(cells[0], "yellow")
    header = [Color.format(name, "cyan") for name in columns]
    rows = [list(row) for row in zip(*columns.values(), strict=True)]
    render = fancy_grid if args.format == "text" else latex_table
    lines = [*render(header, rows), ""]
    if args.paired_bs or args.paired_ar:
        count = args.paired_bs_n if args.paired_bs else args.paired_ar_n
        lines += paired_notes(
            bootstrap=bool(args.paired_bs), n_samples=count, baseline=baseline, color=Color.format
        )
    return lines


def print_results_table(
    results: Mapping[str, Sequence[Any]], signatures: Mapping[str, Any], args: Namespace
) -> None:
    """Print several systems' results as sacreBLEU does (``args.format``: json, text, latex).

    Raises:
        parbleu.OptionError: another format (sacreBLEU passes it on to tabulate).
    """
    if args.format == "json":
        _emit([json.dumps(_json_rows(results), indent=4)])
        return
    if args.format not in ("text", "latex"):
        raise OptionError(f"format must be json, text or latex; got {args.format!r}")
    rule = "-" * len("Metric signatures")
    _emit(
        [
            *_table_lines(results, args),
            rule,
            "Metric signatures",
            rule,
            *(f" - {name:<10} {signature}" for name, signature in signatures.items()),
        ]
    )


def print_single_results(results: Sequence[str], args: Namespace) -> None:
    """Print formatted score lines of one or more systems, aligned on their ``=``."""
    if args.format == "json":
        _emit(["[\n" + ",\n".join(results) + "\n]" if len(results) > 1 else results[0]])
        return
    lines = list(results)
    if "μ" in lines[0]:
        confidence = re.compile(r"(\(μ = [0-9\.]+ ± [0-9\.]+\))")
        lines = [confidence.sub(lambda m: Color.format(m.group(), "cyan"), x) for x in lines]
    if len(lines) == 1:
        _emit(lines)
        return
    # sacreBLEU prints lines without "=" at once, then pairs the offsets it found with the
    # first lines (not necessarily theirs).
    _emit([line for line in lines if "=" not in line])
    offsets = [line.index("=") - 1 for line in lines if "=" in line]
    if offsets:
        widest = max(offsets)
        _emit(
            [
                f"{line[:offset]:>{widest}}{line[offset:]}"
                for offset, line in zip(offsets, lines, strict=False)
            ]
        )
