"""N-gram matches of a hypothesis against each reference, for all segments at once.

chrF needs, for every segment, order and reference *separately* (it keeps the best reference
of each segment), the number of n-grams the hypothesis shares with the reference, counted
with multiplicity: ``sum over n-grams g of min(count in hypothesis, count in reference)``.

References are prepared once: their positions become packed keys (`parbleu.metrics.
chrf_packing`), sorted per chunk of segments. For a hypothesis, each chunk's keys are sorted
once and merged with each reference's sorted keys. In the merged order, the positions that
start with the same n-gram form a run, for every order n at once. With ``h`` hypothesis and
``r`` reference positions in a run, ``min(h, r) = (h + r - |h - r|) / 2``: summed over the
runs of a segment this is ``(hyp_len + ref_len - sum of |h - r|) / 2``, and ``h - r`` of a
run is a difference of one running sum. Orders are processed from the longest down, each
coarser partition being a subset of the run ends of the finer one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from parbleu.arrays import IntArray
from parbleu.engine.ngrams import NgramTable, build_table, clipped_matches
from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments
from parbleu.engine.sorted_keys import (
    KEY_BITS,
    ChunkPlan,
    IdMode,
    chunk_bounds,
    plan_chunk,
)

__all__ = ["DEFAULT_CHUNK_SIZE", "ReferenceNgrams"]


#: Tokens of one segment range: ``tokens(start, stop)``, offsets starting at 0.
HypothesisTokens = Callable[[int, int], Segments]
#: The same for every reference stream.
ReferenceTokens = Callable[[int, int], Sequence[Segments]]

#: Reference tokens per stream and chunk: large enough to amortize numpy calls, small enough
#: for a chunk's arrays to stay in the CPU caches and to keep memory low.
DEFAULT_CHUNK_SIZE = 1 << 14

#: Hypothesis text is turned into tokens for consecutive chunks together, up to about this
#: many reference tokens of the longest stream (fewer, larger calls; memory stays bounded).
HYPOTHESIS_BLOCK = 1 << 17


@dataclass(frozen=True, eq=False)
class _Chunk:
    """A chunk's plan with the sorted reference keys (or engine tables) of every stream."""

    plan: ChunkPlan
    keys: tuple[IntArray, ...]
    tables: tuple[NgramTable, ...]
    lengths: IntArray  # (n_streams, n_segments) reference tokens


