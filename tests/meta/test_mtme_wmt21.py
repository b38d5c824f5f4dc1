"""``parbleu meta --mtme`` on WMT21 MQM (en-de, zh-en) written in mt-metrics-eval's layout.

Oracles:

* mt-metrics-eval itself (commit 68a481a, ``stats.KendallWithTiesOpt(..., sample_rate=1.0)``,
  ``Correlation.Pearson`` and ``Correlation.Kendall``), run once by hand on this layout with
  parbleu's sentence scores (which are sacreBLEU's): the tie-calibrated acc_eq and epsilon per
  grouping, and the grouped Pearson and Kendall values below. Where two thresholds reach
  exactly the same accuracy, mt-metrics-eval's running float sums may pick the later one
  (en-de chrF2, grouping sys: 62.0025 there, 61.9475 here, both 460249/1108808); the value is
  the same.
* sacreBLEU and SciPy: corpus BLEU of every system (sacreBLEU) against the MQM system scores
  (``scipy.stats.pearsonr``).
* sacreBLEU's sentence and corpus chrF written as an external metric's score files: read
  back, it must give exactly parbleu's own chrF statistics.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import sacrebleu
import scipy.stats

from parbleu.cli.main import run
from tests.mtme_layout import write_mtme_layout
from tests.wmt import WmtData

pytestmark = pytest.mark.shared_data

#: (lp, metric, grouping) -> (acc_eq, epsilon) from mt-metrics-eval's KendallWithTiesOpt.
MT_METRICS_EVAL = {
    ("zh-en", "BLEU", "item"): (0.42884615384615365, 0.0),
    ("zh-en", "BLEU", "sys"): (0.5083003437240725, 7.105427357601002e-15),
    ("zh-en", "chrF2", "item"): (0.432032967032967, 0.005520764449059357),
    ("zh-en", "chrF2", "sys"): (0.5127752755718857, 0.0),
    ("en-de", "BLEU", "item"): (0.4657088641908385, 87.27453069989862),
    ("en-de", "BLEU", "sys"): (0.41501865065906796, 95.97275180757819),
    ("en-de", "chrF2", "item"): (0.4657088641908381, 55.88349316548623),
    ("en-de", "chrF2", "sys"): (0.4150844871249105, 61.947513539091844),
}
#: zh-en BLEU, mt-metrics-eval's Correlation.Pearson / Kendall by grouping.
ZH_EN_BLEU = {
    "pearson": {
        "none": 0.2117313879385485,
        "item": 0.08307059613347974,
        "sys": 0.21068598960212093,
    },
    "kendall": {"item": 0.06941170908125369},
}


@pytest.fixture(scope="module")
def layout(shared_data: WmtData, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_mtme_layout(shared_data.root, tmp_path_factory.mktemp("wmt21"))


def parbleu(*argv: str) -> dict[str, Any]:
    out, err = io.StringIO(), io.StringIO()
    code = run(["meta", *argv], io.BytesIO(), out, err)
    assert (code, err.getvalue()) == (0, "")
    document: dict[str, Any] = json.loads(out.getvalue())
    return document


@pytest.fixture(scope="module")
def report(layout: Path) -> dict[str, Any]:
    return parbleu(
        "--mtme", str(layout), "--lp", "en-de", "zh-en", "--gold", "mqm", "--ref", "refA",
        "-m", "bleu", "chrf", "--groupings", "item", "sys", "--bootstrap", "0", "-f", "json",
    )  # fmt: skip


def _segment(report: dict[str, Any], lp: str, metric: str, grouping: str) -> dict[str, Any]:
    pair = next(p for p in report["language_pairs"] if p["lp"] == lp)
    result = next(m for m in pair["metrics"] if m["metric"] == metric)
    grouped: dict[str, Any] = next(g for g in result["segment"] if g["grouping"] == grouping)
    return grouped


@pytest.mark.parametrize(("key", "expected"), MT_METRICS_EVAL.items())
def test_tie_calibration_is_mt_metrics_evals(
    report: dict[str, Any], key: tuple[str, str, str], expected: tuple[float, float]
) -> None:
    grouped = _segment(report, *key)
    assert grouped["acc_eq"]["value"] == pytest.approx(expected[0], abs=1e-13)
    assert grouped["epsilon"] == expected[1]


def test_grouped_correlations_are_mt_metrics_evals(report: dict[str, Any], layout: Path) -> None:
    for grouping in ("item", "sys"):
        got = _segment(report, "zh-en", "BLEU", grouping)["pearson"]["value"]
        assert got == pytest.approx(ZH_EN_BLEU["pearson"][grouping], abs=1e-12)
    assert _segment(report, "zh-en", "BLEU", "item")["kendall"]["value"] == pytest.approx(
        ZH_EN_BLEU["kendall"]["item"], abs=1e-12
    )
    pooled = parbleu(
        "--mtme", str(layout), "--lp", "zh-en", "--gold", "mqm", "--ref", "refA", "-m", "bleu",
        "--groupings", "none", "--epsilon", "0", "-f", "json",
    )  # fmt: skip
    none = _segment(pooled, "zh-en", "BLEU", "none")
    assert none["pearson"]["value"] == pytest.approx(ZH_EN_BLEU["pearson"]["none"], abs=1e-12)


def test_systems_and_system_level_pearson(report: dict[str, Any], shared_data: WmtData) -> None:
    """The MQM systems with text, less the references; Pearson of sacreBLEU's BLEU with MQM."""
    pair = next(p for p in report["language_pairs"] if p["lp"] == "en-de")
    assert len(pair["systems"]) == 8
    assert "refC" in pair["left_out"]
    data = shared_data.pair("en-de")
    mqm = dict(
        line.split("\t")
        for line in (data.folder / "human" / "mqm_sys.tsv").read_text().split("\n")
        if line
    )
    reference = data.reference("A")
    bleu = [sacrebleu.corpus_bleu(data.system(s), [reference]).score for s in pair["systems"]]
    human = [float(mqm[s]) for s in pair["systems"]]
    result = next(m for m in pair["metrics"] if m["metric"] == "BLEU")["system"]
    assert result["pearson"] == pytest.approx(scipy.stats.pearsonr(bleu, human)[0], abs=1e-12)


