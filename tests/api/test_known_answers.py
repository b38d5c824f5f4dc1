"""Oracle: the published known answers of sacreBLEU, NLTK and Moses.

See ../shared/data/KNOWN_ANSWERS.md.

Expected values are the numbers printed in those projects' test suites.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from parbleu import BLEU, corpus_bleu, sentence_bleu

# sacreBLEU test/test_bleu.py: the README corpus, two reference streams.
README_HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]
README_REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, 48.530827),
        ({"tokenize": "none"}, 49.1919566),
        ({"tokenize": "13a"}, 48.530827),
        ({"tokenize": "intl"}, 43.91623493),
        ({"smooth_method": "none"}, 48.530827),
    ],
)
def test_sacrebleu_readme_corpus(options: dict[str, str], expected: float) -> None:
    assert abs(corpus_bleu(README_HYPS, README_REFS, **options).score - expected) < 1e-8


def test_sacrebleu_empty_hypotheses_are_kept_and_score_zero() -> None:
    score = corpus_bleu(["", "", ""], README_REFS)
    assert score.score == 0.0
    assert score.sys_len == 0
    assert score.ref_len > 0  # the three segments were not dropped


@pytest.mark.parametrize(
    ("order", "expected"),
    [(1, "77.65"), (2, "60.50"), (3, "53.93"), (4, "48.53"), (5, "46.14"), (6, "43.28")],
)
def test_sacrebleu_max_ngram_order(order: int, expected: str) -> None:
    assert f"{corpus_bleu(README_HYPS, README_REFS, max_ngram_order=order).score:.2f}" == expected


def raw_bleu(hyps: list[str], refs: list[str], floor: float | None = 0.01) -> float:
    """sacreBLEU's raw_corpus_bleu: no tokenization, floor smoothing, effective order."""
    metric = BLEU(tokenize="none", smooth_method="floor", smooth_value=floor, effective_order=True)
    return metric.corpus_score(hyps, [refs]).score / 100


@pytest.mark.parametrize(
    ("hyps", "refs", "expected"),
    [
        (["this is a test"], ["this is a test"], 1.0),
        (["this is a fest"], ["this is a test"], 0.223606797749979),
        (["this is a test", "another test"], ["ref1", "ref2"], 0.0),  # issue #141
        (["test"], ["a test"], 0.3678794411714425),
        (["a test"], ["a test"], 1.0),
        (["a little test"], ["a test"], 0.03218297948685433),
    ],
)
def test_sacrebleu_raw_corpus_bleu(hyps: list[str], refs: list[str], expected: float) -> None:
    assert abs(raw_bleu(hyps, refs) - expected) < 1e-8


def test_sacrebleu_statistics_and_floor_offsets() -> None:
    hyp, ref = "am I am a character sequence", "I am a symbol string sequence a a"
    score = BLEU(tokenize="none").corpus_score([hyp], [[ref]])
    assert (list(score.counts), list(score.totals)) == ([4, 2, 1, 0], [6, 5, 4, 3])
    assert abs(raw_bleu([hyp], [ref], None) - 0.1555722182) < 1e-8  # default floor 0.1
    assert raw_bleu([hyp], [ref], 0.0) == 0.0


def _stats_row(counts: list[int], totals: list[int], sys_len: int, ref_len: int) -> np.ndarray:
    return np.array([sys_len, ref_len, *counts, *totals])


def test_sacrebleu_score_from_statistics() -> None:
    row = _stats_row([9, 7, 5, 3], [10, 8, 6, 4], 11, 11)
    score = BLEU(smooth_method="none").score_totals(row)
    assert abs(score.score / 100 - 0.8375922397) < 1e-8


