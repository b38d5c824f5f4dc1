"""Turning results into the text the command line prints; computes nothing."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from parbleu.signature import Signature

__all__ = ["Score", "corpus_lines", "sentence_lines", "system_table", "to_json"]


class Score(Protocol):
    """What every metric result offers for display."""

    @property
    def name(self) -> str:
        """Metric name as printed (``BLEU``, ``chrF2``, ``TER``)."""

    @property
    def score(self) -> float:
        """The score."""

    @property
    def signature(self) -> Signature:
        """The reproducibility signature."""

    def format(self, width: int = 2, *, signature: bool = False, short: bool = False) -> str:
        """SacreBLEU's text line."""

    def to_dict(self, width: int = 2) -> dict[str, Any]:
        """JSON-ready fields."""


def to_json(value: object) -> str:
    """JSON as sacreBLEU prints it (one space indent, UTF-8 characters kept)."""
    return json.dumps(value, indent=1, ensure_ascii=False)


def corpus_lines(
    scores: Sequence[Score], *, width: int, fmt: str, score_only: bool, short: bool
) -> list[str]:
    """Lines for one system and one or more metrics, laid out as sacreBLEU prints them.

    With ``-f json`` several metrics make a JSON array whose items are written one after the
    other (``[``, the items separated by ``,``, ``]``), exactly sacreBLEU's text.
    """
    if fmt == "json":
        items = [
            f"{s.score:.{width}f}" if score_only else to_json(s.to_dict(width)) for s in scores
        ]
        return items if len(items) == 1 else ["[\n" + ",\n".join(items) + "\n]"]
    if score_only:
        return [f"{s.score:.{width}f}" for s in scores]
    lines = [s.format(width, signature=True, short=short) for s in scores]
    if len(lines) > 1:  # align on "=" as sacreBLEU does
        column = max(line.index(" = ") for line in lines)
        lines = [line.rjust(len(line) + column - line.index(" = ")) for line in lines]
    return lines


def sentence_lines(
    segments: Sequence[Sequence[Score]], *, width: int, fmt: str, score_only: bool, short: bool
) -> list[str]:
    """One line per segment and metric, segment after segment (``segments[i]``: its scores).

    JSON Lines with ``-f json`` (``"segment"`` numbers from 1), sacreBLEU's text lines otherwise.
    """
    if score_only:
        return [f"{s.score:.{width}f}" for scores in segments for s in scores]
    if fmt == "json":
        return [
            json.dumps({"segment": i, **s.to_dict(width)}, ensure_ascii=False)
            for i, scores in enumerate(segments, start=1)
            for s in scores
        ]
    return [s.format(width, signature=True, short=short) for scores in segments for s in scores]


def system_table(
    systems: Sequence[str],
    scores: Sequence[Sequence[Score]],
    *,
    width: int,
    fmt: str,
    short: bool,
) -> list[str]:
    """Several systems: a table and the signatures (text), or a JSON list (json)."""
    if fmt == "json":
        rows = [
            {"system": name, **{s.name: s.to_dict(width) for s in row}}
            for name, row in zip(systems, scores, strict=True)
        ]
        return [json.dumps(rows, indent=4, ensure_ascii=False)]
    header = ["System", *(s.name for s in scores[0])]
    body = [
        [name, *(f"{s.score:.{width}f}" for s in row)]
        for name, row in zip(systems, scores, strict=True)
    ]
    widths = [max(len(r[i]) for r in [header, *body]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        first = cells[0].ljust(widths[0])
        rest = (cell.rjust(w) for cell, w in zip(cells[1:], widths[1:], strict=True))
        return "  ".join([first, *rest]).rstrip()

    out = [line(header), "  ".join("-" * w for w in widths), *(line(r) for r in body), ""]
    out.append("Metric signatures:")
    label = max(len(s.name) for s in scores[0])
    out.extend(f" - {s.name:<{label}}  {s.signature.format(short=short)}" for s in scores[0])
    return out
