"""Reading human judgments and other per-segment scores from tab-separated files (I/O only).

Two formats, without a header row, as in ``../shared/data/newstest2021/*/human/``:

* system level, ``system<TAB>score`` (``da_sys.tsv``, ``mqm_sys.tsv``);
* segment level, ``system<TAB>seg_id<TAB>score`` (``mqm_seg.tsv``, ``da_seg.tsv``), or
  ``seg_id<TAB>score`` for the scores of one system (an external metric's output). A
  ``seg_id`` is the 1-based line number of the segment in the test set's text files.

Every line must parse: a wrong number of fields, an empty system name, a score that is not
a finite number, a ``seg_id`` that is not a positive integer (written in ASCII digits) and a
key given twice are errors naming the file, the line and what was expected. A byte order mark
at the start of the file (what Excel and many Windows tools write) is not part of the first
name. Nothing is matched against system files here: names that have no text (``HUMAN``,
``metricsystem1``) are kept, and `parbleu.meta.match_systems` reports them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from parbleu.errors import InputError
from parbleu.io.lines import read_lines

__all__ = [
    "BOM",
    "SegmentRow",
    "SegmentScores",
    "SystemScores",
    "read_segment_scores",
    "read_system_scores",
]


@dataclass(frozen=True)
class SystemScores:
    """Scores of whole systems, in file order."""

    source: str
    scores: dict[str, float]

    @property
    def systems(self) -> tuple[str, ...]:
        """System names in file order."""
        return tuple(self.scores)


@dataclass(frozen=True)
class SegmentRow:
    """One line of a segment-level file (``system`` is None in the two-column format)."""

    system: str | None
    seg_id: int
    score: float
    line: int


@dataclass(frozen=True)
class SegmentScores:
    """Rows of a segment-level file, in file order."""

    source: str
    rows: tuple[SegmentRow, ...]

    @property
    def has_systems(self) -> bool:
        """Whether rows name their system (three-column format)."""
        return self.rows[0].system is not None

    @property
    def systems(self) -> tuple[str, ...]:
        """System names in order of first appearance (empty in the two-column format)."""
        return tuple(dict.fromkeys(r.system for r in self.rows if r.system is not None))


#: A seg_id: ASCII digits only (``int`` would also take ``"٣"`` and refuse ``"²"``), at most
#: 18 of them (``int`` refuses more than 4,300 digits with a ``ValueError``).
_SEG_ID = re.compile(r"[0-9]{1,18}")
#: The byte order mark a UTF-8 file may start with.
BOM = "\ufeff"


@dataclass(frozen=True)
class _Where:
    source: str
    line: int

    def error(self, message: str, **fields: Any) -> InputError:
        return InputError(message, source=self.source, line=self.line, **fields)


def _score(text: str, where: _Where) -> float:
    try:
        value = float(text)
    except ValueError:
        hint = " (a header row? these files have none)" if text.isalpha() else ""
        raise where.error(
            f"score {text!r} is not a number{hint}", expected="a number", received=text
        ) from None
    if not math.isfinite(value):
        raise where.error(f"score {text!r} is not a finite number", received=text)
    return value


def _seg_id(text: str, where: _Where) -> int:
    if not _SEG_ID.fullmatch(text) or int(text) < 1:
        raise where.error(
            f"seg_id {text!r} is not a positive integer (the 1-based line number of the segment)",
            expected="a positive integer in ASCII digits (at most 18)",
            received=text,
        )
    return int(text)


def _system(text: str, where: _Where) -> str:
    if not text.strip():
        raise where.error("empty system name")
    return text


def _fields(line: str, expected: tuple[int, ...], layout: str, where: _Where) -> list[str]:
    fields = line.split("\t")
    if len(fields) not in expected:
        raise where.error(
            f"expected {layout} ({' or '.join(map(str, expected))} tab-separated "
            f"fields), found {len(fields)} field{'s' if len(fields) != 1 else ''}",
            expected=layout,
        )
    return fields


def _lines(path: str, encoding: str) -> list[str]:
    lines = read_lines(path, encoding)
    if not lines:
        raise InputError("empty file, expected at least one score", source=path)
    lines[0] = lines[0].removeprefix(BOM)
    return [line.rstrip("\r") for line in lines]


def read_system_scores(path: str, encoding: str = "utf-8") -> SystemScores:
    """System-level scores from a ``system<TAB>score`` file.

    Raises:
        InputError: missing or empty file, a line without exactly two fields, an empty
            system name, a score that is not a finite number, a system given twice.
    """
    scores: dict[str, float] = {}
    first_line: dict[str, int] = {}
    for number, line in enumerate(_lines(path, encoding), start=1):
        where = _Where(path, number)
        name, score = _fields(line, (2,), "system<TAB>score", where)
        name = _system(name, where)
        if name in scores:
            raise where.error(f"system {name!r} again (first on line {first_line[name]})")
        scores[name] = _score(score, where)
        first_line[name] = number
    return SystemScores(path, scores)


def read_segment_scores(
    path: str, encoding: str = "utf-8", *, with_system: bool | None = None
) -> SegmentScores:
    """Segment-level scores from ``system<TAB>seg_id<TAB>score`` or ``seg_id<TAB>score``.

    Args:
        path: the file.
        encoding: its encoding.
        with_system: require the three-column (True) or two-column (False) format; by
            default the first line decides and every line must then have the same format.

    Raises:
        InputError: missing or empty file, a line with another number of fields, an empty
            system name, a seg_id that is not a positive integer, a score that is not a
            finite number, a (system, seg_id) given twice.
    """
    lines = _lines(path, encoding)
    if with_system is None:
        with_system = len(lines[0].split("\t")) != 2
    layout = "system<TAB>seg_id<TAB>score" if with_system else "seg_id<TAB>score"
    width = 3 if with_system else 2
    rows: list[SegmentRow] = []
    seen: dict[tuple[str | None, int], int] = {}
    for number, line in enumerate(lines, start=1):
        where = _Where(path, number)
        fields = _fields(line, (width,), layout, where)
        system = _system(fields[0], where) if with_system else None
        seg_id = _seg_id(fields[-2], where)
        key = (system, seg_id)
        if key in seen:
            owner = f"system {system!r}, " if system is not None else ""
            raise where.error(f"{owner}seg_id {seg_id} again (first on line {seen[key]})")
        seen[key] = number
        rows.append(SegmentRow(system, seg_id, _score(fields[-1], where), number))
    return SegmentScores(path, tuple(rows))
