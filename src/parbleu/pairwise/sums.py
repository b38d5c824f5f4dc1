"""Float sums per group, added one by one in a given order, as a Python loop adds them.

Floating-point addition is not associative, so a sum equals another tool's only if the terms
are added in the same order. NumPy's ``sum`` adds pairwise; `ordered_sums` adds the terms of
every group left to right (``((0 + t_1) + t_2) + ...``), vectorized across groups: step k
adds the k-th term of every group that has one, so there are as many steps as the largest
group has terms, each one array operation.

    >>> ordered_sums(np.array([0, 1, 0]), np.array([2, 0, 1]), np.array([0.1, 5.0, 0.2]), 2)
    array([0.3, 5. ])
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray

__all__ = ["ordered_sums"]


def ordered_sums(
    groups: npt.NDArray[np.integer],
    keys: npt.NDArray[np.integer],
    values: FloatArray,
    n_groups: int,
) -> FloatArray:
    """``out[g]``: the values of group g added one by one in increasing order of their keys."""
    out = np.zeros(n_groups, dtype=np.float64)
    if not len(values):
        return out
    order = np.lexsort((keys, groups))
    groups, values = groups[order], np.asarray(values, dtype=np.float64)[order]
    starts = np.searchsorted(groups, groups, side="left")
    rank = np.arange(len(groups)) - starts
    by_rank = np.argsort(rank, kind="stable")
    bounds = np.searchsorted(rank[by_rank], np.arange(int(rank.max()) + 2))
    for lo, hi in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
        step = by_rank[lo:hi]  # the k-th term of each group that has one: distinct groups
        out[groups[step]] += values[step]
    return out
