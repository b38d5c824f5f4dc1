"""``parbleu meta`` in process (parbleu.cli.main.run), on the bundled sample.

Oracles: parbleu.meta.correlation called directly on the same data (the command line must print its
numbers), scipy.stats.pearsonr on the printed system scores, xml.etree on the plot, and
hand-made broken inputs for the one-line errors and exit codes (0, 1 data, 2 usage).
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import scipy.stats

from parbleu.cli.main import run

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REFS = [str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")]
SYSTEMS = [str(SAMPLE / f"system-{q}.txt") for q in ("strong", "fair", "weak")]
HUMAN = "system-strong\t0.4\nsystem-fair\t0.1\nsystem-weak\t-0.3\nHUMAN\t0.6\n"


def human_only_warning(path: str) -> str:
    """The warning for HUMAN's score, which has no system file (the sample's human file)."""
    return f"parbleu meta: warning: {path} scores systems with no text file: 'HUMAN' (left out)\n"


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["meta", *argv], io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def human(tmp_path: Path) -> str:
    path = tmp_path / "da_sys.tsv"
    path.write_text(HUMAN, encoding="utf-8")
    return str(path)


@pytest.fixture
def human_seg(tmp_path: Path) -> str:
    quality = {"system-strong": 2.0, "system-fair": 1.0, "system-weak": 0.0}
    lines = [
        f"{system}\t{seg}\t{base + (seg % 3) * 0.5 - (seg % 2)}"
        for system, base in quality.items()
        for seg in range(1, 31)
        if seg % 4  # every fourth segment unrated, as MQM rates only some documents
    ]
    path = tmp_path / "mqm_seg.tsv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_json_reports_correlations_and_unmatched_names(human: str) -> None:
    code, out, err = parbleu(
        "--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "-f", "json", "-m", "bleu"
    )  # fmt: skip
    assert (code, err) == (0, human_only_warning(human))
    document = json.loads(out)
    assert document["systems"] == ["system-strong", "system-fair", "system-weak"]
    assert document["human_only"] == ["HUMAN"]
    assert document["text_only"] == []
    assert document["human"]["resampled"] is False
    (bleu,) = document["system_level"]
    assert bleu["metric"] == "BLEU"
    assert bleu["human_scores"] == [0.4, 0.1, -0.3]
    expected = scipy.stats.pearsonr(bleu["metric_scores"], bleu["human_scores"])[0]
    assert bleu["pearson"]["value"] == pytest.approx(expected)
    assert bleu["bootstrap"] == {"n_resamples": 1000, "seed": 12345, "confidence": 0.95}
    assert document["segment_level"] == []


def test_text_output_lists_everything(human: str) -> None:
    code, out, _ = parbleu("--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "-w", "2")
    assert code == 0
    assert "Human scores without system text (left out): HUMAN" in out
    assert "Systems without human scores (left out): none" in out
    assert "Bootstrap: 1000 resamples of 30 segments, seed 12345, 95% percentile intervals" in out
    lines = out.splitlines()
    assert any(line.startswith("BLEU ") and "[" in line for line in lines)
    assert lines[-3].startswith("system-strong")  # scores table, best human score first


def test_default_metrics_are_bleu_and_chrf(human: str) -> None:
    code, out, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "-f", "json")
    assert (code, err) == (0, human_only_warning(human))
    assert [m["metric"] for m in json.loads(out)["system_level"]] == ["BLEU", "chrF2"]


def test_segment_level_human_scores(human_seg: str) -> None:
    code, out, err = parbleu(
        "--refs", *REFS, "--systems", *SYSTEMS, "--human-seg", human_seg, "-f", "json",
        "--bootstrap", "50", "--metric-ties", "exclude", "-m", "bleu",
    )  # fmt: skip
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document["human"]["resampled"] is True
    (segment,) = document["segment_level"]
    assert segment["ties"] == "exclude"
    assert segment["concordant"] + segment["discordant"] > 0
    assert segment["human_ties"] >= 0


def test_external_scores_are_correlated_like_metrics(tmp_path: Path, human: str) -> None:
    comet = tmp_path / "comet.tsv"
    comet.write_text(
        "".join(
            f"{s}\t{i}\t{q / 10}\n"
            for s, q in (("system-strong", 8), ("system-fair", 5), ("system-weak", 2))
            for i in range(1, 31)
        ),
        encoding="utf-8",
    )
    code, out, err = parbleu(
        "--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "--external",
        f"COMET={comet}", "-f", "json", "--bootstrap", "0", "-m", "bleu",
    )  # fmt: skip
    assert (code, err) == (0, human_only_warning(human))
    comet_result = json.loads(out)["system_level"][1]
    assert comet_result["metric"] == "COMET"
    assert comet_result["metric_scores"] == pytest.approx([0.8, 0.5, 0.2])
    assert comet_result["pearson"]["low"] is None  # no resamples: no interval (null, not NaN)


def test_plot_is_written(tmp_path: Path, human: str) -> None:
    plot = tmp_path / "meta.svg"
    code, _, err = parbleu(
        "--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "--plot", str(plot),
        "--bootstrap", "10",
    )  # fmt: skip
    assert (code, err) == (0, human_only_warning(human))
    root = ET.fromstring(plot.read_text(encoding="utf-8"))
    labels = {c.get("data-label") for c in root.iter("{http://www.w3.org/2000/svg}circle")}
    assert labels == {"system-strong", "system-fair", "system-weak"}


def test_metric_options_of_the_main_command_are_accepted(human: str) -> None:
    base = ["--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "-f", "json"]
    _, plain, _ = parbleu(*base, "--bootstrap", "0")
    code, lowered, err = parbleu(*base, "--bootstrap", "0", "-lc", "-tok", "intl")
    assert (code, err) == (0, human_only_warning(human))
    assert (
        json.loads(plain)["system_level"][0]["metric_scores"]
        != json.loads(lowered)["system_level"][0]["metric_scores"]
    )


@pytest.mark.parametrize(
    ("extra", "code", "message"),
    [
        ([], 2, "give human scores: --human FILE (system level) or --human-seg FILE"),
        (["--human", "missing.tsv"], 1, "missing.tsv: no such file"),
        (["--human", "HUMAN_FILE", "--bootstrap", "-1"], 2, "n_resamples must be an integer >= 0"),
        (["--human", "HUMAN_FILE", "--external", "COMET"], 2, "--external takes NAME=FILE"),
        (["--human", "HUMAN_FILE", "--plot", "x.pdf"], 2, "plots are written as .svg or .png"),
    ],
)
def test_errors_are_one_line(human: str, extra: list[str], code: int, message: str) -> None:
    argv = [a.replace("HUMAN_FILE", human) for a in extra]
    got, out, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, *argv)
    assert (got, out) == (code, "")
    assert err.startswith("parbleu meta: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_malformed_human_file_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.tsv"
    bad.write_text("system-strong\t0.4\nsystem-fair 0.1\n", encoding="utf-8")
    code, _, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, "--human", str(bad))
    assert code == 1
    assert err == (
        f"parbleu meta: error: {bad}: line 2: expected system<TAB>score "
        "(2 tab-separated fields), found 1 field\n"
    )


def test_too_few_matched_systems(tmp_path: Path) -> None:
    few = tmp_path / "few.tsv"
    few.write_text("system-strong\t1\nsystem-fair\t0\nOTHER\t2\n", encoding="utf-8")
    code, _, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, "--human", str(few))
    assert code == 1
    assert "need at least 3 systems with both text and human scores, found 2" in err


def test_reference_given_as_system_and_duplicate_names(human: str, tmp_path: Path) -> None:
    code, _, err = parbleu("--refs", *REFS, "--systems", REFS[0], *SYSTEMS, "--human", human)
    assert code == 2
    assert "is given both as a reference and as a system" in err
    copy = tmp_path / "system-weak.txt"
    copy.write_text((SAMPLE / "system-weak.txt").read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, str(copy), "--human", human)
    assert code == 2
    assert "both name system 'system-weak'" in err


def test_line_count_mismatch(human: str, tmp_path: Path) -> None:
    short = tmp_path / "system-short.txt"
    short.write_text("one line\n", encoding="utf-8")
    code, _, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, str(short), "--human", human)
    assert code == 1
    assert "has 1 lines but" in err


def test_usage_errors_exit_2() -> None:
    with pytest.raises(SystemExit) as exit_:
        parbleu("--systems", *SYSTEMS)  # no --refs
    assert exit_.value.code == 2


def test_segment_level_text_and_both_human_files(human: str, human_seg: str) -> None:
    code, out, err = parbleu(
        "--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "--human-seg", human_seg,
        "--bootstrap", "20", "--seg-threshold", "0.25",
    )  # fmt: skip
    assert (code, err) == (0, human_only_warning(human))
    assert "(system level, fixed in the bootstrap)" in out  # --human wins for system level
    assert (
        "Segment level (system pairs per segment; human |delta| <= 0.25 left out; "
        "metric ties discordant):"
    ) in out
    assert any(line.startswith("BLEU ") and line.split()[1][0] in "-0" for line in out.splitlines())


@pytest.mark.parametrize(
    ("extra", "message"),
    [(["stray.txt"], "unrecognized arguments: stray.txt"), (["--empty"], "is empty")],
)
def test_stray_arguments_and_empty_files(
    human: str, tmp_path: Path, extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    systems = list(SYSTEMS)
    if extra == ["--empty"]:
        empty = tmp_path / "system-empty.txt"
        empty.write_text("", encoding="utf-8")
        systems, extra = [*systems, str(empty)], []
    try:
        code, _, err = parbleu("--refs", *REFS, "--systems", *systems, "--human", human, *extra)
    except SystemExit as exit_:  # argparse reports its own errors (one parser, one message)
        code, err = int(exit_.code or 0), capsys.readouterr().err
    assert code in (1, 2)
    assert message in err


def test_unmatched_names_are_an_error_with_strict(human: str) -> None:
    code, out, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, "--human", human, "--strict")
    assert (code, out) == (1, "")
    assert err == (
        f"parbleu meta: error: {human} scores systems with no text file: 'HUMAN' (--strict)\n"
    )


def test_a_byte_order_mark_does_not_hide_the_first_system(tmp_path: Path) -> None:
    """Regression: a BOM made the first name '\\ufeffsystem-strong' and it was left out."""
    bom = tmp_path / "bom.tsv"
    bom.write_bytes(("\ufeff" + HUMAN.replace("HUMAN\t0.6\n", "")).encode("utf-8"))
    code, out, err = parbleu(
        "--refs", *REFS, "--systems", *SYSTEMS, "--human", str(bom), "-f", "json"
    )
    assert (code, err) == (0, "")
    assert json.loads(out)["systems"] == ["system-strong", "system-fair", "system-weak"]


def test_a_system_named_without_its_text_is_reported(tmp_path: Path, human: str) -> None:
    extra = tmp_path / "system-extra.txt"
    extra.write_text((SAMPLE / "system-weak.txt").read_text(encoding="utf-8"), encoding="utf-8")
    code, _, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, str(extra), "--human", human)
    assert code == 0
    assert "parbleu meta: warning: no human score for systems 'system-extra' (left out)" in err


@pytest.mark.parametrize("how", ["dot", "symlink"])
def test_a_reference_given_again_as_a_system_is_refused_however_named(
    tmp_path: Path, human: str, how: str
) -> None:
    """Regression: './ref' or a link to the reference was scored against itself (BLEU 100)."""
    if how == "dot":
        alias = f"{Path(REFS[0]).parent}/./{Path(REFS[0]).name}"
    else:
        link = tmp_path / "system-copy.txt"
        link.symlink_to(REFS[0])
        alias = str(link)
    code, out, err = parbleu("--refs", *REFS, "--systems", *SYSTEMS, alias, "--human", human)
    assert (code, out) == (2, "")
    assert f"{alias} is given both as a reference and as a system (as {REFS[0]})" in err


@pytest.mark.parametrize(
    ("option", "value"), [("-w", "-1"), ("-w", str(10**20)), ("--seg-threshold", "nan")]
)
def test_out_of_range_numbers_are_usage_errors(
    human: str, option: str, value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        parbleu("--refs", *REFS, "--systems", *SYSTEMS, "--human", human, option, value)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("parbleu meta: error: argument ")
    assert err.count("\n") == 1
