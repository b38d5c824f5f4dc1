"""Oracle: the equations of Chen and Cherry (2014), by hand, and where NLTK departs from them.

Hand examples give each method's value as an expression written from the paper's equations
(counts worked out in the comments); the property tests compare the default (``paper``) variant
with the literal transcription of the equations in tests/test_smoothing_oracles.py. Every
difference between the paper and NLTK's ``SmoothingFunction`` has a test below whose docstring
explains it, with the paper's value by hand and NLTK's value from NLTK itself.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.metrics.bleu.metric import BLEU
from tests.oracles.smoothing import (
    NLTK_METHODS,
    Segment,
    Tokens,
    corpora,
    joined,
    nltk_bleu,
    nltk_raises,
    paper_bleu,
    paper_statistics,
    wmt_segments,
    words,
)
from tests.wmt import WmtData

REL = 1e-12

# Example A: "the cat sat on a mat" against "the cat is on the mat" (c = r = 6, BP = 1).
# Unigrams the, cat, on, mat match (sat, a do not): m1 = 4 of l1 = 6; bigrams: only "the cat",
# m2 = 1 of 5; no trigram, 4-gram or 5-gram matches: m3 = m4 = m5 = 0 of l = 4, 3, 2.
HYP_A, REF_A = words("the cat sat on a mat"), words("the cat is on the mat")
LN6 = math.log(6)

# Example B: Papineni et al.'s candidate 1 against their reference 1 (c = 18 > r = 16, BP = 1).
# m = 11, 8, 6, 4, 2 of l = 18, 17, 16, 15, 14 (the 5-grams "It is a guide to" and
# "is a guide to action" match).
HYP_B = words(
    "It is a guide to action which ensures that the military always obeys the commands of the party"
)
REF_B = words(
    "It is a guide to action that ensures that the military will forever heed Party commands"
)


def ours(
    hyp: Tokens,
    refs: Sequence[Tokens],
    method: str,
    *,
    variant: str = "paper",
    weights: Sequence[float] | None = None,
    value: float | None = None,
    effective_order: bool = False,
) -> float:
    """parbleu's sentence BLEU, in percent."""
    bleu = BLEU(
        tokenize="none",
        smooth_method=method,
        smooth_value=value,
        weights=weights,
        effective_order=effective_order,
        smooth_variant=variant,
    )
    return bleu.sentence_score(" ".join(hyp), [" ".join(r) for r in refs]).score


def bleu4(*precisions: float) -> float:
    """100 x the geometric mean of four precisions (BP = 1)."""
    assert len(precisions) == 4
    return 100 * math.prod(precisions) ** 0.25


def test_example_statistics_by_hand() -> None:
    """Oracle: hand counts of the two examples (also parbleu's statistics columns)."""
    assert paper_statistics(HYP_A, [REF_A], 5) == (6, 6, [4, 1, 0, 0, 0], [6, 5, 4, 3, 2])
    assert paper_statistics(HYP_B, [REF_B], 5) == (18, 16, [11, 8, 6, 4, 2], [18, 17, 16, 15, 14])
    bleu = BLEU(tokenize="none", smooth_method="cc5")
    stats = bleu.statistics([" ".join(HYP_B)], segment_refs=[[" ".join(REF_B)]])
    assert stats.columns[-1] == "total_5"
    assert stats.values.tolist() == [[18, 16, 11, 8, 6, 4, 2, 18, 17, 16, 15, 14]]


# -- hand-computed examples, one per method ---------------------------------------------------


def test_floor_add_k_exp_by_hand() -> None:
    """Oracle: the paper's smoothing 1 (epsilon / l_n), 2 (+1 for n >= 2), 3 (Figure 1)."""
    expected = {
        "floor": bleu4(4 / 6, 1 / 5, 0.1 / 4, 0.1 / 3),
        "add-k": bleu4(4 / 6, 2 / 6, 1 / 5, 1 / 4),
        "exp": bleu4(4 / 6, 1 / 5, 1 / (2 * 4), 1 / (4 * 3)),
        "none": 0.0,
    }
    for method, value in expected.items():
        assert ours(HYP_A, [REF_A], method) == pytest.approx(value, rel=REL), method


