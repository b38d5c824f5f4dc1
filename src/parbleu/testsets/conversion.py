"""A registered pair's fields, converted from its downloaded files as sacreBLEU converts them.

`RawPair` names the fields of one pair in sacreBLEU 2.6.0's order and gives each field's
lines, exactly the lines of the text file sacreBLEU writes for it:

- SGML, IWSLT XML and the WMT additions: ``src``, then ``ref`` (or ``ref:0``, ``ref:1`` ...
  for several), then ``docid``, ``genre``, ``origlang`` taken from the source's documents
  (none for wmt08, as in sacreBLEU) (``fake_sgml.py``);
- plain text and TSV: ``src`` and ``ref`` (``plain_text.py``, ``tsv.py``);
- WMT XML: ``src``, each translator's ``ref:X`` (``ref`` without one), ``docid``,
  ``origlang``, each system, and ``domain`` when the last segment's document has one, read
  with `parbleu.io.wmt_xml` as sacreBLEU reads it: test-suite documents and segments no
  translator translated left out, a translator's missing segment an empty line, whitespace
  stripped and collapsed (``wmt_xml.py``);
- WMT24++ and WMT25: `parbleu.testsets.jsonl_sets`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from parbleu.errors import InputError
from parbleu.testsets.entries import KnownTestSet, RawFile, RawFormat
from parbleu.testsets.line_formats import (
    clean,
    column_lines,
    document_values,
    segment_lines,
    text_lines,
)

if TYPE_CHECKING:
    from parbleu.io.testset import TestSet

__all__ = ["SGML_METADATA", "RawPair"]

#: The fields sacreBLEU gives every segment of an SGML test set, after source and references.
SGML_METADATA = ("docid", "genre", "origlang")

_SGML_LIKE = (RawFormat.SGML, RawFormat.IWSLT_XML, RawFormat.SGML_ADDITION)


def _carried(values: tuple[str | None, ...] | None, n: int) -> list[str]:
    """Document metadata as sacreBLEU writes it (``None``, an absent attribute, as ``""``)."""
    return [clean(value or "") for value in (values if values is not None else (None,) * n)]


@dataclass(frozen=True)
class RawPair:
    """One language pair of a registered test set, read from its files under `raw`."""

    test_set: KnownTestSet
    pair: str
    raw: Path

    @property
    def files(self) -> tuple[RawFile, ...]:
        """The pair's files, as the registry lists them."""
        return self.test_set.pairs[self.pair].files

    def paths(self) -> list[Path]:
        """The files the pair reads (each once)."""
        return list(dict.fromkeys(self.raw / f.path for f in self.files))

    def fields(self) -> tuple[str, ...]:
        """The field names, in sacreBLEU's order."""
        kind = self.test_set.raw_format
        if kind in _SGML_LIKE:
            n_refs = len(self.files) - 1
            refs = ("ref",) if n_refs == 1 else tuple(f"ref:{i}" for i in range(n_refs))
            metadata = () if self.test_set.name.startswith("wmt08") else SGML_METADATA
            return ("src", *refs, *metadata)
        if kind in (RawFormat.PLAIN_TEXT, RawFormat.TSV):
            return ("src", "ref")
        if kind is RawFormat.WMT_XML and "_columns" not in self.__dict__:  # not yet read whole
            from parbleu.testsets.wmt_xml_names import wmt_xml_fields  # noqa: PLC0415

            fields = wmt_xml_fields(self.raw / self.files[0].path)
            if fields is not None:
                return fields
        return tuple(self._columns)

    def lines(self, field: str) -> list[str]:
        """The lines sacreBLEU writes to the field's text file.

        Raises:
            InputError: a field the pair does not have, or a file that cannot be read.
        """
        fields = self.fields()
        if field not in fields:
            raise InputError(
                f"{self.test_set.name} {self.pair} has no field {field!r}; it has "
                f"{', '.join(fields)}"
            )
        kind = self.test_set.raw_format
        if kind in _SGML_LIKE:
            return self._sgml_lines(field, fields.index(field))
        if kind in (RawFormat.PLAIN_TEXT, RawFormat.TSV):
            return self._text_lines(fields.index(field))
        return list(self._columns[field])

    def _sgml_lines(self, field: str, index: int) -> list[str]:
        if field in SGML_METADATA:
            return document_values(self.raw / self.files[0].path, field)
        path = self.raw / self.files[index].path
        if self.test_set.raw_format is RawFormat.SGML_ADDITION and not path.name.endswith(".sgm"):
            return text_lines(path)
        return segment_lines(path)

    def _text_lines(self, index: int) -> list[str]:
        file = self.files[index]
        path = self.raw / file.path
        if self.test_set.raw_format is RawFormat.PLAIN_TEXT:
            return text_lines(path)
        return column_lines(path, (0 if index == 0 else 1) if file.column is None else file.column)

    @cached_property
    def _columns(self) -> dict[str, list[str]]:
        """Every field of a one-file pair (WMT XML, JSONL), read once."""
        path = self.raw / self.files[0].path
        kind = self.test_set.raw_format
        if kind is RawFormat.WMT24PP_JSONL:
            from parbleu.testsets.jsonl_sets import wmt24pp_fields  # noqa: PLC0415

            return wmt24pp_fields(path, self.pair)
        if kind is RawFormat.WMT25_JSONL:
            from parbleu.testsets.jsonl_sets import wmt25_fields  # noqa: PLC0415

            return wmt25_fields(path, self.pair)
        return _wmt_xml_columns(path)


def _wmt_xml_columns(path: Path) -> dict[str, list[str]]:
    """The fields of a WMT XML file in sacreBLEU's order (see the module docstring)."""
    from parbleu.io.wmt_xml import read_wmt_xml  # noqa: PLC0415 (only for WMT XML)

    xml: TestSet = read_wmt_xml(str(path), missing_reference="empty", collapse_whitespace=True)
    columns: dict[str, list[str]] = {"src": list(xml.source or ())}
    streams = xml.reference_streams() if xml.references else []
    for name, lines in zip(xml.reference_names, streams, strict=True):
        columns[name] = [line or "" for line in lines]
    columns["docid"] = _carried(xml.doc_ids, xml.n_segments)
    columns["origlang"] = _carried(xml.origlang, xml.n_segments)
    for name in xml.system_names:
        columns[name] = xml.system(name)
    if xml.domain is not None and xml.domain[-1] is not None:  # sacreBLEU's rule: the last one
        columns["domain"] = _carried(xml.domain, xml.n_segments)
    return columns
