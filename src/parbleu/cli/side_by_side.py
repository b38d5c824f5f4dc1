"""Sentence scores of several systems side by side (``-sl`` with several ``-i`` files).

Each segment's score of every system and metric, and each system's difference against the
first system (its score minus the first's), as a text table (``-f text``), JSON Lines
(``-f json``: one object per segment and metric) or CSV (``-f csv``, also for one system).
With ``--sort-by-difference`` the segments come worst first: ordered by the second system's
difference in the first metric, ascending where higher is better (BLEU, chrF), descending
where lower is (TER); ties keep the segment order. This module computes no score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parbleu.cli.render import Score, table
from parbleu.cli.requests import OutputRequest
from parbleu.errors import OptionError

__all__ = ["SideBySide", "side_by_side_lines"]


@dataclass(frozen=True)
class SideBySide:
    """Sentence scores of several systems.

    ``scores[s][i][m]`` is system ``s``'s score of segment ``i`` in metric ``m``;
    ``higher_is_better[m]`` is metric ``m``'s direction.
    """

    names: Sequence[str]
    scores: Sequence[Sequence[Sequence[Score]]]
    higher_is_better: Sequence[bool]

    @property
    def metrics(self) -> list[Score]:
        """The first segment's scores of the first system: a name and signature per metric."""
        return list(self.scores[0][0]) if self.scores[0] else []

    def value(self, system: int, segment: int, metric: int) -> float:
        """One system's score of one segment in one metric."""
        return self.scores[system][segment][metric].score

    def difference(self, system: int, segment: int, metric: int) -> float:
        """A system's score minus the first system's, for one segment and metric."""
        return self.value(system, segment, metric) - self.value(0, segment, metric)

    def order(self, sort: bool) -> list[int]:
        """The segments in the order printed: as given, or worst first (module docstring)."""
        segments = list(range(len(self.scores[0])))
        if not sort:
            return segments
        sign = 1.0 if self.higher_is_better[0] else -1.0
        return sorted(segments, key=lambda i: sign * self.difference(1, i, 0))


def _check(sides: SideBySide, output: OutputRequest) -> None:
    """Refuse what side-by-side output cannot honour, naming the option."""
    several = len(sides.names) > 1
    if output.sort_by_difference and not several:
        raise OptionError("--sort-by-difference compares systems: give two or more with -i")
    if several and output.score_only:
        raise OptionError("-b/--score-only with -sl prints one system's scores; got several")
    if several and output.format == "latex":
        raise OptionError("-sl with several systems prints -f text, json or csv; got latex")
    repeated = {name for name in sides.names if list(sides.names).count(name) > 1}
    if repeated:
        raise OptionError(
            f"-sl with several systems needs distinct names; {min(repeated)} is twice"
        )


def side_by_side_lines(sides: SideBySide, output: OutputRequest) -> list[str]:
    """The lines printed for sentence scores of several systems (or of one, as CSV).

    Raises:
        OptionError: ``--sort-by-difference`` with one system, ``-b`` or ``-f latex`` with
            several, or two systems of the same name.
    """
    _check(sides, output)
    order = sides.order(output.sort_by_difference)
    if output.format == "json":
        return _json_lines(sides, order, output.width)
    header, rows = _header(sides), [_row(sides, i, output.width) for i in order]
    if output.format == "csv":
        return [_csv(header, rows)]
    return [*table(header, rows), "", *_notes(sides, output)]


def _signed(value: float, width: int) -> str:
    """A difference with its sign (``+0.0`` for what rounds to zero)."""
    text = f"{value:+.{width}f}"
    return f"{0.0:+.{width}f}" if float(text) == 0 else text


def _rounded(value: float, width: int) -> float:
    """A number at `width` decimals, as the single-system JSON rounds its ``score``."""
    return float(f"{value:.{width}f}") + 0.0  # + 0.0: no -0.0


def _header(sides: SideBySide) -> list[str]:
    first = sides.names[0]
    header = ["Segment"]
    for metric in sides.metrics:
        header += [f"{metric.name} {name}" for name in sides.names]
        header += [f"{metric.name} {name}-{first}" for name in sides.names[1:]]
    return header


def _row(sides: SideBySide, segment: int, width: int) -> list[str]:
    systems = range(len(sides.names))
    row = [str(segment + 1)]
    for m in range(len(sides.metrics)):
        row += [f"{sides.value(s, segment, m):.{width}f}" for s in systems]
        row += [_signed(sides.difference(s, segment, m), width) for s in systems[1:]]
    return row


def _notes(sides: SideBySide, output: OutputRequest) -> list[str]:
    """What the columns are, the order of the rows, and each metric's signature."""
    notes = []
    if len(sides.names) > 1:
        first = sides.names[0]
        notes.append(f"NAME-{first}: each system's score minus {first}'s (the first).")
    if output.sort_by_difference and sides.metrics:
        better = "higher" if sides.higher_is_better[0] else "lower"
        notes.append(
            f"Sorted by {sides.metrics[0].name} {sides.names[1]}-{sides.names[0]}, worst first "
            f"({better} is better)."
        )
    label = max((len(s.name) for s in sides.metrics), default=0)
    signatures = [
        f" - {s.name:<{label}}  {s.signature.format(short=output.short)}" for s in sides.metrics
    ]
    return [*notes, *([""] if notes else []), "Metric signatures:", *signatures]


def _json_lines(sides: SideBySide, order: Sequence[int], width: int) -> list[str]:
    """One JSON object per segment and metric: scores, differences, unrounded scores."""
    from parbleu.io.json_output import json_text  # noqa: PLC0415 (text output does without)

    lines = []
    for i in order:
        for m, metric in enumerate(sides.metrics):
            values = [sides.value(s, i, m) for s in range(len(sides.names))]
            item = {
                "segment": i + 1,
                "name": metric.name,
                "scores": {n: _rounded(v, width) for n, v in zip(sides.names, values, strict=True)},
                "differences": {
                    name: _rounded(value - values[0], width)
                    for name, value in zip(sides.names[1:], values[1:], strict=True)
                },
                "scores_unrounded": dict(zip(sides.names, values, strict=True)),
                "signature": metric.signature.format(),
            }
            lines.append(json_text(item))
    return lines


def _csv(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """RFC 4180 CSV (the ``csv`` module's quoting), one line per row, no final line end."""
    import csv  # noqa: PLC0415 (-f csv only)
    import io  # noqa: PLC0415

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue().removesuffix("\n")
