"""Options, signatures, statistics columns and ``with_weights`` for Chen and Cherry smoothing.

Oracles: the signature table of docs/smoothing.md; sacreBLEU 2.6.0 (``max_ngram_order``) and
the paper's equations (tests/test_smoothing_oracles.py) for scores after ``with_weights``.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from sacrebleu import metrics as sacrebleu_metrics

from parbleu.errors import InputError, OptionError
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.bleu.options import BleuOptions, Smoothing, SmoothVariant
from tests.oracles.smoothing import NLTK_METHODS, paper_bleu, words

HYPS = ["the cat sat on a mat", "It is a guide to action which ensures that the military obeys"]
REFS = [["the cat is on the mat"], ["It is a guide to action that ensures that the military"]]


@pytest.mark.parametrize(
    ("method", "variant", "value", "expected"),
    [
        ("cc4", "paper", None, "cc4[5.00]"),
        ("cc4", "paper", 2, "cc4[2.00]"),
        ("cc5", "paper", None, "cc5"),
        ("cc6", "paper", None, "cc6[5.00]"),
        ("cc7", "paper", 3, "cc7[3.00]"),
        ("cc4", "nltk", None, "nltk-cc4[5.00]"),
        ("cc5", "nltk", None, "nltk-cc5"),
        ("cc6", "nltk", 1, "nltk-cc6[1.00]"),
        ("cc7", "nltk", None, "nltk-cc7[5.00]"),
        ("none", "nltk", None, "nltk-none"),
        ("floor", "nltk", None, "nltk-floor[0.10]"),
        ("add-k", "nltk", None, "nltk-add-k[1.00]"),
        ("exp", "nltk", None, "nltk-exp"),
        ("exp", "paper", None, "exp"),
        ("floor", "paper", 0.01, "floor[0.01]"),
    ],
)
def test_signature_smooth_field(
    method: str, variant: str, value: float | None, expected: str
) -> None:
    """Oracle: the table of docs/smoothing.md."""
    bleu = BLEU(smooth_method=method, smooth_variant=variant, smooth_value=value)
    assert bleu.signature().as_dict()["smooth"] == expected
    assert f"|smooth:{expected}|" in bleu.signature().format()
    assert f"|s:{expected}|" in bleu.signature().format(short=True)


def test_different_arithmetic_never_shares_a_signature() -> None:
    signatures = {
        BLEU(smooth_method=method, smooth_variant=variant).signature().format()
        for method, variant in itertools.product(NLTK_METHODS, ("paper", "nltk"))
    }
    assert len(signatures) == 2 * len(NLTK_METHODS)


@pytest.mark.parametrize(
    ("method", "variant", "weights", "orders"),
    [
        ("cc4", "paper", None, 4),
        ("cc6", "nltk", None, 4),
        ("cc5", "paper", None, 5),
        ("cc7", "paper", (0.5, 0.5), 3),
        ("cc5", "nltk", None, 5),
        ("cc7", "nltk", (0.5, 0.5), 5),  # NLTK's order N + 1 is always order 5
        ("cc5", "nltk", (0.2,) * 5, 5),
        ("cc5", "paper", (0.2,) * 5, 6),
    ],
)
def test_columns_carry_the_orders_the_method_needs(
    method: str, variant: str, weights: tuple[float, ...] | None, orders: int
) -> None:
    bleu = BLEU(smooth_method=method, smooth_variant=variant, weights=weights, tokenize="none")
    names = [f"match_{n}" for n in range(1, orders + 1)] + [
        f"total_{n}" for n in range(1, orders + 1)
    ]
    assert bleu.columns == ("sys_len", "ref_len", *names)
    stats = bleu.statistics(HYPS, segment_refs=REFS)
    assert stats.columns == bleu.columns
    score = bleu.score_totals(stats.total())
    n = bleu.options.max_ngram_order
    assert len(score.counts) == len(score.totals) == len(score.precisions) == n
    assert list(score.totals) == stats.total()[2 + orders : 2 + orders + n].tolist()
    assert score.score == bleu.scores(stats.total())[0]


def test_scores_refuse_rows_without_the_next_order() -> None:
    four_orders = BLEU(smooth_method="exp", tokenize="none").statistics(HYPS, segment_refs=REFS)
    with pytest.raises(InputError, match=r"carry 4 n-gram orders.*needs 5"):
        BLEU(smooth_method="cc5").scores(four_orders.values)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"smooth_method": "cc5", "smooth_value": 1}, "smooth_value applies to"),
        ({"smooth_method": "cc4", "smooth_value": 0}, "K of cc4"),
        ({"smooth_method": "cc6", "smooth_value": 0}, "alpha of cc6"),
        ({"smooth_method": "cc7", "smooth_value": -1}, ">= 0"),
        ({"smooth_method": "cc8"}, "smooth_method must be one of .*cc7"),
        ({"smooth_variant": "moses"}, "smooth_variant must be one of paper, nltk; got 'moses'"),
        ({"smooth_variant": "nltk", "effective_order": True}, "effective_order does not exist"),
    ],
)
def test_invalid_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        BleuOptions(**options)  # type: ignore[arg-type]


def test_options_are_enums() -> None:
    options = BleuOptions(smooth_method="cc6", smooth_variant="nltk")
    assert options.smooth_method is Smoothing.CC6
    assert options.smooth_variant is SmoothVariant.NLTK
    assert options.smooth_value_or_default == 5


def test_with_weights_keeps_smoothing_and_checks_prepared_orders() -> None:
    bleu = BLEU([[r[0] for r in REFS]], smooth_method="cc5", tokenize="none")
    bleu2 = bleu.with_weights((0.5, 0.5))
    assert bleu2.options.smooth_method is Smoothing.CC5
    assert bleu2.options.smooth_variant is SmoothVariant.PAPER
    bleu2.corpus_score(HYPS)  # counts 3 orders from references prepared with 5
    with pytest.raises(OptionError, match=r"need 6 counted orders.*prepared for 5"):
        bleu.with_weights((0.2,) * 5)
    nltk = BLEU([[r[0] for r in REFS]], smooth_method="cc5", smooth_variant="nltk")
    assert nltk.with_weights((0.5, 0.5)).options.smooth_variant is SmoothVariant.NLTK


def test_with_weights_from_one_counting_pass_equals_sacrebleu_orders() -> None:
    """Oracle: sacreBLEU's ``max_ngram_order`` (BLEU-n with uniform weights), smoothing exp."""
    refs = [[r[0] for r in REFS]]
    bleu4 = BLEU(refs)
    stats = bleu4.statistics(HYPS)
    for n in (1, 2, 3, 4):
        oracle = sacrebleu_metrics.BLEU(max_ngram_order=n).corpus_score(HYPS, refs).score
        assert bleu4.with_weights((1 / n,) * n).scores(stats.total())[0] == oracle
        assert bleu4.with_weights((1 / n,) * n).corpus_score(HYPS).score == oracle


@pytest.mark.parametrize("method", ["cc4", "cc5", "cc6", "cc7"])
def test_with_weights_sentence_scores_equal_the_papers_equations(method: str) -> None:
    """Oracle: the paper's equations for BLEU-1..4, all from statistics counted once."""
    bleu4 = BLEU(tokenize="none", smooth_method=method)
    stats = bleu4.statistics(HYPS, segment_refs=REFS)
    for n in (1, 2, 3, 4):
        got = bleu4.with_weights((1 / n,) * n).scores(stats.values)
        expected = [
            paper_bleu([words(r) for r in refs], words(hyp), method, n)
            for hyp, refs in zip(HYPS, REFS, strict=True)
        ]
        assert np.allclose(got, expected, rtol=1e-12, atol=0), (method, n)
        assert all(math.isfinite(x) for x in got)
