"""A list scored against itself in one block (`parbleu.pairwise.square`): every cell equal to
sacreBLEU 2.6.0's ``sentence_chrf`` / ``sentence_bleu`` (the oracle), on each of its paths:
rare n-grams paired by shifts, common ones by the 0/1 matrix product, and the order-by-order
kernel it leaves large vocabularies to."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import sacrebleu

from parbleu import pairwise
from parbleu.pairwise import square


def _sacrebleu(metric: str, options: dict[str, Any], lines: list[str]) -> list[list[float]]:
    if metric == "bleu":
        scorer: Any = sacrebleu.metrics.BLEU(effective_order=True)
    else:
        scorer = sacrebleu.metrics.CHRF(**options)
    return [[scorer.sentence_score(h, [r]).score for r in lines] for h in lines]


def _lines(count: int, seed: int) -> list[str]:
    """MBR-like samples: a few words reshuffled, so that n-grams are shared by many."""
    words = ["the", "cat", "sat", "on", "mat", "a", "dog", "sits", ",", ".", "the", "mats!"]
    rng = np.random.default_rng(seed)
    return [" ".join(rng.choice(words, rng.integers(0, 12))) for _ in range(count)]


@pytest.mark.parametrize("metric", ["chrf", "chrf++", "bleu"])
@pytest.mark.parametrize("dense_size", [2, 5, 1000])  # all dense, mixed, all shifts
def test_cells_on_every_path(metric: str, dense_size: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(square, "_dense_size", lambda n: dense_size)
    lines = _lines(24, seed=dense_size)
    options = {"word_order": 2} if metric == "chrf++" else {}
    name = "chrf" if metric == "chrf++" else metric
    ours = pairwise.matrix(lines, metric=name, **options)
    assert ours.tolist() == _sacrebleu(metric, options, lines)


def test_large_vocabulary_falls_back_to_the_kernel() -> None:
    """Some 1,700 distinct characters: 6-gram keys do not fit in an int64 (None), and the
    order-by-order kernel gives sacreBLEU's cells."""
    chars = [chr(0x4E00 + i) for i in range(1700)]
    lines = ["".join(chars[k::3]) + "".join(chars[:40]) for k in range(3)] + [""]
    encoded = np.array([ord(c) for c in "".join(lines)], dtype=np.int64)
    offsets = np.cumsum([0] + [len(line) for line in lines]).astype(np.int64)
    assert square.self_matches(encoded, offsets, 6) is None
    assert pairwise.matrix(lines).tolist() == _sacrebleu("chrf", {}, lines)


@pytest.mark.parametrize(
    "lines",
    [
        ["a", "ab", "", "abc", "  ", "abcdef", "b", "abcdefg", "ba"],  # shorter than the order
        ["ab", "ab", "ab", "", ""],  # duplicates, empty
        ["the cat sat on the mat"],  # one candidate
        [" ", "\t", ""],  # whitespace only: no character n-gram anywhere
        ["", "aaaaaaaa", "aaaa", "a"],  # one character repeated: counts above 1 at every order
    ],
)
def test_short_sentences_and_edges(lines: list[str]) -> None:
    """N-grams that would run past a sentence's end, also over sentences shorter than the
    order before it, are left out: every cell equals sacreBLEU's sentence chrF (the oracle)."""
    for options in ({}, {"whitespace": True, "word_order": 2}):
        ours = pairwise.matrix(lines, **options)
        assert ours.tolist() == _sacrebleu("chrf", options, lines)
