"""``--scores NAME=TSV`` on the main command: external segment scores in -ci, -pbs, -par, --blocks.

Oracles: the Python API (`paired_bootstrap`, `paired_randomization`, `confidence_interval`,
`block_test`) on an `ExternalScores` built from the same numbers with the same seed; hand maths
on a tiny example (a system's score is the mean of its segment scores, a block's score the mean
of the block's); hand-made broken files for the errors (file, line, exit code).
"""

from __future__ import annotations

import io
import json
from fractions import Fraction
from pathlib import Path

import pytest

from parbleu.cli.main import run
from parbleu.metrics.external import ExternalScores
from parbleu.significance import confidence_interval, paired_bootstrap, paired_randomization
from parbleu.significance.blocks import block_test

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
NAMES = ("system-strong", "system-fair", "system-weak")
STRONG, FAIR, WEAK = (str(SAMPLE / f"{name}.txt") for name in NAMES)
N = 30  # segments of the sample


@pytest.fixture(autouse=True)
def no_seed_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def segment_scores(system: int) -> list[float]:
    """Scores that are exact binary fractions, so means are exact: k/16 for k in 0..15."""
    return [((7 * seg + 5 * system) % 16) / 16 for seg in range(N)]


TABLE = {name: segment_scores(i) for i, name in enumerate(NAMES)}


def write_tsv(path: Path, rows: list[str]) -> str:
    path.write_text("".join(row + "\n" for row in rows), encoding="utf-8")
    return str(path)


def table_rows(table: dict[str, list[float]]) -> list[str]:
    return [f"{s}\t{i + 1}\t{v}" for s, values in table.items() for i, v in enumerate(values)]


@pytest.fixture
def comet(tmp_path: Path) -> str:
    return write_tsv(tmp_path / "comet.tsv", table_rows(TABLE))


def oracle(names: tuple[str, ...], label: str = "COMET") -> tuple[ExternalScores, dict]:
    table = ExternalScores({n: TABLE[n] for n in names}, name=label)
    return table, {n: table.system_statistics(n) for n in names}


def test_paired_bootstrap_equals_the_api(comet: str) -> None:
    """Oracle: paired_bootstrap on ExternalScores, seed 12345, 1000 resamples."""
    code, out, err = parbleu(REF_A, "-i", STRONG, FAIR, WEAK, "-pbs", "--scores", f"COMET={comet}")
    assert (code, err) == (0, "")
    rows = json.loads(out)
    table, stats = oracle(NAMES)
    expected = paired_bootstrap(table, stats, n_samples=1000, seed=12345)
    for row, result in zip(rows, expected.results, strict=True):
        got = row["COMET"]
        assert got["score"] == result.score
        assert got["p_value"] == result.p_value
        assert (got["mean"], got["ci"]) == (result.estimate.mean, result.estimate.ci)
        assert got["signature"] == expected.signature.format()
    # The metric of -m is tested as without --scores, unchanged.
    _, alone, _ = parbleu(REF_A, "-i", STRONG, FAIR, WEAK, "-pbs")
    assert [r["BLEU"] for r in rows] == [r["BLEU"] for r in json.loads(alone)]


def test_paired_randomization_equals_the_api(tmp_path: Path) -> None:
    """Oracle: paired_randomization on ExternalScores, seed 7, 2000 trials."""
    chosen = {n: TABLE[n] for n in (NAMES[0], NAMES[2])}
    comet = write_tsv(tmp_path / "comet.tsv", table_rows(chosen))
    argv = [REF_A, "-i", STRONG, WEAK, "-par", "-parn", "2000", "--seed", "7"]
    code, out, _ = parbleu(*argv, "--scores", f"COMET={comet}")
    assert code == 0
    table, stats = oracle((NAMES[0], NAMES[2]))
    expected = paired_randomization(table, stats, n_trials=2000, seed=7)
    got = [row["COMET"] for row in json.loads(out)]
    assert [g["p_value"] for g in got] == [r.p_value for r in expected.results]
    assert [g["score"] for g in got] == [r.score for r in expected.results]


