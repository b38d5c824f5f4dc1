"""Shared n-gram counts of every (hypothesis, reference) pair, for all pairs at once.

BLEU's clipped matches and chrF's matches of one pair are, per order n,
``sum over n-grams g of min(h_g, r_g)`` with ``h_g`` and ``r_g`` the counts of g in the
hypothesis and in the reference (Papineni et al. 2002, section 2.1; Popović 2015). For
``n`` hypotheses and ``m`` references this module computes the whole ``n x m`` matrix
without a loop over pairs:

1. every n-gram of every sentence gets an exact global id, order by order
   (``id_n = rank(id_(n-1) * V + token)``, no hashing);
2. each sentence's n-grams become (id, count) entries;
3. an n-gram shared by few (hypothesis, reference) pairs adds ``min(h, r)`` to each of its
   cells through one ``bincount`` over the expanded pairs; the n-grams shared by a large
   part of all pairs (MBR candidates are alike) go to dense count matrices H and R instead,
   and ``min(H[i, :], R[j, :]).sum()`` is taken for all cells at once by broadcasting, in
   blocks of bounded size (no BLAS: exact integers, and no thread pool to contend for).

Sums are of integers, exact in float64 below 2**53.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.engine.ranges import fixed_ranges, weighted_ranges

__all__ = ["Entries", "ReferenceIndex", "ngram_entries", "shared_counts"]

#: Pairs sharing an n-gram from which it goes to the dense path (also at least 1/8 of the
#: cells: broadcasting costs one operation per cell and n-gram, expanding pairs several).
DENSE_WORK = 1024
#: Pairs expanded at once on the sparse path, and cells x n-grams at once on the dense path.
BLOCK = 1 << 22


@dataclass(frozen=True)
class Entries:
    """The n-grams of some sentences, sorted by n-gram.

    Entry k is n-gram ``ngram[k]``, occurring ``count[k]`` times in sentence ``row[k]``.
    """

    ngram: IntArray
    row: IntArray
    count: IntArray
    #: Where the n-gram first starts in its sentence (token position), when asked for.
    first: IntArray | None = None

    def take(self, index: npt.NDArray[np.intp] | npt.NDArray[np.bool_]) -> Entries:
        """The selected entries."""
        first = None if self.first is None else self.first[index]
        return Entries(self.ngram[index], self.row[index], self.count[index], first)


def ngram_entries(tokens: npt.NDArray[np.integer], offsets: IntArray, order: int) -> list[Entries]:
    """The (n-gram, sentence, count) entries of orders 1 .. `order`.

    Args:
        tokens: the token ids (any integers) of all sentences, one after another.
        offsets: sentence ``s`` is ``tokens[offsets[s]:offsets[s + 1]]``.
        order: the largest order.
    """
    n_sentences = len(offsets) - 1
    lengths = np.diff(offsets)
    sentence = np.repeat(np.arange(n_sentences, dtype=np.int64), lengths)
    distinct, dense = np.unique(tokens, return_inverse=True)
    base = max(len(distinct), 1)
    dense = dense.astype(np.int64).reshape(-1)
    ends = offsets[1:].take(sentence) if len(sentence) else sentence
    starts = np.arange(len(tokens), dtype=np.int64)
    ids = dense
    result = []
    for n in range(1, order + 1):
        if n > 1:
            fits = starts + n - 1 < ends.take(starts)
            starts, ids = starts[fits], ids[fits]
            _, ids = np.unique(ids * base + dense.take(starts + n - 1), return_inverse=True)
            ids = ids.astype(np.int64).reshape(-1)
        result.append(
            _count(ids, sentence.take(starts), starts - offsets.take(sentence.take(starts)))
        )
    return result


def _count(ngrams: IntArray, sentences: IntArray, positions: IntArray) -> Entries:
    """Entries of n-grams at increasing `positions` of their `sentences`."""
    base = int(sentences.max()) + 1 if len(sentences) else 1
    keys, first, counts = np.unique(
        ngrams * base + sentences, return_index=True, return_counts=True
    )
    first_positions: IntArray = positions[first]
    return Entries(keys // base, keys % base, counts.astype(np.int64), first_positions)


def _group_starts(ngrams: IntArray, size: int) -> tuple[IntArray, IntArray]:
    """Entries per n-gram and where each n-gram's entries begin (entries sorted by n-gram)."""
    per = np.bincount(ngrams, minlength=size).astype(np.int64)
    return per, np.cumsum(per) - per


