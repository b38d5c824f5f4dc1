"""Counts of one hypothesis corpus against one reference stream, for each ROUGE variant.

Each function returns ``(N, 3)`` integers per segment: the count ROUGE scores (clipped n-gram
overlap, LCS length, union-LCS hits), the size of the hypothesis and of the reference (n-grams
or tokens), as rouge_score's ``_score_ngrams``, ``_score_lcs`` and ``_summary_level_lcs``
count them.
"""

from __future__ import annotations

import numpy as np

from parbleu.arrays import IntArray
from parbleu.engine.lcs import TokenPositions, lcs_lengths
from parbleu.engine.ngrams import NgramTable, clipped_matches, ngram_totals
from parbleu.engine.segments import Segments
from parbleu.metrics.rouge.summary import summary_hits

__all__ = ["lcs_counts", "ngram_counts", "summary_counts"]


def ngram_counts(
    table: NgramTable, order: int, reference: Segments, hypotheses: Segments
) -> IntArray:
    """ROUGE-N: n-grams shared (each at most as often as in the reference), and totals.

    `table` counts the reference's n-grams up to an order of at least `order`.
    """
    overlap = clipped_matches(table, hypotheses)[:, order - 1]
    hyp_total = ngram_totals(hypotheses.lengths, order)[:, order - 1]
    ref_total = ngram_totals(reference.lengths, order)[:, order - 1]
    return np.stack([overlap, hyp_total, ref_total], axis=1)


def lcs_counts(reference: TokenPositions, hypotheses: Segments) -> IntArray:
    """ROUGE-L: the LCS length, and the token counts."""
    lcs = lcs_lengths(reference, hypotheses)
    return np.stack([lcs, hypotheses.lengths, reference.corpus.lengths], axis=1)


def _segment_lengths(sentences: Segments, per_segment: IntArray) -> IntArray:
    """Tokens of each segment, from the tokens of its sentences."""
    ends = np.cumsum(per_segment)
    sums = np.concatenate([[0], np.cumsum(sentences.lengths)])
    lengths: IntArray = sums.take(ends) - sums.take(ends - per_segment)
    return lengths


def summary_counts(
    reference: TokenPositions,
    ref_sentences: IntArray,
    hypotheses: Segments,
    hyp_sentences: IntArray,
) -> IntArray:
    """ROUGE-Lsum: union-LCS hits, and the token counts of the whole summaries.

    `reference` indexes the reference sentences, one segment each.
    """
    hits = summary_hits(reference, ref_sentences, hypotheses, hyp_sentences)
    hyp_len = _segment_lengths(hypotheses, hyp_sentences)
    ref_len = _segment_lengths(reference.corpus, ref_sentences)
    return np.stack([hits, hyp_len, ref_len], axis=1)
