"""sacreBLEU's bootstrap arithmetic: float32 statistics and the formulas it then evaluates.

sacreBLEU 2.6.0 resamples statistics cast to float32 (``np.array(stats, dtype='float32')``)
and hands each summed row to the metric's scalar formula. Under numpy 2's promotion rules
(NEP 50) a Python number meeting a float32 becomes a float32, so parts of the formulas run in
single precision:

* BLEU: every precision ``100 * match / total`` (and its smoothed variants) is a float32;
  logarithms, the mean and the brevity penalty are float64.
* chrF: all of it is float32, except where a zero count makes sacreBLEU fall back on its
  Python-float epsilon; the score is a float32 unless it is sacreBLEU's literal ``0.0``.
* TER: ``100 * edits / reference length`` is a float32.

Bootstrap means and intervals differ from float64 arithmetic around the sixth significant
digit, so to give sacreBLEU's numbers these functions repeat its operations, vectorized over
rows, with the same roundings. Each returns the scores as float64 values plus a flag per
row: whether sacreBLEU's value is a float32 (then the value is that float32, exactly) or a
Python float. Approximate randomization is not affected: sacreBLEU sums its statistics as
integers (or float64) there.

`float32_scorer` picks the function for a metric, or None for metrics and options sacreBLEU
does not have (NIST; BLEU with weights or Chen and Cherry's smoothing 4-7), which are
resampled in float64 instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.metrics.base import Metric
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.bleu.options import BleuOptions, Smoothing, SmoothVariant
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.numeric import libm
from parbleu.significance.resampling import Scorer

__all__ = ["bleu_float32", "chrf_float32", "float32_scorer", "ter_float32"]

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
F32 = np.float32

#: sacreBLEU's log of a zero precision (``utils.my_log``).
_LOG_ZERO = -9999999999.0
#: sacreBLEU's chrF stand-in for an undefined precision, recall or F-score (a Python float).
_EPSILON = 1e-16
_SACREBLEU_SMOOTHING = (Smoothing.NONE, Smoothing.FLOOR, Smoothing.ADD_K, Smoothing.EXP)


def _f32(values: npt.ArrayLike) -> npt.NDArray[np.float32]:
    return np.asarray(values, dtype=np.float32)


def _safe(denominator: npt.NDArray[np.float32], usable: BoolArray) -> npt.NDArray[np.float32]:
    """The denominator where it is used, 1 elsewhere (no division warnings on unused rows)."""
    return np.where(usable, denominator, F32(1.0))


def float32_scorer(metric: Metric[Any, Any]) -> Scorer | None:
    """The float32 scoring sacreBLEU gives resampled statistics of ``metric``, if any."""
    if isinstance(metric, BLEU):
        options = metric.options
        if (
            options.smooth_method in _SACREBLEU_SMOOTHING
            and options.smooth_variant is SmoothVariant.PAPER
            and options.weights is None
        ):
            return lambda rows: bleu_float32(rows, options)
        return None
    if isinstance(metric, CHRF):
        chrf_options = metric.options
        return lambda rows: chrf_float32(rows, chrf_options)
    if metric.name == "TER" and len(metric.columns) == 2:
        return ter_float32
    return None


def bleu_float32(rows: npt.ArrayLike, options: BleuOptions) -> tuple[FloatArray, BoolArray]:
    """As sacreBLEU's ``BLEU.compute_bleu`` on float32 rows ``[sys_len, ref_len, match, total]``.

    The precisions are float32 (``100. * correct / total`` and the smoothed forms); the rest is
    float64, so every score is a Python float for sacreBLEU (all flags false).
    """
    stats = _f32(np.atleast_2d(rows))
    order = options.max_ngram_order
    n_rows = len(stats)
    sys_len = np.trunc(stats[:, 0].astype(np.float64))  # int(stats[0])
    ref_len = np.trunc(stats[:, 1].astype(np.float64))
    correct = stats[:, 2 : 2 + order].copy()
    total = stats[:, 2 + order : 2 + 2 * order].copy()
    no_match = ~(correct != 0).any(axis=1)
    value = options.smooth_value_or_default
    if options.smooth_method is Smoothing.ADD_K:
        correct[:, 1:] += F32(value)
        total[:, 1:] += F32(value)
    precisions = np.zeros((n_rows, order), dtype=np.float32)
    alive = np.ones(n_rows, dtype=bool)
    halvings = np.ones(n_rows, dtype=np.float32)  # sacreBLEU's smooth_mteval
    orders = np.full(n_rows, order, dtype=np.int64)
    for n in range(order):
        alive &= total[:, n] != 0
        if options.effective_order:
            orders[alive] = n + 1
        hit = alive & (correct[:, n] != 0)
        zero = alive & (correct[:, n] == 0)
        divisor = _safe(total[:, n], alive)
        precisions[:, n] = np.where(hit, F32(100.0) * correct[:, n] / divisor, precisions[:, n])
        if options.smooth_method is Smoothing.EXP:
            halvings = np.where(zero, halvings * F32(2.0), halvings)
            smoothed = F32(100.0) / (halvings * divisor)
            precisions[:, n] = np.where(zero, smoothed, precisions[:, n])
        elif options.smooth_method is Smoothing.FLOOR:
            floor = F32(100.0 * value) / divisor
            precisions[:, n] = np.where(zero, floor, precisions[:, n])
    wide = precisions.astype(np.float64)
    positive = wide > 0
    logs = np.full(wide.shape, _LOG_ZERO)
    logs[positive] = libm.log(wide[positive])
    log_sum = np.zeros(n_rows)
    for n in range(order):  # Python's sum(), left to right
        log_sum = log_sum + np.where(n < orders, logs[:, n], 0.0)
    penalty = np.ones(n_rows)
    short = sys_len < ref_len
    nonempty = short & (sys_len > 0)
    penalty[nonempty] = libm.exp(1.0 - ref_len[nonempty] / sys_len[nonempty])
    penalty[short & (sys_len <= 0)] = 0.0
    scores = penalty * libm.exp(log_sum / orders)
    scores[no_match] = 0.0
    return scores, np.zeros(n_rows, dtype=bool)


@dataclass(frozen=True)
class _Typed:
    """Values that are float32 (``single``) or Python floats per row, as in sacreBLEU's loop."""

    value: FloatArray
    single: BoolArray

    @staticmethod
    def python(value: float | FloatArray, n_rows: int) -> _Typed:
        return _Typed(
            np.broadcast_to(np.asarray(value, dtype=np.float64), (n_rows,)).copy(),
            np.zeros(n_rows, dtype=bool),
        )

    def _combine(self, other: _Typed, operation: str) -> _Typed:
        single = self.single | other.single
        a64, b64 = self.value, other.value
        a32, b32 = a64.astype(np.float32), b64.astype(np.float32)
        if operation == "+":
            wide, narrow = a64 + b64, a32 + b32
        elif operation == "*":
            wide, narrow = a64 * b64, a32 * b32
        else:
            usable = b64 != 0
            wide = a64 / np.where(usable, b64, 1.0)
            narrow = a32 / np.where(usable, b32, F32(1.0))
        return _Typed(np.where(single, narrow.astype(np.float64), wide), single)

    def __add__(self, other: _Typed) -> _Typed:
        return self._combine(other, "+")

    def __mul__(self, other: _Typed) -> _Typed:
        return self._combine(other, "*")

    def __truediv__(self, other: _Typed) -> _Typed:
        return self._combine(other, "/")


