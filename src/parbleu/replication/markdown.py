"""Markdown pieces of the replication: tables, intervals, and the generated blocks of a page.

A page holds hand-written prose and generated blocks between markers::

    <!-- generated:NAME -->
    ...
    <!-- /generated:NAME -->

`replace_blocks` rewrites what is between the markers and leaves everything else as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from parbleu.errors import InputError
from parbleu.meta import Interval

__all__ = ["check_blocks", "interval", "replace_blocks", "table"]


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def interval(estimate: Interval, digits: int = 3) -> str:
    """``value [low, high]``."""
    low, high = f"{estimate.low:.{digits}f}", f"{estimate.high:.{digits}f}"
    return f"{estimate.value:.{digits}f} [{low}, {high}]"


def _pattern(name: str) -> re.Pattern[str]:
    begin, end = f"<!-- generated:{name} -->\n", f"\n<!-- /generated:{name} -->"
    return re.compile(f"({re.escape(begin)}).*?({re.escape(end)})", re.DOTALL)


def check_blocks(text: str, names: Sequence[str], source: str = "the page") -> None:
    """Raise `InputError` naming `source` and every block of `names` that `text` lacks."""
    missing = [name for name in names if not _pattern(name).search(text)]
    if missing:
        raise InputError(
            f"{source}: no generated block "
            + ", ".join(f"<!-- generated:{name} -->" for name in missing)
        )


def replace_blocks(text: str, blocks: Mapping[str, str], source: str = "the page") -> str:
    """`text` with the body of each named generated block replaced.

    Raises:
        InputError: a block that `text` does not have (naming `source`).
    """
    check_blocks(text, list(blocks), source)
    for name, body in blocks.items():
        text = _pattern(name).sub(_replacement(body), text)
    return text


def _replacement(body: str) -> Callable[[re.Match[str]], str]:
    """The markers kept, `body` between them (taken as it is: no backslash escapes)."""

    def replace(match: re.Match[str]) -> str:
        return match.group(1) + body + match.group(2)

    return replace
