"""Property tests of NIST: merge laws, reference order, range (hypothesis).

Oracles: mteval-v13a.pl's own accumulation (``MtevalNist`` in tests/test_nist_mteval.py
sums per-segment counts into corpus counts, as ``score_document`` does) for additivity, and
Doddington (2002), eq. 2 and 3, for invariances and bounds: the weights depend on reference
n-gram counts only, clipping takes a maximum and the length an average, none of which depends
on the order of the references; every weight lies in [0, log2(W)] for W reference words.
"""

from __future__ import annotations

import math
from random import Random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.metrics.nist.metric import NIST
from tests.oracles.mteval_nist import MtevalNist

# Few distinct words, so that n-grams repeat and match; "0" exercises mteval's Perl quirk.
WORDS = ["a", "b", "c", "0", "d"]
MAX_ORDER = 4

sentences = st.lists(st.sampled_from(WORDS), max_size=8).map(" ".join)


@st.composite
def corpora(draw: st.DrawFn, *, fixed_refs: bool = False) -> tuple[list[str], list[list[str]]]:
    """Hypotheses and the references of each segment (1-3 each, or a fixed number)."""
    n_segments = draw(st.integers(1, 5))
    hyps = draw(st.lists(sentences, min_size=n_segments, max_size=n_segments))
    if fixed_refs:
        k = draw(st.integers(1, 3))
        refs = [draw(st.lists(sentences, min_size=k, max_size=k)) for _ in range(n_segments)]
    else:
        refs = [draw(st.lists(sentences, min_size=1, max_size=3)) for _ in range(n_segments)]
    return hyps, refs


def metric(refs: list[list[str]], info_weights: str = "mteval") -> NIST:
    return NIST(
        segment_refs=refs, tokenize="none", max_ngram_order=MAX_ORDER, info_weights=info_weights
    )


@settings(max_examples=150, deadline=None)
@given(corpora(fixed_refs=True), st.sampled_from([True, False]))
def test_rows_sum_to_mteval_corpus_counts(
    corpus: tuple[list[str], list[list[str]]], perl_truth: bool
) -> None:
    # Every row equals mteval's score_segment counts, and the column sums equal its corpus
    # counts: statistics are additive.
    hyps, refs = corpus
    streams = [list(stream) for stream in zip(*refs, strict=True)]
    oracle = MtevalNist(streams, MAX_ORDER, perl_truth=perl_truth)
    nist = metric(refs, "mteval" if perl_truth else "paper")
    stats = nist.statistics(hyps)
    total, segments = oracle.counts(hyps)
    for row, counts in zip(stats.values, segments, strict=True):
        np.testing.assert_allclose(row[2 : 2 + MAX_ORDER], counts.tst_info[1:], atol=1e-12)
        assert list(row[-MAX_ORDER:]) == counts.tst_count[1:]
        assert row[0] == counts.tst_count[1]
        assert row[1] == counts.ref_count[1] / len(streams)
    summed = stats.total()
    np.testing.assert_allclose(summed[2 : 2 + MAX_ORDER], total.tst_info[1:], atol=1e-11)
    assert list(summed[-MAX_ORDER:]) == total.tst_count[1:]
    if total.ref_count[1]:  # mteval divides by the number of reference words
        expected, _ = oracle.score(hyps)
        got = nist.score_totals(summed).score
        assert math.isclose(got, expected, rel_tol=1e-12, abs_tol=1e-12)


@settings(max_examples=100, deadline=None)
@given(corpora(), st.data())
def test_partial_sums_merge(corpus: tuple[list[str], list[list[str]]], data: st.DataObject) -> None:
    # Rows summed by blocks (workers, resamples) add up to the corpus totals.
    hyps, refs = corpus
    nist = metric(refs)
    stats = nist.statistics(hyps)
    cut = data.draw(st.integers(0, len(hyps)))
    blocks = np.arange(cut), np.arange(cut, len(hyps))
    merged = stats.take(blocks[0]).total() + stats.take(blocks[1]).total()
    np.testing.assert_allclose(merged, stats.total(), rtol=1e-13, atol=1e-12)
    assert math.isclose(
        nist.scores(merged)[0], nist.scores(stats.total())[0], rel_tol=1e-12, abs_tol=1e-12
    )


@settings(max_examples=100, deadline=None)
@given(corpora(), sentences, st.data())
def test_a_row_depends_on_its_own_hypothesis_only(
    corpus: tuple[list[str], list[list[str]]], other: str, data: st.DataObject
) -> None:
    hyps, refs = corpus
    nist = metric(refs)
    index = data.draw(st.integers(0, len(hyps) - 1))
    changed = [*hyps[:index], other, *hyps[index + 1 :]]
    before, after = nist.statistics(hyps).values, nist.statistics(changed).values
    keep = np.arange(len(hyps)) != index
    np.testing.assert_array_equal(before[keep], after[keep])


@settings(max_examples=100, deadline=None)
@given(corpora(), st.randoms(use_true_random=False))
def test_reference_order_does_not_matter(
    corpus: tuple[list[str], list[list[str]]], random: Random
) -> None:
    hyps, refs = corpus
    shuffled = [list(segment) for segment in refs]
    for segment in shuffled:
        random.shuffle(segment)
    a, b = metric(refs).statistics(hyps).values, metric(shuffled).statistics(hyps).values
    np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


@settings(max_examples=100, deadline=None)
@given(corpora())
def test_duplicated_references_change_nothing(corpus: tuple[list[str], list[list[str]]]) -> None:
    # Doubling every reference doubles every count, leaving each ratio of counts, each
    # largest count and each average length as it was.
    hyps, refs = corpus
    once = metric(refs).corpus_score(hyps).score
    twice = metric([segment + segment for segment in refs]).corpus_score(hyps).score
    assert math.isclose(once, twice, rel_tol=1e-12, abs_tol=1e-12)


@settings(max_examples=150, deadline=None)
@given(corpora(), st.sampled_from(["mteval", "paper"]))
def test_scores_lie_between_zero_and_order_times_log_words(
    corpus: tuple[list[str], list[list[str]]], info_weights: str
) -> None:
    hyps, refs = corpus
    words = sum(len(ref.split()) for segment in refs for ref in segment)
    bound = MAX_ORDER * math.log2(max(words, 1)) + 1e-9
    nist = metric(refs, info_weights)
    assert 0.0 <= nist.corpus_score(hyps).score <= bound
    scores = nist.sentence_scores(hyps)
    assert np.all((scores >= 0.0) & (scores <= bound))


@settings(max_examples=100, deadline=None)
@given(st.lists(sentences, min_size=1, max_size=5))
def test_repeating_the_only_reference_matches_everything(refs: list[str]) -> None:
    nist = metric([[ref] for ref in refs])
    result = nist.corpus_score(refs)
    assert result.counts == result.totals
    assert result.bp == 1.0
