"""MBR selection. Oracle: sacreBLEU 2.6.0 sentence scores averaged by hand (Python sums),
with the argmax taken by hand (first maximum)."""

from __future__ import annotations

import math

import pytest
import sacrebleu

from parbleu import pairwise
from parbleu.errors import InputError, OptionError

CANDIDATES = [
    "The cat sat on the mat.",
    "A cat was sitting on the mat.",
    "The cat sat on a mat.",
    "Dogs bark.",
    "The cat sat on the mat!",
]


def expected(
    candidates: list[str], refs: list[str], weights: list[float] | None = None
) -> list[float]:
    w = weights or [1.0] * len(refs)
    return [
        sum(wj * sacrebleu.sentence_chrf(c, [r]).score for wj, r in zip(w, refs, strict=True))
        / sum(w)
        for c in candidates
    ]


def first_max(values: list[float]) -> int:
    best = 0
    for i, v in enumerate(values):
        if v > values[best]:
            best = i
    return best


def test_candidates_as_pseudo_references() -> None:
    utilities = expected(CANDIDATES, CANDIDATES)
    choice = pairwise.mbr(CANDIDATES)
    assert choice.utilities.tolist() == pytest.approx(utilities, rel=1e-12)
    assert choice.index == first_max(utilities)
    assert choice.candidate == CANDIDATES[choice.index]


def test_weighted_pseudo_references() -> None:
    refs = CANDIDATES[:3]
    weights = [0.2, 0.3, 0.5]
    choice = pairwise.mbr(CANDIDATES, refs, weights=weights)
    assert choice.utilities.tolist() == pytest.approx(
        expected(CANDIDATES, refs, weights), rel=1e-12
    )


def test_ties_go_to_the_first_candidate() -> None:
    choice = pairwise.mbr(["b a", "a b", "a b", "b a"])
    assert choice.utilities[0] == choice.utilities[1] == choice.utilities[3]
    assert choice.index == 0


def test_batch_and_bleu() -> None:
    lists = [CANDIDATES, CANDIDATES[::-1][:3]]
    choices = pairwise.mbr_batch(lists, metric="bleu")
    for choice, candidates in zip(choices, lists, strict=True):
        utilities = [
            math.fsum(sacrebleu.sentence_bleu(c, [r]).score for r in candidates) / len(candidates)
            for c in candidates
        ]
        assert choice.utilities.tolist() == pytest.approx(utilities, rel=1e-12)
        assert choice.index == first_max(utilities)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: pairwise.mbr([]), "at least one candidate"),
        (lambda: pairwise.mbr(["a"], ["a", "b"], weights=[1.0]), "2 finite non-negative"),
        (lambda: pairwise.mbr(["a"], ["a"], weights=[-1.0]), "non-negative"),
        (lambda: pairwise.mbr_batch([["a"]], weights=[None, None]), "1 candidate lists but 2"),
        (lambda: pairwise.matrix("abc"), "expected a list of strings"),
        (lambda: pairwise.matrix(["a", 3]), r"hypothesis list 0\[1\]"),
        (lambda: pairwise.matrices([["a"]], [["a"], ["b"]]), "1 hypothesis lists but 2"),
    ],
)
def test_errors(call: object, message: str) -> None:
    with pytest.raises(InputError, match=message):
        call()  # type: ignore[operator]


def test_unknown_metric() -> None:
    with pytest.raises(OptionError, match="unknown metric 'nope'; choose from bleu, chrf"):
        pairwise.matrix(["a"], metric="nope")
    with pytest.raises(OptionError, match="NIST cannot be scored chunk by chunk"):
        pairwise.matrix(["a"], metric="nist")


def test_lower_is_better_picks_the_lowest_expected_score() -> None:
    """With TER (lower is better) MBR is the minimum expected TER.

    Oracle: hand maths with sacreBLEU 2.6.0's sentence TER of each pair.
    """
    candidates = ["the cat sat on the mat", "a cat sat on the mat", "the dog"]
    ter = sacrebleu.metrics.TER()
    expected = [sum(ter.sentence_score(c, [r]).score for r in candidates) / 3 for c in candidates]
    choice = pairwise.mbr(candidates, metric="ter")
    assert choice.utilities.tolist() == pytest.approx(expected, rel=1e-12)
    assert choice.index == expected.index(min(expected))
