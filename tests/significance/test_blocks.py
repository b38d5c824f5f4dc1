"""The paper's block test (Papineni et al. 2002, section 3), against hand computation.

Oracles: block scores, means, variances and t-statistics worked out by hand on a toy corpus
scored with unigram BLEU (equal lengths, so BLEU-1 is the matched share of tokens);
scipy.stats.ttest_rel for the paired t-test on random data.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats as scipy_stats

from parbleu import BLEU
from parbleu.errors import InputError, LengthMismatchError, OptionError
from parbleu.metrics.chrf.metric import CHRF
from parbleu.significance.blocks import DEFAULT_BLOCKS, block_bounds, block_test, paired_t_test
from parbleu.stats import Stats

REFS = ["a b c d"] * 6


def _hypothesis(matches: int) -> str:
    """Four tokens of which the first ``matches`` are in the reference ``a b c d``."""
    return " ".join(["a", "b", "c", "d"][:matches] + ["x"] * (4 - matches))


@pytest.fixture
def toy() -> tuple[BLEU, dict[str, Stats]]:
    bleu = BLEU([REFS], tokenize="none", max_ngram_order=1)
    # blocks of 2 segments: B matches 2,2 | 3,1 | 1,1 of 8 tokens -> 50, 50, 25
    #                       A matches 4,4 | 3,3 | 2,4            -> 100, 75, 75
    b = bleu.statistics([_hypothesis(k) for k in (2, 2, 3, 1, 1, 1)])
    a = bleu.statistics([_hypothesis(k) for k in (4, 4, 3, 3, 2, 4)])
    return bleu, {"B": b, "A": a}


def test_hand_computed_block_test(toy: tuple[BLEU, dict[str, Stats]]) -> None:
    bleu, systems = toy
    result = block_test(bleu, systems, n_blocks=3)
    assert result.block_sizes == (2, 2, 2)
    b, a = result.systems
    assert b.block_scores == pytest.approx((50, 50, 25), rel=1e-12)
    assert a.block_scores == pytest.approx((100, 75, 75), rel=1e-12)
    assert a.mean == pytest.approx(250 / 3, rel=1e-12)
    assert b.mean == pytest.approx(125 / 3, rel=1e-12)
    # sample variances (divided by n - 1 = 2): both (2 * (25/3)**2 + (50/3)**2) / 2 = 625/3
    assert a.variance == pytest.approx(625 / 3, rel=1e-12)
    assert b.variance == pytest.approx(625 / 3, rel=1e-12)
    assert a.std == pytest.approx(math.sqrt(625 / 3), rel=1e-12)
    # d = A - B = 50, 25, 50: mean 125/3, variance 625/3, t = (125/3) / sqrt(625/9) = 5
    assert a.vs_baseline is not None
    assert a.vs_baseline.other == "B"
    assert a.vs_baseline.t == pytest.approx(5.0, rel=1e-12)
    assert a.vs_baseline.df == 2
    # Student's t with 2 df: P(T > t) = (1 - t / sqrt(t^2 + 2)) / 2
    one_sided = (1 - 5 / math.sqrt(27)) / 2
    assert a.vs_baseline.p_one_sided == pytest.approx(one_sided, rel=1e-12)
    assert a.vs_baseline.p_value == pytest.approx(2 * one_sided, rel=1e-12)
    # ranking by ascending mean (the paper's column order); A is compared with B below it
    assert [s.system for s in result.ranking] == ["B", "A"]
    assert (b.rank, a.rank) == (1, 2)
    assert a.vs_neighbour == a.vs_baseline
    assert b.vs_baseline is None
    assert b.vs_neighbour is None
    # the corpus score is not the mean of blocks in general (here: 36 of 48 tokens = 75)
    assert a.score == pytest.approx(250 / 3, rel=1e-12)
    assert result.signature.as_dict()["blocks"] == "3"


def test_neighbours_follow_the_ranking() -> None:
    bleu = BLEU([REFS], tokenize="none", max_ngram_order=1)
    systems = {
        name: bleu.statistics([_hypothesis(k) for k in counts])
        for name, counts in {
            "mid": (2, 3, 2, 3, 2, 3),
            "low": (1, 1, 2, 1, 1, 2),
            "high": (4, 4, 3, 4, 4, 3),
        }.items()
    }
    result = block_test(bleu, systems, n_blocks=3)
    by_name = {s.system: s for s in result.systems}
    assert [s.system for s in result.ranking] == ["low", "mid", "high"]
    assert by_name["high"].vs_neighbour is not None
    assert by_name["high"].vs_neighbour.other == "mid"
    assert by_name["mid"].vs_neighbour is not None
    assert by_name["mid"].vs_neighbour.other == "low"
    assert by_name["low"].vs_neighbour is None
    assert by_name["low"].vs_baseline is not None
    assert by_name["low"].vs_baseline.t < 0  # below the baseline "mid"


@pytest.mark.parametrize(
    ("n_segments", "n_blocks", "sizes"),
    [
        (500, 20, [25] * 20),
        (10, 4, [3, 3, 2, 2]),
        (7, 7, [1] * 7),
        (3004, 20, [151] * 4 + [150] * 16),
    ],
)
def test_blocks_are_contiguous_and_nearly_equal(
    n_segments: int, n_blocks: int, sizes: list[int]
) -> None:
    bounds = block_bounds(n_segments, n_blocks)
    assert bounds[0] == 0
    assert bounds[-1] == n_segments
    assert np.diff(bounds).tolist() == sizes


def test_default_is_the_papers_twenty_blocks() -> None:
    assert DEFAULT_BLOCKS == 20


def test_block_scores_are_corpus_scores_of_blocks() -> None:
    chrf = CHRF([["the cat sat", "on the mat", "a dog", "barked loud", "at night"]])
    hyps = ["the cat sits", "on a mat", "dog", "barked", "at night"]
    stats = chrf.statistics(hyps)
    result = block_test(chrf, {"sys": stats}, n_blocks=2)
    (system,) = result.systems
    assert result.block_sizes == (3, 2)
    assert system.block_scores[0] == chrf.score_totals(stats.take([0, 1, 2]).total()).score
    assert system.block_scores[1] == chrf.score_totals(stats.take([3, 4]).total()).score
    assert system.vs_baseline is None
    assert system.vs_neighbour is None
    assert result.name == "chrF2"


@settings(max_examples=100, deadline=None)
@given(
    data=st.lists(st.tuples(st.floats(0, 100), st.floats(0, 100)), min_size=2, max_size=40).filter(
        lambda rows: len({round(a - b, 6) for a, b in rows}) > 1
    )
)
def test_paired_t_test_matches_scipy(data: list[tuple[float, float]]) -> None:
    a, b = np.array(data).T
    ours = paired_t_test(a, b, "other")
    theirs = scipy_stats.ttest_rel(a, b)
    assert ours.t == pytest.approx(theirs.statistic, rel=1e-7, abs=1e-9)
    assert ours.p_value == pytest.approx(theirs.pvalue, rel=1e-6, abs=1e-12)
    one_sided = scipy_stats.ttest_rel(a, b, alternative="greater").pvalue
    assert ours.p_one_sided == pytest.approx(one_sided, rel=1e-6, abs=1e-12)


def test_constant_differences() -> None:
    same = paired_t_test([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert (same.t, same.p_value, same.p_one_sided) == (0.0, 1.0, 0.5)
    shifted = paired_t_test([2.0, 3.0, 4.0], [1.0, 2.0, 3.0])
    assert shifted.t == math.inf
    assert shifted.p_value == 0.0


def test_errors(toy: tuple[BLEU, dict[str, Stats]]) -> None:
    bleu, systems = toy
    with pytest.raises(OptionError, match=">= 2"):
        block_bounds(10, 1)
    with pytest.raises(InputError, match="3 segments cannot form 4"):
        block_bounds(3, 4)
    with pytest.raises(InputError, match="at least one system"):
        block_test(bleu, {})
    with pytest.raises(LengthMismatchError):
        block_test(bleu, {"a": systems["A"], "b": systems["B"].take([0, 1, 2])}, n_blocks=2)
    with pytest.raises(InputError, match="not computed by this metric"):
        block_test(CHRF([REFS]), systems, n_blocks=2)
    with pytest.raises(InputError, match="at least 2 blocks"):
        paired_t_test([1.0], [2.0])
