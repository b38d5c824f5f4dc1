"""``parbleu report`` in process: files in, one HTML file out, errors as the scorer's.

Oracles: the library for what the summary holds (``BLEU(tokenize="intl")`` signature, the
scores of ``corpus_score``), hand-made broken files for the errors and their exit codes.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from parbleu import BLEU, CHRF, TER
from parbleu.cli.main import run
from parbleu.cli.parser import CommandParser
from parbleu.cli.report import build_report_parser
from tests.report.conftest import SAMPLE

REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
SYSTEMS = [str(SAMPLE / f"system-{q}.txt") for q in ("strong", "fair", "weak")]


def report(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["report", *argv], io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def summary(path: Path) -> dict[str, object]:
    page = path.read_text(encoding="utf-8")
    match = re.search(
        r'<script type="application/json" id="pb-overview">(.*?)</script>', page, re.DOTALL
    )
    assert match is not None
    return json.loads(match.group(1))  # type: ignore[no-any-return]


def test_writes_the_report_and_prints_its_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    out_file = tmp_path / "r.html"
    code, out, err = report(
        REF_A, REF_B, "-i", *SYSTEMS, "-o", str(out_file), "-tok", "intl", "--baseline", SYSTEMS[1]
    )
    assert code == 0, err
    assert out.strip() == str(out_file)
    assert "BLEU statistics of system-strong" in err
    assert "compressing" in err
    data = summary(out_file)
    assert data["systems"] == ["system-strong", "system-fair", "system-weak"]
    assert data["baseline"] == 1
    metrics = data["metrics"]
    assert isinstance(metrics, list)
    assert [m["key"] for m in metrics] == ["bleu", "chrf"]
    refs = [
        (SAMPLE / "ref.A.txt").read_text().splitlines(),
        (SAMPLE / "ref.B.txt").read_text().splitlines(),
    ]
    bleu = BLEU(refs, tokenize="intl")
    assert metrics[0]["signature"] == bleu.signature().format()
    weak = (SAMPLE / "system-weak.txt").read_text().splitlines()
    assert metrics[0]["corpus"][2] == bleu.corpus_score(weak).score
    assert data["significance"] == {"bootstrap": 1000, "trials": 1000, "seed": 12345, "alpha": 0.05}


def test_options_scores_human_and_documents(tmp_path: Path) -> None:
    human = tmp_path / "human.tsv"
    human.write_text("system-strong\t3\nsystem-fair\t2\nsystem-weak\t1\n")
    comet = tmp_path / "comet.tsv"
    comet.write_text(
        "".join(
            f"{s}\t{i}\t{0.1 * i}\n"
            for s in ("system-strong", "system-fair", "system-weak")
            for i in range(1, 31)
        )
    )
    docids = tmp_path / "docids.txt"
    docids.write_text("".join(f"doc{i // 10}\n" for i in range(30)))
    refs = tmp_path / "refs.tsv"
    a, b = (
        (SAMPLE / "ref.A.txt").read_text().splitlines(),
        (SAMPLE / "ref.B.txt").read_text().splitlines(),
    )
    refs.write_text("".join(f"{x}\t{y}\n" for x, y in zip(a, b, strict=True)))
    out_file = tmp_path / "r.html"
    code, _, err = report(
        str(refs),
        "-nr",
        "2",
        "-i",
        *SYSTEMS,
        "-o",
        str(out_file),
        "-m",
        "bleu",
        "ter",
        "--human",
        str(human),
        "--scores",
        f"COMET={comet}",
        "--docids",
        str(docids),
        "--src",
        REF_B,
        "-q",
        "-pbsn",
        "50",
        "-parn",
        "60",
        "--seed",
        "3",
        "--title",
        "T",
    )
    assert (code, err) == (0, "")
    data = summary(out_file)
    assert [m["label"] for m in data["metrics"]] == ["BLEU", "TER", "COMET"]  # type: ignore[index]
    assert data["significance"] == {"bootstrap": 50, "trials": 60, "seed": 3, "alpha": 0.05}
    assert data["documents"] == {"labels": ["doc0", "doc1", "doc2"], "counts": [10, 10, 10]}
    assert data["human"]["systems"] == ["system-strong", "system-fair", "system-weak"]  # type: ignore[index]
    assert data["title"] == "T"
    assert data["has_source"] is True
    assert data["references"] == [f"{refs} (field 1)", f"{refs} (field 2)"]


def test_metric_options_are_the_main_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``-cw``, ``--chrf-lowercase``, ``--ter-normalized`` bind to the options dataclasses as
    in ``parbleu -m chrf ter``; the seed comes from $SACREBLEU_SEED as in ``parbleu -pbs``.
    Oracle: the library's ``CHRF(word_order=2, lowercase=True)`` and ``TER(normalized=True)``."""
    monkeypatch.setenv("SACREBLEU_SEED", "99")
    out_file = tmp_path / "r.html"
    argv = [REF_A, "-i", *SYSTEMS[:2], "-o", str(out_file), "-q", "-pbsn", "20", "-parn", "20"]
    options = ["-m", "chrf", "ter", "-cw", "2", "--chrf-lowercase", "--ter-normalized"]
    code, _, err = report(*argv, *options)
    assert (code, err) == (0, "")
    data = summary(out_file)
    chrf, ter = data["metrics"]  # type: ignore[misc]
    refs = [(SAMPLE / "ref.A.txt").read_text().splitlines()]
    expected_chrf = CHRF(refs, word_order=2, lowercase=True)
    assert chrf["label"] == "chrF2++"
    assert chrf["signature"] == expected_chrf.signature().format()
    assert chrf["options"] == {
        "char_order": 6,
        "word_order": 2,
        "beta": 2,
        "lowercase": True,
        "whitespace": False,
        "eps_smoothing": False,
    }
    assert ter["signature"] == TER(refs, normalized=True).signature().format()
    assert data["significance"]["seed"] == 99  # type: ignore[index]