@dataclass(frozen=True, eq=False)
class ReferenceNgrams:
    """The n-grams (orders ``1 .. order``) of K parallel reference streams, prepared once.

    Text is turned into tokens one chunk of segments at a time, by functions the caller
    passes in, so that memory stays proportional to a chunk, not to the corpus.
    """

    order: int
    n_segments: int
    n_streams: int
    chunks: tuple[_Chunk, ...]
    blocks: tuple[tuple[int, int], ...]  # chunk index ranges whose hypotheses are read at once

    @classmethod
    def build(
        cls,
        lengths: IntArray,
        tokens: ReferenceTokens,
        order: int,
        vocabulary_size: int,
        *,
        chunk_size: int = DEFAULT_CHUNK_SIZE,
        hypothesis_block: int = HYPOTHESIS_BLOCK,
        key_bits: int = KEY_BITS,
    ) -> ReferenceNgrams:
        """Prepare reference streams.

        Args:
            lengths: ``(n_streams, n_segments)`` tokens of every reference.
            tokens: the tokens of every stream for a range of segments; ids are
                ``0 .. vocabulary_size - 1`` and an absent reference is an empty segment.
            order: the largest n-gram order.
            vocabulary_size: number of distinct reference tokens.
            chunk_size: target reference tokens per stream and chunk.
            hypothesis_block: target reference tokens of the chunks whose hypotheses are
                turned into tokens together (`matches`).
            key_bits: bits a packed key may use (smaller values force fallbacks, for tests).
        """
        chunks = []
        for start, stop in chunk_bounds(lengths, chunk_size):
            streams = tokens(start, stop)
            for plan in plan_chunk(streams, start, order, vocabulary_size, key_bits=key_bits):
                lo, hi = plan.start - start, plan.stop - start
                chunks.append(_prepare_chunk(plan, [stream.slice(lo, hi) for stream in streams]))
        n_streams, n_segments = lengths.shape
        blocks = _blocks(chunks, lengths, hypothesis_block)
        return cls(order, n_segments, n_streams, tuple(chunks), blocks)

    def matches(self, tokens: HypothesisTokens) -> tuple[IntArray, IntArray]:
        """Shared n-grams with each reference, and the hypothesis tokens of each segment.

        Args:
            tokens: the hypothesis tokens of a range of segments (-1: unknown token).

        Returns:
            Matches of shape ``(n_streams, n_segments, order)`` and lengths ``(n_segments,)``.
        """
        out = np.zeros((self.n_streams, self.n_segments, self.order), dtype=np.int64)
        lengths = np.zeros(self.n_segments, dtype=np.int64)
        for first, last in self.blocks:
            start, stop = self.chunks[first].plan.start, self.chunks[last - 1].plan.stop
            block = tokens(start, stop)
            lengths[start:stop] = block.lengths
            for chunk in self.chunks[first:last]:
                plan = chunk.plan
                hypotheses = block.slice(plan.start - start, plan.stop - start)
                out[:, plan.start : plan.stop] = _chunk_matches(chunk, hypotheses)
        return out, lengths

    def indexed_matches(self, hypotheses: Segments, segment_of: IntArray) -> IntArray | None:
        """Shared n-grams of hypothesis ``i`` with each reference of segment ``segment_of[i]``.

        Several hypotheses may share a prepared segment (GRPO: the completions of one prompt),
        so each distinct reference is prepared once. Each hypothesis is counted against a copy
        of its segment's sorted reference keys, renumbered to the hypothesis: the statistics of
        `matches` with the references repeated.

        Returns:
            Matches ``(n_streams, n_hypotheses, order)``; None where a chunk has no keys
            (`IdMode.GENERAL`) or the hypothesis numbers do not fit in a key.
        """
        if any(chunk.plan.mode is IdMode.GENERAL for chunk in self.chunks):
            return None
        out = np.zeros((self.n_streams, len(segment_of), self.order), dtype=np.int64)
        in_order = bool(np.all(segment_of[1:] >= segment_of[:-1]))  # GRPO's batches are
        by_segment = None if in_order else np.argsort(segment_of, kind="stable")
        ordered = segment_of if by_segment is None else segment_of[by_segment]
        for chunk in self.chunks:
            lo, hi = (int(i) for i in np.searchsorted(ordered, [chunk.plan.start, chunk.plan.stop]))
            if lo == hi:
                continue
            local = ordered[lo:hi] - chunk.plan.start
            if by_segment is None:
                matched = _indexed_chunk_matches(chunk, hypotheses.slice(lo, hi), local)
                which: slice | IntArray = slice(lo, hi)
            else:
                which = by_segment[lo:hi]
                matched = _indexed_chunk_matches(chunk, hypotheses.take(which), local)
            if matched is None:
                return None
            out[:, which] = matched
        return out


def _indexed_chunk_matches(chunk: _Chunk, hypotheses: Segments, local: IntArray) -> IntArray | None:
    """`_chunk_matches` of hypotheses against the chunk's segments `local` (repeats allowed)."""
    n = len(local)
    plan = replace(chunk.plan, start=0, stop=n)
    if plan.segment_shift + n.bit_length() > KEY_BITS:
        return None
    hyp_keys = chunk.plan.keys(hypotheses, reference=False, alphabet_of=local)
    hyp_keys.sort()
    ref_lengths = chunk.lengths[:, local]
    low = (1 << plan.segment_shift) - 1
    numbers = np.arange(n, dtype=np.int64)
    renumbered = []
    for ref_keys, lengths, taken in zip(chunk.keys, chunk.lengths, ref_lengths, strict=True):
        # A segment's keys are consecutive in the sorted keys (the segment is their top field).
        starts = np.cumsum(lengths) - lengths
        first_out = np.cumsum(taken) - taken
        where = np.repeat(starts.take(local) - first_out, taken)
        where += np.arange(len(where), dtype=np.int64)
        keys = ref_keys.take(where)
        keys &= low
        keys |= np.repeat(numbers << plan.segment_shift, taken)
        renumbered.append(keys)
    return _merged_matches(plan, hyp_keys, renumbered, hypotheses.lengths[None, :] + ref_lengths)


def _blocks(chunks: Sequence[_Chunk], lengths: IntArray, size: int) -> tuple[tuple[int, int], ...]:
    """Runs of consecutive chunks of about `size` reference tokens (longest stream) each."""
    per_segment = np.maximum(lengths.max(axis=0, initial=0), 1)
    weights = [int(per_segment[chunk.plan.start : chunk.plan.stop].sum()) for chunk in chunks]
    return tuple(weighted_ranges(weights, size))


