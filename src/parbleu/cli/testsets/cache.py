"""sacreBLEU's cache of test sets, read as sacreBLEU 2.6.0 lays it out; never written.

sacreBLEU keeps each test set in ``<cache>/<name>/`` (the cache is ``$SACREBLEU``, else
``~/.sacrebleu``): the downloaded archive as ``raw/<name>.<archive base name>``, its files
extracted under ``raw/``, and one plain-text file per field and language pair,
``<name>.<pair>.<field>`` (``/`` in the name becomes ``_``, ``:`` in the field ``-``:
``wmt21/systems/wmt21_systems.zh-en.ref-A``), written when a pair is first used
(``dataset/base.py``, ``fake_sgml.py``, ``wmt_xml.py``).

parbleu reads a field from its text file, which is exactly what sacreBLEU scores; where that
file is absent (an archive extracted by hand, a pair sacreBLEU never processed) it converts the
extracted file as sacreBLEU would (`parbleu.io.sgml`, `parbleu.io.wmt_xml`: whitespace
stripped and collapsed, a translator's missing segment an empty line, document metadata on
every segment). The fields of a WMT XML test set come from its extracted file, as in
sacreBLEU. A file that is in neither form is an error that names it and says how to get it;
parbleu never downloads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from parbleu.cli.testsets.registry import KnownTestSet, RawFormat
from parbleu.errors import InputError
from parbleu.io.lines import read_lines

if TYPE_CHECKING:
    from parbleu.io.testset import TestSet

__all__ = ["CachedPair", "SacrebleuCache", "missing_file_error"]

_WHITESPACE = re.compile(r"\s+")

#: The fields sacreBLEU gives every segment of an SGML test set, after source and references.
_SGML_METADATA = ("docid", "genre", "origlang")


@dataclass(frozen=True)
class SacrebleuCache:
    """A sacreBLEU cache directory."""

    root: Path

    def folder(self, test_set: KnownTestSet) -> Path:
        """Where sacreBLEU keeps `test_set`."""
        return self.root / test_set.name

    def raw_file(self, test_set: KnownTestSet, pair: str, index: int = 0) -> Path:
        """A file extracted from the archive: the source (0) or a reference (1, 2 ...)."""
        return self.folder(test_set) / "raw" / test_set.pairs[pair][index]

    def text_file(self, test_set: KnownTestSet, pair: str, field: str) -> Path:
        """The plain-text file sacreBLEU writes for one field of one pair."""
        name = f"{test_set.file_stem}.{pair}.{field.replace(':', '-')}"
        return self.folder(test_set) / name

    def archive(self, test_set: KnownTestSet) -> Path:
        """Where sacreBLEU keeps the downloaded archive."""
        return self.folder(test_set) / "raw" / test_set.archive


def missing_file_error(
    cache: SacrebleuCache, test_set: KnownTestSet, pair: str, path: Path
) -> InputError:
    """The error for a file the cache lacks: which one, and how to get it without parbleu."""
    raw = cache.folder(test_set) / "raw"
    return InputError(
        f"{test_set.name} {pair}: {path} is not in sacreBLEU's cache {cache.root}; parbleu "
        "reads that cache and never downloads. Fill it where sacreBLEU and the network are "
        f"available: SACREBLEU={cache.root} sacrebleu -t {test_set.name} -l {pair} --echo src "
        f"> /dev/null; or download {test_set.url} (MD5 {test_set.md5}) as {raw / test_set.archive} "
        f"and extract it into {raw}; or point --cache-dir (or $SACREBLEU) at a cache that has it"
    )


def _clean(text: str | None) -> str:
    """SacreBLEU's ``Dataset._clean``: strip, and collapse whitespace runs to one space."""
    return "" if text is None else _WHITESPACE.sub(" ", text.strip())


def _carried(values: Sequence[str | None] | None, n: int) -> list[str]:
    """Document metadata as sacreBLEU's ``_convert_meta`` writes it.

    A document without the attribute keeps the previous document's value ("" before the first).
    """
    out, value = [], ""
    for item in values if values is not None else [None] * n:
        value = value if item is None else item
        out.append(value)
    return out


@dataclass
class _Names:
    """Stream names met by a scan of WMT XML start tags (test-suite documents left out)."""

    references: dict[str, None] = field(default_factory=dict)
    systems: dict[str, None] = field(default_factory=dict)
    domain: bool = False
    skip: bool = False

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if name == "doc":
            self.skip = "testsuite" in attributes
            self.domain = self.domain or (not self.skip and "domain" in attributes)
        elif self.skip:
            return
        elif name == "ref":
            translator = attributes.get("translator")
            self.references["ref" if not translator else f"ref:{translator}"] = None
        elif name == "hyp" and "system" in attributes:
            self.systems[attributes["system"]] = None


def _scan_names(path: str) -> _Names:
    """The references and systems of a WMT XML file, from its start tags only (fast)."""
    from xml.parsers import expat  # noqa: PLC0415 (the readers load when a test set is read)

    names = _Names()
    parser = expat.ParserCreate()
    parser.StartElementHandler = names.start
    try:
        parser.Parse("\n".join(read_lines(path)), True)  # noqa: FBT003 (expat's isfinal)
    except expat.ExpatError as exc:
        raise InputError(
            f"{path}: line {exc.lineno}: not well-formed XML ({expat.ErrorString(exc.code)})"
        ) from None
    return names


