"""Shared n-gram counts of a short list against itself: every order in one sort.

For n sentences scored against themselves in one block (MBR's candidates as their own
pseudo-references, n up to a few hundred), `self_matches` gives, per order, the ``n x n``
matrix of ``sum over n-grams g of min(count in sentence i, count in sentence j)``
(Popović 2015; Papineni et al. 2002, section 2.1), with fewer and larger array passes than
`parbleu.pairwise.kernel`'s order-by-order tables:

1. every n-gram of every order is its own integer key, its tokens as the digits of a number
   in base ``V + 1`` with digits ``1 .. V`` (no zero digit: n-grams of different orders get
   different keys, and a key's size tells its order), packed with its sentence in one int64;
   a single sort of all of them gives each sentence's n-grams with their counts, grouped by
   n-gram, order after order;
2. the diagonal needs no n-gram: a sentence shares all its n-grams with itself, so cell
   ``(i, i)`` of order k is its number of k-grams; an n-gram of one sentence adds nothing else;
3. an n-gram of few sentences adds ``min`` to the cells of each pair of them (one triangle,
   mirrored), for all orders in one ``bincount``; an n-gram of many sentences goes to a 0/1
   matrix product, one column per (n-gram, level), as in `parbleu.pairwise.kernel`.

It answers None when the keys do not fit in an int64 (large vocabularies at high orders);
the caller then uses the order-by-order kernel.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.pairwise import kernel

__all__ = ["self_matches"]


def self_matches(
    tokens: npt.NDArray[np.integer], offsets: IntArray, order: int
) -> list[FloatArray] | None:
    """Per order 1 .. `order`, the ``n x n`` shared n-gram counts of each pair of sentences.

    Sentence ``s`` is ``tokens[offsets[s]:offsets[s + 1]]``. None if the n-gram keys of
    `order` tokens and a sentence number do not fit in 63 bits.
    """
    n = len(offsets) - 1
    digits, base = _digits(tokens)
    row_bits = max(n - 1, 1).bit_length()
    if base ** max(order, 1) >= 1 << (63 - row_bits):
        return None
    lengths = np.diff(offsets)
    totals = np.maximum(lengths[None, :] - np.arange(order)[:, None], 0).astype(np.float64)
    if not len(digits):
        return [np.diagflat(t) for t in totals]
    runs = _shared_runs(digits, base, offsets, (order, row_bits), int(totals.sum()))
    dense = runs.in_large_groups(_dense_size(n))
    out = _sparse_pairs(runs, n, order, dense)
    _add_dense_pairs(runs, n, order, dense, out)
    result = []
    for k in range(order):
        square = out[k]
        np.fill_diagonal(square, totals[k])
        result.append(square)
    return result


def _digits(tokens: npt.NDArray[np.integer]) -> tuple[IntArray, int]:
    """Each token's rank among the distinct tokens, from 1, and ``1 +`` their number."""
    if not len(tokens):
        return np.zeros(0, dtype=np.int64), 2
    top = int(tokens.max())
    if int(tokens.min()) >= 0 and top < (1 << 16) + 4 * len(tokens):
        present = np.zeros(top + 1, dtype=np.int64)
        present[tokens] = 1
        rank = np.cumsum(present)
        return rank.take(tokens), int(rank[-1]) + 1
    distinct, inverse = np.unique(tokens, return_inverse=True)
    return inverse.astype(np.int64).reshape(-1) + 1, len(distinct) + 1