def _prepare_chunk(plan: ChunkPlan, streams: Sequence[Segments]) -> _Chunk:
    lengths = np.stack([stream.lengths for stream in streams])
    if plan.mode is IdMode.GENERAL:
        tables = tuple(
            build_table(
                [stream.as_int64()],
                plan.order,
                plan.vocabulary_size,
            )
            for stream in streams
        )
        return _Chunk(plan, (), tables, lengths)
    keys = []
    for stream in streams:
        stream_keys = plan.keys(stream, reference=True)
        stream_keys.sort()
        keys.append(stream_keys)
    return _Chunk(plan, tuple(keys), (), lengths)


def _chunk_matches(chunk: _Chunk, hypotheses: Segments) -> IntArray:
    """Matches ``(n_streams, chunk segments, order)`` of one chunk."""
    plan = chunk.plan
    if plan.mode is IdMode.GENERAL:
        encoded = hypotheses.as_int64()
        return np.stack([clipped_matches(table, encoded) for table in chunk.tables])
    hyp_keys = plan.keys(hypotheses, reference=False)
    hyp_keys.sort()
    return _merged_matches(plan, hyp_keys, chunk.keys, hypotheses.lengths[None, :] + chunk.lengths)


def _merged_matches(
    plan: ChunkPlan, hyp_keys: IntArray, stream_keys: Sequence[IntArray], totals: IntArray
) -> IntArray:
    """Matches ``(n_streams, plan segments, order)``: sorted hypothesis keys with each stream's."""
    out = np.empty((len(stream_keys), plan.n_segments, plan.order), dtype=np.int64)
    for k, ref_keys in enumerate(stream_keys):
        merged = np.concatenate((ref_keys, hyp_keys))
        merged.sort(kind="stable")  # a merge of two sorted runs
        out[k] = _run_matches(merged, plan, totals[k])
    return out


def _run_matches(merged: IntArray, plan: ChunkPlan, totals: IntArray) -> IntArray:
    """Matches per segment and order from the merged sorted keys of one chunk.

    Args:
        merged: sorted keys of the hypothesis and one reference.
        plan: the chunk's key layout.
        totals: hypothesis plus reference tokens of each segment.
    """
    order = plan.order
    out = np.zeros((plan.n_segments, order), dtype=np.int64)
    if len(merged) == 0:
        return out
    change = merged[1:] ^ merged[:-1]
    # Runs of the longest order end where the next key differs in more than the tag bit; the
    # runs of order n end where it differs in the segment or the first n digits.
    ends = np.flatnonzero(change >= 2)
    end_change = change.take(ends)
    # balance: hypothesis minus reference positions up to each run end, between a leading 0
    # and the balance of the whole chunk (the end of the last run).
    references_so_far = np.cumsum(merged & 1)
    balance = np.empty(len(ends) + 2, dtype=np.int32)
    balance[0] = 0
    balance[1:-1] = ends + 1 - 2 * references_so_far.take(ends)
    balance[-1] = len(merged) - 2 * int(references_so_far[-1])
    segment_ends = np.flatnonzero(end_change >= 1 << plan.segment_shift)
    # The first run of each segment with positions: per-segment sums are one `reduceat`
    # (a few hundred segments a chunk; NumPy's `cumsum` is several times slower per element).
    firsts = np.zeros(len(segment_ends) + 1, dtype=np.int64)
    sums = np.empty((order, len(firsts)), dtype=np.int64)
    steps = np.empty(len(ends) + 1, dtype=np.int32)
    for n in range(order, 0, -1):
        if n < order:
            kept = np.flatnonzero(end_change >= 1 << (1 + plan.bits * (order - n)))
            end_change = end_change.take(kept)
            np.take(balance[1:-1], kept, out=balance[1 : len(kept) + 1])
            balance[len(kept) + 1] = balance[-1]
            balance = balance[: len(kept) + 2]
            segment_ends = np.searchsorted(kept, segment_ends)
        imbalance = steps[: len(balance) - 1]
        np.subtract(balance[1:], balance[:-1], out=imbalance)
        np.abs(imbalance, out=imbalance)
        np.add(segment_ends, 1, out=firsts[1:])
        sums[n - 1] = np.add.reduceat(imbalance, firsts)
    # Per segment (with positions, in merged order): positions minus the summed imbalance.
    present = np.flatnonzero(totals)
    out[present] = (totals[present, None] - sums.T) // 2
    return out
