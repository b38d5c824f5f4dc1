"""Oracle: NLTK's ``sentence_bleu`` with ``SmoothingFunction().method0`` to ``method7``.

With ``smooth_variant="nltk"`` parbleu must give NLTK's score (times 100) to 1e-12 relative for
every method, on random token sentences and on real WMT21 sentences, with one or several
references, several weight vectors and non-default smoothing parameters. Both sides get the
same tokens: parbleu reads them with ``tokenize="none"``. Where NLTK's method6 raises, the
oracle is NLTK's source run without assertions (tests/test_smoothing_oracles.py).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu

from parbleu.metrics.bleu.metric import BLEU
from tests.oracles.smoothing import (
    NLTK_METHODS,
    Segment,
    corpora,
    joined,
    nltk_bleu,
    nltk_raises,
    wmt_segments,
    words,
)
from tests.wmt import WmtData

REL = 1e-12

WEIGHTS = [
    (0.25, 0.25, 0.25, 0.25),
    (1.0,),
    (0.5, 0.5),
    (1 / 3, 1 / 3, 1 / 3),
    (0.1, 0.3, 0.5, 0.1),
    (0.2, 0.2, 0.2, 0.2, 0.2),
]


def ours(
    segment_list: Sequence[Segment],
    method: str,
    weights: tuple[float, ...] = (0.25,) * 4,
    value: float | None = None,
) -> np.ndarray:
    """parbleu's NLTK-variant sentence scores, as fractions like NLTK's."""
    hyps, refs = joined(segment_list)
    bleu = BLEU(
        tokenize="none",
        smooth_method=method,
        smooth_value=value,
        weights=weights,
        smooth_variant="nltk",
    )
    return bleu.sentence_scores(hyps, segment_refs=refs) / 100


def assert_matches_nltk(
    segment_list: Sequence[Segment],
    method: str,
    weights: tuple[float, ...] = (0.25,) * 4,
    value: float | None = None,
) -> None:
    got = ours(segment_list, method, weights, value)
    for (hyp, refs), score in zip(segment_list, got, strict=True):
        expected = nltk_bleu(refs, hyp, method, weights, value)
        assert math.isclose(score, expected, rel_tol=REL, abs_tol=0.0), (
            f"{method} {weights} value={value}: {hyp} vs {refs}: {score!r} != NLTK {expected!r}"
        )


@settings(max_examples=150, deadline=None)
@given(corpora(12))
def test_every_method_equals_nltk_on_random_sentences(segment_list: list[Segment]) -> None:
    for method in NLTK_METHODS:
        assert_matches_nltk(segment_list, method)


@settings(max_examples=60, deadline=None)
@given(
    corpora(8),
    st.sampled_from(NLTK_METHODS),
    st.sampled_from(WEIGHTS),
)
def test_weights_equal_nltk(
    segment_list: list[Segment], method: str, weights: tuple[float, ...]
) -> None:
    assert_matches_nltk(segment_list, method, weights)


@pytest.mark.parametrize(
    ("method", "value"),
    [("floor", 0.01), ("floor", 0.0), ("cc4", 3.0), ("cc6", 2.0), ("cc7", 10.0), ("cc4", 0.5)],
)
@settings(max_examples=40, deadline=None)
@given(segment_list=corpora(8))
def test_smoothing_parameters_equal_nltk(
    segment_list: list[Segment], method: str, value: float
) -> None:
    """``smooth_value`` is NLTK's epsilon (method1), k (methods 4 and 7) or alpha (method6)."""
    assert_matches_nltk(segment_list, method, value=value)


@pytest.mark.shared_data
@pytest.mark.parametrize(("pair", "system"), [("en-de", 0), ("de-en", 3), ("zh-en", 1)])
@pytest.mark.parametrize("method", NLTK_METHODS)
def test_every_method_equals_nltk_on_wmt21(
    shared_data: WmtData, pair: str, system: int, method: str
) -> None:
    """Real sentences, all references of the pair (three for en-de), 13a tokens."""
    assert_matches_nltk(wmt_segments(shared_data, pair, system, 150), method)


@pytest.mark.shared_data
def test_bleu_1_to_4_from_one_counting_pass_equal_nltk(shared_data: WmtData) -> None:
    """``with_weights`` scores the statistics counted once, as NLTK scores a list of weights.

    Each BLEU-n equals NLTK's ``sentence_bleu`` called with that one weight vector.
    """
    segment_list = wmt_segments(shared_data, "en-de", 2, 60)
    hyps, refs = joined(segment_list)
    for method in NLTK_METHODS:
        bleu4 = BLEU(
            segment_refs=refs, tokenize="none", smooth_method=method, smooth_variant="nltk"
        )
        stats = bleu4.statistics(hyps)
        for n in (1, 2, 3, 4):
            weights = (1 / n,) * n
            got = bleu4.with_weights(weights).scores(stats.values) / 100
            for (hyp, seg_refs), score in zip(segment_list, got, strict=True):
                expected = nltk_bleu(seg_refs, hyp, method, weights)
                assert math.isclose(score, expected, rel_tol=REL, abs_tol=0.0), (method, n, hyp)