def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_report_parser()
    assert isinstance(parser, CommandParser)
    with pytest.raises(SystemExit) as stop:
        parser.parse_args([REF_A, "-i", *SYSTEMS, "-o", "x.html", "-cw", "many"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("parbleu report: error: argument --chrf-word-order/-cw")
    assert err.endswith("(see parbleu report --help)\n")
    assert err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "exit_code", "message"),
    [
        (["-i", *SYSTEMS, "-o", "x.html"], 2, "no reference files"),
        ([REF_A, "-i", *SYSTEMS], 2, "the following arguments are required: --output/-o"),
        ([REF_A, "-i", *SYSTEMS, "-o", "x.html", "-sl"], 2, "-sl/--sentence-level does not apply"),
        ([REF_A, "-i", *SYSTEMS, "-o", "x.html", "--echo", "src"], 2, "--echo does not apply"),
        ([REF_A, "-i", *SYSTEMS, "-o", "x.html", "-d"], 2, "-d/--detail does not apply"),
        (
            [REF_A, "-i", SYSTEMS[0], SYSTEMS[0], "-o", "x.html"],
            2,
            "both name system 'system-strong'",
        ),
        ([REF_A, "-i", "missing.txt", "-o", "x.html"], 1, "missing.txt"),
        ([REF_A, "-i", *SYSTEMS, "-o", "x.html", "--scores", "COMET"], 2, "NAME=FILE"),
        (
            [REF_A, "-i", *SYSTEMS, "-o", "x.html", "--baseline", "nope"],
            2,
            "baseline 'nope' is not a system",
        ),
        (
            [REF_A, "-i", *SYSTEMS, "-o", "x.html", "--seed", "x1"],
            2,
            "--seed must be a non-negative integer or 'none'; got 'x1'",
        ),
        (
            [REF_A, "-i", *SYSTEMS, "-o", "/no/such/dir/x.html", "-q"],
            1,
            "cannot write /no/such/dir/x.html",
        ),
    ],
)
def test_errors(
    argv: list[str],
    exit_code: int,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    try:
        code, _, err = report(*argv)
    except SystemExit as stop:  # argparse's own usage errors
        code, err = int(stop.code or 0), capsys.readouterr().err
    assert code == exit_code
    assert message in err
    assert "Traceback" not in err


def test_line_counts_are_checked_with_file_names(tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("only one line\n")
    code, _, err = report(REF_A, "-i", SYSTEMS[0], str(short), "-o", str(tmp_path / "x.html"))
    assert code == 1
    assert f"{short} has 1 lines but {REF_A} has 30" in err
    code, _, err = report(
        REF_A, "-i", SYSTEMS[0], "--docids", str(short), "-o", str(tmp_path / "x.html")
    )
    assert code == 1
    assert f"{short} has 1 lines" in err


def test_bad_score_files(tmp_path: Path) -> None:
    two = tmp_path / "two.tsv"
    two.write_text("1\t0.5\n")
    code, _, err = report(
        REF_A, "-i", *SYSTEMS, "-o", str(tmp_path / "x.html"), "--scores", f"C={two}"
    )
    assert code == 1
    assert "names no system, but the report has 3" in err
    beyond = tmp_path / "beyond.tsv"
    beyond.write_text("system-strong\t31\t0.5\n")
    code, _, err = report(
        REF_A, "-i", *SYSTEMS, "-o", str(tmp_path / "x.html"), "--human", str(beyond)
    )
    assert code == 1
    assert "line 1: seg_id 31 is beyond the 30 segments" in err
