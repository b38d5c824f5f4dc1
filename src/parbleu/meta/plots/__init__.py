"""Figures of the paper's section 5: metric against human scores, and normalized scores.

* `Scatter` (Papineni et al. 2002, Figures 5 and 6): one point per system, the metric score
  on x, the human score on y, the least-squares line and its correlation r.
* `Normalized` (Figure 7): every score of every system linearly normalized to its range
  across the systems, ``(v - min) / (max - min)``, one line per scorer, systems ordered by
  the first series (the human score), so how far apart the metric puts systems can be
  compared with how far apart the humans put them.

`figures` holds them as values, `svg` draws SVG with no dependency, `png` draws PNG through
matplotlib, an optional extra (``pip install 'parbleu[plot]'``); `save` picks by suffix.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from parbleu.errors import InputError, OptionError
from parbleu.io.output import write_output
from parbleu.meta.plots.figures import Figure, Normalized, Scatter
from parbleu.meta.plots.png import draw_png
from parbleu.meta.plots.svg import nice_ticks, render_svg

__all__ = ["Figure", "Normalized", "Scatter", "nice_ticks", "render_svg", "save"]


def save(figures: Sequence[Figure], path: str, *, columns: int = 2, title: str = "") -> None:
    """Write the figures to `path`: ``.svg`` (no dependency) or ``.png`` (matplotlib).

    The file is replaced atomically (`parbleu.io.output.write_output`): if drawing or writing
    fails, a previous file of that name is left as it was.

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
    if suffix == ".svg":
        write_output(path, render_svg(figures, columns=columns, title=title))
        return
    if not figures:
        raise InputError("nothing to plot")
    write_output(path, lambda out: draw_png(figures, out, columns, title))