def test_nltk_gives_two_bleu2_values_for_method5_and_we_follow_the_single_call() -> None:
    """NLTK smooths the precisions once per call, for the longest weight vector.

    Method5 averages each order with the next one; for the last order it takes order 5 (not
    N + 1). ``sentence_bleu(weights=[w2, w4])`` therefore averages the bigram precision with
    the trigram one for its BLEU-2, while ``sentence_bleu(weights=w2)`` averages it with the
    5-gram precision. parbleu's BLEU-2 is the single call's, whichever way it is computed.
    """
    hyp, ref = words("the cat sat on a mat"), words("the cat sat on the mat today")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        in_list = corpus_bleu(
            [[ref]], [hyp], [(0.5, 0.5), (0.25,) * 4], SmoothingFunction().method5
        )[0]
    alone = nltk_bleu([ref], hyp, "cc5", (0.5, 0.5))
    assert not math.isclose(in_list, alone, rel_tol=1e-3)
    bleu4 = BLEU(tokenize="none", smooth_method="cc5", smooth_variant="nltk")
    stats = bleu4.statistics([" ".join(hyp)], segment_refs=[[" ".join(ref)]])
    via_weights = bleu4.with_weights((0.5, 0.5)).scores(stats.values)[0] / 100
    direct = ours([(hyp, [ref])], "cc5", (0.5, 0.5))[0]
    assert via_weights == direct
    assert math.isclose(direct, alone, rel_tol=REL)


def test_method6_where_nltk_raises_is_nltk_without_its_assertion() -> None:
    """NLTK's ``assert p_n[2]`` fires without trigram matches (and N < 3 raises IndexError).

    The NLTK variant returns what NLTK computes when the assertion is skipped (``python -O``).
    """
    cases: list[tuple[Segment, tuple[float, ...]]] = [
        ((words("a b c d e"), [words("a b x d e")]), (0.25,) * 4),
        ((words("a b"), [words("a b c")]), (0.25,) * 4),
        ((words("a b c"), [words("a b c")]), (0.5, 0.5)),
    ]
    for (hyp, refs), weights in cases:
        assert nltk_raises(refs, hyp, weights)
        expected = nltk_bleu(refs, hyp, "cc6", weights, without_assertions=True)
        got = ours([(hyp, refs)], "cc6", weights)[0]
        assert math.isclose(got, expected, rel_tol=REL), (hyp, got, expected)


def test_corpus_level_equals_nltk_corpus_bleu_when_no_sentence_is_short() -> None:
    """At corpus level the NLTK variant applies NLTK's arithmetic to the summed statistics.

    That is NLTK's ``corpus_bleu`` for methods 0-4 when every sentence has at least N tokens
    (NLTK then sums the same denominators).
    """
    corpus = [
        (words("the cat sat on the mat"), [words("the cat is on the mat")]),
        (words("there is a cat on a mat here"), [words("a cat is on the mat"), words("x y")]),
        (words("a b c d e f"), [words("f e d c b a")]),
    ]
    hyps, refs = joined(corpus)
    for method in NLTK_METHODS[:5]:
        bleu = BLEU(tokenize="none", smooth_method=method, smooth_variant="nltk")
        got = bleu.corpus_score(hyps, segment_refs=refs).score / 100
        smoothing = getattr(SmoothingFunction(), f"method{NLTK_METHODS.index(method)}")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            expected = corpus_bleu(
                [r for _, r in corpus], [h for h, _ in corpus], smoothing_function=smoothing
            )
        assert math.isclose(got, expected, rel_tol=REL), method


def test_corpus_level_differs_from_nltk_with_short_sentences() -> None:
    """NLTK's ``corpus_bleu`` adds 1 to the n-gram denominator per sentence shorter than n.

    Corpus ["a b c d e" | ref "a b c d e", "a" | ref "a"]: summed statistics give
    p = 6/6, 4/4, 3/3, 2/2 (BLEU 1); NLTK's denominators are 6, 5, 4, 3 (the one-word sentence
    contributes max(1, 0) = 1 to each order above 1), so NLTK gives (4/5 * 3/4 * 2/3)^(1/4).
    """
    corpus = [(words("a b c d e"), [words("a b c d e")]), (words("a"), [words("a")])]
    hyps, refs = joined(corpus)
    bleu = BLEU(tokenize="none", smooth_method="exp", smooth_variant="nltk")
    assert bleu.corpus_score(hyps, segment_refs=refs).score == pytest.approx(100.0, rel=1e-15)
    nltk_value = corpus_bleu(
        [r for _, r in corpus],
        [h for h, _ in corpus],
        smoothing_function=SmoothingFunction().method3,
    )
    assert nltk_value == pytest.approx((4 / 5 * 3 / 4 * 2 / 3) ** 0.25, rel=1e-15)
