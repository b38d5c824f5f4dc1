r"""Plain text, one segment per line: reading it, and checking its first lines.

Files of segments are read as sacreBLEU's command line reads them (`read_segments`: trailing
whitespace, a Windows ``\r`` included, stripped from every line). A file whose first lines
show that it is JSON Lines, WMT XML or SGML (`parbleu.io.formats.sniff_lines`) is refused
rather than scored as text (a JSONL reference read as text gives BLEU 8.5 instead of 35.4;
an SGML file gives one "segment" per tag line), with an error that says how to read it;
``check_structure=False`` scores every line as a segment whatever it looks like (the outputs
of a JSON generation task are JSON objects, one a line). An empty file is refused.

`check_head` is the check of a file's first `HEAD_LINES` lines, for readers that read files
in parts (`parbleu.scaling.pipeline`): the same errors, from the head alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from parbleu.errors import InputError
from parbleu.io.formats import FORMATS, sniff_lines
from parbleu.io.lines import read_lines

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "HEAD_LINES",
    "STDIN",
    "check_head",
    "check_plain_text",
    "read_segments",
    "read_text_lines",
]

#: The name standard input goes by in messages.
STDIN = "standard input"

#: Lines at the start of a file that show whether it is plain text (`check_plain_text`).
HEAD_LINES = 20

#: What the library's error says to do with a structured file (``{source}``, ``{format}``).
LIBRARY_ADVICE = "read it as a test set: parbleu.io.read_test_set({source!r}, format={format!r})"


def check_plain_text(lines: Sequence[str], source: str, *, advice: str | None = None) -> None:
    """Refuse lines that are a structured test-set file rather than one segment per line.

    `advice` says what to do instead, with ``{source}`` and ``{format}`` (the format's
    value) filled in; the default names `parbleu.io.read_test_set`.

    Raises:
        InputError: naming the format found, why, and what to do instead.
    """
    found = sniff_lines(lines[:HEAD_LINES])
    if found is not None:
        format_, why = found
        what = (advice or LIBRARY_ADVICE).format(source=source, format=format_.value)
        raise InputError(
            f"{source}: this is {FORMATS[format_].name} ({why}), not plain text with one "
            f"segment per line; {what}"
        )


def check_head(
    lines: Sequence[str], source: str, *, check_structure: bool = True, advice: str | None = None
) -> None:
    """Refuse an input whose first lines show it is empty or (unless told not to) not text.

    Standard input (`STDIN`) is checked for emptiness only: its lines may be tab-separated
    systems.

    Raises:
        InputError: the input is empty, or is JSON Lines, WMT XML or SGML.
    """
    if not lines:
        if source == STDIN:
            raise InputError(f"{STDIN} is empty: nothing to score")
        raise InputError("is empty: nothing to score", source=source)
    if check_structure and source != STDIN:
        check_plain_text(lines, source, advice=advice)


def read_text_lines(
    path: str | Path,
    encoding: str = "utf-8",
    *,
    check_structure: bool = True,
    advice: str | None = None,
) -> list[str]:
    """The lines of a plain-text file of segments, refusing a structured file (see above)."""
    lines = read_lines(path, encoding)
    if check_structure:
        check_plain_text(lines, str(path), advice=advice)
    return lines


def read_segments(
    path: str | Path,
    encoding: str = "utf-8",
    *,
    check_structure: bool = True,
    advice: str | None = None,
) -> list[str]:
    r"""One segment per line, as sacreBLEU's command line reads a file.

    Trailing whitespace (a Windows ``\r`` included) is stripped from every line; a file
    that is JSON Lines, WMT XML or SGML is refused (`check_plain_text`) unless
    `check_structure` is false, and so is an empty file.
    """
    text = read_text_lines(path, encoding, check_structure=check_structure, advice=advice)
    lines = [line.rstrip() for line in text]
    if not lines:
        raise InputError("is empty: nothing to score", source=str(path))
    return lines
