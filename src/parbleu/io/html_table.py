"""Small HTML tables for notebooks (``_repr_html_`` of results): plain markup, no script.

Every text is HTML-escaped; the table carries the class ``parbleu`` for styling by the host.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

__all__ = ["html_table"]


def _cells(tag: str, cells: Sequence[object]) -> str:
    return "".join(f"<{tag}>{html.escape(str(cell))}</{tag}>" for cell in cells)


def html_table(
    caption: str,
    header: Sequence[object],
    rows: Sequence[Sequence[object]],
    notes: Sequence[str] = (),
) -> str:
    """A ``<table>`` with `caption`, a header row and `rows`, then `notes` as small text.

    >>> html_table("BLEU <x>", ["system"], [["a&b"]])  # doctest: +ELLIPSIS
    '<table class="parbleu"><caption>BLEU &lt;x&gt;</caption>...<td>a&amp;b</td>...'
    """
    body = "".join(f"<tr>{_cells('td', row)}</tr>" for row in rows)
    table = (
        f'<table class="parbleu"><caption>{html.escape(caption)}</caption>'
        f"<thead><tr>{_cells('th', header)}</tr></thead><tbody>{body}</tbody></table>"
    )
    small = "".join(f"<br><small>{html.escape(note)}</small>" for note in notes)
    return f"<div>{table}{small}</div>" if notes else table