def test_confidence_interval_with_a_two_column_file(tmp_path: Path) -> None:
    """Oracles: confidence_interval on ExternalScores; the score is the mean (hand maths)."""
    values = TABLE["system-fair"]
    path = write_tsv(tmp_path / "fair.tsv", [f"{i + 1}\t{v}" for i, v in enumerate(values)])
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-ci", "-w", "4", "--scores", f"BERT={path}")
    assert code == 0
    bleu, bert = json.loads(out)
    assert bleu["name"] == "BLEU"
    assert bert["name"] == "BERT"
    # The sum of sixteenths is exact, so the mean is the exact mean rounded once.
    assert bert["score_unrounded"] == float(sum(map(Fraction, values)) / N)
    table = ExternalScores({"": values}, name="BERT")
    expected = confidence_interval(table, table.system_statistics(), n_samples=1000, seed=12345)
    assert bert["bootstrap"]["mean"] == expected.estimate.mean
    assert bert["bootstrap"]["ci"] == expected.estimate.ci
    assert bert["n_scored"] == N


def test_block_test_equals_the_api_and_block_means(comet: str) -> None:
    """Oracles: block_test on ExternalScores; each block score is the block's mean (hand)."""
    argv = [REF_A, "-i", STRONG, FAIR, WEAK, "--blocks", "5", "--scores", f"COMET={comet}"]
    code, out, _ = parbleu(*argv)
    assert code == 0
    rows = json.loads(out)
    table, stats = oracle(NAMES)
    expected = block_test(table, stats, n_blocks=5)
    for row, result, name in zip(rows, expected.systems, NAMES, strict=True):
        got = row["COMET"]
        assert got["block_scores"] == list(result.block_scores)
        hand = [sum(map(Fraction, TABLE[name][6 * b : 6 * b + 6])) / 6 for b in range(5)]
        assert got["block_scores"] == [float(mean) for mean in hand]
        if result.vs_baseline is not None:
            assert got["vs_baseline"]["t"] == result.vs_baseline.t


def test_tiny_example_by_hand(tmp_path: Path) -> None:
    """Hand maths: system scores are the means of their segment scores (here 1/4 and 3/4)."""
    refs = write_tsv(tmp_path / "ref.txt", ["a b", "c d", "e f", "g h"])
    one = write_tsv(tmp_path / "one.txt", ["a b", "c", "e", "g h"])
    two = write_tsv(tmp_path / "two.txt", ["a", "c d", "e f", "g"])
    human = write_tsv(
        tmp_path / "human.tsv",
        [
            *("one\t1\t0", "one\t2\t0.5", "one\t3\t0", "one\t4\t0.5"),
            *("two\t4\t1", "two\t3\t0.5", "two\t2\t1", "two\t1\t0.5"),
        ],
    )
    code, out, _ = parbleu(refs, "-i", one, two, "-pbs", "--scores", f"human={human}")
    assert code == 0
    rows = json.loads(out)
    assert [r["human"]["score"] for r in rows] == [0.25, 0.75]
    assert rows[0]["system"] == f"Baseline: {one}"


def test_repeatable_in_both_spellings(comet: str, tmp_path: Path) -> None:
    other = write_tsv(tmp_path / "bert.tsv", table_rows({n: TABLE[n][::-1] for n in NAMES}))
    argv = [REF_A, "-i", STRONG, FAIR, WEAK, "-pbs", "-f", "text"]
    pair = [f"COMET={comet}", f"BERTScore={other}"]
    code, repeated, _ = parbleu(*argv, "--scores", pair[0], "--scores", pair[1])
    assert code == 0
    header = repeated.splitlines()[0]
    assert "COMET (μ ± 95% CI)" in header
    assert "BERTScore (μ ± 95% CI)" in header
    assert parbleu(*argv, "--scores", *pair)[1] == repeated


def test_text_table_has_a_column_and_a_signature(tmp_path: Path) -> None:
    comet = write_tsv(tmp_path / "comet.tsv", table_rows({n: TABLE[n] for n in NAMES[:2]}))
    argv = [REF_A, "-i", STRONG, FAIR, "-par", "-parn", "100", "-f", "text", "-w", "3"]
    code, out, _ = parbleu(*argv, "--scores", f"COMET={comet}")
    assert code == 0
    table, stats = oracle(NAMES[:2])
    expected = paired_randomization(table, stats, n_trials=100, seed=12345)
    fair = next(line for line in out.splitlines() if line.startswith(FAIR))
    assert f"{expected.results[1].score:.3f} (p = {expected.results[1].p_value:.4f})" in fair
    assert f" - COMET      {expected.signature.format()}" in out


def _rows_without(line: int) -> list[str]:
    rows = table_rows(TABLE)
    return rows[: line - 1] + rows[line:]


