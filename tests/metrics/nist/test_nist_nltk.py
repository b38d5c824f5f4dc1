"""NIST against NLTK's ``corpus_nist`` / ``sentence_nist`` (nltk.translate.nist_score).

NLTK scores pre-tokenized text; it gets parbleu's own tokens (``TextEncoder.tokenized``), so
only the metric is compared. Its conventions match mteval-v13a's for one reference per
segment, with one exception: the Perl truth of the prefix ``0`` (see `InfoWeights`). So:

* one reference, ``info_weights="paper"``: equal to NLTK (relative 1e-12);
* one reference, default ``mteval`` weights: equal to NLTK unless a reference bigram starts
  with the token ``0``;
* several references: NLTK differs from mteval by design (pinned below, by hand): it clips
  against each reference separately and keeps, per segment and order, the reference with the
  best precision (ties go to the longer one), whose length also enters its length penalty;
  mteval clips by the largest count over the references and divides by the average
  reference length;
* NLTK divides by zero when no hypothesis has n-grams of some order; mteval (and parbleu)
  count that order as 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pytest
from nltk.translate.nist_score import corpus_nist, sentence_nist

from parbleu.engine.encode import TextEncoder
from parbleu.metrics.nist.metric import NIST
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.oracles.mteval_nist import MtevalNist
from tests.wmt import OFFICIAL_BLEU_TOKENIZER, WmtData

#: Quick tests score the first segments only (a corpus of its own); slow ones score all.
QUICK_SEGMENTS = 300

#: mteval-v13a's length penalty written with base 2: 0.5 ** ((ln r / ln 1.5) ** 2).
LOG_RATIO_X = math.log(1.5)


def hand_penalty(ratio: float) -> float:
    return float(0.5 ** ((math.log(ratio) / LOG_RATIO_X) ** 2))


def tokens(encoder: TextEncoder, lines: Sequence[str]) -> list[list[str]]:
    return [line.split() for line in encoder.tokenized(lines)]


class NltkOracle:
    """NLTK's corpus_nist on a WMT21 pair's first reference, each value computed once."""

    def __init__(self, data: WmtData) -> None:
        self.data = data
        self._scores: dict[tuple[str, str, int | None], float] = {}
        self._refs: dict[tuple[str, int | None], list[list[list[str]]]] = {}

    def encoder(self, pair_name: str) -> TextEncoder:
        target = self.data.pair(pair_name).target
        tokenizer = make_tokenizer(TokenizerName(OFFICIAL_BLEU_TOKENIZER[target]))
        return TextEncoder(tokenizer, lowercase=False)

    def score(self, pair_name: str, system: str, limit: int | None) -> float:
        key = (pair_name, system, limit)
        if key not in self._scores:
            pair = self.data.pair(pair_name)
            encoder = self.encoder(pair_name)
            if (pair_name, limit) not in self._refs:
                first = pair.reference(pair.reference_names[0])[:limit]
                self._refs[pair_name, limit] = [[ref] for ref in tokens(encoder, first)]
            hyps = tokens(encoder, pair.system(system)[:limit])
            self._scores[key] = corpus_nist(self._refs[pair_name, limit], hyps, n=5)
        return self._scores[key]


@pytest.fixture(scope="session")
def nltk_oracle(shared_data: WmtData) -> NltkOracle:
    return NltkOracle(shared_data)


def parbleu_first_reference(
    data: WmtData, pair_name: str, limit: int | None, info_weights: str
) -> NIST:
    pair = data.pair(pair_name)
    first = pair.reference(pair.reference_names[0])[:limit]
    tokenize = OFFICIAL_BLEU_TOKENIZER[pair.target]
    return NIST([first], tokenize=tokenize, info_weights=info_weights)


# -- one reference: the conventions agree ------------------------------------------------------

SAMPLED = [
    ("en-de", "Online-W"),
    ("de-en", "Online-B"),
    ("zh-en", "NiuTrans"),
    ("ja-en", "HuaweiTSC"),
    ("en-zh", "WeChat-AI"),
    ("en-ja", "Online-Y"),
]


@pytest.mark.shared_data
@pytest.mark.parametrize(("pair_name", "system"), SAMPLED)
def test_paper_weights_equal_nltk(
    shared_data: WmtData, nltk_oracle: NltkOracle, pair_name: str, system: str
) -> None:
    nist = parbleu_first_reference(shared_data, pair_name, QUICK_SEGMENTS, "paper")
    hyps = shared_data.pair(pair_name).system(system)[:QUICK_SEGMENTS]
    expected = nltk_oracle.score(pair_name, system, QUICK_SEGMENTS)
    assert nist.corpus_score(hyps).score == pytest.approx(expected, rel=1e-12, abs=0)


@pytest.mark.slow
@pytest.mark.shared_data
@pytest.mark.parametrize("pair_name", ["en-de", "en-zh", "en-ja", "zh-en", "de-en", "ja-en"])
def test_paper_weights_equal_nltk_on_every_system(
    shared_data: WmtData, nltk_oracle: NltkOracle, pair_name: str
) -> None:
    nist = parbleu_first_reference(shared_data, pair_name, None, "paper")
    pair = shared_data.pair(pair_name)
    for system in pair.system_names:
        expected = nltk_oracle.score(pair_name, system, None)
        assert nist.corpus_score(pair.system(system)).score == pytest.approx(
            expected, rel=1e-12, abs=0
        ), system


def reference_bigrams_start_with_zero(references: Sequence[Sequence[str]]) -> bool:
    return any(line[:-1].count("0") for line in references)


@pytest.mark.shared_data
def test_default_weights_equal_nltk_without_zero_bigrams(shared_data: WmtData) -> None:
    # en-ja's reference, tokenized with 13a here, has no bigram "0 w": mteval's Perl quirk
    # never fires, so the default weights are NLTK's.
    pair = shared_data.pair("en-ja")
    reference = pair.reference("A")[:QUICK_SEGMENTS]
    encoder = TextEncoder(make_tokenizer(TokenizerName.MTEVAL_13A), lowercase=False)
    ref_tokens = tokens(encoder, reference)
    assert not reference_bigrams_start_with_zero(ref_tokens)
    hyps = pair.system("Online-Y")[:QUICK_SEGMENTS]
    expected = corpus_nist([[ref] for ref in ref_tokens], tokens(encoder, hyps), n=5)
    assert NIST([reference]).corpus_score(hyps).score == pytest.approx(expected, rel=1e-12)


@pytest.mark.shared_data
def test_default_weights_differ_from_nltk_on_zero_bigrams(
    shared_data: WmtData, nltk_oracle: NltkOracle
) -> None:
    # de-en's reference has bigrams "0 w" (sports results, "1-0"): mteval weights them
    # log2(total words / count), and the score moves in the 3rd decimal, which mteval prints.
    pair = shared_data.pair("de-en")
    encoder = nltk_oracle.encoder("de-en")
    reference = pair.reference("A")
    hyps = pair.system("Online-B")
    assert reference_bigrams_start_with_zero(tokens(encoder, reference))
    score = NIST([reference]).corpus_score(hyps).score
    assert score - nltk_oracle.score("de-en", "Online-B", None) > 1e-3
    mteval_score, _ = MtevalNist([encoder.tokenized(reference)]).score(encoder.tokenized(hyps))
    assert score == pytest.approx(mteval_score, rel=1e-12)


@pytest.mark.shared_data
def test_sentence_score_equals_nltk_sentence_nist(shared_data: WmtData) -> None:
    # sentence_score weights a segment with its own references only, as sentence_nist does.
    pair = shared_data.pair("zh-en")
    encoder = TextEncoder(make_tokenizer(TokenizerName.MTEVAL_13A), lowercase=False)
    nist = NIST(info_weights="paper")
    compared = 0
    for hyp, ref in zip(pair.system("Online-A")[:120], pair.reference("A")[:120], strict=True):
        hyp_tokens, ref_tokens = encoder.tokenized([hyp, ref])
        if len(hyp_tokens.split()) < 5:
            continue  # NLTK divides by zero (pinned in test_nltk_divides_by_zero)
        expected = sentence_nist([ref_tokens.split()], hyp_tokens.split(), n=5)
        assert nist.sentence_score(hyp, [ref]).score == pytest.approx(expected, rel=1e-12)
        compared += 1
    assert compared > 100


# -- pinned divergences, each computed by hand ---------------------------------------------------


def test_several_references_clip_by_the_largest_count() -> None:
    # Hypothesis "a b", references "a c" and "d b". Reference words: a, c, d, b (4), each
    # once: Info = log2(4) = 2 for every unigram; bigrams have Info log2(1/1) = 0.
    # mteval clips by the largest count over both references: a and b both match,
    # order 1 = (2 + 2) / 2 = 2; order 2 = 0 / 1. Average reference length 2 = hypothesis
    # length, penalty 1: NIST = 2.
    # NLTK scores each reference on its own and keeps the best: a (or b) alone, 2 / 2 = 1.
    hyp, refs = "a b", ["a c", "d b"]
    assert NIST(segment_refs=[refs], max_ngram_order=2).corpus_score([hyp]).score == 2.0
    assert corpus_nist([[r.split() for r in refs]], [hyp.split()], n=2) == 1.0


def test_several_references_average_their_length() -> None:
    # Hypothesis "a b c", references "a b c" and "a b c d e f g h i" (3 and 9 words, 12 in
    # all). Info(a) = Info(b) = Info(c) = log2(12 / 2); every bigram and trigram has Info
    # log2(2 / 2) = 0. Order 1 = 3 log2(6) / 3 = log2(6), in mteval and in NLTK, with either
    # reference.
    # mteval: average reference length (3 + 9) / 2 = 6, ratio 3 / 6 = 0.5, penalty
    # 0.5 ** ((ln 0.5 / ln 1.5) ** 2) = 0.132.
    # NLTK keeps the maximum of (precision, numerator, denominator, length) over the
    # references: equal precisions, so the longer reference (9 words), ratio 1/3, penalty
    # 0.5 ** ((ln 3 / ln 1.5) ** 2) = 0.0062.
    hyp, refs = "a b c", ["a b c", "a b c d e f g h i"]
    result = NIST(segment_refs=[refs], max_ngram_order=3).corpus_score([hyp])
    assert result.ref_len == 6.0
    assert result.score == pytest.approx(math.log2(6) * hand_penalty(1 / 2), rel=1e-14)
    nltk_score = corpus_nist([[r.split() for r in refs]], [hyp.split()], n=3)
    assert nltk_score == pytest.approx(math.log2(6) * hand_penalty(1 / 3), rel=1e-14)


def test_nltk_divides_by_zero() -> None:
    # Hypothesis "a b", reference "a b c" (3 words): Info(a) = Info(b) = log2(3), Info("a b")
    # = 0. Orders 3..5 have no hypothesis n-grams: mteval divides by max(0, 1) and adds 0.
    # Ratio 2/3: penalty 0.5. NIST = log2(3) * 0.5 at any order >= 2.
    expected = 0.5 * math.log2(3)
    assert NIST([["a b c"]]).corpus_score(["a b"]).score == pytest.approx(expected, rel=1e-14)
    assert corpus_nist([[["a", "b", "c"]]], [["a", "b"]], n=2) == pytest.approx(expected)
    with pytest.raises(ZeroDivisionError):
        corpus_nist([[["a", "b", "c"]]], [["a", "b"]], n=5)


def test_zero_prefix_quirk_against_nltk() -> None:
    # Reference and hypothesis "x 0 y" (3 words): every unigram has Info log2(3); "x 0" and
    # the trigram have Info 0. "0 y" has Info log2(1 / 1) = 0 in NLTK (eq. 2) but log2(3 / 1)
    # in mteval, whose Perl finds the prefix "0" false. Order 1 = log2(3); order 2 = 0 or
    # log2(3) / 2; penalty 1.
    nltk_score = corpus_nist([[["x", "0", "y"]]], [["x", "0", "y"]], n=3)
    assert nltk_score == pytest.approx(math.log2(3), rel=1e-14)
    paper = NIST([["x 0 y"]], info_weights="paper", max_ngram_order=3)
    mteval = NIST([["x 0 y"]], max_ngram_order=3)
    assert paper.corpus_score(["x 0 y"]).score == pytest.approx(nltk_score, rel=1e-14)
    assert mteval.corpus_score(["x 0 y"]).score == pytest.approx(1.5 * math.log2(3), rel=1e-14)


NLTK_DOCTEST_HYPOTHESIS = (
    "It is a guide to action which ensures that the military always obeys the commands of the party"
)
NLTK_DOCTEST_REFERENCES = [
    "It is a guide to action that ensures that the military will forever heed Party commands",
    (
        "It is the guiding principle which guarantees the military forces always being under "
        "the command of the Party"
    ),
    "It is the practical guide for the army always to heed the directions of the party",
]


def test_nltk_doctest_example_with_three_references() -> None:
    # NLTK's own doctest gives 3.3709... for this example; mteval's conventions (clipping by
    # the largest count, average reference length) give more.
    refs = [ref.split() for ref in NLTK_DOCTEST_REFERENCES]
    nltk_score = sentence_nist(refs, NLTK_DOCTEST_HYPOTHESIS.split())
    assert str(nltk_score).startswith("3.3709")
    mteval_score, _ = MtevalNist([[ref] for ref in NLTK_DOCTEST_REFERENCES]).score(
        [NLTK_DOCTEST_HYPOTHESIS]
    )
    result = NIST(tokenize="none").sentence_score(NLTK_DOCTEST_HYPOTHESIS, NLTK_DOCTEST_REFERENCES)
    assert result.score == pytest.approx(mteval_score, rel=1e-13)
    assert result.score > nltk_score + 0.5


@pytest.mark.shared_data
def test_several_references_differ_from_nltk_on_wmt21(shared_data: WmtData) -> None:
    # en-de has three references: NLTK's per-reference clipping finds fewer matches than
    # mteval's clipping by the largest count (here 15-20% lower scores).
    pair = shared_data.pair("en-de")
    refs = [pair.reference(letter)[:QUICK_SEGMENTS] for letter in pair.reference_names]
    hyps = pair.system("Online-W")[:QUICK_SEGMENTS]
    encoder = TextEncoder(make_tokenizer(TokenizerName.MTEVAL_13A), lowercase=False)
    ref_tokens = [tokens(encoder, ref) for ref in refs]
    nltk_score = corpus_nist(
        [list(segment) for segment in zip(*ref_tokens, strict=True)], tokens(encoder, hyps)
    )
    oracle_score, _ = MtevalNist([encoder.tokenized(ref) for ref in refs]).score(
        encoder.tokenized(hyps)
    )
    score = NIST(refs).corpus_score(hyps).score
    assert score == pytest.approx(oracle_score, rel=1e-12)
    assert nltk_score < 0.9 * score
