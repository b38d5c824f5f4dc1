"""Pearson's r averaged over groups, as mt-metrics-eval averages correlations.

``average_by`` (`parbleu.meta.pairs.Grouping`): ``none`` correlates the flattened
``(systems, segments)`` matrices (WMT23's segment-level Pearson), ``item`` each segment's
column of systems, ``sys`` each system's row of segments; entries without a human score leave
their group. A group with fewer than two entries is skipped, a constant group is NaN (SciPy
before 1.14, which mt-metrics-eval keeps), and the result is the mean of the defined values,
or of all of them with NaN counted as 0 (``nan_as_zero``, mt-metrics-eval's
``replace_nans_with_zeros``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.meta.pairs import Grouping, ScoreGroups, group_scores

__all__ = ["group_pearson", "grouped_pearson"]


def _sums(group: IntArray, values: npt.NDArray[np.float64], n: int) -> FloatArray:
    sums: FloatArray = np.bincount(group, weights=values, minlength=n).astype(np.float64)
    return sums


def group_pearson(scores: ScoreGroups) -> FloatArray:
    """Pearson's r of each group (NaN: fewer than two entries or a constant side)."""
    g, h, m, n = scores.group, scores.human, scores.metric, scores.n_groups
    size = np.bincount(g, minlength=n).astype(np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        dh = h - (_sums(g, h, n) / size)[g]
        dm = m - (_sums(g, m, n) / size)[g]
        r = _sums(g, dh * dm, n) / np.sqrt(_sums(g, dh * dh, n) * _sums(g, dm * dm, n))
    first = np.full(n, -1, dtype=np.int64)
    first[g[::-1]] = np.arange(len(g), dtype=np.int64)[::-1]
    varying_h = _sums(g, (h != h[first[g]]).astype(np.float64), n) > 0
    varying_m = _sums(g, (m != m[first[g]]).astype(np.float64), n) > 0
    defined = (size >= 2) & varying_h & varying_m
    result: FloatArray = np.where(defined, np.clip(r, -1.0, 1.0), np.nan)
    result[size < 2] = np.nan
    return result


def grouped_pearson(
    human: npt.ArrayLike,
    metric: npt.ArrayLike,
    grouping: Grouping | str = Grouping.NONE,
    *,
    nan_as_zero: bool = False,
) -> float:
    """Mean Pearson's r over the groups of ``(systems, segments)`` scores (human NaN: unrated)."""
    scores = group_scores(human, metric, grouping)
    values = group_pearson(scores)
    counted = np.bincount(scores.group, minlength=scores.n_groups) >= 2
    values = values[counted]
    if nan_as_zero:
        values = np.nan_to_num(values, nan=0.0)
    values = values[~np.isnan(values)]
    return float(values.mean()) if values.size else float("nan")
