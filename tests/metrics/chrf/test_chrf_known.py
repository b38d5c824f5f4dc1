"""chrF and chrF++ against published values, hand maths and sacreBLEU's output formats.

Oracles:
* sacreBLEU's own test suite (``test/test_chrf.py``, listed in the shared data's
  KNOWN_ANSWERS.md): chrF with epsilon smoothing, with effective order, with whitespace kept,
  and sentence-level chrF of three Czech sentences, all to 1e-4;
* hand-computed statistics and scores of small strings (Popović 2015, section 2);
* sacreBLEU 2.6.0 itself for names, signatures and the text / JSON output.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.errors import OptionError
from parbleu.metrics.chrf.formula import chrf_layout
from parbleu.metrics.chrf.metric import CHRF

TOLERANCE = 1e-4

ENGLISH_HYPOTHESIS = (
    "risk assessment must be made of those who are qualified and expertise in the sector "
    "- these are the scientists ."
)
ENGLISH_REFERENCE = (
    "risk assessment has to be undertaken by those who are qualified and expert in that area "
    "- that is the scientists ."
)

#: sacreBLEU test_chrf.py, epsilon smoothing, char order 6, word order 0, beta 3.
EPSILON_SMOOTHING = [
    (["abcdefg"], ["hijklmnop"], 0.0),
    (["a"], ["b"], 0.0),
    ([""], ["b"], 0.0),
    ([""], ["ref"], 0.0),
    ([""], ["reference"], 0.0),
    (["aa"], ["ab"], 8.3333),
    (["a", "b"], ["a", "c"], 8.3333),
    (["a"], ["a"], 16.6667),
    (["a b c"], ["a b c"], 50.0),
    (["a b c"], ["abc"], 50.0),
    (
        [" " + ENGLISH_HYPOTHESIS],
        [ENGLISH_REFERENCE],
        63.361730,
    ),
    (
        [" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
        ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        64.1302698,
    ),
    (
        ["Niemand hat die Absicht, eine Mauer zu errichten"],
        ["Niemand hat die Absicht, eine Mauer zu errichten"],
        100.0,
    ),
]

#: sacreBLEU test_chrf.py, effective order (sacreBLEU < 2.0 and today's default), beta 3.
EFFECTIVE_ORDER = [
    (["a"], ["a"], 100.0),
    ([""], ["reference"], 0.0),
    (["a b c"], ["a b c"], 100.0),
    (["a b c"], ["abc"], 100.0),
    ([""], ["c"], 0.0),
    (["a", "b"], ["a", "c"], 50.0),
    (["aa"], ["ab"], 25.0),
]

#: sacreBLEU test_chrf.py, whitespace kept, effective order, beta 3.
KEEP_WHITESPACE = [
    (
        ["Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich."],
        ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        67.3481606,
    ),
    (
        [ENGLISH_HYPOTHESIS],
        [ENGLISH_REFERENCE],
        65.2414427,
    ),
]

#: sacreBLEU test_chrf.py, sentence-level chrF with epsilon smoothing and default options.
CZECH_SENTENCES = [
    (
        "Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.",
        ["Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře."],
        39.14078509,
    ),
    (
        "Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.",
        ["A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři."],
        31.22557079,
    ),
    (
        "Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.",
        ["Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli."],
        57.15704367,
    ),
]


@pytest.mark.parametrize(("hypotheses", "references", "expected"), EPSILON_SMOOTHING)
def test_sacrebleu_published_epsilon_smoothing(
    hypotheses: list[str], references: list[str], expected: float
) -> None:
    metric = CHRF(beta=3, eps_smoothing=True)
    assert abs(metric.corpus_score(hypotheses, [references]).score - expected) < TOLERANCE


@pytest.mark.parametrize(("hypotheses", "references", "expected"), EFFECTIVE_ORDER)
def test_sacrebleu_published_effective_order(
    hypotheses: list[str], references: list[str], expected: float
) -> None:
    metric = CHRF(beta=3)
    assert abs(metric.corpus_score(hypotheses, [references]).score - expected) < TOLERANCE


@pytest.mark.parametrize(("hypotheses", "references", "expected"), KEEP_WHITESPACE)
def test_sacrebleu_published_whitespace_kept(
    hypotheses: list[str], references: list[str], expected: float
) -> None:
    metric = CHRF(beta=3, whitespace=True)
    assert abs(metric.corpus_score(hypotheses, [references]).score - expected) < TOLERANCE


@pytest.mark.parametrize(("hypothesis", "references", "expected"), CZECH_SENTENCES)
def test_sacrebleu_published_sentence_level(
    hypothesis: str, references: list[str], expected: float
) -> None:
    score = CHRF(eps_smoothing=True).sentence_score(hypothesis, references).score
    assert abs(score - expected) < TOLERANCE


def test_hand_computed_statistics_and_score() -> None:
    """'abcab' against 'abc', by hand (Popović 2015, section 2; beta 2, effective order).

    Orders 1-3: hypothesis a2 b2 c1 / ab2 bc ca / abc bca cab against a b c / ab bc / abc give
    5, 4, 3 hypothesis n-grams, 3, 2, 1 reference n-grams and 3, 2, 1 matches. The reference
    has no n-grams of orders 4-6, so (sacreBLEU's rule) nothing is counted for them, not even
    the hypothesis's two 4-grams and one 5-gram.
    """
    stats = CHRF().statistics(["abcab"], [["abc"]])
    assert stats.values[0].tolist() == [5, 3, 3, 4, 2, 2, 3, 1, 1, *[0] * 9]
    precision = (3 / 5 + 2 / 4 + 1 / 3) / 3
    recall = 1.0
    expected = 100 * (1 + 4) * precision * recall / (4 * precision + recall)
    assert math.isclose(CHRF().corpus_score(["abcab"], [["abc"]]).score, expected, rel_tol=1e-12)


def test_hand_computed_chrf_plus_plus_words() -> None:
    """chrF++ word counts: 'the cat (sat).' splits into the, cat, (sat), . (one end only)."""
    stats = CHRF(char_order=0, word_order=2).statistics(["the cat (sat)."], [["the cat sat ."]])
    # words: hyp the cat (sat) . ; ref the cat sat .  -> unigrams 4/4/3 (the, cat, .)
    # bigrams: hyp 'the cat' 'cat (sat)' '(sat) .' ; ref 'the cat' 'cat sat' 'sat .' -> 3/3/1
    assert stats.values[0].tolist() == [4, 4, 3, 3, 3, 1]


@pytest.mark.parametrize("eps_smoothing", [False, True])
def test_empty_hypothesis_and_reference(eps_smoothing: bool) -> None:
    """Nothing to count: 0 with effective order; 1e-14 (six epsilons averaged) with epsilon."""
    score = CHRF(eps_smoothing=eps_smoothing).corpus_score([""], [[""]])
    assert score.statistics == (0,) * 18
    expected = 100 * 6 * 1e-16 / 6 if eps_smoothing else 0.0
    assert math.isclose(score.score, expected, rel_tol=1e-9, abs_tol=0.0)
    sacre = SacreCHRF(eps_smoothing=eps_smoothing).corpus_score([""], [[""]])
    assert score.score == sacre.score


def test_multiple_references_take_the_best_sentence_score() -> None:
    """The better reference for each segment: its statistics, not the element-wise best."""
    hyps = ["the cat sat", "a dog barked"]
    refs = [["the cat sat", "dogs bark"], ["cats sit", "a dog barked"]]
    both = CHRF().statistics(hyps, refs).values
    first = CHRF().statistics(hyps, [refs[0]]).values
    second = CHRF().statistics(hyps, [refs[1]]).values
    assert both[0].tolist() == first[0].tolist()
    assert both[1].tolist() == second[1].tolist()


@pytest.mark.parametrize("eps_smoothing", [False, True])
def test_ties_go_to_the_first_reference(eps_smoothing: bool) -> None:
    """'aa' against 'a' (P 1/2, R 1) and 'aaaa' (P 1, R 1/2): equal F1, the first one wins."""
    metric = CHRF(char_order=1, beta=1, eps_smoothing=eps_smoothing)
    assert metric.statistics(["aa"], [["a"], ["aaaa"]]).values.tolist() == [[2, 1, 1]]
    assert metric.statistics(["aa"], [["aaaa"], ["a"]]).values.tolist() == [[2, 4, 2]]
    sacre = SacreCHRF(char_order=1, beta=1, eps_smoothing=eps_smoothing)
    assert sacre._extract_corpus_statistics(["aa"], [["a"], ["aaaa"]]) == [[2, 1, 1]]


def test_absent_references_are_skipped() -> None:
    """None marks an absent reference: it is never chosen, even against an empty hypothesis."""
    stats = CHRF().statistics([""], ref_streams=[[None], ["xyz"]])
    assert stats.values[0, 1] == 3  # the reference counted is 'xyz'


def test_columns_in_sacrebleu_order() -> None:
    assert chrf_layout(2, 1).columns == (
        "char1_hyp",
        "char1_ref",
        "char1_match",
        "char2_hyp",
        "char2_ref",
        "char2_match",
        "word1_hyp",
        "word1_ref",
        "word1_match",
    )


@pytest.mark.parametrize(
    ("options", "name"),
    [
        ({}, "chrF2"),
        ({"word_order": 2}, "chrF2++"),
        ({"word_order": 1, "beta": 3}, "chrF3+"),
        ({"beta": 1}, "chrF1"),
    ],
)
def test_names_as_sacrebleu(options: dict[str, int], name: str) -> None:
    ours = CHRF(**options).corpus_score(["a b"], [["a c"]])
    theirs = SacreCHRF(**options).corpus_score(["a b"], [["a c"]])
    assert ours.name == theirs.name == name


@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("whitespace", [False, True])
@pytest.mark.parametrize("eps_smoothing", [False, True])
@pytest.mark.parametrize("word_order", [0, 2])
def test_signature_as_sacrebleu(
    lowercase: bool, whitespace: bool, eps_smoothing: bool, word_order: int
) -> None:
    options = {
        "lowercase": lowercase,
        "whitespace": whitespace,
        "eps_smoothing": eps_smoothing,
        "word_order": word_order,
    }
    sacre = SacreCHRF(**options)
    sacre.corpus_score(["a"], [["a"], ["b"]])
    ours = CHRF([["a"], ["b"]], **options)
    expected = sacre.get_signature().format().rsplit("|", 1)[0]
    assert ours.signature().format().rsplit("|", 1)[0] == expected
    expected_short = sacre.get_signature().format(short=True).rsplit("|", 1)[0]
    assert ours.signature().format(short=True).rsplit("|", 1)[0] == expected_short


def test_variable_number_of_references_in_signature() -> None:
    metric = CHRF(ref_streams=[["a", "b"], ["c", None]])
    assert metric.signature().as_dict()["nrefs"] == "var"


def test_text_and_json_output_as_sacrebleu() -> None:
    hyps, refs = ["The cat sat on the mat."], [["The cat is on the mat."]]
    sacre = SacreCHRF(word_order=2)
    theirs = sacre.corpus_score(hyps, refs)
    ours = CHRF(word_order=2).corpus_score(hyps, refs)
    assert ours.score == theirs.score
    assert ours.format() == theirs.format() == str(ours)
    assert ours.format(width=4) == theirs.format(width=4)
    signature = ours.signature.format()
    assert ours.format(signature=True) == theirs.format(signature=signature)
    expected = json.loads(theirs.format(signature=signature, is_json=True))
    got = ours.to_dict()
    assert {key: got[key] for key in expected} == expected
    assert got["score_unrounded"] == theirs.score
    assert got["statistics"] == list(ours.statistics)


def test_scores_are_vectorized_over_rows() -> None:
    metric = CHRF()
    stats = metric.statistics(["a b c", "x", ""], [["a b d", "x", "y"]])
    rows = metric.scores(stats.values)
    for i in range(3):
        assert rows[i] == metric.score_totals(stats.values[i]).score
    assert metric.sentence_scores(["a b c", "x", ""], [["a b d", "x", "y"]]).tolist() == (
        rows.tolist()
    )


@pytest.mark.parametrize(
    "options",
    [
        {"char_order": -1},
        {"char_order": 1.5},
        {"char_order": True},
        {"word_order": -2},
        {"beta": -1},
        {"beta": "2"},
        {"char_order": 0, "word_order": 0},
    ],
)
def test_invalid_options_raise_option_error(options: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        CHRF(**options)  # type: ignore[arg-type]


def test_word_only_and_char_only_variants_add_up() -> None:
    """chrF++ statistics are the chrF ones followed by the word ones (char_order=0)."""
    hyps, refs = ["Der Hund (bellt)."], [["Ein Hund bellt."]]
    both = CHRF(word_order=2).statistics(hyps, refs).values
    chars = CHRF().statistics(hyps, refs).values
    words = CHRF(char_order=0, word_order=2).statistics(hyps, refs).values
    assert np.array_equal(both, np.concatenate([chars, words], axis=1))
