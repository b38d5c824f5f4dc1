"""MBR at scale: row blocks, TER matrices, reference aggregation, pruning, top-k.

Oracles: fastchrf 0.2.1's ``pairwise_chrf`` and ``aggregate_chrf`` (bit for bit); mbrs 0.1.8's
aggregated BLEU restated without torch (tests/oracles/mbrs_bleu.py, bit for bit in float64;
mbrs returns the same values rounded to float32); sacreBLEU 2.6.0's ``sentence_ter`` per
cell; the plain matrix (one block) for the blocked one; hand-made matrices for pruning.
"""

from __future__ import annotations

import importlib
import math
import random

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu import pairwise
from parbleu.errors import InputError, OptionError
from parbleu.pairwise.sums import ordered_sums
from tests.oracles.mbrs_bleu import aggregated_bleu
from tests.strategies import mt_line

matrix_module = importlib.import_module("parbleu.pairwise.matrix")
fastchrf = pytest.importorskip("fastchrf", reason="fastchrf (the test extra) is not installed")

WORDS = ["the", "cat", "sat", "on", "a", "mat", "dog", "house", "small", "was", ",", ".", "!"]


def samples(seed: int, n: int) -> list[str]:
    """MBR-like samples: many near-copies of a few sentences, and an empty one."""
    rng = random.Random(seed)
    base = [rng.choices(WORDS, k=rng.randint(3, 14)) for _ in range(3)]
    out = []
    for _ in range(n):
        words = list(rng.choice(base))
        for _ in range(rng.randint(0, 3)):
            words[rng.randrange(len(words))] = rng.choice(WORDS)
        out.append(" ".join(words))
    out[-1] = ""
    return out


CANDIDATES = samples(1, 40)
REFERENCES = samples(2, 23)


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ({}, {}),
        ({"eps_smoothing": True}, {"eps_smoothing": True}),
        ({"char_order": 4, "beta": 1}, {"char_order": 4, "beta": 1.0}),
        ({"whitespace": True}, {"remove_whitespace": False}),
    ],
)
def test_chrf_equals_fastchrf(ours: dict, theirs: dict) -> None:
    pairs = pairwise.matrix(CANDIDATES, REFERENCES, **ours)
    assert pairs.tolist() == fastchrf.pairwise_chrf([CANDIDATES], [REFERENCES], **theirs)[0]
    aggregated = pairwise.aggregate(CANDIDATES, REFERENCES, **ours)
    assert aggregated.tolist() == fastchrf.aggregate_chrf([CANDIDATES], [REFERENCES], **theirs)[0]


@settings(max_examples=30, deadline=None)
@given(st.lists(mt_line(), min_size=1, max_size=6), st.lists(mt_line(), min_size=1, max_size=6))
def test_aggregate_chrf_fuzzed_against_fastchrf(hyps: list[str], refs: list[str]) -> None:
    # fastchrf drops Unicode White_Space, Python's str.split() a few more (U+001C-U+001F)
    separators = dict.fromkeys(range(0x1C, 0x20), " ")
    hyps = [h.translate(separators) for h in hyps]
    refs = [r.translate(separators) for r in refs]
    expected = fastchrf.aggregate_chrf([hyps], [refs])[0]
    assert pairwise.aggregate(hyps, refs).tolist() == expected


@pytest.mark.parametrize(
    "options",
    [{}, {"tokenize": "intl", "lowercase": True}, {"smooth_method": "floor"}, {"tokenize": "char"}],
)
def test_aggregate_bleu_equals_mbrs(options: dict) -> None:
    ours = pairwise.aggregate(CANDIDATES, REFERENCES, metric="bleu", **options)
    assert ours.tolist() == aggregated_bleu(CANDIDATES, REFERENCES, **options)
    own = pairwise.aggregate(CANDIDATES, metric="bleu", **options)
    assert own.tolist() == aggregated_bleu(CANDIDATES, CANDIDATES, **options)


def test_aggregate_bleu_with_weights_equals_mbrs_with_their_log_probabilities() -> None:
    weights = [float(k % 5) for k in range(len(REFERENCES))]
    total = sum(weights)
    lprobs = [math.log(w) - math.log(total) if w > 0 else -math.inf for w in weights]
    ours = pairwise.aggregate(CANDIDATES, REFERENCES, metric="bleu", weights=weights)
    assert ours.tolist() == aggregated_bleu(CANDIDATES, REFERENCES, lprobs=lprobs)


def test_weighted_aggregate_chrf_is_the_expected_count_formula() -> None:
    # hand maths: one candidate, two references weighted 3:1, chrF with char_order 1, beta 1
    weights = [3.0, 1.0]
    got = pairwise.aggregate(["ab"], ["ab", "cc"], weights=weights, char_order=1, beta=1)
    # expected counts a: .75, b: .75, c: .5; matches min(1, .75) * 2 = 1.5
    # hypothesis 2 n-grams, expected reference 2 n-grams: P = R = .75, F = .75
    assert got.tolist() == pytest.approx([75.0], abs=1e-12)


def test_aggregate_refuses_ter_and_bad_weights() -> None:
    with pytest.raises(OptionError, match="needs n-gram statistics"):
        pairwise.aggregate(["a"], metric="ter")
    with pytest.raises(InputError, match="2 finite non-negative"):
        pairwise.aggregate(["a"], ["a", "b"], weights=[1.0])


