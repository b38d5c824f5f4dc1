"""One language pair of one test set in a sacreBLEU cache: its fields and their lines.

A field's lines come from the text file sacreBLEU wrote for it (``<stem>.<pair>.<field>``,
what sacreBLEU scores), else from the downloaded files, converted as sacreBLEU converts them
(`parbleu.testsets.conversion`); reading never writes. A test set the registry does not know
is still read where sacreBLEU left its text files (`cached_pairs`): fairseq's ``sacrebleu -t
wmt14/full -l en-de --echo src`` works on any cache sacreBLEU filled, whatever its version.

Lines are given as sacreBLEU reads them back to score or ``--echo`` them: trailing whitespace
removed (`TestSetPair.lines`); `TestSetPair.file_lines` are the text file's lines as written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from parbleu.errors import InputError
from parbleu.io.lines import read_lines
from parbleu.io.testset import TestSet
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.conversion import SGML_METADATA, RawPair
from parbleu.testsets.entries import KnownTestSet, RawFormat

__all__ = ["METADATA_FIELDS", "TestSetPair", "cached_pairs"]

#: Fields that describe segments rather than hold text to score.
METADATA_FIELDS = (*SGML_METADATA, "domain")

_ONE_FILE = (RawFormat.WMT_XML, RawFormat.WMT24PP_JSONL, RawFormat.WMT25_JSONL)


def _field_of_file(suffix: str) -> str:
    """A field name from a text file's suffix (sacreBLEU writes ``ref:A`` as ``ref-A``)."""
    return "ref:" + suffix[4:] if suffix.startswith("ref-") else suffix


def _ordered(fields: set[str]) -> list[str]:
    """Fields found on disk in sacreBLEU's usual order: source, references, metadata, rest."""
    refs = sorted(f for f in fields if f == "ref" or f.startswith("ref:"))
    documents = [f for f in SGML_METADATA if f in fields]
    domain = ["domain"] if "domain" in fields else []
    rest = sorted(fields - {"src", *refs, *documents, *domain})
    return [*(["src"] if "src" in fields else []), *refs, *documents, *rest, *domain]


def cached_pairs(cache: SacrebleuCache, name: str) -> dict[str, list[str]]:
    """The pairs and fields whose text files sacreBLEU left in ``<cache>/<name>/``.

    Only pairs with a non-empty ``src`` file count; empty files (a conversion sacreBLEU did
    not finish) are not fields.
    """
    folder = cache.folder(name)
    stem = name.replace("/", "_") + "."
    found: dict[str, set[str]] = {}
    if folder.is_dir():
        for path in folder.iterdir():
            if not path.name.startswith(stem) or not path.is_file():
                continue
            pair, dot, suffix = path.name[len(stem) :].partition(".")
            if dot and "-" in pair and suffix and path.stat().st_size > 0:
                found.setdefault(pair, set()).add(_field_of_file(suffix))
    return {pair: _ordered(fields) for pair, fields in sorted(found.items()) if "src" in fields}


