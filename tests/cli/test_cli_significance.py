"""The command line's tests (-ci, -pbs, -par, --blocks), in process.

Oracle: sacreBLEU 2.6.0's own command line on the same files and seed, for the text line of
``-ci``, the JSON of every test and the explanation printed under a paired table; hand-made
option mistakes for the errors.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER
from sacrebleu.significance import PairedTest as SacrePairedTest

from parbleu.cli.main import run
from parbleu.cli.options import METRIC_NAMES

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
STRONG, FAIR, WEAK = (str(SAMPLE / f"system-{q}.txt") for q in ("strong", "fair", "weak"))
SACRE_VERSION = "version:2.6.0"
OUR_VERSION = "version:parbleu-0.1.0"


@pytest.fixture(autouse=True)
def no_seed_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)


def parbleu(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


_SACRE: dict[tuple[str, ...], str] = {}


def sacrebleu_cli(*argv: str, seed: str | None = None) -> str:
    key = (*argv, str(seed))
    if key not in _SACRE:
        env = {k: v for k, v in os.environ.items() if k != "SACREBLEU_SEED"}
        if seed is not None:
            env["SACREBLEU_SEED"] = seed
        done = subprocess.run(
            [sys.executable, "-m", "sacrebleu", *argv],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        _SACRE[key] = done.stdout
    return _SACRE[key]


@pytest.mark.parametrize(
    "options",
    [
        ["-f", "text"],
        ["-f", "text", "-w", "3", "-cin", "300"],
        ["-f", "text", "--short"],
        ["-b"],
        ["-b", "-w", "4", "-cin", "50"],
    ],
)
def test_confidence_text_matches_sacrebleu(options: list[str]) -> None:
    code, out, err = parbleu(REF_A, REF_B, "-i", FAIR, "-ci", *options)
    assert (code, err) == (0, "")
    expected = sacrebleu_cli(REF_A, REF_B, "-i", FAIR, "-ci", "-nc", *options)
    assert out.replace(OUR_VERSION, SACRE_VERSION).replace("v:parbleu-0.1.0", "v:2.6.0") == (
        expected
    )


def test_confidence_json_has_sacrebleu_keys_and_values() -> None:
    code, out, _ = parbleu(REF_A, "-i", WEAK, "-ci", "-w", "4")
    assert code == 0
    ours = json.loads(out)
    theirs = json.loads(sacrebleu_cli(REF_A, "-i", WEAK, "-ci", "-w", "4"))
    assert set(theirs) <= set(ours)
    for key in set(theirs) - {"signature", "version"}:
        assert ours[key] == theirs[key], key
    assert ours["signature"].replace(OUR_VERSION, SACRE_VERSION) == theirs["signature"]
    assert list(ours)[:6] == list(theirs)[:6]  # sacreBLEU's key order
    boot = ours["bootstrap"]
    assert (boot["n_samples"], boot["seed"], boot["entropy"]) == (1000, 12345, 12345)
    assert boot["lower"] <= boot["mean"] <= boot["upper"]


def _paired_values(out: str) -> list[dict[str, Any]]:
    return [
        {"system": row["system"], **{k: row["BLEU"][k] for k in ("score", "p_value", "mean", "ci")}}
        for row in json.loads(out)
    ]


@pytest.mark.parametrize(
    "options", [["-pbs"], ["-pbs", "-pbsn", "200"], ["-par"], ["-par", "-parn", "500"]]
)
def test_paired_json_matches_sacrebleu(options: list[str]) -> None:
    argv = [REF_A, REF_B, "-i", FAIR, WEAK, STRONG, *options]
    code, out, err = parbleu(*argv)
    assert (code, err) == (0, "")
    assert _paired_values(out) == _paired_values(sacrebleu_cli(*argv))
    signature = json.loads(out)[0]["BLEU"]["signature"]
    test = "bs" if "-pbs" in options else "ar"
    assert f"|{test}:" in signature
    assert "|seed:12345|" in signature


def test_paired_text_has_sacrebleus_explanation() -> None:
    argv = [REF_A, "-i", FAIR, WEAK, STRONG, "-pbs", "-f", "text"]
    code, out, _ = parbleu(*argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["System", "BLEU", "(μ", "±", "95%", "CI)"]
    assert lines[2].startswith("Baseline: " + FAIR)
    assert lines[3].startswith(WEAK)
    assert lines[3].endswith(")*")
    theirs = sacrebleu_cli(*argv, "-nc").splitlines()
    start = theirs.index("Paired bootstrap resampling test with 1000 resampling trials")
    explanation = [line for line in theirs[start:] if "highlighted in red" not in line]
    ours = [line for line in lines[lines.index(theirs[start]) :] if "carry no mark" not in line]
    assert [line.replace(SACRE_VERSION, OUR_VERSION) for line in explanation] == ours


def test_randomization_text_has_no_intervals() -> None:
    code, out, _ = parbleu(REF_A, "-i", FAIR, WEAK, "-par", "-parn", "99", "-f", "text")
    assert code == 0
    assert "Paired approximate randomization test with 99 trials" in out
    assert "Actual system score is provided for each metric." in out
    assert "±" not in out.splitlines()[2]
    assert "(p = 0.0100)*" in out


@pytest.mark.parametrize("seed", ["7", "none"])
def test_seed_variable_is_honoured_as_in_sacrebleu(
    seed: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", seed)
    code, out, _ = parbleu(REF_A, "-i", WEAK, "-ci")
    assert code == 0
    ours = json.loads(out)
    assert ours["seed"] == seed
    if seed != "none":
        theirs = json.loads(sacrebleu_cli(REF_A, "-i", WEAK, "-ci", seed=seed))
        assert ours["confidence"] == theirs["confidence"]


def test_seed_option_wins_over_the_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    code, with_option, _ = parbleu(REF_A, "-i", FAIR, WEAK, "-pbs", "--seed", "7")
    assert code == 0
    monkeypatch.setenv("SACREBLEU_SEED", "99")
    code, with_both, _ = parbleu(REF_A, "-i", FAIR, WEAK, "-pbs", "--seed", "7")
    assert with_both == with_option
    assert _paired_values(with_option) == _paired_values(
        sacrebleu_cli(REF_A, "-i", FAIR, WEAK, "-pbs", seed="7")
    )


def test_entropy_seed_can_be_repeated() -> None:
    code, out, _ = parbleu(REF_A, "-i", WEAK, "-ci", "--seed", "none", "-w", "6")
    assert code == 0
    first = json.loads(out)
    assert first["seed"] == "none"
    entropy = first["bootstrap"]["entropy"]
    code, again, _ = parbleu(REF_A, "-i", WEAK, "-ci", "--seed", str(entropy), "-w", "6")
    assert json.loads(again)["confidence"] == first["confidence"]


def test_stdin_systems_are_named_as_in_sacrebleu() -> None:
    fair = (SAMPLE / "system-fair.txt").read_text(encoding="utf-8").splitlines()
    weak = (SAMPLE / "system-weak.txt").read_text(encoding="utf-8").splitlines()
    stdin = "".join(f"{a}\t{b}\n" for a, b in zip(fair, weak, strict=True)).encode()
    code, out, _ = parbleu(REF_A, "-pbs", "-pbsn", "100", stdin=stdin)
    assert code == 0
    assert [row["system"] for row in json.loads(out)] == ["Baseline", "System 1"]


def test_block_test_text_and_json() -> None:
    argv = [REF_A, "-i", FAIR, WEAK, STRONG, "--blocks", "5"]
    code, out, _ = parbleu(*argv, "-f", "text")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "BLEU on 5 blocks of 6 consecutive segments"
    table = lines[2:7]
    assert table[0].split()[:6] == ["Rank", "System", "BLEU", "Mean", "Variance", "Std"]
    assert [row.split()[1] for row in table[2:]] == [WEAK, "Baseline:", STRONG]
    assert "t >= 2.132 for 4 degrees of freedom." in out
    assert "blocks:5|" in out
    code, out, _ = parbleu(*argv)
    rows = json.loads(out)
    assert [r["system"] for r in rows] == [f"Baseline: {FAIR}", WEAK, STRONG]
    weak = rows[1]["BLEU"]
    assert weak["rank"] == 1
    assert weak["block_sizes"] == [6] * 5
    assert len(weak["block_scores"]) == 5
    assert weak["vs_neighbour"] is None
    assert weak["vs_baseline"]["system"] == f"Baseline: {FAIR}"
    assert weak["vs_baseline"]["t"] < 0
    assert weak["vs_baseline"]["df"] == 4
    assert rows[0]["BLEU"]["vs_baseline"] is None
    assert rows[2]["BLEU"]["vs_neighbour"]["system"] == f"Baseline: {FAIR}"


def test_block_test_default_is_twenty_blocks() -> None:
    code, out, _ = parbleu(REF_A, "-i", FAIR, "--blocks")
    assert code == 0
    (row,) = json.loads(out)
    assert row["BLEU"]["block_sizes"] == [2] * 10 + [1] * 10
    assert row["BLEU"]["vs_baseline"] is None


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        ([REF_A, "-i", FAIR, WEAK, "-ci"], 2, "-ci estimates one system, got 2"),
        ([REF_A, "-i", FAIR, "-pbs"], 2, "at least two systems"),
        ([REF_A, "-i", FAIR, "-par"], 2, "at least two systems"),
        ([REF_A, "-i", FAIR, "-ci", "-sl"], 2, "sentence-level"),
        ([REF_A, "-i", FAIR, WEAK, "-pbs", "--blocks", "3"], 2, "--blocks is a test of its own"),
        ([REF_A, "-i", FAIR, "-ci", "--seed", "x"], 2, "--seed must be a non-negative integer"),
        ([REF_A, "-i", FAIR, "-ci", "--seed", "-3"], 2, "--seed must be a non-negative integer"),
        ([REF_A, "-i", FAIR, "--blocks", "31"], 1, "30 segments cannot form 31"),
    ],
)
def test_option_mistakes(argv: list[str], code: int, message: str) -> None:
    got, out, err = parbleu(*argv)
    assert (got, out) == (code, "")
    assert message in err
    assert err.startswith("parbleu: error: ")


def test_bad_seed_variable_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "abc")
    code, _, err = parbleu(REF_A, "-i", FAIR, "-ci")
    assert code == 2
    assert "SACREBLEU_SEED must be a non-negative integer or 'none'; got 'abc'" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["-pbs", "-par"],
        ["--blocks", "1"],
        ["-pbsn", "0", "-pbs"],
        ["-j", "-1", "-pbs"],
    ],
)
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        parbleu(REF_A, "-i", FAIR, WEAK, *argv)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.startswith("parbleu: error: ")


def test_paired_jobs_is_accepted_and_changes_nothing() -> None:
    argv = [REF_A, "-i", FAIR, WEAK, "-pbs", "-pbsn", "100"]
    assert parbleu(*argv, "-j", "4") == parbleu(*argv)


def _needs_cli_metrics(*names: str) -> None:
    missing = sorted(set(names) - set(METRIC_NAMES))
    if missing:
        pytest.skip(f"the command line does not offer {missing} yet")


def test_every_metric_matches_sacrebleu_on_the_command_line() -> None:
    """sacreBLEU's command line cannot write this JSON (its float32 chrF and TER means are not
    JSON serializable), so the oracle is its library, on the same files.
    """
    _needs_cli_metrics("chrf", "ter")
    files = [FAIR, WEAK, STRONG]
    argv = [REF_A, REF_B, "-i", *files, "-pbs", "-pbsn", "300", "-m", "bleu", "chrf", "ter"]
    code, out, _ = parbleu(*argv)
    assert code == 0
    ours = json.loads(out)
    refs = [Path(r).read_text(encoding="utf-8").splitlines() for r in (REF_A, REF_B)]
    named = [(f, Path(f).read_text(encoding="utf-8").splitlines()) for f in files]
    for name, sacre in [("BLEU", SacreBLEU()), ("chrF2", SacreCHRF()), ("TER", SacreTER())]:
        _, theirs = SacrePairedTest(named, {name: sacre}, refs, test_type="bs", n_samples=300)()
        for row, expected in zip(ours, theirs[name], strict=True):
            got = row[name]
            assert got["score"] == expected.score, name
            assert got["p_value"] == expected.p_value, name
            assert got["mean"] == float(expected.mean), name
            assert got["ci"] == float(expected.ci), name
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-ci", "-f", "text", "-m", "bleu", "chrf", "ter")
    expected_text = sacrebleu_cli(
        REF_A, "-i", FAIR, "-ci", "-nc", "-f", "text", "-m", "bleu", "chrf", "ter"
    )
    assert out.replace(OUR_VERSION, SACRE_VERSION) == expected_text
