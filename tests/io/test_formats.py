"""Format detection, declared formats that the content contradicts, and plain-text refusal.

The files are the ones the reader tests write; the oracle for scores is sacreBLEU 2.6.0 on
the plain reference lines: a JSON Lines reference read as a test set scores as sacreBLEU
scores its lines, and read as plain text it is refused instead of being scored as text.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU as SacreBLEU

from parbleu import corpus_bleu
from parbleu.errors import InputError, OptionError
from parbleu.io import Format, check_plain_text, detect_format, read_test_set, read_text_lines
from tests.compat.test_compat_scores import HYPS, REFS
from tests.io.builders import Doc, write_sgml, write_wmt_xml


@pytest.fixture
def files(tmp_path: Path) -> dict[Format, Path]:
    jsonl = tmp_path / "refs.jsonl"
    jsonl.write_text(
        "".join(
            json.dumps({"ref": a, "ref:B": b, "mt": h}) + "\n"
            for a, b, h in zip(*REFS, HYPS, strict=True)
        ),
        encoding="utf-8",
    )
    xml = tmp_path / "test.xml"
    write_wmt_xml(xml, [Doc("d", ["x"], {"A": {1: "y"}}, {"S": ["z"]})])
    sgml = tmp_path / "test.sgm"
    write_sgml(sgml, "refset", [({"docid": "d", "sysid": "ref"}, ["a", "b"])], setid="t")
    tsv = tmp_path / "test.tsv"
    tsv.write_text("ref\tmt\na\tb\n", encoding="utf-8")
    return {Format.JSONL: jsonl, Format.WMT_XML: xml, Format.SGML: sgml, Format.TSV: tsv}


def test_detected_by_name(files: dict[Format, Path]) -> None:
    for format_, path in files.items():
        assert detect_format(str(path)) is format_


def test_detected_by_content(files: dict[Format, Path], tmp_path: Path) -> None:
    for format_ in (Format.JSONL, Format.WMT_XML, Format.SGML):
        renamed = tmp_path / f"{format_.value}.txt"
        renamed.write_bytes(files[format_].read_bytes())
        assert detect_format(str(renamed)) is format_
    packed = tmp_path / "refs.data.gz"
    packed.write_bytes(gzip.compress(files[Format.JSONL].read_bytes()))
    assert detect_format(str(packed)) is Format.JSONL


def test_content_that_contradicts_the_declared_format(
    files: dict[Format, Path], tmp_path: Path
) -> None:
    with pytest.raises(InputError, match="declared JSON Lines, but its content is WMT XML"):
        read_test_set(str(files[Format.WMT_XML]), format="jsonl")
    misnamed = tmp_path / "refs.xml"
    misnamed.write_bytes(files[Format.SGML].read_bytes())
    with pytest.raises(
        InputError,
        match="named WMT XML, but its content is mteval SGML; read it with format='sgml'",
    ):
        read_test_set(str(misnamed))


def test_unknown_formats(tmp_path: Path) -> None:
    text = tmp_path / "plain.txt"
    text.write_text("just text\n", encoding="utf-8")
    with pytest.raises(InputError, match="cannot tell its test-set format"):
        read_test_set(str(text))
    with pytest.raises(OptionError, match="format must be one of"):
        read_test_set(str(text), format="csv")
    with pytest.raises(InputError, match="no such file"):
        read_test_set(str(tmp_path / "absent.jsonl"))


def test_jsonl_references_score_as_sacrebleu(files: dict[Format, Path]) -> None:
    """The issue's case: read as a test set, the JSONL file gives sacreBLEU's score."""
    test_set = read_test_set(str(files[Format.JSONL]))
    expected = SacreBLEU().corpus_score(HYPS, REFS).score
    assert corpus_bleu(test_set.system("mt"), test_set.reference_streams()).score == expected


@pytest.mark.parametrize("format_", [Format.JSONL, Format.WMT_XML, Format.SGML])
def test_structured_files_are_refused_as_plain_text(
    files: dict[Format, Path], format_: Format
) -> None:
    with pytest.raises(InputError, match=f"read_test_set.*format='{format_.value}'"):
        read_text_lines(str(files[format_]))


def test_plain_text_passes(tmp_path: Path) -> None:
    lines = ["{ not JSON", "<b>bold</b> text", '{"a": 1} and text', "plain"]
    check_plain_text(lines, "x")
    check_plain_text(['{"a": 1}', "a sentence"], "x")
    path = tmp_path / "hyps.txt"
    path.write_text("\n".join(HYPS) + "\n", encoding="utf-8")
    assert read_text_lines(str(path)) == HYPS
