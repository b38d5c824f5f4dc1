"""Tie calibration: the metric threshold that maximises acc_eq, found exactly over every pair.

Deutsch, Foster and Freitag (2023, section 5): a metric difference of at most epsilon
counts as a metric tie, and epsilon is chosen to maximise the (group-averaged) ``acc_eq``
(``tau_eq = 2 acc_eq - 1`` has the same maximiser). mt-metrics-eval's
``tau_optimization`` sorts every pair by ``|metric difference|`` and re-scores them one at a
time; it samples 10% of the pairs by default because that is slow. Here every pair counts:

* Raising the threshold past a pair's difference ``d > 0`` turns it into a metric tie: +1
  right answer if the humans tie it, -1 if it was concordant, 0 if discordant; each weighted
  by ``1 / pairs of its group`` (mean over groups). The objective at a threshold is the value
  at 0 plus the gains of every pair with ``d`` at most the threshold.
* Thresholds are the distinct differences; the first (smallest) maximiser wins, as
  ``numpy.nanargmax`` over mt-metrics-eval's list ``[0, d_1 < d_2 < ...]`` picks it.
* Sort-and-sweep without holding all pairs: the pairs (`parbleu.meta.pair_chunks`, in
  bounded chunks) are counted into buckets of differences (the top bits of the float64
  pattern, which orders positive floats), giving the exact objective at every bucket edge
  and an upper bound inside each bucket (edge value + its gains). Only buckets whose bound
  reaches the best edge value can hold the maximum; their pairs are collected (at most
  ``budget``), sorted and swept, or, if they are too many, the buckets are split finer and
  counted again. Total work O(P) per pass (P pairs; one to three passes), memory O(budget).
* Arithmetic is exact: weights are integers ``L / pairs`` (L the least common multiple of
  the groups' pair counts) while the sums stay below 2**53, else the float weights
  ``1 / pairs`` are used (``exact=False``) and candidates are kept with a tolerance.

mt-metrics-eval adds and subtracts per-group floats while sweeping, so between thresholds whose
accuracies are equal its choice can move by rounding; the value reached is the same.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.errors import OptionError
from parbleu.meta.pair_chunks import SortedGroups, pair_chunks, sort_groups
from parbleu.meta.pairs import (
    Grouping,
    PairStatistic,
    PairTable,
    ScoreGroups,
    count_groups,
    group_scores,
)
from parbleu.options import check_int, coerce_enum

__all__ = ["Calibration", "calibrate_groups", "calibrate_ties"]

#: Buckets per counting pass.
_BUCKETS = 1 << 14
#: Most separate ranges of candidate buckets carried into a finer pass.
_MAX_WINDOWS = 64


@dataclass(frozen=True)
class Calibration:
    """The threshold that maximises the statistic, and the pair counts at it."""

    epsilon: float
    value: float  # the statistic at epsilon (mean over groups)
    statistic: PairStatistic
    grouping: Grouping
    table: PairTable  # counts of every group at epsilon
    pairs: int  # pairs examined
    passes: int  # passes over the pairs
    exact: bool  # integer arithmetic throughout


@dataclass(frozen=True)
class _Windows:
    """Ranges of bucket keys (float64 bit patterns >> shift), each with the objective before it."""

    shift: int
    low: IntArray
    high: IntArray  # inclusive
    before: FloatArray

    @property
    def offsets(self) -> IntArray:
        widths = self.high - self.low + 1
        offsets: IntArray = np.concatenate([[0], np.cumsum(widths)[:-1]]).astype(np.int64)
        return offsets

    @property
    def size(self) -> int:
        return int((self.high - self.low + 1).sum())

    @property
    def bins(self) -> int:
        """Codes: 0 (left out), ``3 b + 1 + kind`` for bucket b, the last (left out)."""
        return 3 * self.size + 2


def _codes(d: FloatArray, delta: npt.NDArray[np.int32], windows: _Windows) -> IntArray:
    """``3 bucket + 1 + kind`` (kind 0 discordant, 1 humans tie, 2 concordant) or a dump bin."""
    key = d.view(np.int64) >> windows.shift
    if len(windows.low) == 1 and windows.low[0] >= 1:  # d <= 0 falls below the window
        code = key - windows.low[0]
        code *= 3
        code += np.sign(delta)
        code += 2
        clipped: IntArray = np.clip(code, 0, windows.bins - 1, out=code)
        return clipped
    window = np.maximum(np.searchsorted(windows.low, key, side="right") - 1, 0)
    relative = key - windows.low[window]
    inside = (d > 0) & (relative >= 0) & (key <= windows.high[window])
    bucket = windows.offsets[window] + relative
    general: IntArray = np.where(inside, 3 * bucket + np.sign(delta) + 2, 0)
    return general


def _histogram(
    groups: SortedGroups, windows: _Windows, chunk_pairs: int
) -> tuple[FloatArray, FloatArray, IntArray]:
    """Per bucket: weight of human-tie flips (gain), of concordant flips (loss), flips."""
    by_weight: dict[float, IntArray] = {}
    for d, delta, weight in pair_chunks(groups, chunk_pairs):
        counts = np.bincount(_codes(d, delta, windows), minlength=windows.bins)
        if weight in by_weight:
            by_weight[weight] += counts
        else:
            by_weight[weight] = counts
    gains, losses = np.zeros(windows.size), np.zeros(windows.size)
    flips = np.zeros(windows.size, dtype=np.int64)
    for weight, counts in by_weight.items():
        ties, concordant = counts[2:-1:3], counts[3:-1:3]
        gains += weight * ties
        losses += weight * concordant
        flips += ties + concordant
    return gains, losses, flips


def _collect(
    groups: SortedGroups, windows: _Windows, chosen: npt.NDArray[np.bool_], chunk_pairs: int
) -> tuple[FloatArray, FloatArray, IntArray]:
    """Differences, signed weights and buckets of the flips in the chosen buckets."""
    wanted = np.zeros(windows.bins, dtype=bool)
    wanted[2:-1:3] = chosen
    wanted[3:-1:3] = chosen
    parts: list[tuple[FloatArray, FloatArray, IntArray]] = []
    for d, delta, weight in pair_chunks(groups, chunk_pairs):
        code = _codes(d, delta, windows)
        keep = wanted[code]
        code = code[keep]
        gain = np.where(code % 3 == 2, weight, -weight).astype(np.float64)
        parts.append((d[keep], gain, (code - 1) // 3))
    if not parts:
        return np.zeros(0), np.zeros(0), np.zeros(0, dtype=np.int64)
    d, gain, index = (np.concatenate(p) for p in zip(*parts, strict=True))
    return d, gain, index


def _sweep(
    d: FloatArray, gain: FloatArray, index: IntArray, start: FloatArray
) -> tuple[FloatArray, FloatArray]:
    """Each distinct difference and the objective with the threshold there."""
    if not len(d):
        return d, gain
    order = np.argsort(d, kind="stable")
    d, gain, index = d[order], gain[order], index[order]
    total = np.cumsum(gain)
    first = np.flatnonzero(np.r_[True, index[1:] != index[:-1]])
    before = np.repeat(np.r_[0.0, total][first], np.diff(np.r_[first, len(d)]))
    value = start[index] + total - before
    last = np.r_[d[1:] != d[:-1], True]
    return d[last], value[last]


def _refine(windows: _Windows, chosen: npt.NDArray[np.bool_], start: FloatArray) -> _Windows:
    """Runs of chosen buckets as windows at a finer shift."""
    runs = np.flatnonzero(np.diff(np.r_[0, chosen.astype(np.int8), 0]))
    first, last = runs[0::2], runs[1::2] - 1
    while len(first) > _MAX_WINDOWS:  # merge across the smallest gaps
        gaps = first[1:] - last[:-1]
        keep = np.ones(len(first), dtype=bool)
        keep[1:][gaps <= np.sort(gaps)[len(first) - _MAX_WINDOWS - 1]] = False
        first, last = first[keep], last[np.r_[keep[1:], True]]
    owner = np.searchsorted(windows.offsets, first, side="right") - 1
    low = windows.low[owner] + first - windows.offsets[owner]
    high = windows.low[owner] + last - windows.offsets[owner]
    width = int((high - low + 1).sum())
    step = max(1, int(math.log2(max(1.0, _BUCKETS / width))))
    step = min(step, windows.shift)
    return _Windows(
        windows.shift - step,
        low << step,
        ((high + 1) << step) - 1,
        start[first],
    )


def _start_windows(groups: SortedGroups, base: float) -> _Windows | None:
    """One window over every positive difference, at a shift giving about `_BUCKETS`."""
    steps = np.diff(groups.metric)
    positive = steps[(groups.group[1:] == groups.group[:-1]) & (steps > 0)]
    if not positive.size:
        return None
    ends = groups.starts + groups.sizes - 1
    spread = float((groups.metric[ends] - groups.metric[groups.starts]).max())
    low = int(np.float64(positive.min()).view(np.int64))
    high = int(np.float64(spread).view(np.int64))
    shift = max(0, (high - low).bit_length() - _BUCKETS.bit_length() + 1)
    return _Windows(shift, np.array([low >> shift]), np.array([high >> shift]), np.array([base]))


def _search(
    groups: SortedGroups, base: float, tolerance: float, budget: int, chunk_pairs: int
) -> tuple[float, int]:
    """The first threshold with the largest objective, and the passes it took."""
    windows = _start_windows(groups, base)
    if windows is None:
        return 0.0, 0
    best, passes = base, 0
    total = sum(int(s) * (int(s) - 1) // 2 for s in groups.sizes)
    if total <= budget:  # every pair fits: collect them all in one pass
        windows = _Windows(63, np.array([0]), np.array([0]), np.array([base]))  # d > 0: key 0
        chosen = np.ones(1, dtype=bool)
        start = np.array([base])
    while True:
        if windows.shift < 63:
            gains, losses, flips = _histogram(groups, windows, chunk_pairs)
            passes += 1
            change = gains - losses
            start = np.repeat(windows.before, windows.high - windows.low + 1) + _within(
                change, windows
            )
            best = max(best, float((start + change)[flips > 0].max(initial=best)))
            chosen = (flips > 0) & (start + gains >= best - tolerance)
            if int(flips[chosen].sum()) > budget:
                if windows.shift == 0:  # one difference per bucket: the edges are exact
                    return _from_edges(windows, chosen, start + change, base, tolerance), passes
                windows = _refine(windows, chosen, start)
                continue
        d, gain, index = _collect(groups, windows, chosen, chunk_pairs)
        passes += 1
        thresholds, values = _sweep(d, gain, index, start)
        if not len(values) or values.max() <= base + tolerance:
            return 0.0, passes
        top = values.max()
        return float(thresholds[np.flatnonzero(values >= top - tolerance)[0]]), passes


def _from_edges(
    windows: _Windows, chosen: npt.NDArray[np.bool_], end: FloatArray, base: float, tolerance: float
) -> float:
    """At shift 0 a bucket is one difference: the first chosen edge with the top value."""
    top = end[chosen].max()
    if top <= base + tolerance:
        return 0.0
    bucket = int(np.flatnonzero(chosen & (end >= top - tolerance))[0])
    window = int(np.searchsorted(windows.offsets, bucket, side="right") - 1)
    key = int(windows.low[window]) + bucket - int(windows.offsets[window])
    return float(np.int64(key).view(np.float64))


def _within(change: FloatArray, windows: _Windows) -> FloatArray:
    """The objective change accumulated inside each window before each bucket."""
    total = np.cumsum(change)
    before = np.repeat(np.r_[0.0, total][windows.offsets], windows.high - windows.low + 1)
    result: FloatArray = total - change - before
    return result


def _weights(table: PairTable) -> tuple[dict[int, float], float, bool]:
    """Pair weight by group size (pairs), the tolerance, and whether the sums stay exact."""
    pairs = sorted({int(p) for p in table.pairs if p > 0})
    common = math.lcm(*pairs) if pairs else 1
    if common * int((table.pairs > 0).sum()) < 1 << 53:  # each group adds at most `common`
        return {p: float(common // p) for p in pairs}, 0.0, True
    return {p: 1.0 / p for p in pairs}, 1e-9, False


def calibrate_groups(
    scores: ScoreGroups,
    statistic: PairStatistic | str = PairStatistic.ACC_EQ,
    *,
    budget: int = 1 << 22,
    chunk_pairs: int = 1 << 16,
    untied: PairTable | None = None,
) -> Calibration:
    """`calibrate_ties` of scores already grouped (`untied`: their counts at epsilon 0)."""
    kind = coerce_enum(PairStatistic, statistic, "statistic")
    if kind not in (PairStatistic.ACC_EQ, PairStatistic.TAU_EQ):
        raise OptionError(f"tie calibration maximises acc_eq or tau_eq, not {kind.value}")
    check_int(budget, "budget", minimum=1)
    check_int(chunk_pairs, "chunk_pairs", minimum=1)
    table = untied if untied is not None else count_groups(scores, 0.0)
    weights, tolerance, exact = _weights(table)
    right = table.concordant + table.ties_both
    base = float(
        sum(weights[int(p)] * int(r) for p, r in zip(table.pairs, right, strict=True) if p > 0)
    )
    groups = sort_groups(scores, weights)
    epsilon, passes = _search(groups, base, tolerance, budget, chunk_pairs)
    final = count_groups(scores, epsilon) if epsilon > 0 else table
    return Calibration(
        epsilon=epsilon,
        value=final.average(kind),
        statistic=kind,
        grouping=scores.grouping,
        table=final,
        pairs=int(table.pairs.sum()),
        passes=passes,
        exact=exact,
    )


def calibrate_ties(
    human: npt.ArrayLike,
    metric: npt.ArrayLike,
    grouping: Grouping | str = Grouping.ITEM,
    statistic: PairStatistic | str = PairStatistic.ACC_EQ,
    *,
    budget: int = 1 << 22,
    chunk_pairs: int = 1 << 16,
) -> Calibration:
    """The epsilon that maximises the mean over groups of `statistic` (acc_eq or tau_eq).

    Scores are ``(systems, segments)`` arrays (human NaN/None: unrated) or two vectors
    (one group), oriented higher-is-better. ``budget`` bounds the pairs held at once.
    """
    scores = group_scores(human, metric, grouping)
    return calibrate_groups(scores, statistic, budget=budget, chunk_pairs=chunk_pairs)