def _sorted_keys(digits: IntArray, base: int, offsets: IntArray, bits: tuple[int, int]) -> IntArray:
    """``key << row_bits | sentence`` of every n-gram of orders ``1 .. order``, sorted.

    Row k of one ``order x tokens`` array holds the (k + 1)-grams starting at each token;
    those that run past their sentence's end (the last k places of a sentence, which also
    covers the places of shorter sentences before it) get the largest int64, so they sort
    last and the n-grams are the first ``sum(max(length - k, 0))`` values. One array, sorted
    in place: no per-order mask, concatenation or sorted copy.
    """
    (order, row_bits), size = bits, len(digits)
    lengths = np.diff(offsets)
    keys = np.empty((order, size), dtype=np.int64)
    keys[0] = digits
    for k in range(1, min(order, size)):  # row k from row k - 1: the next token as a digit
        np.multiply(keys[k - 1, : size - k], base, out=keys[k, : size - k])
        keys[k, : size - k] += digits[k:]
    np.left_shift(keys, row_bits, out=keys)
    keys |= np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
    past = np.array([(k, j) for k in range(1, order) for j in range(1, k + 1)], dtype=np.int64)
    if len(past):
        places = offsets[None, 1:] - past[:, 1:]  # the place j before each sentence's end
        flat = (past[:, :1] * size + places)[places >= 0]
        keys.reshape(-1)[flat] = np.iinfo(np.int64).max
    flat_keys = keys.reshape(-1)
    flat_keys.sort()
    return flat_keys


def _shared_runs(
    digits: IntArray, base: int, offsets: IntArray, bits: tuple[int, int], total: int
) -> _Runs:
    """The runs of the `total` n-grams of `_sorted_keys` whose n-gram has other sentences.

    Each large array is dropped as soon as it is read (the sorted keys once their runs'
    first keys are taken), keeping fewer of them alive at once: on a 64 x 64 matrix most of
    this step's time was the fresh memory pages of its arrays, not their arithmetic.
    """
    order, row_bits = bits
    packed = _sorted_keys(digits, base, offsets, bits)[:total]
    run_starts = np.flatnonzero(_changes(packed))
    heads = packed.take(run_starts)
    del packed
    count = np.diff(run_starts, append=total)
    del run_starts
    # Runs r - 1 and r are of one n-gram when their first keys differ only in the row bits.
    shared = np.empty(len(heads) + 1, dtype=bool)
    shared[0] = shared[-1] = False
    np.less(heads[1:] ^ heads[:-1], 1 << row_bits, out=shared[1:-1])
    shared[:-1] |= shared[1:]  # run r shares its n-gram with run r - 1 or r + 1
    kept = np.flatnonzero(shared[:-1])  # an n-gram of one sentence only adds to the diagonal
    del shared
    row = heads.take(kept)
    del heads
    key = row >> row_bits
    row &= (1 << row_bits) - 1
    powers = np.array([base**k for k in range(order + 1)], dtype=np.int64)
    return _Runs(count.take(kept), key, row, np.searchsorted(key, powers))


class _Runs:
    """The sorted n-grams as runs of one n-gram in one sentence, in n-gram order.

    Run r is n-gram ``key[r]`` occurring ``count[r]`` times in sentence ``row[r]``, for the
    n-grams of more than one sentence; the runs of one n-gram are consecutive, in increasing
    sentence order, and those of order k + 1 (from 0) are ``bounds[k] .. bounds[k + 1]``.
    """

    def __init__(self, count: IntArray, key: IntArray, row: IntArray, bounds: IntArray) -> None:
        self.count, self.key, self.row, self.bounds = count, key, row, bounds

    def in_large_groups(self, size: int) -> npt.NDArray[np.bool_]:
        """Whether each run's n-gram has at least `size` runs (sentences)."""
        key, large = self.key, np.zeros(len(self.key), dtype=bool)
        if size <= 1 or len(key) < size:
            return large | (size <= 1)
        window = key[size - 1 :] == key[: 1 - size]  # runs r .. r + size - 1: one n-gram
        for shift in range(size):
            large[shift : shift + len(window)] |= window
        return large


def _changes(values: IntArray) -> npt.NDArray[np.bool_]:
    """True where a value differs from the one before it (and at the start)."""
    new = np.empty(len(values), dtype=bool)
    new[:1] = True
    np.not_equal(values[1:], values[:-1], out=new[1:])
    return new


