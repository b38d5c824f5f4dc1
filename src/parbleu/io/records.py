"""Records with named fields (JSONL, TSV, Parquet, Arrow, datasets) to a `TestSet`.

`RecordFields` says which field holds what. By default ``src`` is the source, ``ref`` and
every ``ref:<name>`` field a reference, ``mt`` and every ``mt:<name>`` field a system, and
``docid``, ``origlang``, ``domain`` the document metadata; other fields are ignored. A name
ending in ``*`` matches every field that starts with what precedes it; ``a.b`` reads key
``b`` of a field ``a`` that holds objects (``translation.de`` of a WMT dataset on the
Hugging Face hub).

A reference or system field holds a string per record; or a list of strings (several
references: streams ``ref[0]``, ``ref[1]`` ..., shorter lists leave later ones absent); or an
object of name to string (streams ``ref:<name>``). ``null`` is an absent reference; a system
needs a string for every record. Fields named explicitly (not by default) must exist.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from parbleu.errors import InputError, OptionError
from parbleu.io.testset import TestSet

__all__ = ["DEFAULT_FIELDS", "MISSING", "RecordFields", "records_to_test_set"]


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


#: The value of a field that a record does not have.
MISSING = _Missing()

Locate = Callable[[int], str]


#: The fields read when an option is not given: a file may lack them.
DEFAULT_FIELDS: dict[str, tuple[str, ...]] = {
    "source": ("src",),
    "references": ("ref", "ref:*"),
    "systems": ("mt", "mt:*"),
    "doc_id": ("docid",),
    "origlang": ("origlang",),
    "domain": ("domain",),
}

#: The options that name several fields (patterns); the others name one.
_SEVERAL = ("references", "systems")


def _names(value: object, option: str) -> tuple[str, ...]:
    names = (value,) if isinstance(value, str) else value
    if (
        not isinstance(names, Sequence)
        or not names
        or not all(isinstance(name, str) and name for name in names)
    ):
        raise OptionError(f"{option} must be a field name or a list of them; got {value!r}")
    if option not in _SEVERAL and len(names) != 1:
        raise OptionError(f"{option} must be one field name; got {value!r}")
    return tuple(names)


@dataclass(frozen=True)
class RecordFields:
    """Which field of a record holds the source, references, systems and metadata.

    Each option is None (the default: the fields of `DEFAULT_FIELDS`, which a file may lack)
    or the field name(s) given, which must exist: one name for ``source``, ``doc_id``,
    ``origlang``, ``domain``; a name or a list of names and patterns for ``references`` and
    ``systems`` (kept as a tuple).

    Raises:
        OptionError: a name that is not a non-empty string, or several for a one-field option.
    """

    source: str | None = None
    references: tuple[str, ...] | None = None
    systems: tuple[str, ...] | None = None
    doc_id: str | None = None
    origlang: str | None = None
    domain: str | None = None

    def __post_init__(self) -> None:
        for option in DEFAULT_FIELDS:
            value = getattr(self, option)
            if value is not None:
                names = _names(value, option)
                object.__setattr__(self, option, names if option in _SEVERAL else names[0])

    def names(self, option: str) -> tuple[str, ...]:
        """The field names or patterns read for `option` (given, or the defaults)."""
        value: str | tuple[str, ...] | None = getattr(self, option)
        if value is None:
            return DEFAULT_FIELDS[option]
        return (value,) if isinstance(value, str) else value

    def required(self, option: str) -> bool:
        """Whether `option` was given, so that its fields must exist."""
        return getattr(self, option) is not None


@dataclass(frozen=True)
class _Table:
    columns: Mapping[str, Sequence[object]]
    n_records: int
    origin: str
    locate: Locate

    def matching(self, pattern: str) -> list[str]:
        if pattern.endswith("*"):
            return [name for name in self.columns if name.startswith(pattern[:-1])]
        if pattern in self.columns:
            return [pattern]
        head, dot, _ = pattern.partition(".")
        return [pattern] if dot and head in self.columns else []

    def values(self, name: str) -> list[object]:
        if name in self.columns:
            return list(self.columns[name])
        head, _, key = name.partition(".")
        values = []
        for index, record in enumerate(self.columns[head]):
            if not isinstance(record, Mapping):
                raise self.error(
                    index,
                    f"field {head!r} holds {type(record).__name__}, "
                    f"expected an object with key {key!r}",
                )
            values.append(record.get(key, MISSING))
        return values

    def error(self, index: int, message: str) -> InputError:
        return InputError(f"{self.origin}: {self.locate(index)}: {message}")


def _text(table: _Table, index: int, name: str, value: object, *, nullable: bool) -> str | None:
    if isinstance(value, str):
        return value
    if value is None and nullable:
        return None
    if value is MISSING:
        raise table.error(index, f"no field {name!r} (other records have it)")
    expected = "a string or null" if nullable else "a string"
    raise table.error(index, f"field {name!r} is {type(value).__name__}, expected {expected}")


def _streams(table: _Table, name: str, *, nullable: bool) -> dict[str, list[str | None]]:
    """The stream(s) of one field: a string per record, a list, or an object of them."""
    values = table.values(name)
    lists = [isinstance(v, list) for v in values]
    objects = [isinstance(v, Mapping) for v in values]
    if not any(lists) and not any(objects):
        return {name: [_text(table, i, name, v, nullable=nullable) for i, v in enumerate(values)]}
    container = list if any(lists) else Mapping
    kind = "a list" if container is list else "an object"
    for index, value in enumerate(values):
        if not isinstance(value, container):
            shown = "missing" if value is MISSING else type(value).__name__
            raise table.error(
                index, f"field {name!r} is {shown}, expected {kind} as in other records"
            )
    if container is list:
        keys: list[object] = list(range(max(len(v) for v in values if isinstance(v, list))))
    else:
        keys = list(dict.fromkeys(k for v in values if isinstance(v, Mapping) for k in v))
    streams: dict[str, list[str | None]] = {}
    for key in keys:
        label = f"{name}[{key}]" if isinstance(key, int) else f"{name}:{key}"
        streams[label] = [
            _text(table, index, label, _item(value, key), nullable=nullable)
            for index, value in enumerate(values)
        ]
    return streams


def _item(value: object, key: object) -> object:
    if isinstance(value, list):
        return value[key] if isinstance(key, int) and key < len(value) else None
    if isinstance(value, Mapping):
        return value.get(key)
    return MISSING


def _group(
    table: _Table, patterns: tuple[str, ...], *, nullable: bool
) -> dict[str, list[str | None]]:
    """The streams of every field the patterns match; two fields giving one stream are refused.

    An object field ``"ref": {"A": ...}`` and a field ``"ref:A"`` both make stream
    ``ref:A``: which one to keep cannot be guessed, so neither is.
    """
    streams: dict[str, list[str | None]] = {}
    owner: dict[str, str] = {}
    fields = dict.fromkeys(name for pattern in patterns for name in table.matching(pattern))
    for name in fields:
        for label, lines in _streams(table, name, nullable=nullable).items():
            if label in streams:
                raise _collision(table, label, owner[label], name)
            streams[label], owner[label] = lines, name
    return streams


def _collision(table: _Table, label: str, first: str, second: str) -> InputError:
    """Two fields that both give stream `label`, named at the first record holding both."""
    both = [
        i
        for i, (a, b) in enumerate(zip(table.values(first), table.values(second), strict=True))
        if a is not MISSING and b is not MISSING
    ]
    return table.error(
        both[0] if both else 0,
        f"fields {first!r} and {second!r} both give the stream {label!r}; keep one of them "
        "(an object field's key NAME and a field FIELD:NAME are the same stream)",
    )


def _metadata(table: _Table, name: str, *, required: bool) -> list[str | None] | None:
    if not table.matching(name):
        if required:
            raise InputError(f"{table.origin}: no field {name!r}; fields: {sorted(table.columns)}")
        return None
    values = table.values(name)
    out: list[str | None] = []
    for index, value in enumerate(values):
        number = isinstance(value, int) and not isinstance(value, bool)
        out.append(_text(table, index, name, str(value) if number else value, nullable=True))
    return out


def records_to_test_set(
    columns: Mapping[str, Sequence[object]],
    n_records: int,
    fields: RecordFields,
    origin: str,
    locate: Locate,
) -> TestSet:
    """A test set from columns of record values (`MISSING` where a record lacks the field).

    Raises:
        InputError: naming the record and field of a value of the wrong type, or saying which
            fields exist when none holds references or systems.
    """
    table = _Table(columns, n_records, origin, locate)
    for option in _SEVERAL:
        patterns = fields.names(option)
        if fields.required(option) and not any(table.matching(p) for p in patterns):
            raise InputError(
                f"{origin}: no field matches {option}={list(patterns)}; fields: {sorted(columns)}"
            )
    references = _group(table, fields.names("references"), nullable=True)
    systems = _group(table, fields.names("systems"), nullable=False)
    if not references and not systems:
        raise InputError(
            f"{origin}: no reference or system field among {sorted(columns)}; expected "
            f"{list(fields.names('references'))} or {list(fields.names('systems'))} "
            "(name them with RecordFields)"
        )
    source, doc_ids, origlang, domain = (
        _metadata(table, fields.names(option)[0], required=fields.required(option))
        for option in ("source", "doc_id", "origlang", "domain")
    )
    for option, column in (("source", source), ("doc_id", doc_ids)):
        if column is not None and None in column:
            raise table.error(column.index(None), f"field {fields.names(option)[0]!r} is null")
    return TestSet.create(
        origin,
        source=source,  # type: ignore[arg-type]
        references=references,
        systems=systems,  # type: ignore[arg-type]
        doc_ids=doc_ids,  # type: ignore[arg-type]
        origlang=origlang,
        domain=domain,
    )