@dataclass(frozen=True)
class CachedPair:
    """One language pair of one test set in a sacreBLEU cache."""

    cache: SacrebleuCache
    test_set: KnownTestSet
    pair: str

    @property
    def label(self) -> str:
        """``wmt17 en-de``."""
        return f"{self.test_set.name} {self.pair}"

    def raw_file_of(self, field: str) -> Path:
        """The extracted file a field comes from.

        The pair's WMT XML file; for SGML, the source file (``src`` and the document
        metadata) or the reference's own file.
        """
        index = 0
        if self.test_set.raw_format is RawFormat.SGML and field.startswith("ref"):
            index = self.fields().index(field)
        return self.cache.raw_file(self.test_set, self.pair, index)

    def has(self, field: str) -> bool:
        """Whether the cache can give `field`: its text file, or the file it comes from."""
        return self.text_file(field).is_file() or self.raw_file_of(field).is_file()

    def _raw(self, field: str = "src") -> str:
        path = self.raw_file_of(field)
        if not path.is_file():
            raise missing_file_error(self.cache, self.test_set, self.pair, path)
        return str(path)

    @cached_property
    def _xml(self) -> TestSet:
        """The extracted WMT XML file, read as sacreBLEU reads it."""
        from parbleu.io.wmt_xml import read_wmt_xml  # noqa: PLC0415

        return read_wmt_xml(self._raw(), missing_reference="empty", collapse_whitespace=True)

    def fields(self) -> list[str]:
        """The field names sacreBLEU gives this pair, in its order (see `_fields`)."""
        return list(self._fields)

    @cached_property
    def _fields(self) -> tuple[str, ...]:
        """The field names sacreBLEU gives this pair, in its order (``--echo``, ``--list``).

        SGML: ``src``, ``ref`` (``ref:0``, ``ref:1`` ... with several), ``docid``,
        ``genre``, ``origlang``. WMT XML: ``src``, each translator's ``ref:X``, ``docid``,
        ``origlang``, each system, and ``domain`` when the last segment's document has one
        (sacreBLEU's rule).
        """
        if self.test_set.raw_format is RawFormat.SGML:
            n_refs = len(self.test_set.pairs[self.pair]) - 1
            refs = ["ref"] if n_refs == 1 else [f"ref:{i}" for i in range(n_refs)]
            return ("src", *refs, *_SGML_METADATA)
        names = _scan_names(self._raw())
        fields = ("src", *names.references, "docid", "origlang", *names.systems)
        if names.domain:  # the full read decides sacreBLEU's rule (a rare case)
            xml = self._xml
            if xml.domain is not None and xml.domain[-1] is not None:
                return (*fields, "domain")
        return fields

    def reference_fields(self) -> list[str]:
        """The references sacreBLEU scores with ``-t``.

        Every one (SGML), or the test set's default translators (WMT XML: ``ref:A``).
        """
        fields = self.fields()
        if self.test_set.raw_format is RawFormat.SGML:
            return [f for f in fields if f.startswith("ref")]
        wanted = [f"ref:{t}" for t in self.test_set.references]
        chosen = [f for f in fields if f in wanted]
        if not chosen:
            raise InputError(
                f"{self.label}: {self._raw()} has no reference by translator "
                f"{', '.join(self.test_set.references)}, which sacreBLEU scores; it has "
                f"{', '.join(f for f in fields if f.startswith('ref')) or 'none'}"
            )
        return chosen

    def text_file(self, field: str) -> Path:
        """The text file sacreBLEU writes for `field`."""
        return self.cache.text_file(self.test_set, self.pair, field)

    def lines(self, field: str) -> list[str]:
        """The lines of one field: its text file, else converted from the extracted file."""
        path = self.text_file(field)
        if path.is_file() and path.stat().st_size > 0:
            return [line.rstrip() for line in read_lines(path)]
        if self.test_set.raw_format is RawFormat.SGML:
            return self._sgml_lines(field)
        return self._xml_lines(field)

    def _sgml_lines(self, field: str) -> list[str]:
        from parbleu.io.sgml import read_sgml  # noqa: PLC0415

        if field in _SGML_METADATA:
            source = read_sgml(self._raw(), collapse_whitespace=True)
            values = {"docid": source.doc_ids, "genre": source.domain, "origlang": source.origlang}
            return [_clean(v) for v in _carried(values[field], source.n_segments)]
        read = read_sgml(self._raw(field), collapse_whitespace=True)
        streams: list[tuple[str | None, ...]] = [read.source] if read.source is not None else []
        streams += [s.lines for s in read.references] + [s.lines for s in read.systems]
        if len(streams) != 1:
            raise InputError(
                f"{self._raw(field)}: {len(streams)} sets of segments (sysids); "
                f"expected one for field {field!r} of {self.label}"
            )
        return [line or "" for line in streams[0]]

    def _xml_lines(self, field: str) -> list[str]:
        xml = self._xml
        metadata = {"docid": xml.doc_ids, "origlang": xml.origlang, "domain": xml.domain}
        if field == "src":
            return list(xml.source or ())
        if field in metadata:
            return [_clean(v) for v in metadata[field] or [None] * xml.n_segments]
        if field in xml.reference_names:
            return [line or "" for line in xml.reference_streams([field])[0]]
        return xml.system(field)
