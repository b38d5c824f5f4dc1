"""Oracle: jiwer 4.0.0 (x 100) for ``-m wer cer`` in every command and view.

WER and CER are registered by their entry alone (`parbleu.metrics.wer.entry`); these tests
run them through the scoring command (corpus, several systems, sentence level, lowercase),
the paired bootstrap (Koehn's p-value restated on jiwer's segment counts), the block t-test
(SciPy on jiwer's block rates), ``parbleu meta`` (SciPy's Pearson on jiwer's rates) and the
report (its overview and its segment scores), on the package's bundled sample.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import jiwer
import numpy as np
import pytest
from scipy import stats as scipy_stats

from parbleu.cli.main import run
from parbleu.report import build_report

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF = str(SAMPLE / "ref.A.txt")
SYSTEMS = {name: str(SAMPLE / f"system-{name}.txt") for name in ("fair", "strong", "weak")}
PROCESS = {"wer": jiwer.process_words, "cer": jiwer.process_characters}
TITLE = {"wer": "WER", "cer": "CER"}


def lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def parbleu(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(b""), out, err)
    return code, out.getvalue(), err.getvalue()


def counts(measure: str, refs: list[str], hyps: list[str]) -> np.ndarray:
    """Edits and reference length of every segment, from jiwer's own counts, one by one."""
    rows = []
    for ref, hyp in zip(refs, hyps, strict=True):
        out = PROCESS[measure](ref, hyp)
        edits = out.substitutions + out.deletions + out.insertions
        rows.append((edits, out.hits + out.substitutions + out.deletions))
    return np.array(rows, dtype=np.float64)


def rate(rows: np.ndarray) -> float:
    return float(100 * rows[:, 0].sum() / max(rows[:, 1].sum(), 1))


@pytest.mark.parametrize("measure", ["wer", "cer"])
def test_corpus_scores_of_several_systems_are_jiwers(measure: str) -> None:
    code, out, err = parbleu(REF, "-i", *SYSTEMS.values(), "-m", measure, "-w", "6")
    assert code == 0, err
    results = json.loads(out)
    for (name, path), result in zip(SYSTEMS.items(), results, strict=True):
        expected = PROCESS[measure](lines(REF), lines(path))
        rate_ = expected.wer if measure == "wer" else expected.cer
        got = result["parbleu"][TITLE[measure]]["score_unrounded"]
        assert got == pytest.approx(100 * rate_), name


@pytest.mark.parametrize("measure", ["wer", "cer"])
def test_lowercase_is_jiwers_to_lower_case_first(measure: str) -> None:
    hyps = lines(SYSTEMS["weak"])
    code, out, err = parbleu(REF, "-i", SYSTEMS["weak"], "-m", measure, "--wer-lowercase")
    assert code == 0, err
    expected = PROCESS[measure]([r.lower() for r in lines(REF)], [h.lower() for h in hyps])
    rate_ = expected.wer if measure == "wer" else expected.cer
    assert json.loads(out)["score_unrounded"] == pytest.approx(100 * rate_)


def test_sentence_level_is_jiwer_per_segment() -> None:
    code, out, err = parbleu(REF, "-i", SYSTEMS["fair"], "-m", "wer", "cer", "-sl")
    assert code == 0, err
    got: dict[str, list[float]] = {"WER": [], "CER": []}
    for line in out.splitlines():
        row = json.loads(line)
        got[row["name"]].append(row["score_unrounded"])
    for measure in ("wer", "cer"):
        rows = counts(measure, lines(REF), lines(SYSTEMS["fair"]))
        expected = [100 * e / max(n, 1) for e, n in rows]
        assert got[TITLE[measure]] == pytest.approx(expected)


def koehn_p_value(base: np.ndarray, other: np.ndarray, n_samples: int) -> float:
    """Koehn (2004) as sacreBLEU draws it (default_rng(12345)), on jiwer's segment counts."""
    rng = np.random.default_rng(12345)
    idx = rng.integers(0, len(base), size=(n_samples, len(base)))
    real = abs(rate(other) - rate(base))
    deltas = np.array([rate(other[i]) - rate(base[i]) for i in idx])
    deltas -= deltas.mean()
    return float((1 + np.sum(np.abs(deltas) >= real)) / (n_samples + 1))


def test_paired_bootstrap_is_koehns_on_jiwers_counts() -> None:
    names = list(SYSTEMS)
    code, out, err = parbleu(REF, "-i", *SYSTEMS.values(), "-m", "wer", "-pbs", "-pbsn", "200")
    assert code == 0, err
    results = json.loads(out)
    base = counts("wer", lines(REF), lines(SYSTEMS[names[0]]))
    for name, result in zip(names[1:], results[1:], strict=True):
        other = counts("wer", lines(REF), lines(SYSTEMS[name]))
        assert result["WER"]["score"] == pytest.approx(rate(other), abs=0.05)
        assert result["WER"]["p_value"] == pytest.approx(koehn_p_value(base, other, 200))


def test_block_test_is_scipys_on_jiwers_block_rates() -> None:
    code, out, err = parbleu(
        REF, "-i", SYSTEMS["fair"], SYSTEMS["weak"], "-m", "cer", "--blocks", "4"
    )
    assert code == 0, err
    got = json.loads(out)
    blocks = {}
    for name in ("fair", "weak"):
        rows = counts("cer", lines(REF), lines(SYSTEMS[name]))
        blocks[name] = [rate(part) for part in np.array_split(rows, 4)]
    assert got[0]["CER"]["block_scores"] == pytest.approx(blocks["fair"])
    expected = scipy_stats.ttest_rel(blocks["weak"], blocks["fair"])
    assert got[1]["CER"]["vs_baseline"]["p_value"] == pytest.approx(expected.pvalue)


def test_meta_correlates_jiwers_rates(tmp_path: Path) -> None:
    human = {"fair": 60.0, "strong": 80.0, "weak": 20.0}
    path = tmp_path / "human.tsv"
    path.write_text("".join(f"system-{name}\t{score}\n" for name, score in human.items()))
    code, out, err = parbleu(
        "meta", "--refs", REF, "--systems", *SYSTEMS.values(), "--human", str(path),
        "-m", "wer", "--bootstrap", "0", "-f", "json",
    )  # fmt: skip
    assert code == 0, err
    correlation = json.loads(out)["system_level"][0]
    rates = [rate(counts("wer", lines(REF), lines(p))) for p in SYSTEMS.values()]
    # lower is better: meta correlates the negated rate (as it does TER)
    expected = scipy_stats.pearsonr([-r for r in rates], list(human.values())).statistic
    assert correlation["pearson"]["value"] == pytest.approx(expected, rel=1e-12)


def test_report_shows_jiwers_rates_lower_is_better(tmp_path: Path) -> None:
    systems = {name: lines(path) for name, path in SYSTEMS.items()}
    report = build_report([lines(REF)], systems, metrics=["wer", "cer"])
    shown: dict[str, Any] = {m["key"]: m for m in report.overview["metrics"]}
    for measure in ("wer", "cer"):
        column = shown[measure]
        assert (column["title"], column["higher_is_better"], column["percent"]) == (
            TITLE[measure],
            False,
            True,
        )
        expected = [rate(counts(measure, lines(REF), hyps)) for hyps in systems.values()]
        assert column["corpus"] == pytest.approx(expected)
    output = tmp_path / "report.html"
    code, _, err = parbleu(
        "report", REF, "-i", *SYSTEMS.values(), "-m", "wer", "cer", "-o", str(output)
    )
    assert code == 0, err
    assert output.stat().st_size > 0
