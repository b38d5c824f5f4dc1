"""NIST on hand-computed cases (the arithmetic is written next to each expected value).

Oracle: Doddington (2002), eq. 2 and 3, with mteval-v13a's conventions (clipping by the
largest count over a segment's references, average reference length, an order without
hypothesis n-grams counting 0). Info(w1..wn) = log2(count(w1..wn-1) / count(w1..wn)) over
all reference words, the count of the empty prefix being the number of reference words; the
length penalty is exp(-beta ln(r)^2) with beta = ln 2 / ln(1.5)^2, i.e.
0.5 ** ((ln r / ln 1.5) ** 2).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from parbleu.errors import InputError, LengthMismatchError, OptionError
from parbleu.metrics.nist.formula import BETA, length_penalty, nist_from_totals, nist_layout
from parbleu.metrics.nist.metric import NIST
from parbleu.metrics.nist.options import InfoWeights, NistOptions
from parbleu.signature import Signature


def penalty(ratio: float) -> float:
    """The length penalty by hand: 0.5 at a ratio of 2/3, 1 from a ratio of 1 on."""
    return 1.0 if ratio >= 1 else 0.5 ** ((math.log(ratio) / math.log(1.5)) ** 2)


# References of two segments: "the cat sat on the mat" (6 words) and "a dog barked" (3):
# 9 reference words; "the" occurs twice, every other word once.
REFS = [["the cat sat on the mat", "a dog barked"]]
HYPS = ["the cat sat on the mat", "a dog"]
INFO_THE = math.log2(9 / 2)
INFO_RARE = math.log2(9)
# Segment 1 repeats its reference: unigrams the, the (log2(9/2) each) and cat, sat, on, mat
# (log2 9 each); bigrams "the cat" and "the mat" have Info log2(2 / 1) = 1, the other
# bigrams and all longer n-grams log2(1 / 1) = 0. Segment 2: a, dog (log2 9 each) and
# "a dog" (Info 0).
SEGMENT_1_INFO_1 = 2 * INFO_THE + 4 * INFO_RARE
SEGMENT_2_INFO_1 = 2 * INFO_RARE
# Corpus: 8 hypothesis unigrams, 6 bigrams; 8 words against 6 + 3 = 9: ratio 8/9.
CORPUS_PRECISIONS = [(SEGMENT_1_INFO_1 + SEGMENT_2_INFO_1) / 8, 2 / 6, 0.0, 0.0, 0.0]
CORPUS_SCORE = sum(CORPUS_PRECISIONS) * penalty(8 / 9)


def test_corpus_score_by_hand() -> None:
    result = NIST(REFS).corpus_score(HYPS)
    assert result.score == pytest.approx(CORPUS_SCORE, rel=1e-14)
    assert result.precisions == pytest.approx(CORPUS_PRECISIONS, rel=1e-14)
    assert result.bp == pytest.approx(penalty(8 / 9), rel=1e-14)
    assert result.counts == (8, 6, 4, 3, 2)
    assert result.totals == (8, 6, 4, 3, 2)
    assert (result.sys_len, result.ref_len) == (8, 9.0)
    assert round(result.score, 4) == 3.0684  # the module docstring's example


def test_statistics_rows_by_hand() -> None:
    stats = NIST(REFS).statistics(HYPS)
    assert stats.columns == nist_layout(5).columns
    np.testing.assert_allclose(
        stats.values,
        [
            [6, 6, SEGMENT_1_INFO_1, 2, 0, 0, 0, 6, 5, 4, 3, 2, 6, 5, 4, 3, 2],
            [2, 3, SEGMENT_2_INFO_1, 0, 0, 0, 0, 2, 1, 0, 0, 0, 2, 1, 0, 0, 0],
        ],
        rtol=1e-14,
    )


def test_sentence_scores_use_corpus_weights() -> None:
    # mteval's segment-level scores: each row with the corpus-wide information weights.
    # Segment 1: (SEGMENT_1_INFO_1 / 6 + 2 / 5), ratio 1; segment 2: SEGMENT_2_INFO_1 / 2
    # + 0 / 1, ratio 2/3.
    scores = NIST(REFS).sentence_scores(HYPS)
    expected = [SEGMENT_1_INFO_1 / 6 + 2 / 5, SEGMENT_2_INFO_1 / 2 * 0.5]
    np.testing.assert_allclose(scores, expected, rtol=1e-14)


def test_sentence_score_uses_its_own_references() -> None:
    # "a dog" against "a dog barked" alone: 3 reference words, Info(a) = Info(dog) = log2 3,
    # Info("a dog") = 0; ratio 2/3.
    result = NIST().sentence_score("a dog", ["a dog barked"])
    assert result.score == pytest.approx(math.log2(3) * 0.5, rel=1e-14)


def test_information_weights_by_hand() -> None:
    prepared = NIST(REFS).prepared
    assert prepared is not None
    assert prepared.information("the") == pytest.approx(INFO_THE, rel=1e-15)
    assert prepared.information(["dog"]) == pytest.approx(INFO_RARE, rel=1e-15)
    assert prepared.information("the cat") == pytest.approx(1.0, rel=1e-15)
    assert prepared.information("cat sat on the mat") == 0.0
    for unknown in ("cow", "cat the", "", "the cat sat on the mat"):
        with pytest.raises(InputError, match="not an n-gram"):
            prepared.information(unknown)


def test_maximum_order_one() -> None:
    result = NIST(REFS, max_ngram_order=1).corpus_score(HYPS)
    assert result.score == pytest.approx(CORPUS_PRECISIONS[0] * penalty(8 / 9), rel=1e-14)
    assert result.signature.as_dict()["order"] == "1"


# -- several references, varying in number -----------------------------------------------------

# Segment 1 has one reference "a b c d" (the other stream is absent); segment 2 has "x y"
# and "x y z w". Reference words 4 + 2 + 4 = 10: a, b, c, d, z, w once (Info log2 10), x and
# y twice (Info log2 5); every bigram has Info 0 ("x y": log2(2 / 2)).
VARYING = [["a b c d", "x y"], [None, "x y z w"]]
VARYING_HYPS = ["a b c d", "x y"]
VARYING_ORDER_1 = (4 * math.log2(10) + 2 * math.log2(5)) / 6


def test_absent_references_are_skipped() -> None:
    # Reference lengths: 4 for segment 1 (its only reference), (2 + 4) / 2 = 3 for segment 2:
    # 7 in all, for 6 hypothesis words.
    nist = NIST(ref_streams=VARYING)
    result = nist.corpus_score(VARYING_HYPS)
    assert result.ref_len == 7.0
    assert result.score == pytest.approx(VARYING_ORDER_1 * penalty(6 / 7), rel=1e-14)
    assert result.signature.as_dict()["nrefs"] == "var"
    same = NIST(segment_refs=[["a b c d"], ["x y", "x y z w"]]).corpus_score(VARYING_HYPS)
    assert same.score == result.score


def test_empty_reference_counts_in_the_average() -> None:
    # An empty string is a reference of 0 words, as in mteval: segment 1's average length is
    # (4 + 0) / 2 = 2, so 2 + 3 = 5 < 6 hypothesis words and no penalty. Weights are those of
    # the case above: the empty reference adds no words.
    streams = [["a b c d", "x y"], ["", "x y z w"]]
    result = NIST(ref_streams=streams).corpus_score(VARYING_HYPS)
    assert result.ref_len == 5.0
    assert result.score == pytest.approx(VARYING_ORDER_1, rel=1e-14)


def test_average_of_three_references_need_not_be_an_integer() -> None:
    # References of 1, 2 and 2 words: average 5/3 against a 1-word hypothesis.
    # Words: a three times, b twice: Info(a) = log2(5/3).
    result = NIST(ref_streams=[["a"], ["a b"], ["a b"]]).corpus_score(["a"])
    assert result.ref_len == pytest.approx(5 / 3, rel=1e-15)
    assert result.score == pytest.approx(math.log2(5 / 3) * penalty(3 / 5), rel=1e-14)
    assert "ref_len = 1.67)" in result.format()


# -- edge cases ----------------------------------------------------------------------------------


def test_empty_hypothesis() -> None:
    # Segment 1 empty: 0 words. Corpus: x, y match (Info log2 5 each): order 1 = 2 log2(5) / 2;
    # "x y" has Info 0. 2 words against 7: ratio 2/7. On its own, segment 1 has ratio 0.
    nist = NIST(ref_streams=VARYING)
    result = nist.corpus_score(["", "x y"])
    assert result.score == pytest.approx(math.log2(5) * penalty(2 / 7), rel=1e-14)
    assert nist.sentence_scores(["", "x y"])[0] == 0.0
    assert nist.sentence_score("", ["a b"]).bp == 0.0


def test_hypothesis_words_absent_from_references_do_not_match() -> None:
    # Only "a" matches: Info log2(4/1) (4 reference words); 3 hypothesis words: ratio 3/4.
    result = NIST([["a b c d"]]).corpus_score(["a q r"])
    assert result.counts[:2] == (1, 0)
    assert result.score == pytest.approx(math.log2(4) / 3 * penalty(3 / 4), rel=1e-14)


def test_single_word_corpus_carries_no_information() -> None:
    # One reference word: Info = log2(1 / 1) = 0, whatever matches.
    assert NIST([["abc"]]).corpus_score(["abc"]).score == 0.0


def test_references_without_words() -> None:
    # No reference words: nothing can match, and the hypothesis is not penalized for length.
    result = NIST([[""]]).corpus_score(["a b"])
    assert (result.score, result.bp, result.ref_len, result.ratio) == (0.0, 1.0, 0.0, 0.0)


def test_tokenizer_and_case_options() -> None:
    # char: "abc" is the 3 words a, b, c (Info log2 3 each); bigrams have Info 0.
    assert NIST([["abc"]], tokenize="char").corpus_score(["abc"]).score == pytest.approx(
        math.log2(3), rel=1e-15
    )
    # lowercase: "Über Cat" and "über cat" share both words (Info log2 2 = 1 each) only when
    # lowercased (Unicode str.lower, unlike mteval's ASCII-only tr/A-Z/a-z/).
    assert NIST([["Über Cat"]]).corpus_score(["über cat"]).score == 0.0
    lowered = NIST([["Über Cat"]], lowercase=True).corpus_score(["über cat"])
    assert lowered.score == pytest.approx(1.0, rel=1e-15)
    assert lowered.signature.as_dict()["case"] == "lc"


def test_references_prepared_once_serve_many_systems() -> None:
    nist = NIST(REFS)
    for hyps in (HYPS, ["the mat", "dog a"], ["", ""]):
        fresh = NIST(REFS).corpus_score(hyps)
        assert nist.corpus_score(hyps) == fresh


def test_references_given_per_call_are_not_kept() -> None:
    nist = NIST()
    assert nist.corpus_score(HYPS, REFS).score == pytest.approx(CORPUS_SCORE, rel=1e-14)
    with pytest.raises(InputError, match="no references"):
        nist.corpus_score(HYPS)
    with pytest.raises(LengthMismatchError):
        NIST(REFS).corpus_score(["one hypothesis"])


# -- formula -------------------------------------------------------------------------------------


def test_length_penalty_by_hand() -> None:
    # Doddington: beta is chosen so that the penalty is 0.5 at a ratio of 2/3.
    assert math.isclose(BETA, math.log(2) / math.log(1.5) ** 2, rel_tol=1e-15)
    got = length_penalty([2, 3, 4, 0, 0, 1, 5], [3, 3, 3, 3, 0, 2, 0])
    expected = [0.5, 1.0, 1.0, 0.0, 1.0, penalty(1 / 2), 1.0]
    np.testing.assert_allclose(got, expected, rtol=1e-15)


def test_scores_are_vectorized_over_rows() -> None:
    nist = NIST(REFS)
    stats = nist.statistics(HYPS)
    rows = np.vstack([stats.values, stats.total()])
    scores = nist.scores(rows)
    assert scores[-1] == nist.score_totals(stats.total()).score
    np.testing.assert_array_equal(scores[:2], nist.sentence_scores(HYPS))


def test_statistics_with_wrong_columns_are_refused() -> None:
    with pytest.raises(InputError, match="need 17 columns"):
        nist_from_totals(np.zeros((2, 14)), 5)


# -- options, signature and result ---------------------------------------------------------------


@pytest.mark.parametrize("order", [0, -1, True, 2.0, "5", None])
def test_invalid_order_is_named(order: object) -> None:
    with pytest.raises(OptionError, match="max_ngram_order must be an integer >= 1"):
        NIST(max_ngram_order=order)  # type: ignore[arg-type]


def test_invalid_choices_are_named() -> None:
    with pytest.raises(OptionError, match=r"tokenize must be one of 13a, intl.*got 'moses'"):
        NIST(tokenize="moses")
    with pytest.raises(OptionError, match="info_weights must be one of mteval, paper; got 'x'"):
        NIST(info_weights="x")


@pytest.mark.parametrize("name", ["flores101", "flores200", "spm", "spBLEU-1K"])
def test_spbleu_tokenizers_are_refused(name: str) -> None:
    """NIST takes no SentencePiece model, so spBLEU's tokenizers cannot be made for it."""
    with pytest.raises(OptionError, match=f"NIST cannot use the '{name}' tokenizer") as caught:
        NistOptions(tokenize=name)
    assert (caught.value.option, caught.value.received) == ("tokenize", name)
    with pytest.raises(OptionError, match="give NIST one of 13a, intl, zh"):
        NIST(tokenize=name)


