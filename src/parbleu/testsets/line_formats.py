r"""The line-based raw formats, converted to the lines of sacreBLEU 2.6.0's text files.

sacreBLEU turns every field of a pair into a plain-text file, one segment a line; what it
writes is what it scores. These are its rules (``dataset/fake_sgml.py``, ``plain_text.py``,
``tsv.py``), kept to the byte so that parbleu's lines and sacreBLEU's files agree:

- mteval SGML (and IWSLT's XML, read the same way): every line that starts with ``<seg ``
  is a segment, its text what lies between the opening tag and the last ``</seg>``, with
  whitespace stripped and runs of it collapsed (`segment_lines`). Document metadata
  (``docid``, ``genre``, ``origlang``) is the attribute's value on the last ``<doc `` line
  before each segment, ``""`` before the first one that has it (`document_values`).
- plain text: each line with trailing whitespace removed (`text_lines`).
- tab-separated: one column of each line, the line's ``\n`` removed first (`column_lines`).

Lines end at ``\n`` only and files are UTF-8 (``.gz`` files decompressed), as sacreBLEU
opens them. These rules are deliberately lenient, as sacreBLEU's are: a real file that
parbleu's validating reader (`parbleu.io.sgml`) would refuse must still give sacreBLEU's
lines here.
"""

from __future__ import annotations

import re
from pathlib import Path

from parbleu.errors import InputError
from parbleu.io.lines import read_lines

__all__ = ["clean", "column_lines", "document_values", "segment_lines", "text_lines"]

_WHITESPACE = re.compile(r"\s+")
#: sacreBLEU's ``re.sub(r"<seg.*?>(.*)</seg>.*?", r"\1", line)``.
_SEGMENT = re.compile(r"<seg.*?>(.*)</seg>.*?")


def clean(text: str) -> str:
    """Strip, and collapse whitespace runs to one space (sacreBLEU's ``Dataset._clean``)."""
    return _WHITESPACE.sub(" ", text.strip())


def segment_lines(path: Path) -> list[str]:
    """The segments of an mteval SGML (or IWSLT XML) file, as sacreBLEU writes them."""
    return [
        clean(_SEGMENT.sub(r"\1", line)) for line in read_lines(path) if line.startswith("<seg ")
    ]


def document_values(path: Path, attribute: str) -> list[str]:
    """One document attribute per segment, carried from the last ``<doc`` line that has it."""
    pattern = re.compile(rf'{re.escape(attribute)}="(.*?)"')
    values: list[str] = []
    value = ""
    for line in read_lines(path):
        if line.startswith("<doc "):
            match = pattern.search(line)
            if match is not None:
                value = match.group(1)
        elif line.startswith("<seg "):
            values.append(value)
    return values


def text_lines(path: Path) -> list[str]:
    """Each line of a plain-text file without its trailing whitespace."""
    return [line.rstrip() for line in read_lines(path)]


def column_lines(path: Path, column: int) -> list[str]:
    """One column (0-based) of every line of a tab-separated file.

    Raises:
        InputError: a line with fewer columns, naming it (sacreBLEU fails there with an
            ``IndexError``).
    """
    out = []
    for number, line in enumerate(read_lines(path), start=1):
        fields = line.split("\t")
        if column >= len(fields):
            raise InputError(
                f"expected at least {column + 1} tab-separated fields, found {len(fields)}",
                source=str(path),
                line=number,
            )
        out.append(fields[column])
    return out
