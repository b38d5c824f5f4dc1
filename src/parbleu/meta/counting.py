"""Counting over sorted groups of values in O(n log n) array passes: the kernels of `pairs`.

Every function takes arrays already sorted group by group and counts, for each position
``i``, something about the positions after it in the same group, without a loop over pairs:

* `window_ends`: the first position whose value exceeds ``values[i]`` by more than
  ``epsilon``, by a binary search run for all positions at once. The difference is the one
  the comparison of two scores computes, ``values[j] - values[i]`` rounded to float64 (not
  ``values[i] + epsilon``, which rounds differently), and it never decreases as ``j`` grows
  over sorted values, so the search is exact.
* `prefix_greater`: for queries ``(p, v)``, how many of the first ``p`` ranks exceed ``v``.
  A merge-sort tree (each level the blocks of ``2**level`` ranks, sorted) answers all
  queries with one ``searchsorted`` per level: the prefix ``[0, p)`` is the union of the
  blocks named by the set bits of ``p``. This is the counting of discordant pairs of
  Knight (1966, "A computer method for calculating Kendall's tau with ungrouped data") in
  array form, and what turns the concordant pairs beyond a tie window into two prefix counts.
* `run_ends`: where each run of equal keys ends (ties, distinct values).
* `dense_counts`: many small groups (the systems on each segment) at once, every pair of
  positions of a padded ``(groups, width)`` matrix compared directly; cheaper than the
  sorts above when groups hold a few dozen entries.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray, IntArray

__all__ = ["DENSE_WIDTH", "dense_counts", "prefix_greater", "run_ends", "run_starts", "window_ends"]

#: Groups up to this size, and this many pairs in all, are counted by `dense_counts`.
DENSE_WIDTH = 64
DENSE_PAIRS = 1 << 22


def run_starts(*keys: npt.NDArray[Any]) -> BoolArray:
    """Whether each position starts a run of equal keys (all `keys` equal to the previous)."""
    size = len(keys[0])
    starts: BoolArray = np.ones(size, dtype=bool)
    if size > 1:
        same = np.ones(size - 1, dtype=bool)
        for key in keys:
            same &= key[1:] == key[:-1]
        starts[1:] = ~same
    return starts


def run_ends(*keys: npt.NDArray[Any]) -> IntArray:
    """For each position, the end (exclusive) of the run of equal keys it belongs to."""
    starts = np.flatnonzero(run_starts(*keys))
    bounds = np.append(starts, len(keys[0]))
    lengths = np.diff(bounds)
    ends: IntArray = np.repeat(bounds[1:], lengths).astype(np.int64)
    return ends


def window_ends(values: FloatArray, limits: IntArray, epsilon: float) -> IntArray:
    """For each ``i``, where the metric tie window of ``i`` ends.

    That is the first ``j`` in ``(i, limits[i]]`` with ``j == limits[i]`` or
    ``values[j] - values[i] > epsilon``; `values` must be ascending over each
    ``[i, limits[i])``, and ``limits[i] > i``.
    """
    size = len(values)
    left = np.arange(1, size + 1, dtype=np.int64)
    right = limits.astype(np.int64, copy=True)
    active = np.flatnonzero(left < right)
    while active.size:
        lo, hi = left[active], right[active]
        middle = (lo + hi) // 2
        beyond = values[middle] - values[active] > epsilon
        right[active[beyond]] = middle[beyond]
        left[active[~beyond]] = middle[~beyond] + 1
        active = active[left[active] < right[active]]
    return left


def prefix_greater(ranks: IntArray, positions: IntArray, thresholds: IntArray) -> IntArray:
    """For each query ``k``: ``#{j < positions[k] : ranks[j] > thresholds[k]}``.

    `ranks` are non-negative integers; the answer takes O(n log n) per level of the tree,
    O(n log^2 n) in all, in NumPy passes.
    """
    size = len(ranks)
    counts: IntArray = np.zeros(len(positions), dtype=np.int64)
    if size == 0 or len(positions) == 0:
        return counts
    span = int(ranks.max()) + 1
    index = np.arange(size, dtype=np.int64)
    level = 0
    while (1 << level) <= int(positions.max()):
        chosen = np.flatnonzero((positions >> level) & 1)
        if chosen.size:
            tree = np.sort((index >> level) * span + ranks)
            start = (positions[chosen] >> (level + 1)) << (level + 1)
            block = start >> level
            at_most = np.searchsorted(tree, block * span + thresholds[chosen], side="right")
            counts[chosen] += (1 << level) - (at_most - start)
        level += 1
    return counts


def _distinct(rows: FloatArray) -> IntArray:
    ordered = np.sort(rows, axis=1)  # NaN padding last
    changes = (ordered[:, 1:] != ordered[:, :-1]) & ~np.isnan(ordered[:, 1:])
    counts: IntArray = changes.sum(axis=1) + (~np.isnan(ordered[:, 0]))
    return counts


def dense_counts(
    group: IntArray, human: FloatArray, metric: FloatArray, n_groups: int, epsilon: float
) -> tuple[IntArray, ...] | None:
    """Per group: size, distinct metric and human values, C, D, T_h, T_m, T_hm (only-kinds).

    None when the groups are too large for the padded matrix.
    """
    size = np.bincount(group, minlength=n_groups).astype(np.int64)
    width = int(size.max()) if len(size) else 0
    if width > DENSE_WIDTH or n_groups * width * (width - 1) // 2 > DENSE_PAIRS:
        return None
    order = np.argsort(group, kind="stable")
    starts = np.concatenate([[0], np.cumsum(size)[:-1]])
    column = np.arange(len(group)) - starts[group[order]]
    h = np.full((n_groups, max(width, 1)), np.nan)
    m = np.full((n_groups, max(width, 1)), np.nan)
    h[group[order], column], m[group[order], column] = human[order], metric[order]
    first, second = np.triu_indices(width, 1)
    dh, dm = h[:, second] - h[:, first], m[:, second] - m[:, first]
    valid = ~np.isnan(dh)
    tied_h, tied_m = valid & (dh == 0), valid & (np.abs(dm) <= epsilon)
    concordant = valid & ~tied_h & ~tied_m & (dh * dm > 0)
    discordant = valid & ~tied_h & ~tied_m & ~concordant
    both = tied_h & tied_m
    return (
        size,
        _distinct(m),
        _distinct(h),
        concordant.sum(axis=1),
        discordant.sum(axis=1),
        (tied_h & ~tied_m).sum(axis=1),
        (tied_m & ~tied_h).sum(axis=1),
        both.sum(axis=1),
    )