def _ratio32(numerator: npt.NDArray[np.float32], denominator: npt.NDArray[np.float32]) -> _Typed:
    """``numerator / denominator`` (float32) where the denominator is positive, else epsilon."""
    positive = denominator > 0
    ratio = (numerator / _safe(denominator, positive)).astype(np.float64)
    return _Typed(np.where(positive, ratio, _EPSILON), positive)


def chrf_float32(rows: npt.ArrayLike, options: ChrfOptions) -> tuple[FloatArray, BoolArray]:
    """As sacreBLEU's ``CHRF._compute_f_score`` on float32 rows of ``[hyp, ref, match]``."""
    stats = _f32(np.atleast_2d(rows))
    if options.eps_smoothing:
        return _chrf_eps(stats, options)
    n_rows = len(stats)
    factor = options.beta**2
    precision_sum = np.zeros(n_rows, dtype=np.float32)
    recall_sum = np.zeros(n_rows, dtype=np.float32)
    effective = np.zeros(n_rows, dtype=np.int64)
    for n in range(options.order):
        hyp, ref, match = stats[:, 3 * n], stats[:, 3 * n + 1], stats[:, 3 * n + 2]
        both = (hyp > 0) & (ref > 0)
        precision_sum = np.where(both, precision_sum + match / _safe(hyp, both), precision_sum)
        recall_sum = np.where(both, recall_sum + match / _safe(ref, both), recall_sum)
        effective += both
    counted = effective > 0
    divisor = np.where(counted, effective, 1).astype(np.float32)
    precision = precision_sum / divisor
    recall = recall_sum / divisor
    nonzero = counted & ((precision + recall) != 0)
    numerator = F32(1 + factor) * precision * recall
    denominator = _safe(F32(factor) * precision + recall, nonzero)
    score = F32(100) * (numerator / denominator)
    return np.where(nonzero, score.astype(np.float64), 0.0), nonzero


def _chrf_eps(stats: npt.NDArray[np.float32], options: ChrfOptions) -> tuple[FloatArray, BoolArray]:
    """chrF++.py's mean of per-order F-scores, with sacreBLEU's mix of float32 and epsilon."""
    n_rows = len(stats)
    factor = _Typed.python(float(options.beta**2), n_rows)
    factor_plus_one = _Typed.python(float(1 + options.beta**2), n_rows)
    epsilon = _Typed.python(_EPSILON, n_rows)
    score = _Typed.python(0.0, n_rows)
    for n in range(options.order):
        hyp, ref, match = stats[:, 3 * n], stats[:, 3 * n + 1], stats[:, 3 * n + 2]
        precision = _ratio32(match, hyp)
        recall = _ratio32(match, ref)
        denominator = factor * precision + recall
        f_score = factor_plus_one * precision * recall / denominator
        defined = denominator.value > 0
        term = _Typed(
            np.where(defined, f_score.value, epsilon.value),
            defined & f_score.single,
        )
        score = score + term
    result = _Typed.python(100.0, n_rows) * score / _Typed.python(float(options.order), n_rows)
    return result.value, result.single


def ter_float32(rows: npt.ArrayLike) -> tuple[FloatArray, BoolArray]:
    """As sacreBLEU's ``TER._compute_score_from_stats`` on float32 ``[edits, ref_length]``."""
    stats = _f32(np.atleast_2d(rows))
    edits, length = stats[:, 0], stats[:, 1]
    positive = length > 0
    rate = F32(100) * (edits / _safe(length, positive))
    fallback = np.where(edits > 0, 100.0, 0.0)  # 100 * 1.0 or 100 * 0.0, Python floats
    return np.where(positive, rate.astype(np.float64), fallback), positive
