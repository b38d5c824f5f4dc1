"""Meta-evaluation on the shared WMT21 data (../shared/data/newstest2021).

Oracles: the sanity checks of the data README, computed there independently of parbleu
(segment-level Kendall-like tau of sentence chrF with the human scores: 0.116 for ja-en DA,
0.073 for en-de MQM, 0.086 for zh-en MQM; they used reference A and left metric ties out),
scipy.stats on the system scores parbleu computes, and the command line against the API.
"""

from __future__ import annotations

import io
import json

import pytest
import scipy.stats

from parbleu import BLEU
from parbleu.cli.main import run
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.meta import (
    Bootstrap,
    SegmentStats,
    match_systems,
    segment_agreement,
    system_correlation,
)
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.external.metric import ExternalScores
from tests.wmt import Pair, WmtData

pytestmark = pytest.mark.shared_data


def human_segments(pair: Pair, name: str) -> SegmentStats:
    path = str(pair.folder / "human" / name)
    n_segments = len(pair.reference("A"))
    table = ExternalScores.from_segment_scores(
        read_segment_scores(path), n_segments, allow_missing=True, name=name
    )
    return SegmentStats(name, table, {s: table.system_statistics(s) for s in table.systems})


@pytest.mark.parametrize(
    ("pair_name", "human_file", "expected"),
    [
        ("ja-en", "da_seg.tsv", 0.116),
        ("en-de", "mqm_seg.tsv", 0.073),
        ("zh-en", "mqm_seg.tsv", 0.086),
    ],
)
def test_segment_tau_reproduces_the_data_readme(
    shared_data: WmtData, pair_name: str, human_file: str, expected: float
) -> None:
    pair = shared_data.pair(pair_name)
    human = human_segments(pair, human_file)
    systems = match_systems(pair.system_names, list(human.stats)).systems
    chrf = CHRF([pair.reference("A")])
    metric = SegmentStats("chrF", chrf, {s: chrf.statistics(pair.system(s)) for s in systems})
    result = segment_agreement(metric, human, systems, ties="exclude")
    assert round(result.tau, 3) == expected


def test_system_level_bleu_against_da_matches_scipy(shared_data: WmtData) -> None:
    pair = shared_data.pair("en-de")
    human = read_system_scores(str(pair.folder / "human" / "da_sys.tsv")).scores
    matching = match_systems(pair.system_names, list(human))
    assert matching.human_only == ("ref.A", "ref.C")  # human translations scored as systems
    assert matching.text_only == ()
    bleu = BLEU([pair.reference("A")])
    metric = SegmentStats(
        "BLEU", bleu, {s: bleu.statistics(pair.system(s)) for s in matching.systems}
    )
    result = system_correlation(metric, human, matching.systems, bootstrap=Bootstrap(100))
    x, y = result.metric_scores, [human[s] for s in matching.systems]
    assert result.pearson.value == pytest.approx(scipy.stats.pearsonr(x, y)[0])
    assert result.spearman.value == pytest.approx(scipy.stats.spearmanr(x, y)[0])
    assert result.kendall.value == pytest.approx(scipy.stats.kendalltau(x, y)[0])
    assert result.pearson.low <= result.pearson.value <= result.pearson.high
    official = {
        row["system"]: float(row["score"])
        for row in pair.official_scores()
        if row["metric"] == "bleu-A"
    }
    for system, score in zip(result.systems, result.metric_scores, strict=True):
        assert score == pytest.approx(official[system], abs=1e-9)


def test_command_line_on_mqm_matches_the_api(shared_data: WmtData) -> None:
    pair = shared_data.pair("zh-en")
    seg = str(pair.folder / "human" / "mqm_seg.tsv")
    systems = [str(pair.folder / "sys" / f"{s}.txt") for s in pair.system_names]
    out, err = io.StringIO(), io.StringIO()
    argv = ["meta", "--refs", str(pair.folder / "ref.A.txt"), "--systems", *systems]
    code = run([*argv, "--human-seg", seg, "-m", "bleu", "--bootstrap", "100", "-f", "json"],
               io.BytesIO(), out, err)  # fmt: skip
    document = json.loads(out.getvalue())
    assert sorted(document["human_only"]) == sorted(
        ["ref.A", "ref.B", *(f"metricsystem{i}" for i in range(1, 6))]
    )  # no text for these (ref.A is the reference itself): listed, not correlated
    assert len(document["systems"]) == 8
    assert len(document["text_only"]) == 15
    # Names on one side only are never left out in silence: each one is in a warning.
    warnings = err.getvalue().splitlines()
    assert code == 0
    assert len(warnings) == 2
    assert all(line.startswith("parbleu meta: warning: ") for line in warnings)
    for name in [*document["human_only"], *document["text_only"]]:
        assert repr(name) in err.getvalue()
    human = human_segments(pair, "mqm_seg.tsv")
    bleu = BLEU([pair.reference("A")])
    metric = SegmentStats(
        "BLEU", bleu, {s: bleu.statistics(pair.system(s)) for s in document["systems"]}
    )
    api = system_correlation(metric, human, document["systems"], bootstrap=Bootstrap(100))
    (cli,) = document["system_level"]
    assert cli["pearson"] == pytest.approx(
        {"value": api.pearson.value, "low": api.pearson.low, "high": api.pearson.high}
    )
    assert document["segment_level"][0]["metric"] == "BLEU"
