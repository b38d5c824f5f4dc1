"""``parbleu mbr`` in-process. Oracle: `parbleu.pairwise.mbr` on each group by hand (itself
tested against sacreBLEU, fastchrf and mbrs), the groups written in order of first appearance;
hand-written bad inputs for the errors."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest

from parbleu import pairwise
from parbleu.cli.main import run

RECORDS = [
    ("s2", "Hello world", -0.5),
    ("s1", "The cat sat on the mat.", -1.0),
    ("s1", "A cat sat on the mat.", -2.0),
    ("s2", "Hello, world!", -0.1),
    ("s1", "Dogs bark.", -0.2),
    ("s3", "Only one.", -3.0),
    ("s2", "Hi world.", -1.5),
    ("s1", "The cat sat on a mat.", -0.7),
]
GROUPS = {"s2": [0, 3, 6], "s1": [1, 2, 4, 7], "s3": [5]}


def call(argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(argv, io.BytesIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def jsonl(tmp_path: Path) -> Path:
    path = tmp_path / "samples.jsonl"
    lines = [json.dumps({"id": s, "candidate": c, "logprob": lp}) for s, c, lp in RECORDS]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def expected(metric: str = "chrf", **kwargs) -> list[pairwise.MbrChoice]:
    return [
        pairwise.mbr([RECORDS[i][1] for i in rows], metric=metric, **kwargs)
        for rows in GROUPS.values()
    ]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_text_output_in_order_of_first_appearance(jsonl: Path, jobs: str) -> None:
    code, out, err = call(["mbr", str(jsonl), "-j", jobs])
    assert (code, err) == (0, "")
    assert out.splitlines() == [c.candidate for c in expected()]


def test_jsonl_output_with_top_k_and_tsv_input(tmp_path: Path) -> None:
    tsv = tmp_path / "samples.tsv"
    tsv.write_text("".join(f"{s}\t{c}\t{lp}\n" for s, c, lp in RECORDS), encoding="utf-8")
    code, out, _ = call(["mbr", str(tsv), "-m", "bleu", "--top-k", "2", "--output-format", "jsonl"])
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    for row, source, choice in zip(rows, GROUPS, expected("bleu"), strict=True):
        assert row["id"] == source
        assert (row["index"], row["candidate"]) == (choice.index, choice.candidate)
        assert [t["index"] for t in row["top"]] == [r.index for r in choice.top(2)]
        assert row["utility"] == choice.utilities[choice.index]


def test_logprob_weights_and_methods(jsonl: Path, tmp_path: Path) -> None:
    out_path = tmp_path / "best.txt"
    code, out, _ = call(["mbr", str(jsonl), "--weights", "logprob", "-o", str(out_path)])
    assert (code, out) == (0, "")
    chosen = []
    for rows in GROUPS.values():
        lps = [RECORDS[i][2] for i in rows]
        weights = [math.exp(lp - max(lps)) for lp in lps]
        chosen.append(pairwise.mbr([RECORDS[i][1] for i in rows], weights=weights).candidate)
    assert out_path.read_text(encoding="utf-8").splitlines() == chosen
    for method in ("aggregate", "pruning"):
        code, out, _ = call(["mbr", str(jsonl), "--method", method])
        assert code == 0
        assert out.splitlines() == [c.candidate for c in expected(method=method)]


def test_standard_input_and_dask(jsonl: Path) -> None:
    code, out, _ = call(["mbr", "-", "--format", "jsonl"], jsonl.read_bytes())
    assert code == 0
    assert out.splitlines() == [c.candidate for c in expected()]
    pytest.importorskip("dask.bag", reason="dask (the dask extra) is absent")
    code, dask_out, _ = call(["mbr", str(jsonl), "--dask"])
    assert (code, dask_out) == (0, out)


@pytest.mark.parametrize(
    ("content", "name", "message", "exit_code"),
    [
        (
            '{"id": "a", "candidate": "x"}\nnot json\n',
            "c.jsonl",
            "c.jsonl:2: expected a JSON object",
            1,
        ),
        ('{"id": "a"}\n', "c.jsonl", "c.jsonl:1: field 'candidate' must be a string", 1),
        ('{"id": [1], "candidate": "x"}\n', "c.jsonl", "c.jsonl:1: field 'id'", 1),
        ('{"id": "a", "candidate": "x", "logprob": "high"}\n', "c.jsonl", "must be a number", 1),
        ('{"id": "a", "candidate": "x"}\n\n', "c.jsonl", "c.jsonl:2: empty line", 1),
        ("a\tb\tc\td\n", "c.tsv", "c.tsv:1: expected id<TAB>candidate[<TAB>logprob]; got 4", 1),
        ("a\tb\tnope\n", "c.tsv", "c.tsv:1: the log-probability 'nope' is not a number", 1),
        ("a\tb\t0.5\n", "c.tsv", "finite and <= 0", 1),
        ("", "c.tsv", "c.tsv: no candidates", 1),
        ("a\tb\n", "c.dat", "give --format jsonl or tsv", 2),
    ],
)
def test_bad_input_is_one_line_naming_file_and_line(
    tmp_path: Path, content: str, name: str, message: str, exit_code: int
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    code, out, err = call(["mbr", str(path)])
    assert (code, out) == (exit_code, "")
    assert message in err
    assert len(err.splitlines()) == 1


def test_missing_logprob_and_bad_metric(jsonl: Path, tmp_path: Path) -> None:
    path = tmp_path / "c.tsv"
    path.write_text("a\tx\t-1\na\ty\n", encoding="utf-8")
    code, _, err = call(["mbr", str(path), "--weights", "logprob"])
    assert code == 1
    assert "c.tsv:2: weights from log-probabilities need" in err
    code, _, err = call(["mbr", str(jsonl), "-m", "nope"])
    assert code == 2
    assert "unknown metric 'nope'; choose from bleu, chrf" in err
    code, _, err = call(["mbr", str(tmp_path / "absent.jsonl")])
    assert code == 1
    assert "absent.jsonl" in err
