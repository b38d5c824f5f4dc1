"""Figures of the paper's section 5: metric against human scores, and normalized scores.

* `Scatter` (Papineni et al. 2002, Figures 5 and 6): one point per system, the metric score
  on x, the human score on y, the least-squares line and its correlation r.
* `Normalized` (Figure 7): every score of every system linearly normalized to its range
  across the systems, ``(v - min) / (max - min)``, one line per scorer, systems ordered by
  the first series (the human score), so how far apart the metric puts systems can be
  compared with how far apart the humans put them.

SVG is written here with no dependency; the output is deterministic (no dates, coordinates
rounded), so committed figures only change when the numbers do. Every point is a ``circle``
with ``data-label``, ``data-x`` and ``data-y`` (``data-series``, ``data-value`` for
normalized lines) and a ``title`` tooltip. PNG goes through matplotlib, an optional extra
(``pip install 'parbleu[plot]'``), imported only when a PNG is asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

import numpy as np

from parbleu.errors import InputError, MissingDependencyError, OptionError
from parbleu.meta.correlation import Regression, SystemCorrelation, normalize_to_range

__all__ = ["Normalized", "Scatter", "nice_ticks", "render_svg", "save"]

#: Panel size in SVG user units, and the margins around the plotting area.
WIDTH, HEIGHT = 440, 340
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 16, 36, 48
#: Extra room under a `Normalized` panel for its slanted system names.
NAME_ROOM = 70
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")


@dataclass(frozen=True)
class Scatter:
    """Metric (x) against human (y) scores of systems, with the regression line."""

    title: str
    x_label: str
    y_label: str
    labels: tuple[str, ...]
    x: tuple[float, ...]
    y: tuple[float, ...]
    line: Regression | None = None

    def __post_init__(self) -> None:
        if not len(self.labels) == len(self.x) == len(self.y):
            raise InputError(
                f"scatter {self.title!r}: {len(self.labels)} labels, {len(self.x)} x and "
                f"{len(self.y)} y values"
            )
        if not self.labels:
            raise InputError(f"scatter {self.title!r}: no points")

    @classmethod
    def from_correlation(
        cls, result: SystemCorrelation, *, title: str | None = None, human: str = "human"
    ) -> Scatter:
        """The scatter of a `SystemCorrelation` (the metric as reported, e.g. TER)."""
        return cls(
            title=title or f"{result.metric} vs {human} (r = {result.regression.r:.2f})",
            x_label=result.metric,
            y_label=human,
            labels=result.systems,
            x=result.metric_scores,
            y=result.human_scores,
            line=result.regression if np.isfinite(result.regression.slope) else None,
        )


@dataclass(frozen=True)
class Normalized:
    """Scores of several scorers over the same systems, each normalized to its range."""

    title: str
    systems: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]  # (name, raw higher-is-better scores)

    def __post_init__(self) -> None:
        for name, values in self.series:
            if len(values) != len(self.systems):
                raise InputError(
                    f"normalized {self.title!r}: series {name!r} has {len(values)} values for "
                    f"{len(self.systems)} systems"
                )
        if not self.series or not self.systems:
            raise InputError(f"normalized {self.title!r}: no series or no systems")

    @classmethod
    def from_correlations(
        cls, results: Sequence[SystemCorrelation], *, title: str = "", human: str = "human"
    ) -> Normalized:
        """Human and metric scores (TER negated) of the systems, ordered by human score."""
        first = results[0]
        order = np.argsort(first.human_scores, kind="stable")
        systems = tuple(first.systems[i] for i in order)
        series = [(human, tuple(first.human_scores[i] for i in order))]
        for result in results:
            if result.systems != first.systems:
                raise InputError(f"{result.metric} is over other systems than {first.metric}")
            sign = 1.0 if result.higher_is_better else -1.0
            name = result.metric if result.higher_is_better else f"-{result.metric}"
            series.append((name, tuple(sign * result.metric_scores[i] for i in order)))
        return cls(
            title or f"Scores normalized to their range ({human} order)", systems, tuple(series)
        )

    def normalized(self) -> list[tuple[str, list[float]]]:
        """Each series as ``(v - min) / (max - min)``."""
        return [(name, [float(v) for v in normalize_to_range(vs)]) for name, vs in self.series]


Figure = Scatter | Normalized


# -- SVG ---------------------------------------------------------------------------------------


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def nice_ticks(low: float, high: float, count: int = 5) -> tuple[list[float], int]:
    """Round tick values covering ``[low, high]`` (steps 1, 2, 2.5, 5 x 10^k) and decimals."""
    if not high > low:
        low, high = low - 0.5, high + 0.5
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9)
    ticks = [(first + i) * step for i in range(math.floor(high / step + 1e-9) - first + 1)]
    decimals = max(0, -math.floor(math.log10(step) + 1e-9)) + (1 if step / power == 2.5 else 0)
    return ticks, decimals


def _padded(values: Sequence[float]) -> tuple[float, float]:
    low, high = min(values), max(values)
    pad = (high - low) * 0.08 or max(abs(low) * 0.1, 0.5)
    return low - pad, high + pad


class _Panel:
    """Coordinates of one panel whose top left corner is at (left, top); y grows downwards."""

    def __init__(self, left: float, top: float) -> None:
        self.left, self.top = left, top
        self.x0, self.x1 = left + MARGIN_LEFT, left + WIDTH - MARGIN_RIGHT
        self.y0, self.y1 = top + HEIGHT - MARGIN_BOTTOM, top + MARGIN_TOP

    def frame(self, title: str) -> list[str]:
        middle = (self.left + self.left + WIDTH) / 2
        return [
            (
                f'<text class="panel-title" x="{_num(middle)}" y="{_num(self.top + 20)}" '
                f'text-anchor="middle" font-size="13">{escape(title)}</text>'
            ),
            (
                f'<rect class="frame" x="{_num(self.x0)}" y="{_num(self.y1)}" '
                f'width="{_num(self.x1 - self.x0)}" height="{_num(self.y0 - self.y1)}" '
                'fill="none" stroke="#444"/>'
            ),
        ]


def _axis(panel: _Panel, span: tuple[float, float], *, vertical: bool, label: str) -> list[str]:
    ticks, decimals = nice_ticks(*span)
    low, high = span
    out = []
    for tick in ticks:
        if not low <= tick <= high:
            continue
        text = escape(f"{tick:.{decimals}f}")
        if vertical:
            y = panel.y0 + (tick - low) / (high - low) * (panel.y1 - panel.y0)
            out.append(
                f'<line class="grid" x1="{_num(panel.x0)}" y1="{_num(y)}" x2="{_num(panel.x1)}" '
                f'y2="{_num(y)}" stroke="#ddd"/><text x="{_num(panel.x0 - 4)}" '
                f'y="{_num(y + 4)}" text-anchor="end" font-size="10">{text}</text>'
            )
        else:
            x = panel.x0 + (tick - low) / (high - low) * (panel.x1 - panel.x0)
            out.append(
                f'<line class="grid" x1="{_num(x)}" y1="{_num(panel.y1)}" x2="{_num(x)}" '
                f'y2="{_num(panel.y0)}" stroke="#ddd"/><text x="{_num(x)}" '
                f'y="{_num(panel.y0 + 14)}" text-anchor="middle" font-size="10">{text}</text>'
            )
    if vertical:
        x, y = panel.left + 14, (panel.y0 + panel.y1) / 2
        out.append(
            f'<text class="axis-label" x="{_num(x)}" y="{_num(y)}" text-anchor="middle" '
            f'font-size="11" transform="rotate(-90 {_num(x)} {_num(y)})">{escape(label)}</text>'
        )
    elif label:
        out.append(
            f'<text class="axis-label" x="{_num((panel.x0 + panel.x1) / 2)}" '
            f'y="{_num(panel.y0 + 32)}" text-anchor="middle" font-size="11">{escape(label)}</text>'
        )
    return out


def _scatter(figure: Scatter, panel: _Panel) -> list[str]:
    xs, ys = _padded(figure.x), _padded(figure.y)

    def at(x: float, y: float) -> tuple[float, float]:
        px = panel.x0 + (x - xs[0]) / (xs[1] - xs[0]) * (panel.x1 - panel.x0)
        return px, panel.y0 + (y - ys[0]) / (ys[1] - ys[0]) * (panel.y1 - panel.y0)

    out = panel.frame(figure.title)
    out += _axis(panel, xs, vertical=False, label=figure.x_label)
    out += _axis(panel, ys, vertical=True, label=figure.y_label)
    if figure.line is not None:
        ends = [min(figure.x), max(figure.x)]
        (ax, ay), (bx, by) = (at(x, figure.line.slope * x + figure.line.intercept) for x in ends)
        out.append(
            f'<line class="regression" x1="{_num(ax)}" y1="{_num(ay)}" x2="{_num(bx)}" '
            f'y2="{_num(by)}" stroke="{COLORS[1]}" stroke-width="1.5" '
            f'data-slope="{figure.line.slope!r}" data-intercept="{figure.line.intercept!r}"/>'
        )
        out.append(
            f'<text class="annotation" x="{_num(panel.x0 + 6)}" y="{_num(panel.y1 + 14)}" '
            f'font-size="11">r = {figure.line.r:.3f}; y = {figure.line.slope:.4g} x '
            f"{'+' if figure.line.intercept >= 0 else '-'} "
            f"{abs(figure.line.intercept):.4g}</text>"
        )
    for label, x, y in zip(figure.labels, figure.x, figure.y, strict=True):
        px, py = at(x, y)
        tip = escape(f"{label}: {figure.x_label} {x:.4g}, {figure.y_label} {y:.4g}")
        right = px > panel.x0 + 0.75 * (panel.x1 - panel.x0)  # name to the left, inside
        anchor = f'x="{_num(px - 5)}" text-anchor="end"' if right else f'x="{_num(px + 5)}"'
        out.append(
            f'<circle class="point" cx="{_num(px)}" cy="{_num(py)}" r="3.5" fill="{COLORS[0]}" '
            f'data-label={quoteattr(label)} data-x="{x!r}" data-y="{y!r}"><title>{tip}</title>'
            f'</circle><text class="point-label" {anchor} y="{_num(py - 4)}" '
            f'font-size="8" fill="#555">{escape(label)}</text>'
        )
    return out


def _normalized(figure: Normalized, panel: _Panel) -> list[str]:
    n = len(figure.systems)
    span = (-0.05, 1.05)

    def at(index: int, value: float) -> tuple[float, float]:
        px = panel.x0 + (index + 0.5) / n * (panel.x1 - panel.x0)
        return px, panel.y0 + (value - span[0]) / (span[1] - span[0]) * (panel.y1 - panel.y0)

    out = panel.frame(figure.title) + _axis(panel, span, vertical=True, label="normalized score")
    for index, system in enumerate(figure.systems):
        x, y = at(index, span[0])
        out.append(
            f'<text class="system-name" x="{_num(x)}" y="{_num(y + 12)}" font-size="9" '
            f'text-anchor="end" transform="rotate(-45 {_num(x)} {_num(y + 12)})">'
            f"{escape(system)}</text>"
        )
    for number, (name, values) in enumerate(figure.normalized()):
        color = COLORS[number % len(COLORS)]
        points = [at(i, v) for i, v in enumerate(values)]
        path = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
        out.append(f'<polyline class="series" points="{path}" fill="none" stroke="{color}"/>')
        for system, value, (x, y) in zip(figure.systems, values, points, strict=True):
            out.append(
                f'<circle class="series-point" cx="{_num(x)}" cy="{_num(y)}" r="3" '
                f"fill={quoteattr(color)} data-series={quoteattr(name)} "
                f'data-label={quoteattr(system)} data-value="{value!r}"><title>'
                f"{escape(f'{system}: {name} {value:.3f}')}</title></circle>"
            )
        lx, ly = panel.x0 + 8, panel.y1 + 14 + 14 * number
        out.append(
            f'<text class="legend" x="{_num(lx + 14)}" y="{_num(ly + 4)}" font-size="10">'
            f'{escape(name)}</text><line x1="{_num(lx)}" y1="{_num(ly)}" x2="{_num(lx + 10)}" '
            f'y2="{_num(ly)}" stroke="{color}" stroke-width="2"/>'
        )
    return out


def render_svg(figures: Sequence[Figure], *, columns: int = 2, title: str = "") -> str:
    """One SVG document with the figures as panels, `columns` per row."""
    if not figures:
        raise InputError("nothing to plot")
    if columns < 1:
        raise OptionError(f"columns must be at least 1; got {columns}")
    columns = min(columns, len(figures))
    rows = [figures[i : i + columns] for i in range(0, len(figures), columns)]
    heights = [
        HEIGHT + (NAME_ROOM if any(isinstance(f, Normalized) for f in r) else 0) for r in rows
    ]
    top = 30.0 if title else 0.0
    body: list[str] = []
    if title:
        body.append(
            f'<text class="title" x="{_num(columns * WIDTH / 2)}" y="20" text-anchor="middle" '
            f'font-size="15">{escape(title)}</text>'
        )
    for row, height in zip(rows, heights, strict=True):
        for column, figure in enumerate(row):
            panel = _Panel(column * WIDTH, top)
            if isinstance(figure, Scatter):
                body += _scatter(figure, panel)
            else:
                body += _normalized(figure, panel)
        top += height
    width, total = columns * WIDTH, top
    return "\n".join(
        [
            (
                f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" '
                f'height="{_num(total)}" viewBox="0 0 {_num(width)} {_num(total)}" '
                'font-family="sans-serif">'
            ),
            f'<rect width="{_num(width)}" height="{_num(total)}" fill="white"/>',
            *body,
            "</svg>",
            "",
        ]
    )


# -- PNG through matplotlib -------------------------------------------------------------------


def _matplotlib() -> Any:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
        from matplotlib.figure import Figure as MplFigure  # noqa: PLC0415
    except ImportError:
        raise MissingDependencyError(
            "PNG plots need matplotlib: pip install 'parbleu[plot]' (or write .svg)"
        ) from None
    return MplFigure, FigureCanvasAgg


def _draw_png(figures: Sequence[Figure], path: str, columns: int, title: str) -> None:
    figure_class, canvas_class = _matplotlib()
    columns = min(columns, len(figures))
    rows = math.ceil(len(figures) / columns)
    figure = figure_class(figsize=(5.2 * columns, 4.4 * rows), layout="constrained")
    canvas_class(figure)
    if title:
        figure.suptitle(title)
    for index, spec in enumerate(figures):
        axes = figure.add_subplot(rows, columns, index + 1)
        axes.set_title(spec.title, fontsize=10)
        if isinstance(spec, Scatter):
            axes.scatter(spec.x, spec.y, s=14)
            for label, x, y in zip(spec.labels, spec.x, spec.y, strict=True):
                axes.annotate(label, (x, y), fontsize=6, xytext=(3, 3), textcoords="offset points")
            if spec.line is not None:
                ends = np.array([min(spec.x), max(spec.x)])
                axes.plot(ends, spec.line.slope * ends + spec.line.intercept, color=COLORS[1])
            axes.set_xlabel(spec.x_label)
            axes.set_ylabel(spec.y_label)
        else:
            for name, values in spec.normalized():
                axes.plot(range(len(values)), values, marker="o", label=name)
            axes.set_xticks(range(len(spec.systems)), spec.systems, rotation=45, ha="right")
            axes.set_ylabel("normalized score")
            axes.legend(fontsize=8)
    figure.savefig(path, dpi=120)


def save(figures: Sequence[Figure], path: str, *, columns: int = 2, title: str = "") -> None:
    """Write the figures to `path`: ``.svg`` (no dependency) or ``.png`` (matplotlib).

    Raises:
        OptionError: another file extension.
        MissingDependencyError: a PNG without matplotlib installed.
        InputError: the file cannot be written.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in (".svg", ".png"):
        raise OptionError(
            f"{path}: plots are written as .svg or .png, not {suffix or 'no suffix'!r}"
        )
    try:
        if suffix == ".svg":
            Path(path).write_text(render_svg(figures, columns=columns, title=title), "utf-8")
        else:
            if not figures:
                raise InputError("nothing to plot")
            _draw_png(figures, path, columns, title)
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from exc
