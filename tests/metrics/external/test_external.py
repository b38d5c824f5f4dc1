"""External per-segment scores as statistics (parbleu.metrics.external.metric).

Oracles: hand means of small tables; numpy means of resampled rows; the shared MQM files,
whose system file (mqm_sys.tsv) is the mean of the segment file (mqm_seg.tsv) by the data
README; parbleu.significance.paired and parbleu.significance.blocks accept the metric like any
other.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from parbleu.errors import InputError
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.metrics.base import Metric
from parbleu.metrics.external.metric import ExternalScores
from parbleu.significance.blocks import block_test
from parbleu.significance.paired import confidence_interval, paired_bootstrap
from tests.wmt import WmtData

TABLE = {"sys1": [0.5, 0.7, 0.9], "sys2": [0.25, None, 0.75]}


def test_statistics_are_sum_and_count_with_a_mean_formula() -> None:
    scores = ExternalScores(TABLE, name="COMET", allow_missing=True)
    assert isinstance(scores, Metric)
    assert scores.columns == ("sum", "count")
    stats = scores.system_statistics("sys2")
    np.testing.assert_array_equal(stats.values, [[0.25, 1], [0, 0], [0.75, 1]])
    assert scores.system_score("sys1").score == pytest.approx(0.7)
    assert scores.system_score("sys2").score == pytest.approx(0.5)  # over the 2 scored
    assert scores.system_score("sys2").n_scored == 2
    np.testing.assert_array_equal(
        scores.scores([[1.0, 2.0], [3.0, 0.0]]), [0.5, float("nan")]
    )  # no scored segment in a row: NaN


def test_resampled_rows_give_the_resample_mean() -> None:
    values = [0.1, 0.4, 0.9, 0.3]
    scores = ExternalScores({"s": values})
    indices = [0, 0, 2, 3]
    totals = scores.system_statistics("s").take(indices).total()
    assert scores.scores(totals)[0] == pytest.approx(np.mean(np.take(values, indices)))


def test_missing_segments_are_an_error_unless_allowed() -> None:
    with pytest.raises(InputError) as error:
        ExternalScores(TABLE, source="comet.tsv")
    assert str(error.value) == (
        "comet.tsv: system 'sys2' has no score for 1 of 3 segments (first missing seg_id: 2); "
        "allow missing segments to average over the scored ones"
    )


def test_from_two_and_three_column_files(tmp_path: Path) -> None:
    two = tmp_path / "one.tsv"
    two.write_text("2\t0.5\n1\t0.25\n3\t1\n", encoding="utf-8")
    single = ExternalScores.from_segment_scores(read_segment_scores(str(two)), 3)
    assert single.systems == ("",)
    assert single.system_score().score == pytest.approx(0.5833333333333334)
    three = tmp_path / "many.tsv"
    three.write_text("a\t1\t1\nb\t1\t2\na\t2\t3\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"system 'b' has no score for 1 of 2 segments"):
        ExternalScores.from_segment_scores(read_segment_scores(str(three)), 2)
    allowed = ExternalScores.from_segment_scores(
        read_segment_scores(str(three)), 2, allow_missing=True
    )
    assert allowed.system_score("a").score == 2.0
    np.testing.assert_array_equal(allowed.segment_scores("b"), [2.0, float("nan")])


def test_seg_id_beyond_the_test_set_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "s.tsv"
    path.write_text("a\t1\t1\na\t9\t1\n", encoding="utf-8")
    with pytest.raises(InputError) as error:
        ExternalScores.from_segment_scores(read_segment_scores(str(path)), 3)
    assert str(error.value) == f"{path}: line 2: seg_id 9 is beyond the 3 segments of the test set"


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({}, "no scores"),
        ({"a": [1.0], "b": [1.0, 2.0]}, "different numbers of segments"),
        ({"a": [1.0, math.inf]}, "finite numbers"),
    ],
)
def test_table_errors(table: dict[str, list[float]], message: str) -> None:
    with pytest.raises(InputError, match=message):
        ExternalScores(table)  # type: ignore[arg-type]


def test_unknown_system_and_text_are_refused() -> None:
    scores = ExternalScores({"a": [1.0]})
    with pytest.raises(InputError, match="no scores for system 'b' \\(has 'a'\\)"):
        scores.system_statistics("b")
    with pytest.raises(InputError, match="cannot score text"):
        scores.statistics(["a hypothesis"])
    with pytest.raises(InputError, match="cannot score text"):
        scores.corpus_score(["a hypothesis"], [["a reference"]])


def test_signature_and_result_formatting() -> None:
    scores = ExternalScores({"a": [0.5, 0.25]}, name="COMET")
    result = scores.system_score("a")
    assert scores.name == "external"  # the family, as significance sees it
    assert result.name == "COMET"
    assert str(result.signature) == "nrefs:n/a|name:COMET|missing:error|version:parbleu-0.1.0"
    assert result.format(3) == "COMET = 0.375"
    assert result.format(1, signature=True).startswith("COMET|nrefs:n/a|")
    assert result.to_dict(2)["score"] == 0.38


def test_significance_and_blocks_take_external_scores() -> None:
    rng = np.random.default_rng(1)
    scores = ExternalScores(
        {"base": rng.random(60).tolist(), "new": (rng.random(60) + 0.3).tolist()}
    )
    stats = {s: scores.system_statistics(s) for s in scores.systems}
    interval = confidence_interval(scores, stats["base"], n_samples=200)
    assert interval.estimate.lower < interval.score < interval.estimate.upper
    paired = paired_bootstrap(scores, stats, n_samples=200)
    assert paired.results[1].p_value is not None
    assert paired.results[1].p_value < 0.05
    blocks = block_test(scores, stats, n_blocks=6)
    assert blocks.systems[1].vs_baseline is not None
    assert blocks.systems[1].vs_baseline.t > 0


@pytest.mark.shared_data
@pytest.mark.parametrize("pair", ["en-de", "zh-en"])
def test_mqm_system_scores_are_means_of_segment_scores(shared_data: WmtData, pair: str) -> None:
    folder = shared_data.pair(pair).folder / "human"
    n_segments = len(shared_data.pair(pair).reference("A"))
    segments = ExternalScores.from_segment_scores(
        read_segment_scores(str(folder / "mqm_seg.tsv")), n_segments, allow_missing=True
    )
    systems = read_system_scores(str(folder / "mqm_sys.tsv")).scores
    assert set(segments.systems) == set(systems)
    for system, expected in systems.items():
        assert segments.system_score(system).score == pytest.approx(expected, abs=5e-7)