def test_cc4_by_hand() -> None:
    """Oracle: smoothing 4; the k-th order without matches counts (ln(len(T)) / K)^k.

    Example A: invcnt = 5 / ln 6 at n = 3, (5 / ln 6)^2 at n = 4.
    """
    ratio = LN6 / 5
    expected = bleu4(4 / 6, 1 / 5, ratio / 4, ratio**2 / 3)
    assert ours(HYP_A, [REF_A], "cc4") == pytest.approx(expected, rel=REL)
    ratio = LN6 / 2  # K = 2
    expected = bleu4(4 / 6, 1 / 5, ratio / 4, ratio**2 / 3)
    assert ours(HYP_A, [REF_A], "cc4", value=2) == pytest.approx(expected, rel=REL)


def test_cc4_without_zero_counts_is_bleu() -> None:
    """Oracle: Papineni et al. (2002); smoothing 4 only touches orders without matches."""
    expected = bleu4(11 / 18, 8 / 17, 6 / 16, 4 / 15)
    assert ours(HYP_B, [REF_B], "cc4") == pytest.approx(expected, rel=REL)


def test_cc5_by_hand() -> None:
    """Oracle: smoothing 5; m'_0 = m_1 + 1, m'_n = (m'_{n-1} + m_n + m_{n+1}) / 3.

    Example A: m'_0 = 5, m' = 10/3, 13/9, 13/27, 13/81 (m5 = 0).
    Example B: m'_0 = 12, m' = 31/3, 73/9, 163/27, 325/81 (m5 = 2).
    """
    expected_a = bleu4(10 / 3 / 6, 13 / 9 / 5, 13 / 27 / 4, 13 / 81 / 3)
    assert ours(HYP_A, [REF_A], "cc5") == pytest.approx(expected_a, rel=REL)
    expected_b = bleu4(31 / 3 / 18, 73 / 9 / 17, 163 / 27 / 16, 325 / 81 / 15)
    assert ours(HYP_B, [REF_B], "cc5") == pytest.approx(expected_b, rel=REL)


def test_cc6_by_hand() -> None:
    """Oracle: smoothing 6; p_n = (m_n + 5 p0_n) / (l_n + 5), p0_n = p_{n-1}^2 / p_{n-2}.

    Example A: p1 = 2/3, p2 = 1/5; p0_3 = (1/25) / (2/3) = 3/50, p3 = (15/50) / 9 = 1/30;
    p0_4 = (1/900) / (1/5) = 1/180, p4 = (5/180) / 8 = 1/288.
    """
    assert ours(HYP_A, [REF_A], "cc6") == pytest.approx(bleu4(2 / 3, 1 / 5, 1 / 30, 1 / 288))
    p1, p2 = 11 / 18, 8 / 17
    p3 = (6 + 5 * p2**2 / p1) / (16 + 5)
    p4 = (4 + 5 * p3**2 / p2) / (15 + 5)
    assert ours(HYP_B, [REF_B], "cc6") == pytest.approx(bleu4(p1, p2, p3, p4), rel=REL)
    alpha = 2.0
    p3 = (6 + alpha * p2**2 / p1) / (16 + alpha)
    p4 = (4 + alpha * p3**2 / p2) / (15 + alpha)
    assert ours(HYP_B, [REF_B], "cc6", value=alpha) == pytest.approx(bleu4(p1, p2, p3, p4))


