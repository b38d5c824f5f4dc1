"""Shared n-gram counts of every (hypothesis, reference) pair, for all pairs at once.

BLEU's clipped matches and chrF's matches of one pair are, per order n,
``sum over n-grams g of min(h_g, r_g)`` with ``h_g`` and ``r_g`` the counts of g in the
hypothesis and in the reference (Papineni et al. 2002, section 2.1; Popović 2015). For
``n`` hypotheses and ``m`` references this module computes the whole ``n x m`` matrix
without a loop over pairs:

1. every n-gram of every sentence gets an exact global id, order by order
   (``id_n = rank(id_(n-1) * V + token)``, no hashing), and each sentence's n-grams become
   (id, count) entries, both from one sort per order by (key, sentence);
2. an n-gram shared by few (hypothesis, reference) pairs adds ``min(h, r)`` to each of its
   cells through one ``bincount`` over the expanded pairs;
3. the n-grams shared by more pairs (common character n-grams; most n-grams of MBR
   samples) go to a product of 0/1 matrices: ``min(h, r)`` is the number of levels
   ``t = 1, 2, ...`` with ``h >= t`` and ``r >= t``, so with one column per (n-gram,
   level) the sums of all cells are ``A @ B.T`` (BLAS ``sgemm``), in blocks of columns of
   bounded size. A column costs about two floating-point operations per cell, which BLAS
   does some 500 times faster than the sparse path expands one pair.

Sums are of integers: exact in float32 below 2**24 (a cell's sum is at most the number of
its hypothesis's n-grams) and in float64 below 2**53. The product uses NumPy's BLAS and
its threads (``OPENBLAS_NUM_THREADS`` and the like set how many).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.engine.ranges import weighted_ranges

__all__ = ["Entries", "ReferenceIndex", "ngram_entries", "shared_counts"]

#: Pairs sharing an n-gram from which it goes to the matrix product, if that is also at
#: least 1/DENSE_SHARE of the cells (a column of the product costs about 1/500 of a pair
#: expanded on the sparse path per cell; measured best at 1/256, WMT21 sentences, n = 64-1,024).
DENSE_WORK = 64
DENSE_SHARE = 256
#: Pairs expanded at once on the sparse path.
BLOCK = 1 << 22
#: Matrix entries (rows of both sides x columns) of one block of the matrix product.
DENSE_BLOCK = 1 << 21


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
    sentence = np.repeat(np.arange(n_sentences, dtype=np.int64), np.diff(offsets))
    distinct, dense = np.unique(tokens, return_inverse=True)
    base = max(len(distinct), 1)
    dense = dense.astype(np.int64).reshape(-1)
    starts = np.arange(len(tokens), dtype=np.int64)
    room = offsets[1:].take(sentence) - starts  # tokens from each start to its sentence's end
    sentence_bits = max(n_sentences - 1, 1).bit_length()
    ids, entries = _ranked_entries(dense, base, (sentence, sentence_bits), (starts, offsets))
    result = [entries]
    for n in range(2, order + 1):
        fits = room >= n
        starts, ids, room, sentence = starts[fits], ids[fits], room[fits], sentence[fits]
        bound = (int(entries.ngram[-1]) + 1 if len(entries.ngram) else 1) * base
        keys = ids * base + dense.take(starts + n - 1)
        ids, entries = _ranked_entries(keys, bound, (sentence, sentence_bits), (starts, offsets))
        result.append(entries)
    return result


def _ranked_entries(
    keys: IntArray,
    bound: int,
    sentences: tuple[IntArray, int],
    starts: tuple[IntArray, IntArray],
) -> tuple[IntArray, Entries]:
    """Each key's rank among the distinct keys (its n-gram id), and the n-grams' entries.

    `keys` are below `bound`; the n-gram of key k occurs in sentence ``sentences[0][k]``
    (below ``2 ** sentences[1]``) at token ``starts[0][k]`` (sentence s starts at token
    ``starts[1][s]``). One sort of (key, sentence, index) packed in the bits of an int64
    when they fit (a sort of values, faster than an argsort), else an argsort of (key,
    sentence), else one sort per step.
    """
    (rows, row_bits), (tokens, offsets), size = sentences, starts, len(keys)
    index_bits = max(size - 1, 1).bit_length()
    if bound >= 1 << (62 - row_bits):
        _, ids = np.unique(keys, return_inverse=True)
        ids = ids.astype(np.int64).reshape(-1)
        return ids, _count(ids, rows, tokens - offsets.take(rows))
    combined = (keys << row_bits) | rows
    if bound < 1 << (62 - row_bits - index_bits):
        packed = np.sort((combined << index_bits) | np.arange(size, dtype=np.int64))
        order, ordered = packed & ((1 << index_bits) - 1), packed >> index_bits
    else:
        order = np.argsort(combined, kind="stable")
        ordered = combined.take(order)
    new_key = np.empty(size, dtype=bool)
    new_key[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new_key[1:])
    ngram = ordered >> row_bits
    new_ngram = np.empty(size, dtype=bool)
    new_ngram[:1] = True
    np.not_equal(ngram[1:], ngram[:-1], out=new_ngram[1:])
    rank = np.cumsum(new_ngram) - 1
    ids = np.empty(size, dtype=np.int64)
    ids[order] = rank
    run_starts = np.flatnonzero(new_key)
    run_rows = ordered.take(run_starts) & ((1 << row_bits) - 1)
    first = tokens.take(order.take(run_starts)) - offsets.take(run_rows)  # stable: the first
    counts = np.diff(np.append(run_starts, size))
    return ids, Entries(rank.take(run_starts), run_rows, counts, first)


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
    per_hyp = np.bincount(hyps.ngram, minlength=len(index.per_ngram))
    work = per_hyp * index.per_ngram  # pairs sharing each n-gram (0: on one side only)
    dense_ngrams = np.flatnonzero(work >= max(DENSE_WORK, n * m // DENSE_SHARE, 1))
    dense_column = np.full(len(work), -1, dtype=np.int64)
    dense_column[dense_ngrams] = np.arange(len(dense_ngrams), dtype=np.int64)
    hyp_column = dense_column.take(hyps.ngram)
    dense = hyp_column >= 0
    sparse = ~dense & (index.per_ngram.take(hyps.ngram) > 0)
    if hyps is index.entries and n == m:  # the candidates against themselves, in one block
        _add_symmetric(index, np.flatnonzero(sparse), m, out)
    else:
        _add_sparse(hyps.take(sparse), index, m, out)
    if not len(dense_ngrams):
        return
    members = _group_members(index, dense_ngrams)
    refs = index.entries.take(members)
    columns = (hyp_column[dense], dense_column.take(refs.ngram))
    _add_dense(hyps.take(dense), refs, columns, (n, m), out)


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


def _add_symmetric(index: ReferenceIndex, which: IntArray, m: int, out: FloatArray) -> None:
    """`_add_sparse` for entries ``which`` of a list scored against itself.

    Each entry meets the entries of its n-gram from itself on (its own row and those after
    it): half the pairs, one triangle, mirrored at the end.
    """
    entries, upper = index.entries, np.zeros(len(out), dtype=np.float64)
    ngrams = entries.ngram.take(which)
    repeats = index.starts.take(ngrams) + index.per_ngram.take(ngrams) - which
    for start, stop in weighted_ranges(repeats, BLOCK):
        block = repeats[start:stop]
        ends = np.cumsum(block)
        own = np.repeat(which[start:stop], block)
        partner = own + np.arange(int(ends[-1]), dtype=np.int64) - np.repeat(ends - block, block)
        cells = entries.row.take(own) * m + entries.row.take(partner)
        weights = np.minimum(entries.count.take(own), entries.count.take(partner))
        upper += np.bincount(cells, weights=weights, minlength=len(out))
    square = upper.reshape(m, m)
    out += (square + square.T).reshape(-1)
    out[:: m + 1] -= np.diagonal(square)


def _add_dense(
    hyps: Entries,
    refs: Entries,
    columns: tuple[IntArray, IntArray],
    shape: tuple[int, int],
    out: FloatArray,
) -> None:
    """``sum_g min(H[i, g], R[j, g])`` as products of 0/1 matrices, in blocks of columns.

    ``min(h, r) = sum over t >= 1 of [h >= t] [r >= t]``, so with one column per n-gram g and
    level t (up to the smaller of g's largest counts on the two sides) the sum is
    ``A @ B.T`` for 0/1 matrices A (hypotheses) and B (references): exact in float32, whose
    integers are exact below 2**24 (a cell's sum is at most its hypothesis's n-grams).
    The n-grams are numbered 0 .. G-1: ``columns`` holds the number of each hypothesis and
    each reference entry's n-gram.
    """
    (n, m), size = shape, int(columns[1].max()) + 1
    hyps, hyp_bounds = _by_ngram(hyps, columns[0], size)
    refs, ref_bounds = _by_ngram(refs, columns[1], size)
    levels = np.minimum(
        np.maximum.reduceat(hyps.count, hyp_bounds[:-1]),
        np.maximum.reduceat(refs.count, ref_bounds[:-1]),
    )
    first = np.cumsum(levels) - levels
    same = n == m and _same_entries(hyps, refs)  # as for candidates against themselves
    for lo, hi in weighted_ranges(levels, DENSE_BLOCK // max(n + m, 1)):
        width, start = int(first[hi - 1] + levels[hi - 1] - first[lo]), int(first[lo])
        left = np.zeros((n, width), dtype=np.float32)
        rows, cells = _level_cells(hyps, hyp_bounds[lo], hyp_bounds[hi], levels, first)
        left[rows, cells - start] = 1.0
        if same:
            out += (left @ left.T).reshape(-1)  # one triangle (BLAS syrk), mirrored
            continue
        right = np.zeros((m, width), dtype=np.float32)
        rows, cells = _level_cells(refs, ref_bounds[lo], ref_bounds[hi], levels, first)
        right[rows, cells - start] = 1.0
        out += (left @ right.T).reshape(-1)


def _same_entries(hyps: Entries, refs: Entries) -> bool:
    return len(hyps.row) == len(refs.row) and bool(
        (hyps.row == refs.row).all()
        and (hyps.ngram == refs.ngram).all()
        and (hyps.count == refs.count).all()
    )


def _by_ngram(entries: Entries, column: IntArray, size: int) -> tuple[Entries, IntArray]:
    """The entries with their column in the ngram field, sorted by it; where columns begin."""
    entries = Entries(column, entries.row, entries.count)
    if len(column) > 1 and (column[1:] < column[:-1]).any():
        entries = entries.take(np.argsort(column, kind="stable"))
    bounds = np.searchsorted(entries.ngram, np.arange(size + 1, dtype=np.int64))
    return entries, bounds


def _level_cells(
    entries: Entries, lo: int, hi: int, levels: IntArray, first: IntArray
) -> tuple[IntArray, IntArray]:
    """The (row, column) of the 1s of entries ``lo .. hi``: ``min(count, levels)`` each.

    The entries' ngram field holds their column numbers here (`_by_ngram`).
    """
    counts, rows = entries.count[lo:hi], entries.row[lo:hi]
    columns = entries.ngram[lo:hi]
    ones = np.minimum(counts, levels.take(columns))
    ends = np.cumsum(ones)
    within = np.arange(int(ends[-1]) if len(ends) else 0, dtype=np.int64) - np.repeat(
        ends - ones, ones
    )
    return np.repeat(rows, ones), np.repeat(first.take(columns), ones) + within
