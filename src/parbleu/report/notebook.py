"""The report inline in a Jupyter notebook: the whole page in a sandboxed ``iframe``.

The page is given as the frame's ``srcdoc`` (HTML-escaped), so nothing is written or fetched;
the sandbox lets the page run its own scripts and download its exports, and nothing else (no
same origin with the notebook, no forms, no pop-ups). The page's Content Security Policy
still applies inside the frame.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from parbleu.errors import OptionError
from parbleu.report.build import Report
from parbleu.report.html import render

__all__ = ["InlineReport", "inline"]


@dataclass(frozen=True)
class InlineReport:
    """A report to show in a notebook cell (Jupyter calls `_repr_html_`)."""

    page: str  # the whole HTML page
    height: int

    def _repr_html_(self) -> str:
        return (
            f'<iframe srcdoc="{html.escape(self.page, quote=True)}" '
            'sandbox="allow-scripts allow-downloads" '
            f'style="width: 100%; height: {self.height}px; border: 1px solid #ccc" '
            'title="parbleu report"></iframe>'
        )


def inline(report: Report, *, height: int = 800) -> InlineReport:
    """`report` for a notebook: ``inline(build_report(refs, systems))`` as a cell's value.

    Raises:
        OptionError: `height` (pixels) is not positive.
    """
    if height <= 0:
        raise OptionError(f"the height of an inline report is in pixels, above 0; got {height}")
    return InlineReport(render(report), height)