def test_cc7_by_hand() -> None:
    """Oracle: smoothing 7; smoothing 4's counts, then smoothing 5's averages.

    Example A: smoothing 4 counts 4, 1, r, r^2 with r = ln 6 / 5; m5 = 0 stays 0 (Figure 1
    runs over n = 1..N); m'_0 = 5, m'_1 = (5 + 4 + 1) / 3, m'_2 = (m'_1 + 1 + r) / 3,
    m'_3 = (m'_2 + r + r^2) / 3, m'_4 = (m'_3 + r^2 + 0) / 3.
    """
    r = LN6 / 5
    m1 = (5 + 4 + 1) / 3
    m2 = (m1 + 1 + r) / 3
    m3 = (m2 + r + r**2) / 3
    m4 = (m3 + r**2 + 0) / 3
    expected = bleu4(m1 / 6, m2 / 5, m3 / 4, m4 / 3)
    assert ours(HYP_A, [REF_A], "cc7") == pytest.approx(expected, rel=REL)
    smoothed_m5 = (m3 + r**2 + r**3) / 3  # the other reading: smoothing 4 also on order 5
    other_reading = bleu4(m1 / 6, m2 / 5, m3 / 4, smoothed_m5 / 3)
    assert not math.isclose(ours(HYP_A, [REF_A], "cc7"), other_reading, rel_tol=1e-3)


def test_cc5_bleu2_uses_the_trigram_as_next_order() -> None:
    """Oracle: smoothing 5 with N = 2 averages the bigram count with m_3 (example B: 6)."""
    expected = 100 * (31 / 3 / 18 * 73 / 9 / 17) ** 0.5
    assert ours(HYP_B, [REF_B], "cc5", weights=(0.5, 0.5)) == pytest.approx(expected, rel=REL)


# -- parbleu's conventions where the paper is silent ------------------------------------------


def test_orders_without_ngrams_score_0_or_drop_out_with_effective_order() -> None:
    """Convention (sacreBLEU's): "a b" has no trigram, so p_3 = m_3 / l_3 is 0 / 0.

    Without effective order the score is 0; with it, orders 1 and 2 remain: m = 2, 1 of
    l = 2, 1 and BP = exp(1 - 3/2). Smoothing 5 gives the same: m'_0 = 3, m'_1 = (3 + 2 + 1)/3
    = 2, m'_2 = (2 + 1 + 0)/3 = 1, so p1 = p2 = 1.
    """
    hyp, ref = words("a b"), words("a b c")
    for method in ("cc4", "cc5", "cc6", "cc7"):
        assert ours(hyp, [ref], method) == 0.0
        with_eff = ours(hyp, [ref], method, effective_order=True)
        assert with_eff == pytest.approx(100 * math.exp(1 - 3 / 2), rel=REL), method


def test_no_unigram_match_scores_0() -> None:
    """Convention (sacreBLEU, NLTK, mteval): no matching word gives 0.

    The paper's smoothing 5 alone would give "w x y z" against "a b c d" the counts
    m'_0 = 1, m' = 1/3, 1/9, 1/27, 1/81, a positive BLEU.
    """
    hyp, ref = words("w x y z"), words("a b c d")
    for method in ("cc4", "cc5", "cc6", "cc7"):
        assert ours(hyp, [ref], method) == 0.0
        assert nltk_bleu([ref], hyp, method) == 0.0


# -- every difference between the paper and NLTK ----------------------------------------------


def test_difference_orders_longer_than_the_sentence() -> None:
    """NLTK divides every precision by max(1, l_n), so a 2-word sentence keeps orders 3 and 4.

    "a b" against "a b c" (BP = exp(-1/2)): NLTK's method1 gives p3 = p4 = 0.1 / 1, method2
    p3 = p4 = (0 + 1) / (1 + 1), method3 p3 = 1/2, p4 = 1/4. The paper's p_3 = m_3 / l_3 is
    0 / 0: parbleu gives 0, or drops orders 3 and 4 with effective order (and sacreBLEU's
    add-k, adding 1 to l_3 = 0, gives p3 = p4 = 1).
    """
    hyp, ref = words("a b"), words("a b c")
    bp = math.exp(-0.5)
    nltk_expected = {
        "floor": bp * (0.1 * 0.1) ** 0.25,
        "add-k": bp * (1 / 2 * 1 / 2) ** 0.25,
        "exp": bp * (1 / 2 * 1 / 4) ** 0.25,
    }
    for method, value in nltk_expected.items():
        assert nltk_bleu([ref], hyp, method) == pytest.approx(value, rel=REL)
        assert ours(hyp, [ref], method, variant="nltk") == pytest.approx(100 * value, rel=REL)
        assert ours(hyp, [ref], method, effective_order=True) == pytest.approx(100 * bp, rel=REL)
    assert ours(hyp, [ref], "floor") == ours(hyp, [ref], "exp") == 0.0
    assert ours(hyp, [ref], "add-k") == pytest.approx(100 * bp, rel=REL)


