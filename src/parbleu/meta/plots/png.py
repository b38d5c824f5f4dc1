"""Figures as PNG through matplotlib, an optional extra (``pip install 'parbleu[plot]'``).

matplotlib is imported only when a PNG is asked for.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, BinaryIO

import numpy as np

from parbleu.errors import MissingDependencyError
from parbleu.meta.plots.figures import Figure, Scatter
from parbleu.meta.plots.svg import COLORS

__all__ = ["draw_png"]


def _matplotlib() -> Any:
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415
        from matplotlib.figure import Figure as MplFigure  # noqa: PLC0415
    except ImportError:
        raise MissingDependencyError(
            "PNG plots need matplotlib: pip install 'parbleu[plot]' (or write .svg)"
        ) from None
    return MplFigure, FigureCanvasAgg


def draw_png(figures: Sequence[Figure], out: BinaryIO, columns: int, title: str) -> None:
    """Draw the figures in a grid of `columns` and write the PNG to the binary file `out`."""
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
    figure.savefig(out, format="png", dpi=120)
