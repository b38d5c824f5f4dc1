r"""The JSON Lines test sets sacreBLEU does not read: WMT24++ and the WMT25 general task.

Both become fields as sacreBLEU's test sets do (`parbleu.testsets.registry.beyond` says where
they come from), with whitespace stripped and collapsed as sacreBLEU writes WMT XML text
(`parbleu.testsets.line_formats.clean`: neutral for BLEU, chrF and TER, which split on or
drop whitespace, and it keeps a segment on one line of a text file).

- WMT24++ (one record a segment): ``src`` (``source``), ``ref`` (``target``, the post-edited
  reference the authors evaluate with), ``ref:original`` (``original_target``, before
  post-editing), ``docid`` (``document_id``), ``domain``. Segments the authors flag with
  ``is_bad_source`` (the canary and unusable sources) are left out, as the dataset card
  advises.
- WMT25 (one record a document): each document's ``src_text`` and every reference of
  ``refs`` split into paragraphs at blank lines (``\n\n``, as the organisers split them for
  human evaluation), which must be as many; fields ``src``, ``ref:<name>`` (``ref:refA``),
  ``docid`` (``doc_id``) and ``domain``. Documents without a reference are left out when
  the pair has references, as sacreBLEU leaves out WMT XML segments that no translator
  translated; a pair without any reference keeps every document (its source, to translate).
"""

from __future__ import annotations

import json
from pathlib import Path

from parbleu.errors import InputError
from parbleu.io.lines import read_lines
from parbleu.testsets.line_formats import clean

__all__ = ["check_wmt24pp_file", "wmt24pp_fields", "wmt25_fields"]

Record = dict[str, object]


def _records(path: Path) -> list[tuple[int, Record]]:
    """Each non-blank line's JSON object, with its line number."""
    out = []
    for number, line in enumerate(read_lines(path), start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as exc:
            raise InputError(f"not JSON ({exc})", source=str(path), line=number) from None
        if not isinstance(record, dict):
            raise InputError(
                f"expected a JSON object, got {type(record).__name__}",
                source=str(path),
                line=number,
            )
        out.append((number, record))
    return out


def _text(record: Record, key: str, path: Path, number: int) -> str:
    value = record.get(key)
    if not isinstance(value, str):
        shown = "missing" if key not in record else type(value).__name__
        raise InputError(
            f"field {key!r} is {shown}, expected a string", source=str(path), line=number
        )
    return value


def check_wmt24pp_file(path: Path, pair: str, expected_records: int | None) -> None:
    """A downloaded WMT24++ file holds `expected_records` JSON objects of `pair`.

    Raises:
        InputError: naming the file and what differs.
    """
    records = _records(path)
    for number, record in records:
        if record.get("lp") != pair:
            raise InputError(
                f"a record of {record.get('lp')!r}, expected {pair!r}",
                source=str(path),
                line=number,
            )
    if expected_records is not None and len(records) != expected_records:
        raise InputError(
            f"{len(records)} records, expected {expected_records}: not the published file",
            source=str(path),
        )


def wmt24pp_fields(path: Path, pair: str) -> dict[str, list[str]]:
    """The fields of one WMT24++ pair file (see the module docstring)."""
    columns: dict[str, list[str]] = {
        name: [] for name in ("src", "ref", "ref:original", "docid", "domain")
    }
    keys = {
        "src": "source",
        "ref": "target",
        "ref:original": "original_target",
        "docid": "document_id",
        "domain": "domain",
    }
    for number, record in _records(path):
        if record.get("lp") != pair:
            raise InputError(
                f"a record of {record.get('lp')!r}, expected {pair!r}",
                source=str(path),
                line=number,
            )
        flag = record.get("is_bad_source", False)
        if not isinstance(flag, bool):
            raise InputError(
                f"field 'is_bad_source' is {type(flag).__name__}, expected true or false",
                source=str(path),
                line=number,
            )
        if flag:
            continue
        for field, key in keys.items():
            columns[field].append(clean(_text(record, key, path, number)))
    return columns


def _references(record: Record, path: Path, number: int) -> dict[str, str]:
    refs = record.get("refs", {})
    if not isinstance(refs, dict):
        raise InputError("field 'refs' is not an object", source=str(path), line=number)
    texts = {}
    for name, value in refs.items():
        if not isinstance(value, dict) or not isinstance(value.get("ref"), str):
            raise InputError(
                f"reference {name!r} is not an object with a string 'ref'",
                source=str(path),
                line=number,
            )
        texts[str(name)] = value["ref"]
    return texts


def wmt25_fields(path: Path, pair: str) -> dict[str, list[str]]:
    """The fields of one pair of the WMT25 general task file (see the module docstring).

    Raises:
        InputError: a document whose reference has another number of paragraphs than its
            source, or records of the wrong shape, naming the line.
    """
    documents = []
    for number, record in _records(path):
        languages = (
            _text(record, "src_lang", path, number),
            _text(record, "tgt_lang", path, number),
        )
        if "-".join(languages) == pair:
            documents.append((number, record, _references(record, path, number)))
    names = list(dict.fromkeys(name for _, _, refs in documents for name in refs))
    columns: dict[str, list[str]] = {"src": [], **{f"ref:{n}": [] for n in names}}
    columns |= {"docid": [], "domain": []}
    for number, record, refs in documents:
        if names and not refs:
            continue
        source = _text(record, "src_text", path, number).split("\n\n")
        for name in names:
            paragraphs = refs[name].split("\n\n") if name in refs else [""] * len(source)
            if len(paragraphs) != len(source):
                raise InputError(
                    f"document {record.get('doc_id')!r}: reference {name!r} has "
                    f"{len(paragraphs)} paragraphs but the source has {len(source)}",
                    source=str(path),
                    line=number,
                )
            columns[f"ref:{name}"] += [clean(p) for p in paragraphs]
        columns["src"] += [clean(p) for p in source]
        columns["docid"] += [_text(record, "doc_id", path, number)] * len(source)
        columns["domain"] += [_text(record, "domain", path, number)] * len(source)
    return columns