@dataclass(frozen=True)
class ReferenceIndex:
    """The reference entries of one order, grouped by n-gram, built once for every row block.

    ``per_ngram[g]`` entries of n-gram g begin at ``starts[g]`` in ``entries`` (sorted by
    n-gram); ``size`` bounds every n-gram id of the hypotheses and references.
    """

    entries: Entries
    per_ngram: IntArray
    starts: IntArray

    @staticmethod
    def of(refs: Entries, size: int) -> ReferenceIndex:
        """Index `refs` (sorted by n-gram) for n-gram ids below `size`."""
        per, starts = _group_starts(refs.ngram, size)
        return ReferenceIndex(refs, per, starts)


def shared_counts(
    hyps: Entries, refs: Entries | ReferenceIndex, shape: tuple[int, int]
) -> IntArray:
    """``out[i, j] = sum over n-grams of min(count in hypothesis i, count in reference j)``.

    `refs` may be a `ReferenceIndex` built once and reused for every block of hypotheses
    (`parbleu.pairwise.matrix` scores ``n x m`` matrices in blocks of rows).
    """
    n, m = shape
    out = np.zeros(n * m, dtype=np.float64)
    if isinstance(refs, Entries):
        if not len(refs.ngram) or not len(hyps.ngram):
            return np.zeros((n, m), dtype=np.int64)
        size = int(max(hyps.ngram.max(), refs.ngram.max())) + 1
        refs = ReferenceIndex.of(refs, size)
    _add_shared(hyps, refs, n, m, out)
    return np.rint(out).astype(np.int64).reshape(n, m)


def _add_shared(hyps: Entries, index: ReferenceIndex, n: int, m: int, out: FloatArray) -> None:
    if not len(hyps.ngram) or not len(index.entries.ngram):
        return
    per_ref = index.per_ngram.take(hyps.ngram)
    hyps = hyps.take(per_ref > 0)
    if not len(hyps.ngram):
        return
    ngrams, inverse, per_hyp = np.unique(hyps.ngram, return_inverse=True, return_counts=True)
    work = per_hyp * index.per_ngram.take(ngrams)
    dense = (work >= max(DENSE_WORK, n * m // 8)).take(inverse.reshape(-1))
    _add_sparse(hyps.take(~dense), index, m, out)
    if dense.any():
        dense_ngrams = ngrams[work >= max(DENSE_WORK, n * m // 8)]
        _add_dense(
            hyps.take(dense), index.entries.take(_group_members(index, dense_ngrams)), n, m, out
        )


def _group_members(index: ReferenceIndex, ngrams: IntArray) -> IntArray:
    """Positions in ``index.entries`` of every entry of the given n-grams."""
    sizes = index.per_ngram.take(ngrams)
    ends = np.cumsum(sizes)
    offsets = np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64)
    members: IntArray = np.repeat(index.starts.take(ngrams) - (ends - sizes), sizes) + offsets
    return members


def _add_sparse(hyps: Entries, index: ReferenceIndex, m: int, out: FloatArray) -> None:
    """Each hypothesis entry against every reference entry of its n-gram, in blocks."""
    refs = index.entries
    repeats = index.per_ngram.take(hyps.ngram)
    for start, stop in weighted_ranges(repeats, BLOCK):
        block = repeats[start:stop]
        ends = np.cumsum(block)
        first = np.repeat(ends - block, block)
        which = np.repeat(np.arange(start, stop, dtype=np.int64), block)
        ref_index = np.repeat(index.starts.take(hyps.ngram[start:stop]), block)
        ref_index += np.arange(int(ends[-1]), dtype=np.int64) - first
        cells = hyps.row.take(which) * m + refs.row.take(ref_index)
        weights = np.minimum(hyps.count.take(which), refs.count.take(ref_index))
        out += np.bincount(cells, weights=weights, minlength=len(out))


def _add_dense(hyps: Entries, refs: Entries, n: int, m: int, out: FloatArray) -> None:
    """``sum_g min(H[i, g], R[j, g])`` over count matrices of the entries' n-grams, in blocks."""
    ngrams, column = np.unique(np.concatenate([hyps.ngram, refs.ngram]), return_inverse=True)
    column = column.reshape(-1)
    hyp_column, ref_column = column[: len(hyps.ngram)], column[len(hyps.ngram) :]
    left = np.zeros((n, len(ngrams)), dtype=np.int32)
    right = np.zeros((m, len(ngrams)), dtype=np.int32)
    left[hyps.row, hyp_column] = hyps.count
    right[refs.row, ref_column] = refs.count
    for lo, hi in fixed_ranges(len(ngrams), BLOCK // max(n * m, 1)):
        shared = np.minimum(left[:, None, lo:hi], right[None, :, lo:hi]).sum(axis=2)
        out += shared.reshape(-1)