def _dense_size(n: int) -> int:
    """Sentences sharing an n-gram from which it goes to the matrix product."""
    return max(int(np.ceil(np.sqrt(max(kernel.DENSE_WORK, n * n // kernel.DENSE_SHARE)))), 2)


def _sparse_pairs(runs: _Runs, n: int, order: int, dense: npt.NDArray[np.bool_]) -> FloatArray:
    """``out[k, i, j]``: the matches of order k of the sentence pairs of rare n-grams, mirrored.

    The runs of an n-gram shared by fewer than `_dense_size` sentences are fewer than that
    apart: step d pairs each run with the run d places after it if both are of one such
    n-gram (one triangle: later sentences).
    """
    cell = runs.row * n
    for k in range(1, order):
        cell[runs.bounds[k] : runs.bounds[k + 1]] += k * n * n
    size, key = _dense_size(n), runs.key
    first = np.flatnonzero((key[1:] == key[:-1]) & ~dense[:-1])  # pairs of neighbouring runs
    key = np.append(key, np.full(size, -1, dtype=np.int64))  # no n-gram past the end
    cells, weights = [], []
    for step in range(1, size):
        # Runs of one n-gram are consecutive: a pair `step` apart extends one `step - 1` apart.
        if step > 1:
            first = first[key.take(first + step) == key.take(first)]
            if not len(first):  # no n-gram has this many sentences
                break
        second = first + step
        cells.append(cell.take(first) + runs.row.take(second))
        weights.append(np.minimum(runs.count.take(first), runs.count.take(second)))
    sums = np.bincount(
        np.concatenate(cells), weights=np.concatenate(weights), minlength=order * n * n
    )
    upper = sums.astype(np.float64, copy=False).reshape(order, n, n)
    upper += upper.transpose(0, 2, 1)  # NumPy copies the overlapping operand first
    return upper


def _add_dense_pairs(
    runs: _Runs, n: int, order: int, dense: npt.NDArray[np.bool_], out: FloatArray
) -> None:
    """Add the matches of common n-grams: ``A.T @ A`` per order, one 0/1 row per level.

    ``min(a, b)`` is the number of levels ``t >= 1`` with ``a >= t`` and ``b >= t``; a run of
    count c has a 1 in its n-gram's rows 1 .. c (exact in float32 below 2**24).
    """
    members = np.flatnonzero(dense)
    if not len(members):
        return
    counts = runs.count.take(members)
    new_group = _changes(runs.key.take(members))
    group_starts = np.flatnonzero(new_group)
    group = np.cumsum(new_group) - 1
    levels = np.maximum.reduceat(counts, group_starts)
    first_level = np.cumsum(levels) - levels
    total_levels = int(levels.sum())
    incidence = np.zeros((total_levels, n), dtype=np.float32)
    starts = first_level.take(group) * n + runs.row.take(members)
    incidence.reshape(-1)[starts] = 1.0  # level 1: every run
    again = np.flatnonzero(counts > 1)
    if len(again):  # levels 2 .. count of the runs seen more than once: n places apart
        more = counts.take(again) - 1
        ends = np.cumsum(more)
        level_two = starts.take(again) + n
        steps = np.full(int(ends[-1]), n, dtype=np.int64)
        steps[0] = level_two[0]  # each run's first place, from the last place of the run before
        steps[ends[:-1]] = level_two[1:] - (level_two[:-1] + (more[:-1] - 1) * n)
        incidence.reshape(-1)[np.cumsum(steps)] = 1.0
    group_bounds = np.searchsorted(members.take(group_starts), runs.bounds)
    level_bounds = np.append(first_level, total_levels).take(group_bounds)
    for k in range(order):
        block = incidence[level_bounds[k] : level_bounds[k + 1]]
        if len(block):
            out[k] += block.T @ block