def test_options_are_normalized() -> None:
    options = NistOptions(tokenize="zh", info_weights="paper", lowercase=True)
    assert options.info_weights is InfoWeights.PAPER
    assert options.lowercase is True
    with pytest.raises(OptionError, match="lowercase must be True or False; got 1"):
        NistOptions(lowercase=1)  # type: ignore[arg-type]
    assert NIST(options=options).signature_fields()[1] == ("tok", "tok", "zh")


def test_signature() -> None:
    version = NIST().signature().as_dict()["version"]
    assert (
        NIST(REFS).signature().format() == f"nrefs:1|case:mixed|tok:13a|order:5|version:{version}"
    )
    paper = NIST(info_weights="paper", lowercase=True, tokenize="intl", max_ngram_order=4)
    assert paper.signature(nrefs=2).format(short=True) == (
        f"#:2|c:lc|tok:intl|n:4|i:paper|v:{version}"
    )
    assert repr(NIST()) == f"NIST(nrefs:1|case:mixed|tok:13a|order:5|version:{version})"


def test_result_formatting() -> None:
    result = NIST(REFS).corpus_score(HYPS)
    precisions = "/".join(f"{p:.4f}" for p in CORPUS_PRECISIONS)
    verbose = (
        f"{precisions} (BP = {penalty(8 / 9):.3f} ratio = {8 / 9:.3f} hyp_len = 8 ref_len = 9)"
    )
    assert str(result) == f"NIST = {CORPUS_SCORE:.4f} {verbose}"
    assert result.format(2, signature=True).startswith(
        "NIST|nrefs:1|case:mixed|tok:13a|order:5|version:parbleu-"
    )
    data = result.to_dict()
    assert data["score"] == round(CORPUS_SCORE, 4)
    assert data["score_unrounded"] == result.score
    assert data["verbose_score"] == verbose
    assert data["nrefs"] == "1"
    assert data["order"] == "5"
    assert data["counts"] == [8, 6, 4, 3, 2]
    assert data["ref_len"] == 9.0


def test_result_is_frozen() -> None:
    result = NIST(REFS).corpus_score(HYPS)
    with pytest.raises(AttributeError):
        result.score = 1.0  # type: ignore[misc]
    assert isinstance(result.signature, Signature)