def test_difference_zero_precisions_are_skipped() -> None:
    """NLTK leaves a zero precision out of the geometric mean instead of returning 0.

    Example A with method1 and epsilon = 0: p3 = p4 = 0 are skipped, NLTK gives
    (4/6 * 1/5)^(1/4); the paper's BLEU with a zero precision is 0.
    """
    assert nltk_bleu([REF_A], HYP_A, "floor", value=0.0) == pytest.approx(
        (4 / 6 * 1 / 5) ** 0.25, rel=REL
    )
    assert ours(HYP_A, [REF_A], "floor", value=0.0) == 0.0


def test_difference_method0_keeps_a_tiny_score() -> None:
    """NLTK's method0 replaces a zero precision by sys.float_info.min instead of giving 0.

    Example A: NLTK gives (4/6 * 1/5 * min * min)^(1/4), about 1e-154; the paper: 0.
    """
    tiny = sys.float_info.min
    expected = math.exp(0.25 * (math.log(4 / 6) + math.log(1 / 5) + 2 * math.log(tiny)))
    assert nltk_bleu([REF_A], HYP_A, "none") == pytest.approx(expected, rel=REL)
    assert 0 < expected < 1e-150
    assert ours(HYP_A, [REF_A], "none") == 0.0


def test_difference_method4_formula() -> None:
    """NLTK issue #2341: the k-th zero order counts ln(len(T)) / (2^k K) in NLTK.

    The paper's count is (ln(len(T)) / K)^k; NLTK keeps Figure 1's doubling and multiplies
    by ln(len(T)) / K only once. Example A:
    NLTK p3 = ln 6 / 10 / 4, p4 = ln 6 / 20 / 3; paper p3 = (ln 6 / 5) / 4, p4 = (ln 6 / 5)^2 / 3.
    """
    nltk_expected = bleu4(4 / 6, 1 / 5, LN6 / 10 / 4, LN6 / 20 / 3) / 100
    assert nltk_bleu([REF_A], HYP_A, "cc4") == pytest.approx(nltk_expected, rel=REL)
    paper = bleu4(4 / 6, 1 / 5, LN6 / 5 / 4, (LN6 / 5) ** 2 / 3)
    assert ours(HYP_A, [REF_A], "cc4") == pytest.approx(paper, rel=REL)
    assert not math.isclose(paper, 100 * nltk_expected, rel_tol=1e-3)


def test_difference_method5_averages_precisions() -> None:
    """NLTK's method5 averages precisions, p'_n = (p'_{n-1} + p_n + p_{n+1}) / 3, p'_0 = p_1 + 1.

    The paper averages counts (m'_0 = m_1 + 1) and divides by l_n afterwards. Example B: the
    paper's m' = 31/3, 73/9, 163/27, 325/81; NLTK's p' starts from 11/18 + 1. A perfect
    translation keeps BLEU = 1 in the paper (m'_n = l_n) but exceeds 1 in NLTK.
    """
    p = [11 / 18, 8 / 17, 6 / 16, 4 / 15, 2 / 14]
    smoothed, previous = [], p[0] + 1
    for n in range(4):
        previous = (previous + p[n] + p[n + 1]) / 3
        smoothed.append(previous)
    assert nltk_bleu([REF_B], HYP_B, "cc5") == pytest.approx(bleu4(*smoothed) / 100, rel=REL)
    paper = bleu4(31 / 3 / 18, 73 / 9 / 17, 163 / 27 / 16, 325 / 81 / 15)
    assert ours(HYP_B, [REF_B], "cc5") == pytest.approx(paper, rel=REL)
    assert not math.isclose(paper, bleu4(*smoothed), rel_tol=1e-3)
    perfect = words("a b c d e f")
    nltk_perfect = bleu4(4 / 3, 10 / 9, 28 / 27, 82 / 81) / 100  # p'_0 = 2, p_n = 1
    assert nltk_bleu([perfect], perfect, "cc5") == pytest.approx(nltk_perfect, rel=REL)
    assert nltk_perfect > 1
    assert ours(perfect, [perfect], "cc5") == pytest.approx(100.0, rel=REL)


