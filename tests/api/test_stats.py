"""The merge laws of statistics: corpus scores of any split of a corpus add up.

Oracle: arithmetic. Sums of rows do not depend on how the rows are grouped, so BLEU of a
corpus equals BLEU of the summed statistics of any partition of it.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu import BLEU, Stats
from parbleu.errors import InputError
from tests.strategies import parallel_corpus


@settings(max_examples=60, deadline=None)
@given(corpus=parallel_corpus(max_segments=12), cut=st.integers(min_value=0, max_value=12))
def test_statistics_of_parts_sum_to_the_corpus(
    corpus: tuple[list[str], list[list[str | None]]], cut: int
) -> None:
    hyps, streams = corpus
    cut = min(cut, len(hyps))
    bleu = BLEU()
    whole = bleu.statistics(hyps, streams)
    if 0 < cut < len(hyps):
        first = bleu.statistics(hyps[:cut], [s[:cut] for s in streams])
        second = bleu.statistics(hyps[cut:], [s[cut:] for s in streams])
        assert np.array_equal(Stats.concat([first, second]).values, whole.values)
        assert np.array_equal(first.total() + second.total(), whole.total())
    from_totals = bleu.score_totals(whole.total())
    direct = bleu.corpus_score(hyps, streams)
    assert (from_totals.score, from_totals.counts, from_totals.totals, from_totals.bp) == (
        direct.score,
        direct.counts,
        direct.totals,
        direct.bp,
    )


@settings(max_examples=40, deadline=None)
@given(corpus=parallel_corpus(max_segments=10), seed=st.integers(0, 2**32 - 1))
def test_segment_order_does_not_matter(
    corpus: tuple[list[str], list[list[str | None]]], seed: int
) -> None:
    hyps, streams = corpus
    order = np.random.default_rng(seed).permutation(len(hyps))
    shuffled = BLEU().corpus_score(
        [hyps[i] for i in order], [[s[i] for i in order] for s in streams]
    )
    assert shuffled.score == pytest.approx(BLEU().corpus_score(hyps, streams).score, rel=1e-12)


def test_take_and_total() -> None:
    stats = Stats(("a", "b"), np.array([[1, 2], [3, 4], [5, 6]]))
    assert stats.take([0, 0, 2]).total().tolist() == [7, 10]
    assert stats.column("b").tolist() == [2, 4, 6]
    assert len(stats) == 3


def test_values_are_read_only() -> None:
    stats = Stats(("a",), np.array([[1], [2]]))
    with pytest.raises(ValueError, match="read-only"):
        stats.values[0, 0] = 5


def test_shape_and_columns_are_checked() -> None:
    with pytest.raises(InputError, match="shape"):
        Stats(("a", "b"), np.zeros((3, 3)))
    with pytest.raises(InputError, match="distinct"):
        Stats(("a", "a"), np.zeros((3, 2)))
    with pytest.raises(KeyError, match="no statistics column 'c'"):
        Stats(("a", "b"), np.zeros((1, 2))).column("c")
    with pytest.raises(InputError, match="columns differ"):
        Stats.concat([Stats(("a",), np.zeros((1, 1))), Stats(("b",), np.zeros((1, 1)))])
