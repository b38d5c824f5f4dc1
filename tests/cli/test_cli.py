"""The command line, in process (parbleu.cli.main.run) and, where it matters, as a process.

Oracle: sacreBLEU 2.6.0's own command line on the same files, for scores, text lines and
JSON keys; hand-made broken inputs for the errors.
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

from parbleu.cli.main import run
from parbleu.cli.parser import build_parser

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
STRONG, FAIR, WEAK = (str(SAMPLE / f"system-{q}.txt") for q in ("strong", "fair", "weak"))


def parbleu(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def sacrebleu_cli(*argv: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv], capture_output=True, text=True, check=True
    )
    return done.stdout


def without_version(signature: str) -> str:
    return signature.rsplit("|", 1)[0]


@pytest.fixture(scope="module")
def sacre_json() -> dict[str, str]:
    return json.loads(sacrebleu_cli(REF_A, REF_B, "-i", FAIR))  # type: ignore[no-any-return]


def test_json_has_sacrebleu_keys_and_values(sacre_json: dict[str, str]) -> None:
    code, out, err = parbleu(REF_A, REF_B, "-i", FAIR)
    assert (code, err) == (0, "")
    ours = json.loads(out)
    assert set(sacre_json) <= set(ours)
    for key in ("name", "score", "verbose_score", "nrefs", "case", "eff", "tok", "smooth"):
        assert ours[key] == sacre_json[key], key
    assert without_version(ours["signature"]) == without_version(sacre_json["signature"])
    assert ours["version"] == "parbleu-0.1.0"
    # parbleu adds the full statistics and the unrounded score.
    assert ours["score_unrounded"] == pytest.approx(ours["score"], abs=0.05)
    assert len(ours["counts"]) == len(ours["totals"]) == 4
    assert ours["sys_len"] > 0
    assert ours["ref_len"] > 0


@pytest.mark.parametrize(
    "options",
    [
        ["-f", "text"],
        ["-f", "text", "-w", "3", "--short"],
        ["-f", "text", "-lc", "-tok", "intl", "-s", "floor", "-sv", "0.2"],
        ["-b"],
        ["-b", "-w", "4", "-s", "add-k"],
        ["-f", "text", "-m", "bleu", "-tok", "char"],
        ["-f", "text", "-m", "chrf", "ter"],
        ["-f", "text", "-m", "chrf", "-cw", "2", "--chrf-lowercase", "-w", "3"],
        ["-f", "text", "-m", "chrf", "-cc", "4", "--chrf-whitespace", "--chrf-beta", "1"],
        ["-f", "text", "-m", "chrf", "--chrf-eps-smoothing", "--short"],
        ["-f", "text", "-m", "ter", "--ter-case-sensitive", "--ter-no-punct"],
        ["-f", "text", "-m", "ter", "--ter-normalized", "--ter-asian-support", "-w", "4"],
        ["-b", "-m", "ter", "chrf", "bleu"],
        ["-b", "-f", "text", "-m", "ter", "bleu"],
    ],
)
def test_text_lines_match_sacrebleu(options: list[str]) -> None:
    code, out, _ = parbleu(REF_A, "-i", WEAK, *options)
    expected = sacrebleu_cli(REF_A, "-i", WEAK, *options)
    assert code == 0
    assert out.replace(":parbleu-0.1.0", ":2.6.0") == expected


def test_several_metrics_in_json_are_sacrebleus_array() -> None:
    code, out, err = parbleu(REF_A, "-i", WEAK, "-m", "ter", "chrf", "bleu")
    assert (code, err) == (0, "")
    ours = json.loads(out)
    theirs = json.loads(sacrebleu_cli(REF_A, "-i", WEAK, "-m", "ter", "chrf", "bleu"))
    assert [d["name"] for d in ours] == [d["name"] for d in theirs] == ["BLEU", "chrF2", "TER"]
    for mine, expected in zip(ours, theirs, strict=True):
        for key, value in expected.items():
            if key == "signature":
                assert without_version(mine[key]) == without_version(value)
            elif key != "version":
                assert mine[key] == value, key


def test_sentence_level_json_lines_match_sacrebleu_scores() -> None:
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-sl")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    expected = sacrebleu_cli(REF_A, "-i", FAIR, "-sl", "-w", "1").splitlines()
    assert len(lines) == len(expected) == 30
    assert [x["segment"] for x in lines] == list(range(1, 31))
    for ours, theirs in zip(lines, expected, strict=True):
        assert f"{ours['score']:.1f}" == theirs.split(" = ")[1].split()[0]
        assert ours["eff"] == "yes"


def test_sentence_level_text_lines_match_sacrebleu() -> None:
    code, out, _ = parbleu(REF_A, REF_B, "-i", STRONG, "-sl", "-f", "text", "-w", "2")
    expected = sacrebleu_cli(REF_A, REF_B, "-i", STRONG, "-sl", "-w", "2")
    assert code == 0
    for ours, theirs in zip(out.splitlines(), expected.splitlines(), strict=True):
        assert ours.split(" = ")[1] == theirs.split(" = ")[1]


def test_several_systems_give_a_table_with_signatures() -> None:
    code, out, _ = parbleu(REF_A, REF_B, "-i", STRONG, FAIR, WEAK, "-f", "text", "-w", "2")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["System", "BLEU"]
    scores = {line.split()[0]: float(line.split()[1]) for line in lines[2:5]}
    assert scores[STRONG] > scores[FAIR] > scores[WEAK]
    for name, score in scores.items():
        single = json.loads(parbleu(REF_A, REF_B, "-i", name)[1])
        assert f"{single['score_unrounded']:.2f}" == f"{score:.2f}"
    assert any(line.startswith(" - BLEU") and "nrefs:2" in line for line in lines)


def test_several_systems_json_is_sacrebleus_plus_one_key() -> None:
    """sacreBLEU's multi-system JSON, byte for byte, once parbleu's "parbleu" key is removed."""
    code, out, _ = parbleu(REF_A, "-i", STRONG, WEAK, "-m", "ter", "bleu")
    rows = json.loads(out)
    assert code == 0
    plain = [{key: value for key, value in row.items() if key != "parbleu"} for row in rows]
    assert json.dumps(plain, indent=4) + "\n" == sacrebleu_cli(
        REF_A, "-i", STRONG, WEAK, "-m", "ter", "bleu"
    )
    assert all(row["parbleu"]["BLEU"]["signature"].startswith("nrefs:1|") for row in rows)


def test_hypotheses_on_stdin_tab_separated_systems() -> None:
    strong = Path(STRONG).read_text(encoding="utf-8").splitlines()
    weak = Path(WEAK).read_text(encoding="utf-8").splitlines()
    stdin = "".join(f"{a}\t{b}\n" for a, b in zip(strong, weak, strict=True)).encode()
    code, out, _ = parbleu(REF_A, stdin=stdin)
    rows = json.loads(out)
    assert code == 0
    assert [row["system"] for row in rows] == ["System 1", "System 2"]
    single = json.loads(parbleu(REF_A, "-i", STRONG)[1])
    assert rows[0]["BLEU"] == f"{single['score']:.1f}"
    assert rows[0]["parbleu"]["BLEU"] == single


def test_tab_separated_references(tmp_path: Path) -> None:
    a = Path(REF_A).read_text(encoding="utf-8").splitlines()
    b = Path(REF_B).read_text(encoding="utf-8").splitlines()
    joined = tmp_path / "refs.tsv"
    joined.write_text("".join(f"{x}\t{y}\n" for x, y in zip(a, b, strict=True)), encoding="utf-8")
    assert parbleu(str(joined), "-nr", "2", "-i", FAIR)[1] == parbleu(REF_A, REF_B, "-i", FAIR)[1]
    joined.write_text("one field only\n", encoding="utf-8")
    code, _, err = parbleu(str(joined), "-nr", "2", "-i", str(joined))
    assert code == 1
    assert err == f"parbleu: error: {joined}: line 1: expected 2 tab-separated fields, found 1\n"


def test_carriage_returns_and_gzip_score_like_clean_text(tmp_path: Path) -> None:
    """KNOWN_ANSWERS (sacreBLEU test.sh): a reference with stray CRs scores as the clean one."""
    lines = Path(REF_A).read_text(encoding="utf-8").splitlines()
    crlf = tmp_path / "ref.crlf.txt"
    crlf.write_bytes("".join(f"{line}\r\n" for line in lines).encode())
    stray = tmp_path / "ref.stray.txt"
    stray.write_text("".join(line.replace(" ", " \r", 1) + "\n" for line in lines), "utf-8")
    packed = tmp_path / "ref.txt.gz"
    packed.write_bytes(gzip.compress(Path(REF_A).read_bytes()))
    clean = parbleu(REF_A, "-i", FAIR, "-b", "-w", "6")[1]
    assert sacrebleu_cli(str(stray), "-i", FAIR, "-b", "-w", "6") == clean
    for variant in (crlf, stray, packed):
        assert parbleu(str(variant), "-i", FAIR, "-b", "-w", "6")[1] == clean, variant.name


def test_other_encodings(tmp_path: Path) -> None:
    latin = tmp_path / "latin1.txt"
    latin.write_bytes("Straße café über Größe à la carte\n".encode("latin-1"))
    code, out, _ = parbleu(str(latin), "-i", str(latin), "-e", "latin-1", "-b")
    assert (code, out) == (0, "100.0\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["missing.txt", "-i", FAIR], "parbleu: error: missing.txt: no such file\n"),
        ([REF_A, "-i", "missing.txt"], "parbleu: error: missing.txt: no such file\n"),
        (
            [str(SAMPLE), "-i", FAIR],
            f"parbleu: error: {SAMPLE}: is a directory, expected a text file\n",
        ),
    ],
)
def test_missing_files(argv: list[str], message: str) -> None:
    assert parbleu(*argv)[::2] == (1, message)


def test_line_count_mismatch_names_both_files(tmp_path: Path) -> None:
    short = tmp_path / "short.txt"
    short.write_text("one line\n", encoding="utf-8")
    code, out, err = parbleu(REF_A, "-i", str(short))
    assert (code, out) == (1, "")
    assert err == (
        f"parbleu: error: {short} has 1 lines but {REF_A} has 30; "
        "hypotheses and references must be parallel, line by line\n"
    )


def test_invalid_utf8_names_file_line_and_offset(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"fine line\nbad \xff byte\n")
    code, _, err = parbleu(str(bad), "-i", str(bad))
    assert code == 1
    assert err.startswith(f"parbleu: error: {bad}: line 2: invalid utf-8 at byte offset 14 (byte 4")
    assert err.count("\n") == 1


def test_empty_inputs(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    assert parbleu(str(empty), "-i", str(empty))[::2] == (
        1,
        f"parbleu: error: {empty}: is empty: nothing to score\n",
    )
    assert parbleu(REF_A, stdin=b"")[::2] == (
        1,
        "parbleu: error: standard input is empty: nothing to score\n",
    )


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        ([REF_A, "-i", FAIR, "--bogus"], "unrecognized arguments: --bogus"),
        ([REF_A, "-i", FAIR, "-s", "magic"], "invalid choice: 'magic'"),
        ([REF_A, "-i", FAIR, "--weights", "0.5", "0.6"], "weights must sum to 1"),
        ([REF_A, "-i", FAIR, "-s", "exp", "-sv", "0.5"], "smooth_value applies to"),
        ([REF_A, "-i", FAIR, FAIR], "is given twice"),
        (["-i", FAIR], "no reference files"),
        ([REF_A, "-t", "wmt17", "-l", "en-de"], "either a test set (-t) or reference files"),
        (["-t", "wmt99", "-l", "en-de"], "unknown test set 'wmt99'"),
        ([REF_A, REF_B, "-nr", "2", "-i", FAIR], "one reference file"),
        ([REF_A, "-i", FAIR, WEAK, "-sl", "-b"], "-b/--score-only with -sl"),
    ],
)
def test_usage_errors_exit_2_with_one_line(
    argv: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code, _, err = parbleu(*argv)
    except SystemExit as exit_:  # argparse reports its own errors
        code, err = int(exit_.code or 0), capsys.readouterr().err
    assert code == 2
    assert fragment in err
    assert err.startswith("parbleu: error: ")
    assert err.count("\n") == 1


def test_extra_signature_fields_for_what_sacrebleu_cannot_express() -> None:
    args = [REF_A, "-i", FAIR, "-f", "text"]
    plain = parbleu(*args)[1]
    assert "order:" not in plain
    assert "weights:" not in plain
    assert "reflen:" not in plain
    out = parbleu(*args, "--weights", "0.4", "0.3", "0.2", "0.1", "--ref-length", "shortest")[1]
    assert "|order:4|" not in out
    assert "|weights:0.4,0.3,0.2,0.1|reflen:shortest|" in out
    assert "|order:3|" in parbleu(*args, "--max-ngram-order", "3")[1]


def test_tokenized_input_warning(tmp_path: Path) -> None:
    tokenized = tmp_path / "tok.txt"
    tokenized.write_text("a sentence .\n" * 120, encoding="utf-8")
    _, _, err = parbleu(str(tokenized), "-i", str(tokenized))
    assert "looks tokenized" in err
    assert parbleu(str(tokenized), "-i", str(tokenized), "--force")[2] == ""
    assert parbleu(str(tokenized), "-i", str(tokenized), "-q")[2] == ""


def test_demo_scores_the_bundled_sample(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the demo writes its report into the current directory
    code, out, err = parbleu("demo")
    assert (code, err) == (0, "")
    report = tmp_path / "parbleu-demo-report.html"
    assert out.rstrip().endswith(f"Report of the sample: {report}")
    assert report.stat().st_size > 10_000
    assert "system-strong.txt" in out
    assert "Metric signatures:" in out
    rows = [line.split() for line in out.splitlines() if line.startswith("system-")]
    assert [row[0] for row in rows] == ["system-strong.txt", "system-fair.txt", "system-weak.txt"]
    bleu = [float(row[1]) for row in rows]
    assert bleu == sorted(bleu, reverse=True)


def test_module_entry_point_and_broken_pipe(tmp_path: Path) -> None:
    """`python -m parbleu` works, and `| head` ends it without a traceback."""
    many = tmp_path / "many.txt"
    many.write_text("the cat sat on the mat\n" * 20000, encoding="utf-8")
    done = subprocess.run(
        f"{sys.executable} -m parbleu {many} -i {many} -sl | head -n 2",
        shell=True,
        capture_output=True,
        text=True,
        check=True,
    )
    assert len(done.stdout.splitlines()) == 2
    assert done.stderr == ""


def test_sentence_level_with_several_metrics_numbers_segments(tmp_path: Path) -> None:
    """Each segment gets one line per metric, all carrying that segment's number."""
    hyps = ["the cat sat on the mat", "a dog barked"]
    refs = ["the cat sat on a mat", "the dog barked loudly"]
    ref = tmp_path / "ref.txt"
    hyp = tmp_path / "hyp.txt"
    ref.write_text("\n".join(refs) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    code, out, err = parbleu(str(ref), "-i", str(hyp), "-m", "chrf", "ter", "-sl")
    assert (code, err) == (0, "")
    records = [json.loads(line) for line in out.splitlines()]
    assert [(r["segment"], r["name"]) for r in records] == [
        (1, "chrF2"), (1, "TER"), (2, "chrF2"), (2, "TER"),
    ]  # fmt: skip
    for record in records:
        hyp_line, ref_line = hyps[record["segment"] - 1], refs[record["segment"] - 1]
        oracle = (
            sacrebleu.sentence_chrf(hyp_line, [ref_line])
            if record["name"] == "chrF2"
            else sacrebleu.sentence_ter(hyp_line, [ref_line])
        )
        assert record["score_unrounded"] == oracle.score


def test_jobs_give_the_same_output_as_one_process(tmp_path: Path) -> None:
    """-j 2 spreads 10,000-line chunks over processes; the output must not change."""
    repeats = 700  # 21,000 lines: three chunks
    files = {}
    for name, source in (("ref", REF_A), ("hyp", FAIR)):
        lines = Path(source).read_text(encoding="utf-8").splitlines()
        files[name] = tmp_path / f"{name}.txt"
        files[name].write_text("\n".join(lines * repeats) + "\n", encoding="utf-8")
    argv = [str(files["ref"]), "-i", str(files["hyp"]), "-m", "bleu", "chrf", "nist"]
    one = parbleu(*argv, "-j", "1")
    two = parbleu(*argv, "-j", "2")
    assert one[0] == 0
    assert one == two
    theirs = json.loads(sacrebleu_cli(*argv[:3], "-m", "bleu", "chrf"))
    ours = {d["name"]: d for d in json.loads(two[1])}
    for expected in theirs:
        assert ours[expected["name"]]["score"] == expected["score"]


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ter_with_three_references_equals_sacrebleu_bit_for_bit(jobs: str) -> None:
    """Average reference lengths in thirds: TER's float sums must follow sacreBLEU's order."""
    import sacrebleu.metrics  # noqa: PLC0415

    refs = [REF_A, REF_B, STRONG]
    code, out, err = parbleu(*refs, "-i", WEAK, "-m", "ter", "-j", jobs)
    assert (code, err) == (0, "")
    streams = [Path(path).read_text(encoding="utf-8").splitlines() for path in refs]
    hyps = Path(WEAK).read_text(encoding="utf-8").splitlines()
    expected = sacrebleu.metrics.TER().corpus_score(hyps, streams)
    assert json.loads(out)["score_unrounded"] == expected.score


@pytest.mark.parametrize("columns", ["60", "100", "200", "", "wide"])
def test_help_is_laid_out_as_argparse_lays_it_out(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The help formatter finds the width without `shutil`; oracle: argparse's own formatter,
    which asks `shutil.get_terminal_size` ($COLUMNS, else the terminal, else 80)."""
    monkeypatch.setenv("COLUMNS", columns)
    ours = build_parser()
    theirs = build_parser()
    theirs.formatter_class = argparse.RawDescriptionHelpFormatter
    assert ours.format_help() == theirs.format_help()
    assert ours.format_usage() == theirs.format_usage()