def test_difference_method5_next_order_is_always_5() -> None:
    """NLTK's method5 appends the 5-gram precision as order N + 1 whatever N is.

    BLEU-2 on example B: the paper averages the bigram count with m_3 = 6 (m' = 31/3, 73/9);
    NLTK averages the bigram precision with the 5-gram precision 2/14.
    """
    p1, p2, p5 = 11 / 18, 8 / 17, 2 / 14
    q1 = (p1 + 1 + p1 + p2) / 3
    q2 = (q1 + p2 + p5) / 3
    assert nltk_bleu([REF_B], HYP_B, "cc5", (0.5, 0.5)) == pytest.approx((q1 * q2) ** 0.5)
    paper = 100 * (31 / 3 / 18 * 73 / 9 / 17) ** 0.5
    assert ours(HYP_B, [REF_B], "cc5", weights=(0.5, 0.5)) == pytest.approx(paper, rel=REL)
    assert not math.isclose(paper, 100 * (q1 * q2) ** 0.5, rel_tol=1e-3)


def test_difference_method6_assertion() -> None:
    """NLTK's method6 asserts p_n[2], the trigram precision (its message says bigrams).

    It raises on example A (no trigram match), exactly where smoothing 6 is needed, and raises
    IndexError for N = 2. The paper: p = 2/3, 1/5, 1/30, 1/288 (test_cc6_by_hand); with N = 2
    smoothing 6 leaves p1 = 2/3 and p2 = 1/5 alone.
    """
    assert nltk_raises([REF_A], HYP_A, (0.25,) * 4)
    assert nltk_raises([REF_A], HYP_A, (0.5, 0.5))
    assert ours(HYP_A, [REF_A], "cc6") == pytest.approx(bleu4(2 / 3, 1 / 5, 1 / 30, 1 / 288))
    bleu2 = 100 * (2 / 3 * 1 / 5) ** 0.5
    assert ours(HYP_A, [REF_A], "cc6", weights=(0.5, 0.5)) == pytest.approx(bleu2, rel=REL)


def test_difference_method6_skips_zero_precisions() -> None:
    """Where NLTK's method6 can run (``python -O``), a zero bigram precision is skipped.

    "a x b y" against "a b": m1 = 2 of 4, no bigram match, so p2 = 0, the prior of p3 is 0 and
    p3 = p4 = 0: the paper's BLEU is 0; NLTK without its assertion skips them and gives
    (2/4)^(1/4).
    """
    hyp, ref = words("a x b y"), words("a b")
    assert nltk_raises([ref], hyp, (0.25,) * 4)
    assert nltk_bleu([ref], hyp, "cc6") == pytest.approx(0.5**0.25, rel=REL)
    assert ours(hyp, [ref], "cc6") == 0.0


def test_difference_method7_is_nltk_method4_then_method5() -> None:
    """NLTK's method7 inherits both: method4's counts, then averages of precisions.

    Example A: NLTK p = 4/6, 1/5, ln 6/40, ln 6/60, then p'_0 = 4/6 + 1 and averages with the
    5-gram precision 0 / 2; the paper's value is test_cc7_by_hand's.
    """
    p = [4 / 6, 1 / 5, LN6 / 40, LN6 / 60, 0.0]
    smoothed, previous = [], p[0] + 1
    for n in range(4):
        previous = (previous + p[n] + p[n + 1]) / 3
        smoothed.append(previous)
    assert nltk_bleu([REF_A], HYP_A, "cc7") == pytest.approx(bleu4(*smoothed) / 100, rel=REL)
    assert not math.isclose(ours(HYP_A, [REF_A], "cc7"), bleu4(*smoothed), rel_tol=1e-3)


