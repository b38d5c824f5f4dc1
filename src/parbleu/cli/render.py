"""Turning results into the text the command line prints; computes nothing.

JSON is written by `parbleu.io.json_output` (imported by the functions that write JSON: text
output does without it), which refuses numbers that are not finite.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from typing import Any, Protocol, TextIO

from parbleu.errors import ParbleuError
from parbleu.signature import Signature

__all__ = [
    "Score",
    "corpus_lines",
    "emit",
    "sentence_lines",
    "table",
    "to_json",
]


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


def to_json(value: object, indent: int = 1) -> str:
    """JSON as sacreBLEU prints it (one space indent, UTF-8 characters kept), finite only."""
    from parbleu.io.json_output import json_text  # noqa: PLC0415 (see the module docstring)

    return json_text(value, indent=indent)


def table(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Container[int] | None = None,
    rule: bool = True,
) -> list[str]:
    """A plain text table: columns in `right` right-aligned (default: all but the first).

    With `rule`, a line of dashes under the header.
    """
    aligned = range(1, len(header)) if right is None else right
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        fitted = [
            cell.rjust(w) if i in aligned else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(cells, widths, strict=True))
        ]
        return "  ".join(fitted).rstrip()

    dashes = ["  ".join("-" * w for w in widths)] if rule else []
    return [line(header), *dashes, *(line(r) for r in rows)]


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
        from parbleu.io.json_output import json_text  # noqa: PLC0415

        return [
            json_text({"segment": i, **s.to_dict(width)})
            for i, scores in enumerate(segments, start=1)
            for s in scores
        ]
    return [s.format(width, signature=True, short=short) for scores in segments for s in scores]


def emit(produce: Callable[[], Sequence[str]], stdout: TextIO, stderr: TextIO, *, prog: str) -> int:
    """Print the lines `produce` returns, or its error as one line; the exit code.

    Nothing reaches standard output unless everything was computed: an error leaves it empty.
    """
    try:
        lines = produce()
    except ParbleuError as error:
        print(f"{prog}: error: {error}", file=stderr)
        return error.exit_code
    except MemoryError:
        print(
            f"{prog}: error: out of memory: the input, or the work its options ask for "
            "(resamples, trials), does not fit in this machine's memory (the streaming API, "
            "parbleu.scaling.stream_statistics, scores any corpus size in bounded memory)",
            file=stderr,
        )
        return 1
    for line in lines:
        print(line, file=stdout)
    return 0