@pytest.mark.parametrize(
    ("counts", "totals", "sys_len", "ref_len", "floor"),
    [
        ([0, 0, 0, 0], [4, 4, 2, 1], 0, 1, 0.0),
        ([0, 0, 0, 0], [10, 11, 12, 0], 14, 10, 0.0),
        ([0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0.0),
        ([6, 5, 4, 0], [6, 5, 4, 3], 6, 6, 0.0),
        ([0, 0, 0, 0], [0, 0, 0, 0], 0, 0, 0.1),
        ([0, 0, 0, 0], [0, 0, 0, 0], 1, 5, 0.01),
    ],
)
def test_sacrebleu_degenerate_statistics_score_zero(
    counts: list[int], totals: list[int], sys_len: int, ref_len: int, floor: float
) -> None:
    metric = BLEU(smooth_method="floor", smooth_value=floor)
    assert metric.score_totals(_stats_row(counts, totals, sys_len, ref_len)).score == 0.0


# sacreBLEU test/test_sentence_bleu.py: a Romanian pair from its issue #98.
ROMANIAN_REF = "producţia de zahăr brut se exprimă în zahăr alb;"
ROMANIAN_HYP = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;"


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"smooth_method": "exp"}, 8.493),
        ({"smooth_method": "none"}, 0.0),
        ({"smooth_method": "floor"}, 4.51688),
        ({"smooth_method": "floor", "smooth_value": 0.1}, 4.51688),
        ({"smooth_method": "floor", "smooth_value": 0.5}, 10.10),
        ({"smooth_method": "add-k"}, 14.882),
        ({"smooth_method": "add-k", "smooth_value": 1}, 14.882),
        ({"smooth_method": "add-k", "smooth_value": 2}, 21.389),
        ({"tokenize": "none"}, 7.347),
        ({"tokenize": "intl"}, 8.493),
        ({"tokenize": "char"}, 40.8759),
        ({"tokenize": "char", "lowercase": True}, 42.0267),
    ],
)
def test_sacrebleu_sentence_bleu(options: dict[str, object], expected: float) -> None:
    score = sentence_bleu(ROMANIAN_HYP, [ROMANIAN_REF], **options)
    assert abs(score.score - expected) < 1e-3


@pytest.mark.parametrize(
    "options",
    [
        {"smooth_method": "exp"},
        {"smooth_method": "none"},
        {"smooth_method": "floor"},
        {"smooth_method": "floor", "smooth_value": 0.1},
        {"smooth_method": "add-k"},
        {"smooth_method": "add-k", "smooth_value": 1},
    ],
)
def test_sacrebleu_sentence_without_overlap_scores_zero(options: dict[str, object]) -> None:
    """sacreBLEU issue #141: no overlap at all gives 0 whatever the smoothing."""
    assert sentence_bleu("this is a cat", ["okay thanks"], **options).score == 0.0


# NLTK nltk/test/unit/translate/test_bleu.py: brevity penalty (closest reference length).
def test_nltk_brevity_penalty_closest_reference() -> None:
    hyp = " ".join(["h"] * 7)
    refs = [" ".join(["r"] * 11), " ".join(["s"] * 8)]
    stats = BLEU(tokenize="none").statistics([hyp], segment_refs=[refs])
    assert stats.column("ref_len")[0] == 8
    score = BLEU(tokenize="none").score_totals(stats.total())
    assert abs(score.bp - math.exp(1 - 8 / 7)) < 1e-12
    assert f"{score.bp:.4f}" == "0.8669"
    refs.append(" ".join(["t"] * 7))
    assert BLEU(tokenize="none").sentence_score(hyp, refs).bp == 1.0


# Moses mert/BleuScorerTest.cpp: Koehn (2010)'s airport security example, four references.
AIRPORT_REFS = [
    "israeli officials are responsible for airport security",
    "israel is in charge of the security at this airport",
    "the security work for this airport is the responsibility of the israel government",
    "israli side was in charge of the security of this airport",
]


def test_moses_clipped_counts() -> None:
    score = BLEU(tokenize="none").sentence_score(
        "israeli officials responsibility of airport safety", AIRPORT_REFS
    )
    assert list(zip(score.counts, score.totals, strict=True)) == [(5, 6), (2, 5), (0, 4), (0, 3)]


def test_moses_score_and_bleu_plus_one_from_statistics() -> None:
    """Moses checks these with IsAlmostEqual, i.e. to within 1e-4."""
    row = _stats_row([6, 4, 2, 1], [6, 5, 4, 3], 6, 7)
    assert abs(BLEU(smooth_method="none").score_totals(row).score / 100 - 0.5115) < 1e-4
    # BLEU+1 (Lin and Och 2004) adds one to matches and totals of orders 2-4: add-k with k = 1.
    plus_one = BLEU(smooth_method="add-k", smooth_value=1).score_totals(row).score / 100
    assert abs(plus_one - 0.5985) < 1e-4


def test_moses_counts_25_distinct_ngrams() -> None:
    """An 8-token sentence with one repeated word has 25 distinct n-grams of orders 1-4."""
    metric = BLEU([["I saw a girl with a telescope ."]], tokenize="none")
    assert metric.prepared is not None
    table = metric.prepared.table
    assert sum(len(keys) for keys in table.keys) == 25
    assert metric.prepared.lookup.size == 7
