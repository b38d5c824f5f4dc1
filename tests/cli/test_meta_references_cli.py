"""``parbleu meta --reference-study`` in process, on the bundled sample and on WMT21.

Oracles: sacreBLEU 2.6.0's BLEU and chrF with each reference alone and with all (its Python
API); WMT21's official scores per reference (``official_auto_scores.tsv``: ``bleu-A`` ...
``bleu-all``, ``chrf-*``); `scipy.stats.kendalltau`; the swapped pairs counted from the
official scores; xml.etree on the plot; hand-made broken inputs for errors and exit codes.
"""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import scipy.stats
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.cli.main import run
from tests.wmt import OFFICIAL_BLEU_TOKENIZER, WmtData

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
NAMES = ("system-strong", "system-fair", "system-weak")
SYSTEMS = [str(SAMPLE / f"{name}.txt") for name in NAMES]


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["meta", "--reference-study", *argv], io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def lines(path: str) -> list[str]:
    return Path(path).read_text("utf-8").splitlines()


def test_json_scores_are_sacrebleus() -> None:
    """Oracle: sacreBLEU's BLEU and chrF per reference and with both, on the sample."""
    code, out, err = parbleu("--refs", REF_A, REF_B, "--systems", *SYSTEMS, "-f", "json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document["references"] == [
        {"name": "ref.A", "file": REF_A},
        {"name": "ref.B", "file": REF_B},
    ]
    assert document["systems"] == list(NAMES)
    assert document["n_segments"] == 30
    bleu, chrf = document["metrics"]
    for study, sacre in ((bleu, SacreBLEU), (chrf, SacreCHRF)):
        for setting in study["settings"]:
            refs = [lines(REF_A if r == "ref.A" else REF_B) for r in setting["references"]]
            oracle = sacre(references=refs)
            for name, path in zip(NAMES, SYSTEMS, strict=True):
                expected = oracle.corpus_score(lines(path), None).score
                assert setting["scores"][name] == pytest.approx(expected, abs=1e-9)
    assert [s["name"] for s in bleu["settings"]] == ["ref.A", "ref.B", "all"]
    assert bleu["settings"][2]["ranks"] == {"system-strong": 1, "system-fair": 2, "system-weak": 3}
    assert [(a["first"], a["second"]) for a in bleu["versus_all"]] == [
        ("ref.A", "all"),
        ("ref.B", "all"),
    ]
    assert [(a["first"], a["second"]) for a in bleu["pairwise"]] == [("ref.A", "ref.B")]


def test_text_output_has_scores_agreements_and_swaps() -> None:
    code, out, _ = parbleu("--refs", REF_A, REF_B, "--systems", *SYSTEMS, "-m", "ter", "-w", "2")
    assert code == 0
    text = out.splitlines()
    assert text[0].startswith("Reference study (Papineni et al. 2002, section 3)")
    assert "TER: score (rank) with each choice of references (lower is better)" in text
    header = next(line for line in text if line.startswith("System "))
    assert header.split()[1:] == ["all", "(ref.A,", "ref.B)", "ref.A", "ref.B"]
    assert any(line.startswith("ref.A vs all ") for line in text)
    assert any(line.startswith("ref.A vs ref.B ") for line in text)
    assert "  ref.A: none" in text
    assert any(line.startswith(" - TER ") and "nrefs:2|" in line for line in text)


def test_mixed_reference_and_plot(tmp_path: Path) -> None:
    """Oracle: sacreBLEU with the reference drawn for each segment as one stream."""
    plot = tmp_path / "study.svg"
    argv = ["--refs", REF_A, REF_B, "--systems", *SYSTEMS, "-m", "bleu", "-f", "json"]
    code, out, _ = parbleu(*argv, "--mixed-reference", "--seed", "5", "--plot", str(plot))
    assert code == 0
    (bleu,) = json.loads(out)["metrics"]
    assert [s["name"] for s in bleu["settings"]] == ["ref.A", "ref.B", "mixed", "all"]
    import random  # noqa: PLC0415

    rng = random.Random(5)
    a, b = lines(REF_A), lines(REF_B)
    single = [(a[i] if rng.choice(["ref.A", "ref.B"]) == "ref.A" else b[i]) for i in range(30)]
    oracle = SacreBLEU(references=[single])
    mixed = bleu["settings"][2]["scores"]
    for name, path in zip(NAMES, SYSTEMS, strict=True):
        assert mixed[name] == pytest.approx(oracle.corpus_score(lines(path), None).score)
    svg = ET.parse(plot).getroot()
    series = {e.get("data-series") for e in svg.iter() if e.get("data-series")}
    assert series == {"BLEU ref.A+ref.B", "BLEU ref.A", "BLEU ref.B"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--refs", REF_A, "--systems", *SYSTEMS], "needs at least two reference files"),
        (["--refs", REF_A, REF_B, "--systems", SYSTEMS[0]], "needs at least two (--systems)"),
        (["--refs", REF_A, REF_A, "--systems", *SYSTEMS], "is given twice to --refs"),
        (["--refs", REF_A, REF_B, "--systems", *SYSTEMS, "--human", "x.tsv"], "leave out --human"),
        (["--refs", REF_A, REF_B, "--systems", *SYSTEMS, "--external", "C=x"], "--external"),
        (["--refs", REF_A, REF_B, "--systems", *SYSTEMS, "--plot", "x.pdf"], ".svg or .png"),
        (["--refs", REF_A, REF_B, "--systems", REF_A, SYSTEMS[0]], "both as a reference"),
    ],
)
def test_option_mistakes_exit_2(argv: list[str], message: str) -> None:
    code, out, err = parbleu(*argv)
    assert (code, out) == (2, "")
    assert err.startswith("parbleu meta: error: ")
    assert message in err


