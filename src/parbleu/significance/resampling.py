"""Resampling as linear algebra on the statistics matrix, a chunk of resamples at a time.

A bootstrap resample of a corpus is a multiset of its segments; its summed statistics are
``counts @ stats``, where ``counts[j]`` says how often segment ``j`` was drawn. An approximate
randomization trial swaps the outputs of two systems on the segments where a coin says so;
its statistics are ``mask @ baseline + (1 - mask) @ system``. Each chunk of resamples is one
matrix product over the statistics of every system side by side, so no
``samples x segments x columns`` tensor is ever built, and memory stays bounded whatever the
corpus size (`CHUNK_BYTES` per working array).

The random numbers are sacreBLEU 2.6.0's (``sacrebleu/significance.py``): the rows of
``rng.choice(n, size=(samples, n))`` for the bootstrap and of
``rng.integers(2, size=(trials, n), dtype=bool)`` for the randomization test. Both are drawn
a chunk of rows at a time; the chunks give exactly the numbers of the single call (numpy's
bounded integers keep their 32-bit buffer in the bit generator, and the booleans come 32 to a
draw, so mask chunks hold a multiple of 32 values).

sacreBLEU casts bootstrap statistics to float32 before summing them, row after row. With
``float32_sums`` the totals are those float32 sums, bit for bit: computed exactly with the
matrix product when the float32 values are multiples of a power of two whose sums stay below
2**24 units (always so for counts), and otherwise by summing the gathered rows of a small
chunk in float32, in sacreBLEU's order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray, IntArray
from parbleu.metrics.base import Float32Scorer
from parbleu.stats import Stats

__all__ = [
    "CHUNK_BYTES",
    "bootstrap_index_chunks",
    "bootstrap_scores",
    "count_matrix",
    "randomization_differences",
    "randomization_mask_chunks",
]


#: Bytes of one working array of a chunk (indices, counts, masks); a few live at once.
CHUNK_BYTES = 16 * 2**20


#: float32 has a 24-bit significand: integers below 2**24 add exactly.
_FLOAT32_EXACT = 2.0**24
#: float64 sums of integers below 2**53 are exact in any order.
_FLOAT64_EXACT = 2.0**53
#: Largest float64 trial mask multiplied whole, as sacreBLEU does, for float statistics.
EXACT_MASK_BYTES = 1 << 28
#: Largest power-of-two denominator tried when looking for exact float32 sums.
_MAX_SCALE_BITS = 16
#: Booleans numpy draws from one 32-bit random number.
_BOOLS_PER_DRAW = 32


def _chunk_rows(n_segments: int, bytes_per_cell: int, multiple: int = 1) -> int:
    """Rows of a chunk so that one ``(rows, n_segments)`` array stays within CHUNK_BYTES."""
    rows = max(1, CHUNK_BYTES // max(1, n_segments * bytes_per_cell))
    return max(multiple, rows // multiple * multiple)


def bootstrap_index_chunks(
    rng: np.random.Generator, n_samples: int, n_segments: int
) -> Iterator[IntArray]:
    """The rows of ``rng.choice(n_segments, size=(n_samples, n_segments))``, in chunks.

    >>> rng = np.random.default_rng(12345)
    >>> chunks = list(bootstrap_index_chunks(rng, 3, 4))
    >>> np.array_equal(np.concatenate(chunks), np.random.default_rng(12345).choice(4, (3, 4)))
    True
    """
    rows = _chunk_rows(n_segments, 8)
    done = 0
    while done < n_samples:
        size = min(rows, n_samples - done)
        indices: IntArray = rng.choice(n_segments, size=(size, n_segments), replace=True)
        yield indices
        done += size


def randomization_mask_chunks(
    rng: np.random.Generator, n_trials: int, n_segments: int
) -> Iterator[BoolArray]:
    """The rows of ``rng.integers(2, size=(n_trials, n_segments), dtype=bool)``, in chunks.

    Every chunk but the last holds a multiple of 32 booleans, so that the generator is left
    in the state the single call leaves it in.
    """
    multiple = _BOOLS_PER_DRAW // math.gcd(n_segments, _BOOLS_PER_DRAW)
    rows = _chunk_rows(n_segments, 8, multiple)
    done = 0
    while done < n_trials:
        size = min(rows, n_trials - done)
        mask: BoolArray = rng.integers(2, size=(size, n_segments), dtype=bool)
        yield mask
        done += size


def count_matrix(indices: IntArray, n_segments: int) -> FloatArray:
    """``counts[i, j]``: how often segment ``j`` occurs in resample ``i`` (float64, for BLAS).

    >>> count_matrix(np.array([[0, 0, 2], [1, 2, 2]]), 3)
    array([[2., 0., 1.],
           [0., 1., 2.]])
    """
    n_rows = len(indices)
    flat = indices + (np.arange(n_rows, dtype=np.int64) * n_segments)[:, None]
    counts = np.bincount(flat.ravel(), minlength=n_rows * n_segments)
    return counts.reshape(n_rows, n_segments).astype(np.float64)


@dataclass(frozen=True, eq=False)
class _SideBySide:
    """Statistics of several systems side by side: ``(n_segments, n_systems * width)``."""

    values: FloatArray
    width: int
    float32: npt.NDArray[np.float32] | None
    scale_bits: int | None  # float32 values are multiples of 2**-scale_bits (None: they are not)
    negative: bool

    @classmethod
    def of(cls, stats: Sequence[Stats], *, float32: bool) -> _SideBySide:
        values = np.ascontiguousarray(
            np.concatenate([s.values for s in stats], axis=1), dtype=np.float64
        )
        single = values.astype(np.float32) if float32 else None
        scale = _scale_bits(single.astype(np.float64)) if single is not None else None
        return cls(values, stats[0].values.shape[1], single, scale, bool((values < 0).any()))

    @property
    def n_segments(self) -> int:
        return int(self.values.shape[0])

    def bootstrap_totals(self, indices: IntArray) -> npt.NDArray[Any]:
        """Summed statistics of each resample, float64 or (sacreBLEU's) float32 sums."""
        counts = count_matrix(indices, self.n_segments)
        if self.float32 is None:
            totals: FloatArray = counts @ self.values
            return totals
        if self.scale_bits is not None:
            exact = counts @ self.float32.astype(np.float64)
            bound = counts @ np.abs(self.float32.astype(np.float64)) if self.negative else exact
            if np.abs(bound).max(initial=0.0) * 2.0**self.scale_bits < _FLOAT32_EXACT:
                return exact.astype(np.float32)
        return _float32_gathered(self.float32, indices)


def _float32_gathered(
    values: npt.NDArray[np.float32], indices: IntArray
) -> npt.NDArray[np.float32]:
    """float32 sums of the gathered rows, one row after another (sacreBLEU's order).

    numpy adds the rows of a ``(segments, columns)`` block one after another when it sums
    over segments (the reduced axis is not the contiguous one), as it does for each resample
    in sacreBLEU; sub-chunks keep the gathered block within CHUNK_BYTES.
    """
    per_resample = values.shape[0] * values.shape[1] * values.itemsize
    step = max(1, CHUNK_BYTES // max(1, per_resample))
    parts = [
        values[indices[start : start + step]].sum(axis=1) for start in range(0, len(indices), step)
    ]
    return np.concatenate(parts)


def _scale_bits(values: FloatArray) -> int | None:
    """Smallest ``e`` with every value a multiple of ``2**-e`` (sums exact), or None."""
    for bits in range(_MAX_SCALE_BITS + 1):
        scaled = values * 2.0**bits
        if np.array_equal(scaled, np.round(scaled)):
            return bits
    return None


def bootstrap_scores(
    stats: Sequence[Stats],
    n_samples: int,
    rng: np.random.Generator,
    scorer: Float32Scorer,
    *,
    float32_sums: bool,
) -> list[npt.NDArray[Any]]:
    """Scores of every system on the same ``n_samples`` bootstrap resamples.

    Returns one array per system, float32 where sacreBLEU's scores of that system are all
    float32 values (``scorer`` says so), float64 otherwise, as ``np.array`` would build it
    from sacreBLEU's list of scores.
    """
    side = _SideBySide.of(stats, float32=float32_sums)
    n_systems, width = len(stats), side.width
    values = np.empty((n_samples, n_systems))
    single = np.empty((n_samples, n_systems), dtype=bool)
    start = 0
    for indices in bootstrap_index_chunks(rng, n_samples, side.n_segments):
        totals = side.bootstrap_totals(indices)
        rows = totals.reshape(len(indices) * n_systems, width)
        chunk_values, chunk_single = scorer(rows)
        stop = start + len(indices)
        values[start:stop] = chunk_values.reshape(len(indices), n_systems)
        single[start:stop] = chunk_single.reshape(len(indices), n_systems)
        start = stop
    return [
        values[:, j].astype(np.float32) if single[:, j].all() else values[:, j].copy()
        for j in range(n_systems)
    ]


def randomization_differences(
    baseline: Stats,
    systems: Sequence[Stats],
    n_trials: int,
    rng: np.random.Generator,
    scores: Callable[[FloatArray], FloatArray],
) -> list[FloatArray]:
    """``|score(A) - score(B)|`` of each trial, per system, for the randomization test.

    Trial ``i`` gives pseudo-system A the baseline's segments where ``mask[i]`` is true and
    the system's elsewhere, and B the rest (sacreBLEU's ``pos_sel @ bl + neg_sel @ sys``).
    Integer statistics are summed exactly, in chunks of trials. Other statistics (TER with
    several references, external scores) are summed with sacreBLEU's very products, on the
    whole mask and one system at a time, while that mask (as float64, what BLAS multiplies)
    fits in `EXACT_MASK_BYTES`: BLAS picks its kernel, hence the order in which it adds
    floats, from the matrix shapes, so any other shape can differ in the last bit. Larger
    inputs keep memory bounded with chunked products, which may differ from sacreBLEU there.
    """
    side = _SideBySide.of([baseline, *systems], float32=False)
    width, n_systems = side.width, len(systems)
    columns = side.values
    integral = _integral(columns)
    if not integral and 8 * n_trials * side.n_segments <= EXACT_MASK_BYTES:
        return _randomization_as_sacrebleu(side, n_trials, rng, scores)
    grand = columns.sum(axis=0)
    out = [np.empty(n_trials) for _ in systems]
    start = 0
    for mask in randomization_mask_chunks(rng, n_trials, side.n_segments):
        chosen = mask.astype(np.float64) @ columns
        others = grand - chosen if integral else (~mask).astype(np.float64) @ columns
        base_chosen, base_others = chosen[:, :width], others[:, :width]
        pseudo_a = base_chosen[:, None, :] + others[:, width:].reshape(-1, n_systems, width)
        pseudo_b = base_others[:, None, :] + chosen[:, width:].reshape(-1, n_systems, width)
        rows = len(mask) * n_systems
        score_a = scores(pseudo_a.reshape(rows, width)).reshape(len(mask), n_systems)
        score_b = scores(pseudo_b.reshape(rows, width)).reshape(len(mask), n_systems)
        stop = start + len(mask)
        for j in range(n_systems):
            out[j][start:stop] = np.abs(score_a[:, j] - score_b[:, j])
        start = stop
    return out


def _randomization_as_sacrebleu(
    side: _SideBySide,
    n_trials: int,
    rng: np.random.Generator,
    scores: Callable[[FloatArray], FloatArray],
) -> list[FloatArray]:
    """The pseudo-system differences by sacreBLEU's ``pos_sel @ bl + neg_sel @ sys``, per system."""
    mask = np.concatenate(list(randomization_mask_chunks(rng, n_trials, side.n_segments)))
    flipped = ~mask
    width = side.width
    baseline = np.ascontiguousarray(side.values[:, :width])
    out = []
    for j in range(1, side.values.shape[1] // width):
        system = np.ascontiguousarray(side.values[:, j * width : (j + 1) * width])
        pseudo_a = mask @ baseline + flipped @ system
        pseudo_b = flipped @ baseline + mask @ system
        out.append(np.abs(scores(pseudo_a) - scores(pseudo_b)))
    return out


def _integral(values: FloatArray) -> bool:
    """Whether float64 sums of these values are exact in any order."""
    whole = np.array_equal(values, np.round(values))
    return whole and float(np.abs(values).sum(initial=0.0)) < _FLOAT64_EXACT
