"""Text that looks like JSON: refused by default with one line, scored as text on request.

Issue 24, item 8: a file whose first lines start with ``{`` and hold JSON that Python cannot
read (nested deeper than its recursion limit, or a number of more than 4,300 digits) gave a
traceback; it must be one line naming the file, exit code 1, in every command and role.
Item 19: a plain-text file whose lines are all JSON objects (the outputs of a JSON
generation task) could not be scored at all; ``--input-format text`` scores it, and the
score is sacreBLEU 2.6.0's on the same lines (the oracle).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.cli.main import run

#: Lines of ordinary text, for the files that are not the one under test.
TEXT = ["the cat sat on the mat", "a dog barked at the moon", "it rained", "x y z", "end ."]


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


def _deep() -> list[str]:
    """Four JSON objects, then one nested 100,000 levels deep (Python's limit is 1,000)."""
    return ['{"a": 1}'] * 4 + ['{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"]


def _long_number() -> list[str]:
    """Four JSON objects, then one holding a 5,000-digit number (Python reads 4,300)."""
    return ['{"a": 1}'] * 4 + ['{"a": ' + "9" * 5000 + "}"]


def _roles(folder: Path, bad: str) -> dict[str, list[str]]:
    """Every command and every role a text file has in it, with `bad` in that role."""
    ref, hyp, other = (_write(folder / f"{n}.txt", TEXT) for n in ("ref", "hyp", "other"))
    human = folder / "human.tsv"
    human.write_text("hyp\t1\nother\t2\nbad\t3\n", encoding="utf-8")
    report = str(folder / "report.html")
    return {
        "reference": [bad, "-i", hyp],
        "system": [ref, "-i", bad],
        "system, several": [ref, "-i", hyp, bad],
        "system, -j 1": [ref, "-i", bad, "-j", "1"],
        "reference, -pbs": [bad, "-i", hyp, other, "-pbs", "-pbsn", "5"],
        "reference, -sl": [bad, "-i", hyp, "-sl"],
        "system, nist": [ref, "-i", hyp, bad, "-m", "nist"],
        "report reference": ["report", bad, "-i", hyp, "-o", report],
        "report system": ["report", ref, "-i", hyp, bad, "-o", report],
        "report source": ["report", ref, "-i", hyp, "--src", bad, "-o", report],
        "report docids": ["report", ref, "-i", hyp, "--docids", bad, "-o", report],
        "meta reference": ["meta", "--refs", bad, "--systems", hyp, other, "--human", str(human)],
        "meta system": ["meta", "--refs", ref, "--systems", hyp, bad, "--human", str(human)],
    }


@pytest.mark.parametrize("make", [_deep, _long_number], ids=["deep", "long number"])
@pytest.mark.parametrize(
    "role",
    [
        "reference",
        "system",
        "system, several",
        "system, -j 1",
        "reference, -pbs",
        "reference, -sl",
        "system, nist",
        "report reference",
        "report system",
        "report source",
        "report docids",
        "meta reference",
        "meta system",
    ],
)
def test_json_python_cannot_read_is_one_line_naming_the_file(
    tmp_path: Path, make: Callable[[], list[str]], role: str
) -> None:
    bad = _write(tmp_path / "bad.txt", make())
    code, out, err = parbleu(*_roles(tmp_path, bad)[role])
    assert code == 1, err
    assert out == ""
    assert err.count("\n") == 1, err
    assert f"{bad}: this is JSON Lines" in err
    assert "Python cannot read" in err
    assert "Traceback" not in err


@pytest.fixture
def json_outputs(tmp_path: Path) -> dict[str, list[str] | str]:
    """A JSON generation task: references and outputs are JSON objects, one a line."""
    refs = [
        json.dumps({"name": f"item {i}", "price": i * 3, "tags": ["a", "b"][: i % 3]})
        for i in range(40)
    ]
    hyps = [
        json.dumps({"name": f"item {i}", "price": i * 3 + (i % 4 == 0), "tags": ["a"]})
        for i in range(40)
    ]
    return {
        "refs": refs,
        "hyps": hyps,
        "ref": _write(tmp_path / "ref.txt", refs),
        "hyp": _write(tmp_path / "hyp.txt", hyps),
    }


def test_json_objects_as_text_are_refused_by_default_saying_how(
    json_outputs: dict[str, list[str] | str],
) -> None:
    hyp = str(json_outputs["hyp"])
    code, out, err = parbleu(str(json_outputs["ref"]), "-i", hyp)
    assert code == 1
    assert out == ""
    assert err.startswith(f"parbleu: error: {json_outputs['ref']}: this is JSON Lines")
    assert "--input-format text" in err
    assert "--test-set-file" in err


@pytest.mark.parametrize(
    "extra",
    [[], ["-j", "1"], ["-j", "2"], ["-m", "bleu", "chrf"], ["-sl"], ["-ci", "-cin", "5"]],
    ids=["default", "-j 1", "-j 2", "bleu chrf", "-sl", "-ci"],
)
def test_json_objects_as_text_score_as_sacrebleu(
    json_outputs: dict[str, list[str] | str], extra: list[str]
) -> None:
    """Oracle: sacreBLEU's BLEU and chrF of the same lines."""
    refs, hyps = list(json_outputs["refs"]), list(json_outputs["hyps"])
    argv = [str(json_outputs["ref"]), "-i", str(json_outputs["hyp"]), "--input-format", "text"]
    code, out, err = parbleu(*argv, "-b", "-w", "6", "-f", "text", *extra)
    assert code == 0, err
    if "-sl" in extra:
        expected = [
            f"{SacreBLEU(effective_order=True).sentence_score(h, [r]).score:.6f}"
            for h, r in zip(hyps, refs, strict=True)
        ]
        assert out.split() == expected
        return
    shown = out.split("\n")
    assert shown[0].split()[0] == f"{SacreBLEU().corpus_score(hyps, [refs]).score:.6f}"
    if "chrf" in extra:
        assert shown[1] == f"{SacreCHRF().corpus_score(hyps, [refs]).score:.6f}"


def test_several_json_systems_as_text(
    json_outputs: dict[str, list[str] | str], tmp_path: Path
) -> None:
    refs, hyps = list(json_outputs["refs"]), list(json_outputs["hyps"])
    other = _write(tmp_path / "other.txt", refs[::-1])
    argv = [str(json_outputs["ref"]), "-i", str(json_outputs["hyp"]), other]
    code, out, err = parbleu(*argv, "--input-format", "text", "-f", "json", "-w", "6")
    assert code == 0, err
    rows = json.loads(out)
    assert rows[0]["BLEU"] == f"{SacreBLEU().corpus_score(hyps, [refs]).score:.6f}"
    assert rows[1]["BLEU"] == f"{SacreBLEU().corpus_score(refs[::-1], [refs]).score:.6f}"
