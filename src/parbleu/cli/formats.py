"""Several systems: sacreBLEU 2.6.0's JSON list and LaTeX table, and parbleu's text table.

``-f json`` (the default) prints what sacreBLEU's ``print_results_table`` prints: a list with
one object per system, ``"system"`` and one key per metric whose value is the score as text
(``"BLEU": "35.4"``, with ``-w`` decimals), metrics in the order of their names, indented by
four spaces, non-ASCII characters escaped. parbleu adds one key, `EXTRA_KEY` (``"parbleu"``),
holding each metric's full result (unrounded score, signature, statistics: the single-system
JSON); a parser written for sacreBLEU reads the metric keys and never sees it.

``-f latex`` prints sacreBLEU's table (`parbleu.io.latex`), a blank line and its signature
block. ``-f text`` prints a plain table of the scores and the metrics' signatures. This is the
one renderer of several systems' scores.
"""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.cli.render import Score, table

__all__ = ["EXTRA_KEY", "system_json", "system_lines"]

#: The key under which parbleu's multi-system JSON adds its full results.
EXTRA_KEY = "parbleu"


def _by_name(row: Sequence[Score]) -> list[Score]:
    """A system's metrics in the order of their names, as sacreBLEU's ``sorted(metrics)``."""
    return sorted(row, key=lambda score: score.name.upper())


def system_json(systems: Sequence[str], scores: Sequence[Sequence[Score]], width: int) -> str:
    """SacreBLEU's JSON list of systems, plus `EXTRA_KEY` (see the module docstring)."""
    from parbleu.io.json_output import json_text  # noqa: PLC0415 (text output does without it)

    rows = []
    for name, row in zip(systems, scores, strict=True):
        ordered = _by_name(row)
        item: dict[str, object] = {"system": name}
        item |= {s.name: f"{s.score:.{width}f}" for s in ordered}
        item[EXTRA_KEY] = {s.name: s.to_dict(width) for s in ordered}
        rows.append(item)
    return json_text(rows, indent=4, ascii_only=True)


def system_lines(
    systems: Sequence[str],
    scores: Sequence[Sequence[Score]],
    *,
    width: int,
    fmt: str,
    short: bool,
) -> list[str]:
    """Several systems: sacreBLEU's JSON or LaTeX, or parbleu's text table (``-f text``)."""
    if fmt == "json":
        return [system_json(systems, scores, width)]
    if fmt != "latex":
        return _system_text(systems, scores, width=width, short=short)
    from parbleu.cli.significance.common import signature_lines  # noqa: PLC0415
    from parbleu.io.latex import latex_table  # noqa: PLC0415 (-f latex only)

    first = _by_name(scores[0])
    header = ["System", *(s.name for s in first)]
    body = [
        [name, *(f"{s.score:.{width}f}" for s in _by_name(row))]
        for name, row in zip(systems, scores, strict=True)
    ]
    signatures = [(s.name, s.signature.format(short=short)) for s in first]
    return [*latex_table(header, body), "", *signature_lines(signatures)]


def _system_text(
    systems: Sequence[str], scores: Sequence[Sequence[Score]], *, width: int, short: bool
) -> list[str]:
    """A table of the scores (metrics in the order given), then the metrics' signatures."""
    header = ["System", *(s.name for s in scores[0])]
    body = [
        [name, *(f"{s.score:.{width}f}" for s in row)]
        for name, row in zip(systems, scores, strict=True)
    ]
    label = max(len(s.name) for s in scores[0])
    signatures = [f" - {s.name:<{label}}  {s.signature.format(short=short)}" for s in scores[0]]
    return [*table(header, body), "", "Metric signatures:", *signatures]
