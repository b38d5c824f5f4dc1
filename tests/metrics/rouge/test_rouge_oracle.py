"""Oracle: Google's rouge_score 0.1.2, segment by segment, on drawn text (hypothesis).

Every segment's precision, recall and F must be bit-identical to ``RougeScorer.score`` (one
reference) and ``score_multi`` (several, ``best``), for every variant, with and without
stemming; ``average`` is the mean of rouge_score's per-reference values; the ``mean``
aggregate is the mean as rouge_score's ``BootstrapAggregator`` takes it (``numpy.mean``
over axis 0 of the segments' (precision, recall, F) matrix), ``micro`` the formula on summed
counts (by hand); `bootstrap_aggregate` is ``BootstrapAggregator`` after ``np.random.seed``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rouge_score import rouge_scorer, scoring

from parbleu.metrics.rouge import ROUGE, bootstrap_aggregate
from parbleu.metrics.rouge.family import DEFAULT_TYPES, RougeFamily
from parbleu.stats import Stats
from tests.oracles.rouge_unicode import UnicodeTokenizer

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MEASURES = ("precision_sum", "recall_sum", "f_sum")

# Few distinct words, so that n-grams and subsequences overlap often; stemmable forms; case;
# punctuation, digits and non-ASCII that the tokenizer drops or splits on; tokens of one, two
# and more 8-byte chunks (the engine reads ROUGE's tokens as bytes).
WORDS = [
    "the",
    "The",
    "cat",
    "cats",
    "sat",
    "sitting",
    "running",
    "runs",
    "a",
    "on",
    "mat",
    "dog",
    "dogs",
    "generously",
    "relational",
    "sleeping",
    "responsibilities",
    "Characterizations",
    "internationalization",
    "Donaudampfschifffahrtsgesellschaften",
    "ponies",
    "x1",
    "42",
    "straße",
    "Über",
    "café",
    "İstanbul",
    "中文",
    "don't",
    "U.S.",
    "e.g.",
    "-",
    ",",
    "—",
]
SEPARATORS = [" ", " ", " ", "  ", "\t", "\n", "\n\n", " \n "]


@st.composite
def text(draw: st.DrawFn) -> str:
    words = draw(st.lists(st.sampled_from(WORDS), max_size=14))
    out = ""
    for word in words:
        out += word + draw(st.sampled_from(SEPARATORS))
    return out if draw(st.booleans()) else out.strip()


corpus = st.integers(min_value=1, max_value=6).flatmap(
    lambda n: st.tuples(
        st.lists(text(), min_size=n, max_size=n),
        st.lists(st.lists(text(), min_size=n, max_size=n), min_size=1, max_size=3),
    )
)


def measures(stats: Stats) -> np.ndarray:
    return np.stack([stats.column(name) for name in MEASURES], axis=1)


@SETTINGS
@given(corpus, st.booleans())
def test_segments_identical_to_rouge_score(
    data: tuple[list[str], list[list[str]]], stem: bool
) -> None:
    hyps, refs = data
    scorer = rouge_scorer.RougeScorer(list(DEFAULT_TYPES), use_stemmer=stem)
    family = RougeFamily(refs, stem=stem)
    ours = family.statistics(hyps)
    oracle = [scorer.score_multi([stream[i] for stream in refs], hyp) for i, hyp in enumerate(hyps)]
    for name in DEFAULT_TYPES:
        expected = np.array([tuple(scores[name]) for scores in oracle])
        assert np.array_equal(measures(ours[name]), expected), name
        single = ROUGE(refs, rouge_type=name, stem=stem).statistics(hyps)
        assert np.array_equal(single.values, ours[name].values)


UNICODE_WORDS = [
    *WORDS,
    "ΟΔΟΣ",
    "σοφίας",
    "東京は",
    "カタカナ",
    "ひらがな",
    "한국어",
    "Ärger",
    "e\u0301t\u00e9",
    "x²",
    "١٢",
    "abc中文def",
    "running中",
]


unicode_text = st.lists(st.sampled_from(UNICODE_WORDS), max_size=10).map(" ".join)
unicode_corpus = st.integers(min_value=1, max_value=4).flatmap(
    lambda n: st.tuples(
        st.lists(unicode_text, min_size=n, max_size=n),
        st.lists(unicode_text, min_size=n, max_size=n),
    )
)


@SETTINGS
@given(unicode_corpus, st.booleans())
def test_unicode_script_against_rouge_score(data: tuple[list[str], list[str]], stem: bool) -> None:
    """rouge_score with an independent every-script tokenizer (tests/oracles/rouge_unicode.py)."""
    hyps, refs = data
    scorer = rouge_scorer.RougeScorer(list(DEFAULT_TYPES), tokenizer=UnicodeTokenizer(stem=stem))
    ours = RougeFamily([refs], stem=stem, script="unicode").statistics(hyps)
    oracle = [scorer.score(ref, hyp) for ref, hyp in zip(refs, hyps, strict=True)]
    for name in DEFAULT_TYPES:
        expected = np.array([tuple(scores[name]) for scores in oracle])
        assert np.array_equal(measures(ours[name]), expected), name


@SETTINGS
@given(corpus, st.sampled_from(DEFAULT_TYPES))
def test_average_over_references(data: tuple[list[str], list[list[str]]], name: str) -> None:
    hyps, refs = data
    scorer = rouge_scorer.RougeScorer([name])
    stats = ROUGE(refs, rouge_type=name, multi_reference="average").statistics(hyps)
    expected = np.array(
        [
            np.mean([tuple(scorer.score(stream[i], hyp)[name]) for stream in refs], axis=0)
            for i, hyp in enumerate(hyps)
        ]
    )
    assert np.allclose(measures(stats), expected, rtol=1e-15, atol=0)


@SETTINGS
@given(corpus, st.sampled_from(DEFAULT_TYPES))
def test_aggregates(data: tuple[list[str], list[list[str]]], name: str) -> None:
    hyps, refs = data
    scorer = rouge_scorer.RougeScorer([name])
    segment_scores = [
        tuple(scorer.score_multi([s[i] for s in refs], h)[name]) for i, h in enumerate(hyps)
    ]
    mean = ROUGE(refs, rouge_type=name).corpus_score(hyps)
    assert (mean.precision, mean.recall, mean.fmeasure) == tuple(np.mean(segment_scores, axis=0))
    assert mean.score == 100 * mean.fmeasure
    metric = ROUGE(refs, rouge_type=name, aggregate="micro")
    stats = metric.statistics(hyps)
    count, hyp, ref = (stats.column(c).sum() for c in metric.columns[:3])
    micro = metric.corpus_score(hyps)
    precision, recall = count / max(hyp, 1), count / max(ref, 1)
    assert (micro.precision, micro.recall) == (precision, recall)
    assert micro.fmeasure == pytest.approx(scoring.fmeasure(precision, recall), rel=1e-15)


@pytest.mark.parametrize("seed", [0, 1, 12345])
def test_bootstrap_aggregator_identical(seed: int) -> None:
    hyps = ["the cat sat on the mat", "a dog", "", "the dogs sat", "mat cat the on"] * 3
    refs = [["the cat sat on a mat", "a dog barked", "x", "the dog sat", "on the mat"] * 3]
    scorer = rouge_scorer.RougeScorer(["rougeL"])
    aggregator = scoring.BootstrapAggregator(confidence_interval=0.9, n_samples=200)
    for hyp, ref in zip(hyps, refs[0], strict=True):
        aggregator.add_scores(scorer.score(ref, hyp))
    np.random.seed(seed)  # noqa: NPY002 -- rouge_score draws from the global generator
    expected = aggregator.aggregate()["rougeL"]
    ours = bootstrap_aggregate(
        ROUGE(refs, rouge_type="rougeL").statistics(hyps), n_samples=200, confidence=0.9, seed=seed
    )
    for mine, theirs in (
        (ours.low, expected.low),
        (ours.mid, expected.mid),
        (ours.high, expected.high),
    ):
        assert (mine.precision, mine.recall, mine.fmeasure) == tuple(theirs)


def test_beta_weighs_recall() -> None:
    """Van Rijsbergen's F_beta by hand: P = 1, R = 1/3, beta = 2: 5 * 1/3 / (4 + 1/3)."""
    result = ROUGE([["testing one two"]], beta=2).corpus_score(["testing"])
    assert result.fmeasure == pytest.approx((5 / 3) / (4 + 1 / 3))
    assert "beta:2" in str(result.signature)


def test_unicode_script_scores_chinese() -> None:
    """Hand count: 中 文 字 against 中 文: 2 shared of 3 and 2 characters."""
    ascii_score = ROUGE([["中文字"]]).corpus_score(["中文"])
    unicode_score = ROUGE([["中文字"]], script="unicode").corpus_score(["中文"])
    assert ascii_score.fmeasure == 0
    assert (unicode_score.precision, unicode_score.recall) == (1, 2 / 3)
    assert "tok:unicode" in str(unicode_score.signature)
    assert "tok:ascii" in str(ascii_score.signature)


def test_signature_names_every_option() -> None:
    signature = ROUGE(
        [["a"]], rouge_type="rougeLsum", stem=True, multi_reference="average"
    ).signature()
    assert signature.format() == (
        "nrefs:1|type:rougeLsum|tok:ascii|stem:yes|refs:average|agg:mean|beta:1|"
        f"version:{signature.as_dict()['version']}"
    )
