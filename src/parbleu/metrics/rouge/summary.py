"""ROUGE-Lsum's union-LCS hits (Lin 2004, section 3.2), for every segment at once.

A segment is a summary: sentences separated by newlines. rouge_score 0.1.2
(``_summary_level_lcs``) takes, for each reference sentence ``r``, the union of the positions
of ``r`` on one LCS of ``r`` with each hypothesis sentence (the LCS its backtrack reads out,
`parbleu.engine.lcs.lcs_positions`), and counts a hit for each token at those positions while
that token remains in both the reference's and the hypothesis's token counts, decrementing both.

Each reference position is visited at most once, so the reference's count never runs out
first, and the hits are a clipped count: ``sum over tokens t of min(U_t, C_t)``, with ``U_t``
the number of union positions holding ``t`` and ``C_t`` the occurrences of ``t`` in the
hypothesis. When the reference and the hypothesis are one sentence each, the union is one
LCS, whose tokens occur in both: the hits are the LCS length.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parbleu.arrays import IntArray
from parbleu.engine.lcs import TokenPositions, lcs_lengths, lcs_positions
from parbleu.engine.segments import Segments
from parbleu.engine.text import span_positions

__all__ = ["Sentences", "merge_sentences", "split_sentences", "summary_hits"]


@dataclass(frozen=True, eq=False)
class Sentences:
    """Sentences of a corpus of summaries: the text of each, and how many each segment has."""

    lines: list[str]
    counts: IntArray


def split_sentences(segments: Sequence[str]) -> Sentences:
    """rouge_score's sentences: each segment split on newlines, empty strings dropped."""
    if not any("\n" in segment for segment in segments):
        counts = np.array([len(segment) > 0 for segment in segments], dtype=np.int64)
        return Sentences([segment for segment in segments if segment], counts)
    parts = [[part for part in segment.split("\n") if part] for segment in segments]
    counts = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts))
    return Sentences([part for segment in parts for part in segment], counts)


def merge_sentences(sentences: Segments, counts: IntArray) -> Segments:
    """The tokens of each segment: those of its sentences, one after another.

    Newlines separate tokens, so a segment's tokens are its sentences' tokens in order.
    """
    ends = np.concatenate([[0], np.cumsum(counts)])
    return Segments(sentences.values, sentences.offsets.take(ends))


def _gather(corpus: Segments, segments: IntArray) -> Segments:
    """The given segments of `corpus` (repetitions allowed), as a corpus of their own."""
    lengths = corpus.lengths.take(segments)
    ids = corpus.values.take(span_positions(corpus.offsets.take(segments), lengths))
    return Segments(ids, np.concatenate([[0], np.cumsum(lengths)]).astype(np.int64))


def _clipped(
    union_segments: IntArray, union_tokens: IntArray, hyp: Segments, hyp_segments: IntArray
) -> tuple[IntArray, IntArray]:
    """min(union count, hypothesis count) of each (segment, token) of the union, and its segment."""
    known = hyp.values >= 0
    base = int(max(hyp.values.max(initial=0), union_tokens.max(initial=0))) + 1
    union_keys, union_counts = np.unique(union_segments * base + union_tokens, return_counts=True)
    hyp_keys, hyp_counts = np.unique(
        hyp_segments[known] * base + hyp.values[known], return_counts=True
    )
    where = np.minimum(np.searchsorted(hyp_keys, union_keys), max(len(hyp_keys) - 1, 0))
    present = hyp_keys.take(where) == union_keys if len(hyp_keys) else np.zeros(0, dtype=bool)
    hits = np.where(present, np.minimum(union_counts, hyp_counts.take(where)), 0)
    return hits, union_keys // base


def summary_hits(
    indexed_refs: TokenPositions, ref_sentences: IntArray, hyps: Segments, hyp_sentences: IntArray
) -> IntArray:
    """The union-LCS hits of every segment.

    Args:
        indexed_refs: the reference sentences, one segment each, all segments' in order.
        ref_sentences: the number of reference sentences of each segment.
        hyps: the hypothesis sentences, likewise.
        hyp_sentences: the number of hypothesis sentences of each segment.
    """
    refs = indexed_refs.corpus
    n_segments = len(ref_sentences)
    if (ref_sentences == 1).all() and (hyp_sentences == 1).all():
        return lcs_lengths(indexed_refs, hyps)  # one pair per segment: the LCS length
    pairs_per_segment = ref_sentences * hyp_sentences
    segment = np.repeat(np.arange(n_segments, dtype=np.int64), pairs_per_segment)
    within = np.arange(len(segment), dtype=np.int64) - np.repeat(
        np.cumsum(pairs_per_segment) - pairs_per_segment, pairs_per_segment
    )
    columns = hyp_sentences.take(segment)
    ref_of_pair = (np.cumsum(ref_sentences) - ref_sentences).take(segment) + within // columns
    hyp_of_pair = (np.cumsum(hyp_sentences) - hyp_sentences).take(segment) + within % columns
    hits = np.zeros(n_segments, dtype=np.int64)
    single = (pairs_per_segment == 1).take(segment)
    if single.any():
        pairs = np.flatnonzero(single)
        lengths = lcs_lengths(_gather(refs, ref_of_pair[pairs]), _gather(hyps, hyp_of_pair[pairs]))
        hits[segment[pairs]] = lengths
    if single.all():
        return hits
    pairs = np.flatnonzero(~single)
    pair, position = lcs_positions(
        _gather(refs, ref_of_pair[pairs]), _gather(hyps, hyp_of_pair[pairs])
    )
    places = np.unique(refs.offsets.take(ref_of_pair[pairs].take(pair)) + position)
    ref_segment_of_sentence = np.repeat(np.arange(n_segments, dtype=np.int64), ref_sentences)
    ref_sentence_of_token = np.repeat(np.arange(refs.n_segments, dtype=np.int64), refs.lengths)
    union_segments = ref_segment_of_sentence.take(ref_sentence_of_token.take(places))
    hyp_segments = np.repeat(
        np.repeat(np.arange(n_segments, dtype=np.int64), hyp_sentences), hyps.lengths
    )
    clipped, owners = _clipped(union_segments, refs.values.take(places), hyps, hyp_segments)
    hits += np.bincount(owners, weights=clipped, minlength=n_segments).astype(np.int64)
    return hits
