"""Consecutive ranges of items: the one way parbleu cuts a corpus into chunks or blocks.

Every range is a half-open ``(start, stop)`` pair of item indices; ranges are consecutive,
non-empty, and cover ``0 .. n`` exactly.

    >>> fixed_ranges(5, 2)
    [(0, 2), (2, 4), (4, 5)]
    >>> even_ranges(10, 4)
    [(0, 3), (3, 6), (6, 8), (8, 10)]
    >>> weighted_ranges([1] * 7, 3)
    [(0, 2), (2, 5), (5, 7)]
"""

from __future__ import annotations

import itertools

import numpy as np
import numpy.typing as npt

__all__ = ["even_ranges", "fixed_ranges", "weighted_ranges"]


def fixed_ranges(n_items: int, size: int) -> list[tuple[int, int]]:
    """Ranges of `size` items (the last one shorter)."""
    size = max(size, 1)
    return [(start, min(start + size, n_items)) for start in range(0, n_items, size)]


def even_ranges(n_items: int, parts: int) -> list[tuple[int, int]]:
    """`parts` ranges whose sizes differ by at most one; the first ranges take the rest."""
    size, extra = divmod(n_items, parts)
    bounds = np.cumsum([0] + [size + 1] * extra + [size] * (parts - extra)).tolist()
    return [(a, b) for a, b in itertools.pairwise(bounds) if b > a]


def weighted_ranges(weights: npt.ArrayLike, budget: int) -> list[tuple[int, int]]:
    """Ranges of about `budget` total weight each (at least one item each).

    A range ends after the item whose running total of weights passes a multiple of
    `budget`, so one heavy item makes a range of its own and light items group together.
    """
    ends = np.cumsum(np.asarray(weights, dtype=np.int64))
    if not len(ends):
        return []
    cuts = np.flatnonzero(np.diff(ends // max(budget, 1))) + 1
    bounds = [0, *cuts.tolist(), len(ends)]
    return list(itertools.pairwise(bounds))
