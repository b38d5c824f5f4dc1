"""Candidates for ``parbleu mbr``: JSONL records or TSV lines, grouped by source id.

* JSONL: one object a line, ``{"id": ..., "candidate": "...", "logprob": -1.5}`` (the field
  names are options; ``logprob`` may be absent or null; an id may be a string or an integer);
* TSV: ``id<TAB>candidate`` or ``id<TAB>candidate<TAB>logprob``.

Groups are in the order their ids first appear; a group's candidates in input order. Every
problem is one `InputError` naming the file, the line and what was expected.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import BinaryIO

from parbleu.errors import InputError
from parbleu.io.lines import decode_lines, read_lines
from parbleu.pairwise.groups import CandidateGroup

__all__ = ["CandidateFields", "group_candidates", "read_candidates"]


@dataclass(frozen=True)
class CandidateFields:
    """The JSONL field names of the source id, the candidate and its log-probability."""

    source: str = "id"
    candidate: str = "candidate"
    logprob: str = "logprob"


_Record = tuple[str, str, float | None, str]  # source, candidate, logprob, where


def _logprob(value: object, where: str) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InputError(f"{where}: the log-probability must be a number; got {value!r:.40}")
    if not math.isfinite(value) or value > 0:
        raise InputError(f"{where}: the log-probability must be finite and <= 0; got {value!r}")
    return float(value)


def _jsonl_record(line: str, where: str, fields: CandidateFields) -> _Record:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as error:
        raise InputError(f"{where}: expected a JSON object ({error.msg})") from None
    if not isinstance(record, dict):
        raise InputError(f"{where}: expected a JSON object; got {type(record).__name__}")
    source, candidate = record.get(fields.source), record.get(fields.candidate)
    if isinstance(source, bool) or not isinstance(source, (str, int)):
        raise InputError(f"{where}: field {fields.source!r} must be a string or an integer")
    if not isinstance(candidate, str):
        raise InputError(f"{where}: field {fields.candidate!r} must be a string")
    return str(source), candidate, _logprob(record.get(fields.logprob), where), where


def _tsv_record(line: str, where: str) -> _Record:
    parts = line.split("\t")
    if len(parts) not in (2, 3):
        raise InputError(
            f"{where}: expected id<TAB>candidate[<TAB>logprob]; got {len(parts)} fields"
        )
    logprob = None
    if len(parts) == 3:
        try:
            logprob = float(parts[2])
        except ValueError:
            raise InputError(
                f"{where}: the log-probability {parts[2]!r:.40} is not a number"
            ) from None
        logprob = _logprob(logprob, where)
    return parts[0], parts[1], logprob, where


def group_candidates(records: Sequence[_Record]) -> list[CandidateGroup]:
    """Records grouped by source id, groups in order of first appearance."""
    groups: dict[str, list[_Record]] = {}
    for record in records:
        groups.setdefault(record[0], []).append(record)
    return [
        CandidateGroup(
            source,
            tuple(r[1] for r in rows),
            tuple(r[2] for r in rows),
            tuple(r[3] for r in rows),
        )
        for source, rows in groups.items()
    ]


def read_candidates(
    path: str, kind: str, fields: CandidateFields, stdin: BinaryIO | None = None
) -> list[CandidateGroup]:
    """The candidate groups of a JSONL or TSV file (``-``: standard input).

    Raises:
        InputError: an unreadable file, a bad record (with its line), or no candidates.
    """
    if path == "-":
        if stdin is None:
            raise InputError("no standard input to read candidates from")
        lines = decode_lines(stdin.read(), "<stdin>")
    else:
        lines = read_lines(path)
    records = []
    for number, line in enumerate(lines, 1):
        where = f"{path}:{number}"
        if not line.strip():
            raise InputError(f"{where}: empty line (expected a candidate record)")
        records.append(
            _jsonl_record(line, where, fields) if kind == "jsonl" else _tsv_record(line, where)
        )
    if not records:
        raise InputError(f"{path}: no candidates")
    return group_candidates(records)
