"""Known answers published by rouge_score 0.1.2 (``rouge_scorer_test.py``) and Lin (2004).

Oracles: the values rouge_score's own tests assert (fractions computed by hand there), and
the summary-level LCS example of Lin (2004), section 3.2 (reference w1..w5, candidate
sentences whose LCS are w1 w2 and w1 w3 w5: union w1 w2 w3 w5, R = 4/5, P = 4/10).
"""

from __future__ import annotations

import pytest

from parbleu.errors import OptionError
from parbleu.metrics.rouge import ROUGE, RougeOptions
from parbleu.metrics.rouge.family import RougeFamily


def score(rouge_type: str, target: str, prediction: str, **options: object) -> tuple[float, ...]:
    result = ROUGE([[target]], rouge_type=rouge_type, **options).corpus_score([prediction])
    return result.precision, result.recall, result.fmeasure


@pytest.mark.parametrize(
    ("rouge_type", "target", "prediction", "expected"),
    [
        ("rouge1", "testing one two", "testing", (1, 1 / 3, 1 / 2)),  # testRouge1
        ("rouge2", "testing one two", "testing one", (1, 1 / 2, 2 / 3)),  # testRouge2
        ("rougeL", "testing one two", "testing one", (1, 2 / 3, 4 / 5)),  # LConsecutive
        ("rougeL", "testing one two", "testing two", (1, 2 / 3, 4 / 5)),  # LNonConsecutive
        ("rouge1", "testing one two", "testing one", (1, 2 / 3, 4 / 5)),  # MultipleRougeTypes
        # testRougeLsum: Lin (2004), section 3.2, with one candidate sentence per line.
        ("rougeLsum", "w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", (0.4, 0.8, 0.8 / 1.5)),
    ],
)
def test_rouge_score_unit_tests(
    rouge_type: str, target: str, prediction: str, expected: tuple[float, ...]
) -> None:
    assert score(rouge_type, target, prediction) == pytest.approx(expected)


@pytest.mark.parametrize("rouge_type", ["rouge1", "rouge2", "rougeL", "rougeLsum"])
def test_empty_prediction_scores_zero(rouge_type: str) -> None:
    """rouge_score testRougeEmpty: an empty prediction scores 0 everywhere."""
    assert score(rouge_type, "testing one two", "") == (0, 0, 0)


def test_multi_reference_best_by_f() -> None:
    """rouge_score testRougeAllMulti: score_multi keeps each variant's best reference by F."""
    refs = [["first text"], ["first something"]]
    family = RougeFamily(refs, rouge_types=("rouge1", "rouge2", "rougeL"))
    scores = {name: s.fmeasure for name, s in family.corpus_score(["text first"]).items()}
    assert scores == pytest.approx({"rouge1": 1, "rouge2": 0, "rougeL": 0.5})


def test_summary_sentence_splitting() -> None:
    """rouge_score testRougeLSumSentenceSplitting: newline-split sentences match in any order,
    the same text on one line is one sentence (F 0.5)."""
    target, prediction = "First sentence.\nSecond Sentence.", "Second sentence.\nFirst Sentence."
    assert score("rougeLsum", target, prediction, stem=True)[2] == pytest.approx(1.0)
    joined = score("rougeLsum", target.replace("\n", " "), prediction.replace("\n", " "), stem=True)
    assert joined[2] == pytest.approx(0.5)


@pytest.mark.parametrize("rouge_type", ["rougen", "rouge0", "rouge", "rougel", "bleu", 1])
def test_invalid_rouge_types(rouge_type: object) -> None:
    """rouge_score testInvalidRougeTypes (rougen, rouge0); parbleu accepts rouge10 and up."""
    with pytest.raises(OptionError):
        RougeOptions(rouge_type=rouge_type)  # type: ignore[arg-type]
    assert RougeOptions(rouge_type="rouge10").order == 10


def test_union_lcs_hand_count() -> None:
    """Lin (2004) section 3.2 by hand, with a repeated token.

    Reference "a b a" against the candidate sentences "a" and "b a": the backtrack reads the
    LCS "a" at reference position 2, and "b a" at positions 1, 2; the union {1, 2} holds b
    and a, both still in the counts: 2 hits of 3 tokens each side, P = R = 2/3.
    """
    assert score("rougeLsum", "a b a", "a\nb a")[:2] == pytest.approx((2 / 3, 2 / 3))
