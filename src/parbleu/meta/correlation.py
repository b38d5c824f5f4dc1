"""Correlations of two score vectors, vectorized over resamples; pure computations.

Papineni et al. (2002, section 5) regress human scores on BLEU over systems and report the
correlation (0.99 monolingual, 0.96 bilingual). WMT's metrics tasks add rank correlations,
pairwise accuracy and segment-level agreement. Definitions used here:

* Pearson's r, Spearman's rho (Pearson of average ranks) and Kendall's tau-a, tau-b
  (default; ties in either variable shrink the denominator) and tau-c (Stuart's, for
  rectangular tables) over systems, written out below and tested against ``scipy.stats``.
* The regression line of the human score on the metric score (least squares, paper Fig. 5-6).
* Pairwise ranking accuracy (Kocmi et al. 2021, "To Ship or Not to Ship"): the fraction of
  system pairs with ``sign(metric delta) == sign(human delta)``, ``sign(0) = 0``.
* Segment-level Kendall-like tau (WMT DARR, Ma et al. 2018, Mathur et al. 2020):
  ``(C - D) / (C + D)`` over pairs of systems on the same segment whose human scores differ
  by more than a threshold; a metric tie counts as discordant (WMT's rule) or is left out.

Scores of metrics where lower is better (TER) are negated before any comparison, so a
positive correlation always means agreement with the humans.

Confidence intervals come from the percentile bootstrap over segments: each resample draws N
segment indices with replacement (``numpy.random.default_rng(seed).choice``, the same draws
for every system and metric, as in sacreBLEU's paired bootstrap), re-sums each system's
`Stats` rows and applies the metric's formula. Human system scores given per segment (an
`ExternalScores` of MQM) are re-averaged over the same draws; human scores given only per
system are held fixed, so the interval then covers the metric's sampling of test segments,
not the noise of the human judgments.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.errors import InputError
from parbleu.options import Choice, coerce_enum

__all__ = [
    "KendallVariant",
    "MetricTies",
    "PairwiseAccuracy",
    "Regression",
    "correlations",
    "kendall",
    "normalize_to_range",
    "paired_vectors",
    "pairwise_accuracy",
    "pearson",
    "rankdata",
    "regression",
    "spearman",
]

#: Fewest systems a system-level correlation is computed for.
MIN_SYSTEMS = 3


class KendallVariant(Choice):
    """Kendall's tau: ``a`` (no tie correction), ``b`` (scipy's default), ``c`` (Stuart)."""

    A = "a"
    B = "b"
    C = "c"


class MetricTies(Choice):
    """What a metric tie on a segment pair counts as in the segment-level tau."""

    DISCORDANT = "discordant"  # WMT DARR (2017-2020): ties are penalized
    EXCLUDE = "exclude"  # left out of both C and D


def _centred_and_scaled(values: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Deviations from the mean divided by their largest magnitude, and that magnitude.

    Products of the scaled deviations neither overflow (scores of 1e155) nor underflow
    (1e-170), as SciPy's ``pearsonr`` ensures; a constant vector scales by 0 (NaN after).
    """
    centred = values - values.mean(axis=-1, keepdims=True)
    scale = np.abs(centred).max(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        scaled: FloatArray = centred / scale
    return scaled, scale[..., 0]


def _pearson(x: FloatArray, y: FloatArray) -> FloatArray:
    """Pearson's r as SciPy's ``pearsonr`` computes it.

    NaN for a constant vector, found as SciPy finds it (every value equal to the first): the
    mean of 1.5e156 taken three times need not be exactly 1.5e156.
    """
    dx, _ = _centred_and_scaled(x)
    dy, _ = _centred_and_scaled(y)
    with np.errstate(invalid="ignore", divide="ignore"):
        dx = dx / np.sqrt((dx * dx).sum(-1, keepdims=True))
        dy = dy / np.sqrt((dy * dy).sum(-1, keepdims=True))
        r: FloatArray = (dx * dy).sum(-1)
    constant = _constant(x) | _constant(y)
    return np.where(constant, np.nan, np.clip(r, -1.0, 1.0))


def _constant(values: FloatArray) -> BoolArray:
    """Whether each row holds one value only."""
    same: BoolArray = (values == values[..., :1]).all(axis=-1)
    return same


def _spearman(x: FloatArray, y: FloatArray) -> FloatArray:
    """Spearman's rho as SciPy's ``spearmanr`` computes it, bit for bit.

    ``numpy.corrcoef`` of the ranks: covariances multiplied by ``1 / (n - 1)``, the
    cross-covariance divided by the second standard deviation, then the first, and clipped
    to [-1, 1] (so that a perfect ranking is exactly 1). Ranks need no scaling: they neither
    overflow nor underflow.
    """
    a, b = _ranks(x), _ranks(y)
    da = a - a.mean(axis=-1, keepdims=True)
    db = b - b.mean(axis=-1, keepdims=True)
    factor = 1.0 / (a.shape[-1] - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (da * db).sum(-1) * factor
        r = r / np.sqrt((db * db).sum(-1) * factor) / np.sqrt((da * da).sum(-1) * factor)
    rho: FloatArray = np.clip(r, -1.0, 1.0)
    return rho


def _rank_1d(values: FloatArray) -> FloatArray:
    ordered = np.sort(values)
    below = np.searchsorted(ordered, values, side="left")
    up_to = np.searchsorted(ordered, values, side="right")
    ranks: FloatArray = (below + up_to + 1) / 2.0
    return ranks


def _ranks(values: FloatArray) -> FloatArray:
    flat = values.reshape(-1, values.shape[-1])
    return np.stack([_rank_1d(row) for row in flat]).reshape(values.shape)


def _distinct(values: FloatArray) -> FloatArray:
    ordered = np.sort(values, axis=-1)
    counts: FloatArray = (np.diff(ordered, axis=-1) != 0).sum(-1) + 1.0
    return counts


def _kendall(x: FloatArray, y: FloatArray, variant: KendallVariant) -> FloatArray:
    n = x.shape[-1]
    s = np.zeros(x.shape[:-1])
    tied_x = np.zeros(x.shape[:-1])
    tied_y = np.zeros(x.shape[:-1])
    for i in range(n - 1):  # O(n) memory: one row of the pair matrix at a time
        sx = np.sign(x[..., i + 1 :] - x[..., i : i + 1])
        sy = np.sign(y[..., i + 1 :] - y[..., i : i + 1])
        s += (sx * sy).sum(-1)
        tied_x += (sx == 0).sum(-1)
        tied_y += (sy == 0).sum(-1)
    pairs = n * (n - 1) / 2
    with np.errstate(invalid="ignore", divide="ignore"):
        if variant is KendallVariant.A:
            tau: FloatArray = s / pairs
        elif variant is KendallVariant.B:
            tau = s / np.sqrt((pairs - tied_x) * (pairs - tied_y))
        else:
            m = np.minimum(_distinct(x), _distinct(y))
            tau = 2 * s / (n * n * (m - 1) / m)
    return np.clip(tau, -1.0, 1.0)


def _agreements(metric: FloatArray, human: FloatArray) -> FloatArray:
    n = metric.shape[-1]
    agree = np.zeros(metric.shape[:-1])
    for i in range(n - 1):
        sm = np.sign(metric[..., i + 1 :] - metric[..., i : i + 1])
        sh = np.sign(human[..., i + 1 :] - human[..., i : i + 1])
        agree += (sm == sh).sum(-1)
    return agree


def _accuracy(metric: FloatArray, human: FloatArray) -> FloatArray:
    n = metric.shape[-1]
    result: FloatArray = _agreements(metric, human) / (n * (n - 1) / 2)
    return result


def _numbers(values: npt.ArrayLike) -> FloatArray:
    """`values` as a float64 array, or an `InputError` for strings, mappings, complex numbers."""
    if isinstance(values, (str, bytes, Mapping)):
        raise InputError(f"scores must be a sequence of numbers; got {type(values).__name__}")
    try:
        array: FloatArray = np.asarray(values, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InputError(f"scores must be real numbers ({exc})") from None
    return array


def _finite_vector(values: npt.ArrayLike) -> FloatArray:
    """A non-empty one-dimensional array of finite numbers, or an `InputError`."""
    array = _numbers(values)
    if array.ndim != 1 or not array.size:
        raise InputError(f"need a non-empty vector of scores, got shape {array.shape}")
    if not np.isfinite(array).all():
        raise InputError("scores must be finite numbers")
    return array


def paired_vectors(
    x: npt.ArrayLike, y: npt.ArrayLike, least: int = 2
) -> tuple[FloatArray, FloatArray]:
    """Two score vectors of equal length (at least `least`), as float64 arrays.

    Raises:
        InputError: vectors of different lengths, too short, or not one-dimensional.
    """
    a, b = _numbers(x), _numbers(y)
    if a.ndim != 1 or a.shape != b.shape:
        raise InputError(f"need two vectors of equal length, got shapes {a.shape} and {b.shape}")
    if len(a) < least:
        raise InputError(f"need at least {least} values, got {len(a)}")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise InputError("scores must be finite numbers")
    return a, b


def pearson(x: npt.ArrayLike, y: npt.ArrayLike) -> float:
    """Pearson's r; NaN when either vector is constant."""
    return float(_pearson(*paired_vectors(x, y)))


def rankdata(values: npt.ArrayLike) -> FloatArray:
    """1-based ranks along the last axis, ties sharing their average rank (scipy's default)."""
    array = _numbers(values)
    if not np.isfinite(array).all():  # NaN has no rank (it would silently rank last)
        raise InputError("scores must be finite numbers")
    return _ranks(array) if array.size else array  # nothing to rank: nothing, as in SciPy


def spearman(x: npt.ArrayLike, y: npt.ArrayLike) -> float:
    """Spearman's rho: the correlation of the average ranks; NaN when either vector is constant."""
    return float(_spearman(*paired_vectors(x, y)))


def kendall(x: npt.ArrayLike, y: npt.ArrayLike, variant: KendallVariant | str = "b") -> float:
    """Kendall's tau over all pairs, in O(n^2) time and O(n) memory.

    With S the number of concordant minus discordant pairs, P = n(n-1)/2, T_x and T_y the pairs
    tied in x and in y, and m the smaller number of distinct values:
    ``a = S / P``, ``b = S / sqrt((P - T_x)(P - T_y))``, ``c = 2S / (n^2 (m-1) / m)``.
    NaN when undefined (a constant vector for b and c).
    """
    kind = coerce_enum(KendallVariant, variant, "kendall variant")
    return float(_kendall(*paired_vectors(x, y), kind))


@dataclass(frozen=True)
class Regression:
    """Least-squares line ``human = slope * metric + intercept`` and Pearson's r."""

    slope: float
    intercept: float
    r: float


def regression(x: npt.ArrayLike, y: npt.ArrayLike) -> Regression:
    """Regress `y` (human) on `x` (metric), as the paper's Figures 5 and 6 do.

    Raises:
        InputError: fewer than two points, or all `x` equal.
    """
    a, b = paired_vectors(x, y)
    dx, x_scale = _centred_and_scaled(a)
    if not x_scale > 0:
        raise InputError("cannot fit a line: all metric scores are equal")
    dy, y_scale = _centred_and_scaled(b)
    ratio = float((dx * dy).sum() / (dx * dx).sum()) if y_scale > 0 else 0.0
    slope = ratio * float(y_scale) / float(x_scale)
    return Regression(slope, float(b.mean() - slope * a.mean()), pearson(a, b))


@dataclass(frozen=True)
class PairwiseAccuracy:
    """System pairs ordered alike by metric and humans (Kocmi et al. 2021)."""

    agree: int
    pairs: int

    @property
    def accuracy(self) -> float:
        """``agree / pairs``."""
        return self.agree / self.pairs


def pairwise_accuracy(metric: npt.ArrayLike, human: npt.ArrayLike) -> PairwiseAccuracy:
    """Pairs with ``sign(metric_i - metric_j) == sign(human_i - human_j)``, ties equal 0.

    A metric tie therefore agrees only with a human tie. Both must be oriented so that
    higher is better.
    """
    m, h = paired_vectors(metric, human)
    pairs = len(m) * (len(m) - 1) // 2
    return PairwiseAccuracy(int(_agreements(m, h)), pairs)


def normalize_to_range(values: npt.ArrayLike) -> FloatArray:
    """``(v - min) / (max - min)``: the paper's Figure 7 scaling; all zeros if constant."""
    array = _finite_vector(values)
    span = array.max() - array.min()
    scaled: FloatArray = (array - array.min()) / span if span > 0 else np.zeros_like(array)
    return scaled


def correlations(metric: FloatArray, human: FloatArray, variant: KendallVariant) -> FloatArray:
    """Pearson, Spearman, Kendall and pairwise accuracy of each row: ``(4, rows)``."""
    return np.stack(
        [
            _pearson(metric, human),
            _spearman(metric, human),
            _kendall(metric, human, variant),
            _accuracy(metric, human),
        ]
    )
