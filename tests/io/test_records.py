"""JSON Lines and TSV readers: fields as `RecordFields` defines them (oracle: the records written).

Each test writes records with `json` or as tab-separated text and checks that every stream
comes back as written, with several references, absent references, metadata, configurable
and dotted field names; every error names the file and line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parbleu.errors import InputError, OptionError
from parbleu.io import RecordFields
from parbleu.io.jsonl import read_jsonl
from parbleu.io.tsv import read_tsv

RECORDS = [
    {
        "src": "Hallo",
        "ref": ["Hello", "Hi"],
        "mt": "Hello",
        "mt:b": "Hey",
        "docid": "d1",
        "lp": "de-en",
    },
    {"src": "Welt", "ref": ["World"], "mt": "World", "mt:b": "Earth", "docid": "d1", "lp": "de-en"},
    {"src": "Katze", "ref": [None, "Kitty"], "mt": "Cat", "mt:b": "Cat", "docid": 7, "lp": "de-en"},
]


def _jsonl(tmp_path: Path, records: list[object], name: str = "data.jsonl") -> str:
    path = tmp_path / name
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8"
    )
    return str(path)


def test_jsonl_defaults(tmp_path: Path) -> None:
    test_set = read_jsonl(_jsonl(tmp_path, RECORDS))
    assert test_set.source == ("Hallo", "Welt", "Katze")
    assert test_set.reference_names == ("ref[0]", "ref[1]")
    assert test_set.reference_streams() == [["Hello", "World", None], ["Hi", None, "Kitty"]]
    assert test_set.system_names == ("mt", "mt:b")
    assert test_set.system("mt:b") == ["Hey", "Earth", "Cat"]
    assert test_set.doc_ids == ("d1", "d1", "7")
    assert test_set.origlang is None


def test_jsonl_named_fields_and_objects(tmp_path: Path) -> None:
    records = [
        {"translation": {"de": "Hallo", "en": "Hello"}, "outputs": {"A": "Hi", "B": "Hey"}},
        {"translation": {"de": "Welt", "en": "World"}, "outputs": {"A": "World", "B": "Earth"}},
    ]
    fields = RecordFields(source="translation.de", references="translation.en", systems="outputs")
    test_set = read_jsonl(_jsonl(tmp_path, records), fields)
    assert test_set.source == ("Hallo", "Welt")
    assert test_set.reference_streams() == [["Hello", "World"]]
    assert test_set.system_names == ("outputs:A", "outputs:B")
    assert test_set.system("outputs:B") == ["Hey", "Earth"]


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (['{"ref": "a"}', "{not json"], "line 2: not JSON"),
        (['{"ref": "a"}', '["a list"]'], "line 2: expected a JSON object"),
        (['{"ref": "a", "mt": "x"}', '{"ref": "b"}'], "line 2: no field 'mt'"),
        (
            ['{"ref": "a", "mt": "x"}', '{"ref": "b", "mt": null}'],
            "line 2: field 'mt' is NoneType, expected a string",
        ),
        (['{"ref": "a", "mt": 3}'], "line 1: field 'mt' is int"),
        (['{"ref": "a"}', '{"ref": ["b"]}'], "line 1: field 'ref' is str, expected a list"),
        (['{"ref": {"A": "a"}, "mt": "x"}', '{"mt": "y"}'], "line 2: field 'ref' is missing"),
        (
            ['{"reference": "a", "hyp": "b"}'],
            r"no reference or system field among \['hyp', 'reference'\]",
        ),
        ([], "no JSON records"),
    ],
)
def test_jsonl_errors(tmp_path: Path, lines: list[str], message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_jsonl(str(path))


def test_explicit_fields_must_exist(tmp_path: Path) -> None:
    path = _jsonl(tmp_path, RECORDS)
    with pytest.raises(InputError, match=r"no field matches references=\['reference'\]"):
        read_jsonl(path, RecordFields(references="reference"))
    with pytest.raises(InputError, match="no field 'source'"):
        read_jsonl(path, RecordFields(source="source"))
    with pytest.raises(OptionError, match="systems must be a field name"):
        RecordFields(systems=[""])


def test_fields_are_checked_when_made() -> None:
    """The options as documented (docs/formats.md): names given must exist, defaults may not.

    One name for a one-field option: a list for ``source`` is refused, not cut to its first.
    """
    given = RecordFields(references="reference", doc_id="doc")
    assert given.references == ("reference",)
    assert given.names("references") == ("reference",)
    assert given.names("systems") == ("mt", "mt:*")
    assert (given.required("references"), given.required("doc_id")) == (True, True)
    assert given.required("systems") is False
    with pytest.raises(OptionError, match="source must be one field name"):
        RecordFields(source=["a", "b"])
    with pytest.raises(OptionError, match="domain must be a field name"):
        RecordFields(domain=3)  # type: ignore[arg-type]


def test_blank_lines_keep_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "gaps.jsonl"
    path.write_text('{"ref": "a", "mt": "x"}\n\n{"ref": "b", "mt": 5}\n', encoding="utf-8")
    with pytest.raises(InputError, match="line 3"):
        read_jsonl(str(path))


def test_tsv_with_header(tmp_path: Path) -> None:
    path = tmp_path / "data.tsv"
    path.write_text(
        "src\tref:A\tref:B\tmt\tdocid\nHallo\tHello\tHi\tHey\td1\nWelt\tWorld\t\tEarth\td2\n",
        encoding="utf-8",
    )
    test_set = read_tsv(str(path))
    assert test_set.reference_names == ("ref:A", "ref:B")
    assert test_set.reference_streams() == [["Hello", "World"], ["Hi", ""]]
    assert test_set.system("mt") == ["Hey", "Earth"]
    assert test_set.doc_ids == ("d1", "d2")


def test_tsv_without_header(tmp_path: Path) -> None:
    path = tmp_path / "data.tsv"
    path.write_text("Hello\tHey\nWorld\tEarth\n", encoding="utf-8")
    test_set = read_tsv(str(path), header=["ref", "mt"])
    assert test_set.reference_streams() == [["Hello", "World"]]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("src\tref\nHallo\tHello\tExtra\n", "line 2: expected 2 tab-separated fields"),
        ("ref\tref\na\tb\n", "column names must be distinct"),
        ("src\tref\n", "no rows after the header"),
        ("", "empty; expected a header"),
    ],
)
def test_tsv_errors(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.tsv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        read_tsv(str(path))
