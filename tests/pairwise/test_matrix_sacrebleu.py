"""Oracle: sacreBLEU 2.6.0's ``sentence_chrf`` / ``sentence_bleu`` for every cell, bit for bit.

Each cell (i, j) of `parbleu.pairwise.matrix` must equal sacreBLEU's sentence score of
hypothesis i with reference j as its only reference (and parbleu's own
``sentence_score``, which is itself tested against sacreBLEU elsewhere), for random MT-like
text with hard characters (tests/strategies.py), option variants, both the sparse and the
matrix-product path of the kernel, batches of candidate lists, and real WMT21 sentences.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

import parbleu
from parbleu import pairwise
from parbleu.pairwise import kernel
from tests.strategies import mt_line
from tests.wmt import WmtData

Oracle = Callable[[str, str], float]
matrix_module = importlib.import_module("parbleu.pairwise.matrix")

CHRF_OPTIONS: list[dict[str, Any]] = [
    {},
    {"word_order": 2},
    {"lowercase": True, "whitespace": True},
    {"char_order": 3, "word_order": 1, "beta": 1},
    {"eps_smoothing": True, "word_order": 2},
    {"char_order": 0, "word_order": 2},
]
BLEU_OPTIONS: list[dict[str, Any]] = [
    {},
    {"tokenize": "intl", "lowercase": True},
    {"tokenize": "char", "smooth_method": "floor", "smooth_value": 0.2},
    {"smooth_method": "add-k", "effective_order": False},
    {"tokenize": "zh", "smooth_method": "none"},
]


def sacre_chrf(options: dict[str, Any]) -> Oracle:
    metric = sacrebleu.metrics.CHRF(**options)
    return lambda h, r: metric.sentence_score(h, [r]).score


def sacre_bleu(options: dict[str, Any]) -> Oracle:
    options = dict(options)
    options.setdefault("effective_order", True)
    metric = sacrebleu.metrics.BLEU(**options)
    return lambda h, r: metric.sentence_score(h, [r]).score


def loop(oracle: Oracle, hyps: Sequence[str], refs: Sequence[str]) -> np.ndarray:
    return np.array([[oracle(h, r) for r in refs] for h in hyps]).reshape(len(hyps), len(refs))


def check(metric: str, options: dict[str, Any], hyps: list[str], refs: list[str] | None) -> None:
    oracle = sacre_bleu(options) if metric == "bleu" else sacre_chrf(options)
    ours = pairwise.matrix(hyps, refs, metric=metric, **options)
    expected = loop(oracle, hyps, hyps if refs is None else refs)
    assert ours.shape == expected.shape
    assert ours.tolist() == expected.tolist()


_LINES = st.lists(mt_line(), min_size=1, max_size=7)


@pytest.mark.parametrize("options", CHRF_OPTIONS)
@settings(max_examples=25, deadline=None)
@given(_LINES, st.one_of(st.none(), _LINES))
def test_chrf_cells(options: dict[str, Any], hyps: list[str], refs: list[str] | None) -> None:
    check("chrf", options, hyps, refs)


@pytest.mark.parametrize("options", BLEU_OPTIONS)
@settings(max_examples=25, deadline=None)
@given(_LINES, st.one_of(st.none(), _LINES))
def test_bleu_cells(options: dict[str, Any], hyps: list[str], refs: list[str] | None) -> None:
    check("bleu", options, hyps, refs)


@pytest.mark.parametrize("metric", ["chrf", "chrf++", "bleu"])
@pytest.mark.parametrize("blocks", [False, True])
def test_matrix_product_path(metric: str, blocks: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forcing every shared n-gram onto the 0/1 matrix product changes no cell, also in
    blocks of a few rows and of a few columns (n-gram levels) at a time."""
    words = ["the", "a", "cat", "cats", "sat", "on", "mat", "the", "the", "dog", ",", ".", "!"]
    rng = np.random.default_rng(3)
    lines = [" ".join(rng.choice(words, rng.integers(0, 14))) for _ in range(30)]
    monkeypatch.setattr(kernel, "DENSE_WORK", 0)
    monkeypatch.setattr(kernel, "DENSE_SHARE", 1 << 30)
    if blocks:
        monkeypatch.setattr(kernel, "DENSE_BLOCK", 200)
        monkeypatch.setattr(matrix_module, "BLOCK_CELLS", 100)
    options = {"word_order": 2} if metric == "chrf++" else {}
    name = "chrf" if metric == "chrf++" else metric
    check(name, options, lines, None)
    check(name, options, lines[:11], lines[11:])


