"""chrF as sacreBLEU 2.6.0 scores bootstrap resamples: mostly float32.

sacreBLEU's ``CHRF._compute_f_score`` on a float32 row computes in float32, except where a zero
count makes it fall back on its Python-float epsilon; the score is a float32 unless it is
sacreBLEU's literal ``0.0``. These functions repeat its operations, vectorized over rows, and
say per row whether sacreBLEU's value is a float32.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.metrics.chrf.formula import EPSILON, chrf_layout, chrf_orders, order_counts
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.numeric.float32 import F32, as_float32, usable
from parbleu.stats import Layout

__all__ = ["chrf_float32"]


class _Op(Enum):
    ADD = "+"
    MUL = "*"
    DIV = "/"


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

    def _combine(self, other: _Typed, operation: _Op) -> _Typed:
        single = self.single | other.single
        a64, b64 = self.value, other.value
        a32, b32 = a64.astype(np.float32), b64.astype(np.float32)
        if operation is _Op.ADD:
            wide, narrow = a64 + b64, a32 + b32
        elif operation is _Op.MUL:
            wide, narrow = a64 * b64, a32 * b32
        else:
            nonzero = b64 != 0
            wide = a64 / np.where(nonzero, b64, 1.0)
            narrow = a32 / np.where(nonzero, b32, F32(1.0))
        return _Typed(np.where(single, narrow.astype(np.float64), wide), single)

    def __add__(self, other: _Typed) -> _Typed:
        return self._combine(other, _Op.ADD)

    def __mul__(self, other: _Typed) -> _Typed:
        return self._combine(other, _Op.MUL)

    def __truediv__(self, other: _Typed) -> _Typed:
        return self._combine(other, _Op.DIV)


def _ratio32(numerator: npt.NDArray[np.float32], denominator: npt.NDArray[np.float32]) -> _Typed:
    """``numerator / denominator`` (float32) where the denominator is positive, else epsilon."""
    positive = denominator > 0
    ratio = (numerator / usable(denominator, positive)).astype(np.float64)
    return _Typed(np.where(positive, ratio, EPSILON), positive)


def chrf_float32(
    rows: npt.ArrayLike, options: ChrfOptions, layout: Layout | None = None
) -> tuple[FloatArray, BoolArray]:
    """As sacreBLEU's ``CHRF._compute_f_score`` on float32 rows of `layout`'s columns.

    The default layout is `chrf_layout` of the options' orders.
    """
    layout = layout or chrf_layout(options.char_order, options.word_order)
    stats = as_float32(rows)
    if options.eps_smoothing:
        return _chrf_eps(stats, options, layout)
    n_rows = len(stats)
    factor = options.beta**2
    precision_sum = np.zeros(n_rows, dtype=np.float32)
    recall_sum = np.zeros(n_rows, dtype=np.float32)
    effective = np.zeros(n_rows, dtype=np.int64)
    for order in chrf_orders(options.char_order, options.word_order):
        hyp, ref, match = order_counts(stats, layout, order)
        both = (hyp > 0) & (ref > 0)
        precision_sum = np.where(both, precision_sum + match / usable(hyp, both), precision_sum)
        recall_sum = np.where(both, recall_sum + match / usable(ref, both), recall_sum)
        effective += both
    counted = effective > 0
    divisor = np.where(counted, effective, 1).astype(np.float32)
    precision = precision_sum / divisor
    recall = recall_sum / divisor
    nonzero = counted & ((precision + recall) != 0)
    numerator = F32(1 + factor) * precision * recall
    denominator = usable(F32(factor) * precision + recall, nonzero)
    score = F32(100) * (numerator / denominator)
    return np.where(nonzero, score.astype(np.float64), 0.0), nonzero


def _chrf_eps(
    stats: npt.NDArray[np.float32], options: ChrfOptions, layout: Layout
) -> tuple[FloatArray, BoolArray]:
    """chrF++.py's mean of per-order F-scores, with sacreBLEU's mix of float32 and epsilon."""
    n_rows = len(stats)
    factor = _Typed.python(float(options.beta**2), n_rows)
    factor_plus_one = _Typed.python(float(1 + options.beta**2), n_rows)
    epsilon = _Typed.python(EPSILON, n_rows)
    score = _Typed.python(0.0, n_rows)
    for order in chrf_orders(options.char_order, options.word_order):
        hyp, ref, match = order_counts(stats, layout, order)
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