# -- the paper's equations on many sentences --------------------------------------------------


def _paper_scores(
    segment_list: Sequence[Segment],
    method: str,
    order: int,
    value: float | None,
    *,
    effective_order: bool,
) -> list[float]:
    hyps, refs = joined(segment_list)
    bleu = BLEU(
        tokenize="none",
        smooth_method=method,
        smooth_value=value,
        max_ngram_order=order,
        effective_order=effective_order,
    )
    return bleu.sentence_scores(hyps, segment_refs=refs).tolist()


@settings(max_examples=120, deadline=None)
@given(
    corpora(10),
    st.sampled_from(["cc4", "cc5", "cc6", "cc7"]),
    st.integers(1, 5),
    st.sampled_from([None, 1.0, 2.5, 7.0]),
    st.booleans(),
)
def test_equals_the_papers_equations(
    segment_list: list[Segment],
    method: str,
    order: int,
    value: float | None,
    effective_order: bool,
) -> None:
    """Oracle: the paper's equations transcribed literally in tests/test_smoothing_oracles.py."""
    value = None if method == "cc5" else value  # smoothing 5 has no parameter
    got = _paper_scores(segment_list, method, order, value, effective_order=effective_order)
    for (hyp, refs), score in zip(segment_list, got, strict=True):
        expected = paper_bleu(refs, hyp, method, order, value, effective_order=effective_order)
        assert math.isclose(score, expected, rel_tol=REL, abs_tol=1e-300), (hyp, refs)


def _agrees_with_nltk(hyp: Tokens, refs: Sequence[Tokens], method: str) -> bool:
    """Whether paper and NLTK give the same value (docs/smoothing.md), for N = 4."""
    _, _, m, _ = paper_statistics(hyp, refs, 4)
    if m[0] == 0:
        return True  # both 0
    long_enough = len(hyp) >= 4
    return {
        "none": all(m),
        "floor": long_enough,
        "add-k": long_enough,
        "exp": long_enough,
        "cc4": all(m),
        "cc5": False,
        "cc6": long_enough and m[2] > 0,
        "cc7": False,
    }[method]


def _check_agreement(segment_list: Sequence[Segment]) -> int:
    agreements = 0
    hyps, refs = joined(segment_list)
    for method in NLTK_METHODS:
        bleu = BLEU(segment_refs=refs, tokenize="none", smooth_method=method)
        scores = bleu.sentence_scores(hyps)
        for (hyp, seg_refs), score in zip(segment_list, scores, strict=True):
            if _agrees_with_nltk(hyp, seg_refs, method):
                expected = 100 * nltk_bleu(seg_refs, hyp, method)
                assert math.isclose(score, expected, rel_tol=REL, abs_tol=0.0), (method, hyp)
                agreements += 1
    return agreements


@settings(max_examples=80, deadline=None)
@given(corpora(10))
def test_paper_equals_nltk_where_they_agree_on_random_sentences(
    segment_list: list[Segment],
) -> None:
    """Oracle: NLTK, wherever none of the differences above applies."""
    _check_agreement(segment_list)


@pytest.mark.shared_data
@pytest.mark.parametrize(("pair", "system"), [("en-de", 1), ("de-en", 0)])
def test_paper_equals_nltk_where_they_agree_on_wmt21(
    shared_data: WmtData, pair: str, system: int
) -> None:
    """Oracle: NLTK on real sentences; most of them are long enough to agree."""
    segment_list = wmt_segments(shared_data, pair, system, 200)
    assert _check_agreement(segment_list) > 4 * 150