def test_batch_of_lists_equals_single_matrices() -> None:
    """Oracle: sacreBLEU per cell, for lists of different sizes scored in one batch."""
    lists = [["a b c", "a b d", ""], ["x y", "y x z"], ["same", "same", "same", "same"]]
    refs = [["a b", "c d e"], ["y"], ["same"]]
    oracle = sacre_chrf({})
    for ours, hyps, rs in zip(pairwise.matrices(lists, refs), lists, refs, strict=True):
        assert ours.tolist() == loop(oracle, hyps, rs).tolist()
    for ours, hyps in zip(pairwise.matrices(lists, metric="bleu"), lists, strict=True):
        assert ours.tolist() == loop(sacre_bleu({}), hyps, hyps).tolist()


def test_agrees_with_parbleu_sentence_score() -> None:
    hyps = ["The cat sat.", "A dog barked at the mailman!", ""]
    refs = ["The cat sat on the mat.", "the dog"]
    bleu = parbleu.BLEU(effective_order=True)
    chrf = parbleu.CHRF(word_order=2)
    got_bleu = pairwise.matrix(hyps, refs, metric="bleu")
    got_chrf = pairwise.matrix(hyps, refs, metric="chrf++")
    for i, h in enumerate(hyps):
        for j, r in enumerate(refs):
            assert got_bleu[i, j] == bleu.sentence_score(h, [r]).score
            assert got_chrf[i, j] == chrf.sentence_score(h, [r]).score


@pytest.mark.shared_data
@pytest.mark.parametrize("metric", ["chrf", "chrf++", "bleu"])
def test_wmt_sentences(shared_data: WmtData, metric: str) -> None:
    """24 system outputs x 24 references of WMT21 en-de (and zh-en for BLEU's zh tokenizer)."""
    pair = shared_data.pair("en-de")
    hyps = pair.system(pair.system_names[0])[100:124]
    refs = pair.reference(pair.reference_names[0])[100:124]
    options = {"word_order": 2} if metric == "chrf++" else {}
    check("chrf" if metric == "chrf++" else metric, options, hyps, refs)


@pytest.mark.shared_data
def test_wmt_chinese_bleu(shared_data: WmtData) -> None:
    pair = shared_data.pair("en-zh")
    hyps = pair.system(pair.system_names[0])[:16]
    check("bleu", {"tokenize": "zh"}, hyps, None)


def test_other_metrics_cell_by_cell() -> None:
    """Metrics without an n-gram kernel (TER) are scored pair by pair, in the same cells.

    Oracle: sacreBLEU 2.6.0's ``sentence_ter`` of each pair.
    """
    hyps = ["the cat sat on the mat", "a cat sat", ""]
    refs = ["the cat sat on a mat", "mat the on sat cat the"]
    ter = sacrebleu.metrics.TER()
    expected = loop(lambda h, r: ter.sentence_score(h, [r]).score, hyps, refs)
    assert pairwise.matrix(hyps, refs, metric="ter").tolist() == expected.tolist()
    itself = loop(lambda h, r: ter.sentence_score(h, [r]).score, hyps, hyps)
    assert pairwise.matrix(hyps, metric="ter").tolist() == itself.tolist()


def test_ngram_ids_agree_across_sort_strategies() -> None:
    """The packed sort, the argsort and the per-step sorts (taken when keys are too large to
    pack) give the same n-gram ids and entries (the sacreBLEU tests above see the first)."""
    rng = np.random.default_rng(5)
    keys = rng.integers(0, 40, 500)
    rows = np.sort(rng.integers(0, 9, 500))
    tokens = np.arange(500, dtype=np.int64)
    offsets = np.searchsorted(rows, np.arange(10)).astype(np.int64)
    results = [
        kernel._ranked_entries(keys, bound, (rows, 4), (tokens, offsets))
        for bound in (40, 1 << 50, 1 << 60)  # packed, argsort, one sort per step
    ]
    for ids, entries in results[1:]:
        assert ids.tolist() == results[0][0].tolist()
        for field in ("ngram", "row", "count", "first"):
            assert getattr(entries, field).tolist() == getattr(results[0][1], field).tolist()