@dataclass(frozen=True)
class TestSetPair:
    """One pair of one test set in `cache`; `test_set` None: known from text files only."""

    __test__ = False  # not a pytest test class

    cache: SacrebleuCache
    name: str
    pair: str
    test_set: KnownTestSet | None = None

    @property
    def label(self) -> str:
        """``wmt17 en-de``."""
        return f"{self.name} {self.pair}"

    @cached_property
    def raw(self) -> RawPair | None:
        """The pair's downloaded files (None for a test set known from text files only)."""
        if self.test_set is None:
            return None
        return RawPair(self.test_set, self.pair, self.cache.raw_folder(self.name))

    def missing_raw_files(self) -> list[Path]:
        """The downloaded files the pair reads that are not in the cache."""
        return [] if self.raw is None else [p for p in self.raw.paths() if not p.is_file()]

    def text_file(self, field: str) -> Path:
        """The text file sacreBLEU writes for `field`."""
        return self.cache.text_file(self.name, self.pair, field)

    def has_text(self, field: str) -> bool:
        """Whether sacreBLEU's text file of `field` is there (and not empty)."""
        path = self.text_file(field)
        return path.is_file() and path.stat().st_size > 0

    @cached_property
    def _fields(self) -> tuple[str, ...]:
        if self.raw is None or (
            self.test_set is not None
            and self.test_set.raw_format in _ONE_FILE
            and self.missing_raw_files()
        ):
            return tuple(cached_pairs(self.cache, self.name).get(self.pair, ()))
        return self.raw.fields()

    def fields(self) -> list[str]:
        """The field names, in sacreBLEU's order (``--echo all``, ``--list``)."""
        return list(self._fields)

    def needs_download(self) -> bool:
        """Whether a field can be read neither from its text file nor from downloaded files."""
        if not self.missing_raw_files():
            return False
        return not self._fields or not all(self.has_text(f) for f in self._fields)

    def file_lines(self, field: str) -> list[str]:
        """The field's lines as sacreBLEU's text file holds them.

        Raises:
            InputError: a field the pair does not have, or its files missing from the cache.
        """
        if field not in self._fields:
            raise InputError(
                f"no such field {field} in test set {self.name} for language pair {self.pair}; "
                f"available fields for {self.name}/{self.pair}: {', '.join(self._fields)}"
            )
        if self.has_text(field):
            return read_lines(self.text_file(field))
        missing = self.missing_raw_files()
        if self.raw is None or missing:
            place = missing[0] if missing else self.text_file(field)
            raise InputError(f"{self.label}: {place} is not in the cache {self.cache.root}")
        return self.raw.lines(field)

    def lines(self, field: str) -> list[str]:
        """The field's lines as sacreBLEU scores and prints them (trailing whitespace off)."""
        return [line.rstrip() for line in self.file_lines(field)]

    def reference_fields(self) -> list[str]:
        """The references scored by default.

        Every ``ref`` field of the SGML, text and cached-only test sets (for a cached-only one
        with translator references, ``ref`` or else the first by name); the registry's
        translators for WMT XML and the JSONL sets.

        Raises:
            InputError: none of the translators the registry names is in the file.
        """
        refs = [f for f in self._fields if f == "ref" or f.startswith("ref:")]
        if self.test_set is None:
            if "ref" in refs:
                return ["ref"]
            return refs if all(r[4:].isdigit() for r in refs) else refs[:1]
        if self.test_set.raw_format not in _ONE_FILE:
            return refs
        wanted = [f"ref:{t}" if t else "ref" for t in self.test_set.default_references(self.pair)]
        chosen = [f for f in wanted if f in refs]
        if not chosen:
            raise InputError(
                f"{self.label} has no reference {', '.join(wanted)}, which the registry scores; "
                f"it has {', '.join(refs) or 'none'}"
            )
        return chosen

    def to_test_set(self) -> TestSet:
        """The pair as a `parbleu.io.testset.TestSet`: every reference, system and metadata.

        References are every ``ref`` field (`reference_fields` says which are scored by
        default); systems the other text fields (WMT XML's submissions); the domain is
        ``domain``, else SGML's ``genre``.
        """
        fields = self.fields()
        columns: Mapping[str, list[str]] = {field: self.lines(field) for field in fields}
        refs = {f: columns[f] for f in fields if f == "ref" or f.startswith("ref:")}
        systems = {
            f: columns[f] for f in fields if f not in refs and f not in ("src", *METADATA_FIELDS)
        }
        domain = columns.get("domain", columns.get("genre"))
        return TestSet.create(
            self.label,
            source=columns.get("src"),
            references=refs,
            systems=systems,
            doc_ids=columns.get("docid"),
            origlang=columns.get("origlang"),
            domain=domain,
            source_lang=self.pair.split("-")[0],
            target_lang=self.pair.split("-", 1)[1],
        )
