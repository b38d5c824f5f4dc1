"""The lines of one partition of a distributed corpus: a table's columns or records' fields.

A partition is a pandas DataFrame (a partition of a ``dask.dataframe``) or a sequence of
records (mappings; a partition of a ``dask.bag``). One field holds the hypothesis, one or
more fields hold references. Nothing is dropped or guessed: a hypothesis must be a string; a
reference is a string, or missing (in a DataFrame whatever pandas sees as missing, in a record
``None`` or ``NaN``): an absent reference, as ``None`` is in parbleu's Python API; every
segment needs at least one reference. Errors name the partition, the row (its index label)
or record, the field and the value received.

    >>> fields = Fields.of("hyp", ["ref_a", "ref_b"])
    >>> lines = record_lines([{"hyp": "a b", "ref_a": "a b", "ref_b": None}], fields, 0)
    >>> lines.hypotheses, lines.references, sorted(lines.reference_counts)
    (['a b'], [['a b'], [None]], [1])
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from parbleu.engine.ranges import fixed_ranges
from parbleu.errors import InputError, OptionError

__all__ = ["Fields", "PartitionLines", "frame_lines", "partition_chunks", "record_lines"]


@dataclass(frozen=True)
class Fields:
    """Which field holds the hypothesis and which hold the references."""

    hypothesis: str
    references: tuple[str, ...]

    @classmethod
    def of(cls, hypothesis: Any, references: Any) -> Fields:
        """Checked field names (one reference field may be given as a string).

        Raises:
            OptionError: a name that is not a string, no reference field, a repeated field.
        """
        names = [references] if isinstance(references, str) else references
        if not isinstance(names, Sequence) or not names:
            raise OptionError(
                f"references must name one or more columns; got {references!r}",
                option="references",
            )
        for name in (hypothesis, *names):
            if not isinstance(name, str):
                raise OptionError(
                    f"column names must be strings; got {type(name).__name__} {name!r}"
                )
        if len({hypothesis, *names}) != 1 + len(names):
            raise OptionError(
                f"the hypothesis column {hypothesis!r} and the reference columns {list(names)} "
                "must be distinct"
            )
        return cls(hypothesis, tuple(names))

    @property
    def names(self) -> tuple[str, ...]:
        """Every field: the hypothesis first."""
        return (self.hypothesis, *self.references)


@dataclass(frozen=True)
class PartitionLines:
    """A partition's hypotheses, its K reference streams and the references per segment seen."""

    hypotheses: list[str]
    references: list[list[str | None]]
    reference_counts: frozenset[int]


def frame_lines(part: Any, fields: Fields, number: int) -> PartitionLines:
    """The lines of a pandas DataFrame partition.

    Raises:
        InputError: a missing or non-string hypothesis, a reference that is neither a string
            nor missing, a row without any reference.
    """
    labels = part.index

    def place(index: int) -> str:
        label = labels[index]
        return f"row {label.item() if isinstance(label, np.generic) else label!r}"

    hypotheses = _strings(_column(part[fields.hypothesis]), fields.hypothesis, place, number)
    streams = [
        _strings(_column(part[name]), name, place, number, absent=True)
        for name in fields.references
    ]
    return _checked(hypotheses, streams, fields, number, place)


def partition_chunks(
    part: Any, fields: Fields, number: int, *, records: bool, chunk_lines: int
) -> Iterator[PartitionLines]:
    """The lines of a partition, `chunk_lines` rows at a time.

    Only one chunk's text is ever held as Python strings, beside the partition itself.
    """
    if records:
        listed = list(part)
        for start, stop in fixed_ranges(len(listed), chunk_lines):
            yield record_lines(listed[start:stop], fields, number, first=start)
    else:
        for start, stop in fixed_ranges(len(part), chunk_lines):
            yield frame_lines(part.iloc[start:stop], fields, number)


def record_lines(
    records: Sequence[Any], fields: Fields, number: int, *, first: int = 0
) -> PartitionLines:
    """The lines of a partition of records (mappings from field names to values).

    ``first`` is the position of the first record in its partition (for error messages).

    Raises:
        InputError: a record that is not a mapping or lacks a field, and the errors of
            `frame_lines`.
    """
    columns: dict[str, list[Any]] = {name: [] for name in fields.names}
    for position, record in enumerate(records, start=first):
        if not isinstance(record, Mapping):
            raise _error(number, f"record {position} is {type(record).__name__}", record)
        for name, values in columns.items():
            if name not in record:
                raise _error(number, f"record {position} has no field {name!r}", sorted(record))
            values.append(record[name])

    def place(index: int) -> str:
        return f"record {first + index}"

    hypotheses = _strings(columns[fields.hypothesis], fields.hypothesis, place, number)
    streams = [
        _strings(columns[name], name, place, number, absent=True) for name in fields.references
    ]
    return _checked(hypotheses, streams, fields, number, place)


def _column(series: Any) -> list[Any]:
    """A pandas column as a list, with ``None`` wherever pandas sees a missing value."""
    values: list[Any] = series.tolist()
    for index in np.flatnonzero(np.asarray(series.isna())).tolist():
        values[index] = None
    return values


def _is_missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _strings(
    values: list[Any], name: str, place: Callable[[int], str], number: int, *, absent: bool = False
) -> list[Any]:
    """The values of one field: strings, and ``None`` for missing references if `absent`."""
    allowed = {str, type(None)} if absent else {str}
    if set(map(type, values)) <= allowed:  # the usual case, at C speed
        return values
    checked = list(values)
    for index, value in enumerate(checked):
        if isinstance(value, str):
            continue
        if absent and _is_missing(value):
            checked[index] = None
            continue
        what, expected = (
            ("reference", "a string or a missing value")
            if absent
            else (
                "hypothesis",
                "a string",
            )
        )
        raise _error(
            number,
            f"{place(index)}: {what} column {name!r} holds {value!r}; expected {expected}",
            value,
        )
    return checked


def _checked(
    hypotheses: list[str],
    streams: list[list[str | None]],
    fields: Fields,
    number: int,
    place: Callable[[int], str],
) -> PartitionLines:
    if not hypotheses:
        return PartitionLines(hypotheses, streams, frozenset())
    present = np.array([[ref is not None for ref in stream] for stream in streams], dtype=bool)
    counts = present.sum(axis=0)
    if not counts.all():
        index = int(np.flatnonzero(counts == 0)[0])
        raise _error(number, f"{place(index)} has no reference in {list(fields.references)}", None)
    return PartitionLines(hypotheses, streams, frozenset(counts.tolist()))


def _error(number: int, message: str, received: object) -> InputError:
    return InputError(message, source=f"partition {number}", received=received)