def test_references_with_one_name_are_refused(tmp_path: Path) -> None:
    other = tmp_path / "ref.A.txt"
    other.write_text(Path(REF_B).read_text("utf-8"), "utf-8")
    code, _, err = parbleu("--refs", REF_A, str(other), "--systems", *SYSTEMS)
    assert code == 2
    assert f"{REF_A} and {other} both name reference 'ref.A'" in err


def test_line_count_mismatch_names_files_and_counts(tmp_path: Path) -> None:
    short = tmp_path / "ref.C.txt"
    short.write_text("\n".join(lines(REF_B)[:29]) + "\n", "utf-8")
    code, out, err = parbleu("--refs", REF_A, str(short), "--systems", *SYSTEMS)
    assert (code, out) == (1, "")
    assert f"{short} has 29 lines but {REF_A} has 30" in err


def test_mixed_reference_belongs_to_the_study(tmp_path: Path) -> None:
    human = tmp_path / "h.tsv"
    human.write_text("system-strong\t1\nsystem-fair\t0\nsystem-weak\t-1\n", "utf-8")
    out, err = io.StringIO(), io.StringIO()
    argv = ["meta", "--refs", REF_A, "--systems", *SYSTEMS, "--human", str(human)]
    code = run([*argv, "--mixed-reference"], io.BytesIO(), out, err)
    assert code == 2
    assert "--mixed-reference is part of --reference-study" in err.getvalue()


@pytest.mark.shared_data
@pytest.mark.parametrize("pair_name", ["en-de", "en-zh", "de-en"])
def test_wmt21_scores_are_the_official_ones(shared_data: WmtData, pair_name: str) -> None:
    """Oracle: WMT21's official BLEU and chrF per reference and with all, per system; tau
    from scipy on the official scores; swaps counted from the official scores."""
    pair = shared_data.pair(pair_name)
    refs = [str(pair.folder / f"ref.{letter}.txt") for letter in pair.reference_names]
    systems = [str(pair.folder / "sys" / f"{name}.txt") for name in pair.system_names]
    tokenize = OFFICIAL_BLEU_TOKENIZER[pair.target]
    code, out, _ = parbleu("--refs", *refs, "--systems", *systems, "-tok", tokenize, "-f", "json")
    assert code == 0
    official: dict[tuple[str, str], dict[str, float]] = {}
    for row in pair.official_scores():
        metric, _, setting = row["metric"].partition("-")
        official.setdefault((metric, setting), {})[row["system"]] = float(row["score"])
    for study, metric in zip(json.loads(out)["metrics"], ("bleu", "chrf"), strict=True):
        for setting in study["settings"]:
            letter = setting["name"].removeprefix("ref.")
            expected = official[metric, letter]
            assert setting["scores"] == pytest.approx(expected, abs=1e-9), setting["name"]
        whole = official[metric, "all"]
        for agreement in study["versus_all"]:
            single = official[metric, agreement["first"].removeprefix("ref.")]
            names = study["systems"]
            a, b = [single[n] for n in names], [whole[n] for n in names]
            assert agreement["tau"] == pytest.approx(scipy.stats.kendalltau(a, b).statistic)
            swapped = {
                frozenset((x, y))
                for i, x in enumerate(names)
                for y in names[i + 1 :]
                if (single[x] - single[y]) * (whole[x] - whole[y]) < 0
            }
            assert {frozenset((s["first"], s["second"])) for s in agreement["swapped"]} == swapped