@pytest.mark.parametrize(
    ("rows", "systems", "message"),
    [
        (table_rows(TABLE), [STRONG, FAIR], "line 61: system 'system-weak' is not given to -i"),
        (table_rows({"system-strong": TABLE["system-strong"]}), [STRONG, FAIR], "no scores for "),
        (_rows_without(7), [STRONG, FAIR, WEAK], "no score for 1 of 30 segments"),
        ([*table_rows(TABLE), "system-fair\t3\t0.5"], [STRONG, FAIR, WEAK], "line 91: "),
        ([*table_rows(TABLE), "system-fair\t31\t0.5"], [STRONG, FAIR, WEAK], "seg_id 31 is beyond"),
        ([f"{i}\t0.5" for i in range(1, 31)], [STRONG, FAIR], "line 1: seg_id<TAB>score names no"),
        (["system-strong\t1\tgood"], [STRONG, FAIR], "line 1: score 'good' is not a number"),
        ([*table_rows(TABLE)[:3], "system-strong\t4"], [STRONG, FAIR], "line 4: expected"),
    ],
)
def test_bad_files_are_errors_naming_file_and_line(
    tmp_path: Path, rows: list[str], systems: list[str], message: str
) -> None:
    path = write_tsv(tmp_path / "scores.tsv", rows)
    code, out, err = parbleu(REF_A, "-i", *systems, "-pbs", "--scores", f"C={path}")
    assert (code, out) == (1, "")
    assert err.startswith("parbleu: error: ")
    assert path in err
    assert message in err


def test_missing_system_names_its_file(tmp_path: Path) -> None:
    path = write_tsv(tmp_path / "s.tsv", table_rows({"system-strong": TABLE["system-strong"]}))
    _, _, err = parbleu(REF_A, "-i", STRONG, FAIR, "-pbs", "--scores", f"C={path}")
    assert f"{path}: no scores for system 'system-fair' ({FAIR})" in err


def test_duplicate_segment_names_both_lines(tmp_path: Path) -> None:
    path = write_tsv(tmp_path / "s.tsv", [*table_rows(TABLE), "system-fair\t3\t0.5"])
    _, _, err = parbleu(REF_A, "-i", STRONG, FAIR, WEAK, "-pbs", "--scores", f"C={path}")
    assert "system 'system-fair', seg_id 3 again (first on line 33)" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--scores", "COMET"], "--scores takes NAME=TSV"),
        (["--scores", "=x.tsv"], "--scores takes NAME=TSV"),
        (["--scores", "C=a.tsv", "C=b.tsv"], "--scores names 'C' more than once"),
        (["--scores", "bleu={comet}"], "'bleu' is the name of a metric of -m"),
    ],
)
def test_option_mistakes_exit_2(comet: str, extra: list[str], message: str) -> None:
    extra = [e.format(comet=comet) for e in extra]
    code, out, err = parbleu(REF_A, "-i", STRONG, FAIR, "-pbs", *extra)
    assert (code, out) == (2, "")
    assert message in err


def test_scores_need_a_test(comet: str) -> None:
    code, _, err = parbleu(REF_A, "-i", STRONG, FAIR, "--scores", f"C={comet}")
    assert code == 2
    assert "--scores (segment scores computed elsewhere) goes with -ci, -pbs, -par" in err


def test_scores_need_system_files(comet: str) -> None:
    stdin = Path(STRONG).read_bytes()
    out, err = io.StringIO(), io.StringIO()
    code = run([REF_A, "-ci", "--scores", f"C={comet}"], io.BytesIO(stdin), out, err)
    assert code == 2
    assert "give the systems as files with -i" in err.getvalue()


def test_two_files_with_one_name_are_refused(comet: str, tmp_path: Path) -> None:
    copy = tmp_path / "system-strong.txt"
    copy.write_bytes(Path(STRONG).read_bytes())
    code, _, err = parbleu(REF_A, "-i", STRONG, str(copy), "-pbs", "--scores", f"C={comet}")
    assert code == 2
    assert f"{STRONG} and {copy} both name system 'system-strong'" in err


def test_the_report_still_takes_scores(comet: str) -> None:
    from parbleu.cli.report import build_report_parser  # noqa: PLC0415

    args = build_report_parser().parse_args(
        [REF_A, "-i", STRONG, "-o", "r.html", "--scores", "A=a.tsv", "B=b.tsv"]
    )
    assert args.scores == ["A=a.tsv", "B=b.tsv"]
