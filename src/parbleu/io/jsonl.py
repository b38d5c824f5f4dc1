"""JSON Lines test sets: one JSON object per line, e.g. ``{"src": ..., "mt": ..., "ref": ...}``.

Field names and what they may hold are `parbleu.io.records.RecordFields`' (several references
as a list, systems as an object of name to output ...). Blank lines and a byte order mark at
the start of the file are skipped; a key given twice in one object is an error (a JSON reader
keeps only its last value); every error names the file and line. A line
``{"src": "Hallo", "ref": ["Hello", "Hi"], "mt": "Hello"}`` gives the references ``ref[0]``
and ``ref[1]`` and the system ``mt``.
"""

from __future__ import annotations

import json

from parbleu.errors import InputError
from parbleu.io.lines import read_lines
from parbleu.io.records import MISSING, RecordFields, records_to_test_set
from parbleu.io.testset import TestSet

__all__ = ["read_jsonl"]


class _RepeatedKeyError(Exception):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object's keys and values, refusing a key given twice (`json` keeps the last)."""
    record = dict(pairs)
    if len(record) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKeyError(key)
            seen.add(key)
    return record


def read_jsonl(
    path: str, fields: RecordFields | None = None, *, encoding: str = "utf-8"
) -> TestSet:
    """The test set in a JSON Lines file (``.gz`` is decompressed).

    Raises:
        InputError: a line that is not a JSON object, or fields of the wrong type, with the
            line number.
    """
    records: list[dict[str, object]] = []
    numbers: list[int] = []
    for number, line in enumerate(read_lines(path, encoding), start=1):
        if number == 1:
            line = line.removeprefix("\ufeff")  # noqa: PLW2901 (a byte order mark)
        if not line.strip():
            continue
        try:
            record = json.loads(line, object_pairs_hook=_unique_keys)
        except _RepeatedKeyError as exc:
            raise InputError(
                f"{path}: line {number}: key {exc.key!r} appears twice in one object; a JSON "
                "reader would keep only its last value"
            ) from None
        except json.JSONDecodeError as exc:
            raise InputError(
                f"{path}: line {number}: not JSON ({exc.msg} at column {exc.colno}); "
                "expected one JSON object per line"
            ) from None
        except (ValueError, RecursionError) as exc:  # a number too long, nesting too deep
            reason = "nested too deeply" if isinstance(exc, RecursionError) else str(exc)
            raise InputError(
                f"{path}: line {number}: JSON that Python cannot read ({reason}); "
                "expected one JSON object per line"
            ) from None
        if not isinstance(record, dict):
            raise InputError(
                f"{path}: line {number}: expected a JSON object such as "
                f'{{"src": ..., "ref": ..., "mt": ...}}, got {type(record).__name__}'
            )
        records.append(record)
        numbers.append(number)
    if not records:
        raise InputError(f"{path}: no JSON records")
    keys = dict.fromkeys(key for record in records for key in record)
    columns = {key: [record.get(key, MISSING) for record in records] for key in keys}
    return records_to_test_set(
        columns, len(records), fields or RecordFields(), path, lambda i: f"line {numbers[i]}"
    )
