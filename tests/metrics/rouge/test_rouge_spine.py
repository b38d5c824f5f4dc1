"""ROUGE on the statistics spine: significance tests, correlation, absent references, errors.

Oracles: the definitions (a confidence interval's point score is the corpus score; the
paired test's systems are scored as the metric scores them; a segment without a reference
in some stream is scored on the others, as rouge_score's score_multi on those), and
rouge_score 0.1.2 for the values.
"""

from __future__ import annotations

import numpy as np
import pytest
from rouge_score import rouge_scorer

from parbleu.errors import LengthMismatchError, OptionError
from parbleu.meta import Bootstrap, SegmentStats, system_correlation
from parbleu.metrics.rouge import ROUGE, RougeOptions
from parbleu.metrics.rouge.family import RougeFamily
from parbleu.scaling import chunked_statistics
from parbleu.significance import confidence_interval, paired_bootstrap, paired_randomization

REFS = ["the cat sat on the mat", "a dog barked at the moon", "it was late", "we walked home"]
SYSTEMS = {
    "good": ["the cat sat on the mat", "a dog barked at the moon", "it was late", "we walked"],
    "fair": ["a cat sat on a mat", "the dog barked", "it is late", "we went home"],
    "poor": ["cat", "moon", "late late late", "home we"],
}


@pytest.mark.parametrize("aggregate", ["mean", "micro"])
def test_significance_tests_take_rouge(aggregate: str) -> None:
    metric = ROUGE([REFS], rouge_type="rougeL", aggregate=aggregate)
    stats = {name: metric.statistics(lines) for name, lines in SYSTEMS.items()}
    interval = confidence_interval(metric, stats["fair"], n_samples=50, seed=1)
    assert interval.score == pytest.approx(metric.corpus_score(SYSTEMS["fair"]).score)
    assert "type:rougeL" in str(interval.signature)
    bootstrap = paired_bootstrap(metric, stats, n_samples=50, seed=1)
    randomization = paired_randomization(metric, stats, n_trials=50, seed=1)
    for test in (bootstrap, randomization):
        scores = [r.score for r in test.results]
        expected = [metric.corpus_score(lines).score for lines in SYSTEMS.values()]
        assert scores == pytest.approx(expected)


def test_correlation_takes_rouge() -> None:
    metric = ROUGE([REFS], rouge_type="rouge2")
    stats = {name: metric.statistics(lines) for name, lines in SYSTEMS.items()}
    human = {"good": 90.0, "fair": 60.0, "poor": 10.0}
    result = system_correlation(
        SegmentStats("ROUGE-2", metric, stats), human, list(SYSTEMS), bootstrap=Bootstrap(20)
    )
    assert result.metric_scores == pytest.approx(
        [metric.corpus_score(lines).score for lines in SYSTEMS.values()]
    )
    assert result.spearman.value == pytest.approx(1.0)  # same order as the human scores


@pytest.mark.parametrize(
    "options", [{"rouge_type": "rouge2"}, {"rouge_type": "rougeLsum", "stem": True}]
)
def test_chunks_are_scored_alone(options: dict[str, object]) -> None:
    """A segment's statistics depend on it and its references only (``chunk_refusal`` is
    None): chunks of two segments, each with a vocabulary of its own, give the same rows."""
    metric = ROUGE(**options)
    lines = SYSTEMS["fair"]
    whole = metric.statistics(lines, [REFS])
    chunked = chunked_statistics(metric, lines, [REFS], chunk_lines=2, rows=True)
    assert chunked.rows is not None
    np.testing.assert_array_equal(chunked.rows.values, whole.values)
    assert metric.chunk_refusal is None
    assert not metric.sums_in_any_order


def test_absent_references_use_the_others() -> None:
    streams = [["the cat sat", None, "x"], ["a cat", "the dog ran", None]]
    hyps = ["the cat", "the dog", "x y"]
    scorer = rouge_scorer.RougeScorer(["rouge1"])
    stats = ROUGE(streams, rouge_type="rouge1").statistics(hyps)
    for i, hyp in enumerate(hyps):
        present = [stream[i] for stream in streams if stream[i] is not None]
        assert stats.column("f_sum")[i] == scorer.score_multi(present, hyp)["rouge1"].fmeasure
    assert str(ROUGE(streams).signature()).startswith("nrefs:var|")


def test_statistics_columns_by_name() -> None:
    stats = ROUGE([REFS], rouge_type="rouge2").statistics(SYSTEMS["fair"])
    assert stats.columns[:3] == ("overlap", "hyp_ngrams", "ref_ngrams")
    # "a cat sat on a mat" against "the cat sat on the mat": bigrams cat sat, sat on.
    assert stats.column("overlap")[0] == 2
    assert stats.column("segments").tolist() == [1, 1, 1, 1]
    assert ROUGE(rouge_type="rougeLsum").columns[:3] == ("union_lcs", "hyp_len", "ref_len")


def test_errors() -> None:
    with pytest.raises(OptionError, match="beta"):
        ROUGE(beta=0)
    with pytest.raises(OptionError, match="script"):
        ROUGE(script="latin")
    with pytest.raises(OptionError, match="aggregate"):
        ROUGE(aggregate="median")
    with pytest.raises(OptionError, match="stem must be True or False"):
        ROUGE(stem="yes")
    with pytest.raises(OptionError, match="has no option 'use_stemmer'"):
        ROUGE(use_stemmer=True)
    with pytest.raises(OptionError, match="not both"):
        ROUGE(options=RougeOptions(), rouge_type="rouge2")
    with pytest.raises(OptionError, match="rouge_types="):
        RougeFamily([REFS], rouge_type="rouge1")
    assert ROUGE(options=RougeOptions(rouge_type="rouge2")).options == RougeOptions("rouge2")
    with pytest.raises(LengthMismatchError):
        ROUGE([REFS]).statistics(["one line"])
    with pytest.raises(LengthMismatchError):
        RougeFamily([REFS]).statistics(["one line"])
    with pytest.raises(OptionError, match="twice"):
        RougeFamily([REFS], rouge_types=("rouge1", "rouge1"))
    prepared = ROUGE([REFS], rouge_type="rouge1").prepared
    assert prepared is not None
    for other in ({"rouge_type": "rougeL"}, {"rouge_type": "rouge2"}, {"stem": True}):
        with pytest.raises(OptionError, match="prepared"):
            ROUGE(options=RougeOptions(**other)).with_prepared(prepared)


def test_sentence_score_and_result_dict() -> None:
    result = ROUGE(rouge_type="rouge1").sentence_score("the cat", ["the cat sat"])
    assert (result.precision, result.recall) == (1.0, 2 / 3)
    fields = result.to_dict()
    assert fields["name"] == "ROUGE-1"
    assert fields["aggregate"] == "mean"
    assert np.isclose(fields["score_unrounded"], 80.0)
    assert result.format() == "ROUGE-1 = 80.00"
