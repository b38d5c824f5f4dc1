"""A test set as one frozen value: source, named references, named systems, document ids.

Every reader of `parbleu.io` (WMT XML, SGML, JSONL, TSV, Parquet, Arrow, Hugging Face
datasets) returns a `TestSet`. Its streams are parallel: segment ``i`` of the source, of
every reference and of every system is the same sentence, which the constructor checks.
A reference may be ``None`` for a segment (an absent reference, as in sacreBLEU's
``nrefs:var``); a system may not. Document ids, original languages and domains, where the
format has them, are per segment too, so per-document scores
(`parbleu.scaling.documents`) and subsets (`select`) follow from them.

    >>> test_set = TestSet.create(
    ...     "example",
    ...     references={"ref": ["a cat", "a dog"]},
    ...     systems={"mt": ["a cat", "the dog"]},
    ...     doc_ids=["d1", "d2"],
    ... )
    >>> test_set.n_segments, test_set.reference_names, test_set.documents()
    (2, ('ref',), {'d1': [0], 'd2': [1]})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from parbleu.errors import InputError, LengthMismatchError

__all__ = ["Stream", "TestSet", "combine"]


@dataclass(frozen=True)
class Stream:
    """One named line-parallel stream: a reference (``None`` where absent) or a system."""

    name: str
    lines: tuple[str | None, ...]


def _stream(name: str, lines: Sequence[str | None]) -> Stream:
    return Stream(str(name), tuple(lines))


def _optional(values: Sequence[str | None] | None) -> tuple[str | None, ...] | None:
    return None if values is None else tuple(values)


@dataclass(frozen=True)
class TestSet:
    """Source, references and systems of one test set, segment-parallel (see the module).

    ``origin`` says where it was read from (file names), for error messages.
    """

    __test__ = False  # not a pytest test class

    origin: str
    source: tuple[str, ...] | None
    references: tuple[Stream, ...]
    systems: tuple[Stream, ...]
    doc_ids: tuple[str, ...] | None = None
    origlang: tuple[str | None, ...] | None = None
    domain: tuple[str | None, ...] | None = None
    source_lang: str | None = None
    target_lang: str | None = None

    def __post_init__(self) -> None:
        lengths: dict[str, tuple[str | None, ...] | None] = {
            "source": self.source,
            "doc ids": self.doc_ids,
            "origlang": self.origlang,
            "domain": self.domain,
        }
        lengths |= {f"reference {s.name!r}": s.lines for s in self.references}
        lengths |= {f"system {s.name!r}": s.lines for s in self.systems}
        present = {name: len(lines) for name, lines in lengths.items() if lines is not None}
        if not present:
            raise InputError(f"{self.origin}: no source, references or systems to read")
        first, expected = next(iter(present.items()))
        for name, length in present.items():
            if length != expected:
                raise LengthMismatchError(
                    f"{self.origin}: {name} has {length} segments but {first} has {expected}"
                )
        names = [s.name for s in self.references] + [s.name for s in self.systems]
        duplicates = sorted({name for name in names if names.count(name) > 1})
        if duplicates:
            raise InputError(f"{self.origin}: stream names must be distinct; {duplicates} repeat")
        for system in self.systems:
            if None in system.lines:
                missing = system.lines.index(None)
                raise InputError(
                    f"{self.origin}: system {system.name!r} has no output for segment {missing}"
                )

    @classmethod
    def create(
        cls,
        origin: str,
        *,
        source: Sequence[str] | None = None,
        references: Mapping[str, Sequence[str | None]] | None = None,
        systems: Mapping[str, Sequence[str]] | None = None,
        doc_ids: Sequence[str] | None = None,
        origlang: Sequence[str | None] | None = None,
        domain: Sequence[str | None] | None = None,
        source_lang: str | None = None,
        target_lang: str | None = None,
    ) -> TestSet:
        """A test set from plain sequences and mappings of stream name to lines."""
        return cls(
            origin=origin,
            source=None if source is None else tuple(source),
            references=tuple(_stream(k, v) for k, v in (references or {}).items()),
            systems=tuple(_stream(k, v) for k, v in (systems or {}).items()),
            doc_ids=None if doc_ids is None else tuple(doc_ids),
            origlang=_optional(origlang),
            domain=_optional(domain),
            source_lang=source_lang,
            target_lang=target_lang,
        )

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        for lines in (self.source, self.doc_ids, *(s.lines for s in self.references)):
            if lines is not None:
                return len(lines)
        return len(self.systems[0].lines)

    @property
    def reference_names(self) -> tuple[str, ...]:
        """Names of the reference streams, in file order."""
        return tuple(s.name for s in self.references)

    @property
    def system_names(self) -> tuple[str, ...]:
        """Names of the systems, in file order."""
        return tuple(s.name for s in self.systems)

    def reference_streams(self, names: Sequence[str] | None = None) -> list[list[str | None]]:
        """References as parbleu's metrics take them: K streams of N strings (None: absent).

        Raises:
            InputError: no references, or a name that is not one of them.
        """
        if not self.references:
            raise InputError(f"{self.origin}: holds no references")
        chosen = self.reference_names if names is None else tuple(names)
        return [list(self._named(self.references, name, "reference").lines) for name in chosen]

    def system(self, name: str) -> list[str]:
        """The lines of one system."""
        return [line or "" for line in self._named(self.systems, name, "system").lines]

    def documents(self) -> dict[str, list[int]]:
        """Document id to its segment numbers, in order of first appearance.

        Raises:
            InputError: the test set has no document ids.
        """
        if self.doc_ids is None:
            raise InputError(f"{self.origin}: has no document ids")
        documents: dict[str, list[int]] = {}
        for index, doc_id in enumerate(self.doc_ids):
            documents.setdefault(doc_id, []).append(index)
        return documents

    def select(self, indices: Sequence[int]) -> TestSet:
        """The segments at `indices`, in that order (a subset by origlang, domain, document)."""
        positions = list(indices)
        return replace(
            self,
            source=_take(self.source, positions),
            references=tuple(Stream(s.name, _pick(s.lines, positions)) for s in self.references),
            systems=tuple(Stream(s.name, _pick(s.lines, positions)) for s in self.systems),
            doc_ids=_take(self.doc_ids, positions),
            origlang=_take(self.origlang, positions),
            domain=_take(self.domain, positions),
        )

    def _named(self, streams: tuple[Stream, ...], name: str, kind: str) -> Stream:
        for stream in streams:
            if stream.name == name:
                return stream
        known = [s.name for s in streams]
        raise InputError(f"{self.origin}: no {kind} named {name!r}; there are {known}")


T = TypeVar("T", str, "str | None")


def _pick(lines: tuple[T, ...], positions: list[int]) -> tuple[T, ...]:
    return tuple(lines[i] for i in positions)


def _take(lines: tuple[T, ...] | None, positions: list[int]) -> tuple[T, ...] | None:
    return None if lines is None else _pick(lines, positions)


def combine(parts: Sequence[TestSet]) -> TestSet:
    """Several files of one test set as one (an SGML source, references and systems).

    Segments must correspond: the same number, and the same document ids where both parts
    have them. A stream name that repeats gets ``:2``, ``:3`` ... appended.

    Raises:
        InputError: parts of different test sets, or two sources that differ.
    """
    if not parts:
        raise InputError("no test sets to combine")
    first = parts[0]
    merged = first
    for part in parts[1:]:
        origin = f"{merged.origin} + {part.origin}"
        if part.n_segments != merged.n_segments:
            raise LengthMismatchError(
                f"{part.origin} has {part.n_segments} segments but {merged.origin} has "
                f"{merged.n_segments}: not the same test set"
            )
        if None not in (part.doc_ids, merged.doc_ids) and part.doc_ids != merged.doc_ids:
            raise InputError(f"{origin}: the document ids differ; not the same test set")
        if None not in (part.source, merged.source) and part.source != merged.source:
            raise InputError(f"{origin}: two different sources")
        names = set(merged.reference_names + merged.system_names)
        merged = TestSet(
            origin=origin,
            source=merged.source if merged.source is not None else part.source,
            references=merged.references + _renamed(part.references, names),
            systems=merged.systems + _renamed(part.systems, names),
            doc_ids=merged.doc_ids if merged.doc_ids is not None else part.doc_ids,
            origlang=merged.origlang if merged.origlang is not None else part.origlang,
            domain=merged.domain if merged.domain is not None else part.domain,
            source_lang=merged.source_lang or part.source_lang,
            target_lang=merged.target_lang or part.target_lang,
        )
    return merged


def _renamed(streams: tuple[Stream, ...], taken: set[str]) -> tuple[Stream, ...]:
    renamed = []
    for stream in streams:
        name, number = stream.name, 1
        while name in taken:
            number += 1
            name = f"{stream.name}:{number}"
        taken.add(name)
        renamed.append(Stream(name, stream.lines))
    return tuple(renamed)