def test_ter_matrix_equals_sacrebleu_per_cell() -> None:
    hyps, refs = CANDIDATES[:9], REFERENCES[:7]
    got = pairwise.matrix(hyps, refs, metric="ter")
    expected = [[sacrebleu.sentence_ter(h, [r]).score for r in refs] for h in hyps]
    assert got.tolist() == expected


def test_ter_mbr_picks_the_lowest_expected_ter() -> None:
    choice = pairwise.mbr(CANDIDATES[:8], metric="ter")
    ter = [[sacrebleu.sentence_ter(h, [r]).score for r in CANDIDATES[:8]] for h in CANDIDATES[:8]]
    means = [sum(row) / len(row) for row in ter]
    assert choice.index == means.index(min(means))
    assert choice.top(2)[0].utility == pytest.approx(min(means), rel=1e-12)


@pytest.mark.parametrize("metric", ["chrf", "chrf++", "bleu"])
def test_row_blocks_equal_one_block(monkeypatch: pytest.MonkeyPatch, metric: str) -> None:
    whole = pairwise.matrix(CANDIDATES, REFERENCES, metric=metric)
    monkeypatch.setattr(matrix_module, "BLOCK_CELLS", 3 * len(REFERENCES) + 1)
    assert pairwise.matrix(CANDIDATES, REFERENCES, metric=metric).tolist() == whole.tolist()
    monkeypatch.setattr(matrix_module, "BLOCK_CELLS", 1)  # one row a block
    assert pairwise.matrix(CANDIDATES, REFERENCES, metric=metric).tolist() == whole.tolist()


def test_top_k_is_sorted_with_ties_by_index() -> None:
    choice = pairwise.mbr(["b a", "a b", "x", "a b", "b a"])
    top = choice.top(5)
    utilities = [r.utility for r in top]
    assert utilities == sorted(utilities, reverse=True)
    assert [r.index for r in top][:4] == [0, 1, 3, 4]  # four equal utilities, by index
    assert top[0].index == choice.index
    assert len(choice.top(100)) == 5


def test_pruning_keeps_the_exact_choice_on_separable_candidates() -> None:
    refs = samples(3, 300)
    cands = refs[:30]
    exact = pairwise.mbr(cands, refs)
    pruned = pairwise.mbr(cands, refs, method="pruning")
    assert pruned.index == exact.index
    survivors = ~np.isnan(pruned.utilities)
    assert 1 <= survivors.sum() < len(cands)
    # survivors' utilities are means over the last prefix (256 pseudo-references)
    expected = pairwise.matrix([cands[i] for i in np.flatnonzero(survivors)], refs[:256])
    assert pruned.utilities[survivors].tolist() == pytest.approx(expected.mean(axis=1).tolist())


def test_pruning_keeps_at_least_k_and_is_seeded() -> None:
    refs = samples(4, 64)
    a = pairwise.mbr(refs, method="pruning", keep=5, pruning=pairwise.PruningOptions(seed=7))
    b = pairwise.mbr(refs, method="pruning", keep=5, pruning=pairwise.PruningOptions(seed=7))
    assert len(a.top(5)) == 5
    assert np.array_equal(a.utilities, b.utilities, equal_nan=True)


def test_pruning_options_are_checked() -> None:
    with pytest.raises(OptionError, match="alpha"):
        pairwise.PruningOptions(alpha=1.0)
    with pytest.raises(OptionError, match="schedule"):
        pairwise.PruningOptions(schedule=(8, 8))
    with pytest.raises(OptionError, match="method"):
        pairwise.mbr(["a"], method="fast")


def test_ordered_sums_add_left_to_right() -> None:
    # oracle: a Python loop over each group's terms in key order
    rng = np.random.default_rng(0)
    groups = rng.integers(0, 7, 500)
    keys = rng.permutation(500)
    values = rng.random(500) * 10.0 ** rng.integers(-8, 8, 500)
    expected = [0.0] * 7
    for i in np.argsort(keys):
        expected[groups[i]] += float(values[i])
    assert ordered_sums(groups, keys, values, 7).tolist() == expected


def test_no_block_holds_more_cells_than_the_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 24 item 17: the statistics of all n x m cells were built at once (600 B a cell);
    # the kernel must now see at most BLOCK_CELLS cells at a time (and the same scores)
    kernel = importlib.import_module("parbleu.pairwise.kernel")
    seen: list[int] = []
    counts = kernel.shared_counts

    def recording(hyps, refs, shape):
        seen.append(shape[0] * shape[1])
        return counts(hyps, refs, shape)

    hyps, refs = samples(5, 90), samples(6, 70)
    whole = pairwise.matrix(hyps, refs, metric="chrf++")
    monkeypatch.setattr(matrix_module, "shared_counts", recording)
    monkeypatch.setattr(matrix_module, "BLOCK_CELLS", 1000)
    assert pairwise.matrix(hyps, refs, metric="chrf++").tolist() == whole.tolist()
    assert max(seen) <= 1000
    assert len(seen) == 8 * -(-90 // (1000 // 70))  # 8 orders (6 char, 2 word) per block
