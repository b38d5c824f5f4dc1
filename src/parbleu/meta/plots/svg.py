"""Figures as SVG, with no dependency.

The output is deterministic (no dates, coordinates rounded), so committed figures only change
when the numbers do. Every point is a ``circle`` with ``data-label``, ``data-x`` and
``data-y`` (``data-series``, ``data-value`` for normalized lines) and a ``title`` tooltip.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from parbleu.errors import InputError, OptionError
from parbleu.meta.plots.figures import Figure, Normalized, Scatter

__all__ = ["COLORS", "nice_ticks", "render_svg"]

#: Panel size in SVG user units, and the margins around the plotting area.
WIDTH, HEIGHT = 440, 340
MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 64, 16, 36, 48
#: Extra room under a `Normalized` panel for its slanted system names.
NAME_ROOM = 70
COLORS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf")


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
