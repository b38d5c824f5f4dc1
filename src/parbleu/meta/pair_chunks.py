"""Every pair of every group, in bounded chunks: metric difference and what a tie would do.

Tie calibration (`parbleu.meta.ties`) needs, for each pair with a positive metric
difference ``d``, whether turning it into a metric tie gains (the humans tie: T_h -> T_hm)
or loses (the metric agreed with the humans: C -> T_m) a right answer; a discordant pair
changes nothing. The pairs are never all in memory: entries sorted by (group, metric) are
paired in chunks of at most ``chunk_pairs`` pairs, so the differences of the ``none``
grouping (hundreds of millions of pairs) are made and dropped a block of rows at a time:

* groups of at most `SMALL_GROUP` entries (``item``: the systems on a segment), batched by
  size as a dense matrix, one column per pair of positions;
* larger groups (``sys``, ``none``) one at a time, a block of rows against the columns after
  them; only pairs with ``j > i`` have ``d > 0`` in metric order, the rest are marked inert.

A chunk is ``(d, human_delta, weight)``: the metric difference ``d = m_j - m_i`` (``j``
after ``i`` in metric order, so ``d >= 0`` for every real pair and ``d <= 0`` for the inert
ones), the difference of the human ranks (0: the humans tie; > 0 with ``d > 0``: concordant),
and the pair's weight in the mean over groups (``1 / pairs of its group``, scaled to an integer
where possible).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.meta.pairs import ScoreGroups

__all__ = ["SMALL_GROUP", "Chunk", "SortedGroups", "pair_chunks", "sort_groups"]

#: Groups up to this size are paired as dense matrices, many groups at once.
SMALL_GROUP = 64

#: ``(metric differences, human rank differences, weight)`` of one chunk (flat arrays).
Chunk = tuple[FloatArray, npt.NDArray[np.int32], float]


@dataclass(frozen=True)
class SortedGroups:
    """Entries sorted by (group, metric); human scores as dense integer ranks."""

    group: IntArray
    metric: FloatArray
    human_rank: npt.NDArray[np.int32]
    starts: IntArray  # of the groups with two entries or more
    sizes: IntArray
    weights: tuple[float, ...]  # per listed group


def sort_groups(scores: ScoreGroups, weights: dict[int, float]) -> SortedGroups:
    """Sort grouped scores; `weights` maps a group's number of pairs to its pair weight."""
    order = np.lexsort((scores.human, scores.metric, scores.group))
    group = scores.group[order]
    ranks = np.unique(scores.human, return_inverse=True)[1].ravel()[order]
    sizes = np.bincount(group, minlength=scores.n_groups)
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    paired = np.flatnonzero(sizes >= 2)
    pairs = sizes[paired] * (sizes[paired] - 1) // 2
    return SortedGroups(
        group=group,
        metric=scores.metric[order],
        human_rank=ranks.astype(np.int32),
        starts=starts[paired].astype(np.int64),
        sizes=sizes[paired].astype(np.int64),
        weights=tuple(weights[int(p)] for p in pairs),
    )


def _small(groups: SortedGroups, size: int, chunk_pairs: int) -> Iterator[Chunk]:
    chosen = np.flatnonzero(groups.sizes == size)
    first, second = np.triu_indices(size, 1)
    per_chunk = max(1, chunk_pairs // len(first))
    by_weight: dict[float, list[int]] = {}
    for g in chosen:
        by_weight.setdefault(groups.weights[g], []).append(int(g))
    for weight, members in by_weight.items():
        for b in range(0, len(members), per_chunk):
            block = np.asarray(members[b : b + per_chunk])
            index = groups.starts[block][:, None] + np.arange(size)
            metric, ranks = groups.metric[index], groups.human_rank[index]
            d = (metric[:, second] - metric[:, first]).ravel()
            delta = (ranks[:, second] - ranks[:, first]).ravel()
            yield d, delta, weight


def _large(groups: SortedGroups, g: int, chunk_pairs: int) -> Iterator[Chunk]:
    start, size = int(groups.starts[g]), int(groups.sizes[g])
    metric = groups.metric[start : start + size]
    ranks = groups.human_rank[start : start + size]
    row = 0
    while row < size - 1:
        columns = size - row - 1
        rows = max(1, min(size - 1 - row, chunk_pairs // columns))
        d = (metric[None, row + 1 :] - metric[row : row + rows, None]).ravel()
        delta = (ranks[None, row + 1 :] - ranks[row : row + rows, None]).ravel()
        yield d, delta, groups.weights[g]
        row += rows


def pair_chunks(groups: SortedGroups, chunk_pairs: int = 1 << 16) -> Iterator[Chunk]:
    """Every pair of every group, in chunks of about `chunk_pairs` pairs."""
    for size in np.unique(groups.sizes[groups.sizes <= SMALL_GROUP]):
        yield from _small(groups, int(size), chunk_pairs)
    for g in np.flatnonzero(groups.sizes > SMALL_GROUP):
        yield from _large(groups, int(g), chunk_pairs)