@pytest.mark.slow
def test_external_scores_read_back_as_parbleus_own(layout: Path, shared_data: WmtData) -> None:
    """sacreBLEU's chrF written as metric-scores/en-de/sacreCHRF-refA.{seg,sys}.score.

    Sentence scores only where MQM rated a segment (0 elsewhere: no statistic reads them),
    corpus scores for the system level.
    """
    reference = shared_data.pair("en-de").reference("A")
    folder = layout / "metric-scores" / "en-de"
    folder.mkdir(parents=True, exist_ok=True)
    rated = {
        name: [v != "None" for v in values]
        for name, values in _gold(layout / "human-scores" / "en-de.mqm.seg.score").items()
    }
    seg, sys_ = [], []
    for name in sorted(p.stem for p in (layout / "system-outputs" / "en-de").glob("*.txt")):
        lines = (layout / "system-outputs" / "en-de" / f"{name}.txt").read_text().split("\n")[:-1]
        for hyp, ref, scored in zip(lines, reference, rated[name], strict=True):
            score = sacrebleu.sentence_chrf(hyp, [ref]).score if scored else 0.0
            seg.append(f"{name} {score!r}\n")
        sys_.append(f"{name} {sacrebleu.corpus_chrf(lines, [reference]).score!r}\n")
    (folder / "sacreCHRF-refA.seg.score").write_text("".join(seg))
    (folder / "sacreCHRF-refA.sys.score").write_text("".join(sys_))
    both = parbleu(
        "--mtme", str(layout), "--lp", "en-de", "--gold", "mqm", "--ref", "refA", "-m", "chrf",
        "--metric-scores", "sacreCHRF", "--groupings", "item", "--bootstrap", "0", "-f", "json",
    )  # fmt: skip
    own, external = both["language_pairs"][0]["metrics"]
    assert (own["metric"], external["metric"]) == ("chrF2", "sacreCHRF")
    assert own["system"] == external["system"]
    assert own["segment"] == external["segment"]


def _gold(path: Path) -> dict[str, list[str]]:
    scores: dict[str, list[str]] = {}
    for line in path.read_text().split("\n")[:-1]:
        name, value = line.split()
        scores.setdefault(name, []).append(value)
    return scores
