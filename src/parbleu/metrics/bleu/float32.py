"""BLEU as sacreBLEU 2.6.0 scores bootstrap resamples: float32 precisions.

sacreBLEU's ``BLEU.compute_bleu`` on a float32 row makes every precision
``100 * match / total`` (and its smoothed forms) a float32; logarithms, the mean and the brevity
penalty stay float64, so every score is a Python float for sacreBLEU (all flags false).
Options sacreBLEU does not have (weights, Chen and Cherry's smoothing 4-7, NLTK's variant)
have no float32 arithmetic: they are resampled in float64 (the `Float32Rule` of BLEU's entry,
`parbleu.metrics.bleu.entry`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.metrics.bleu.formula import LOG_ZERO, bleu_layout, brevity_penalty
from parbleu.metrics.bleu.options import BleuOptions, Smoothing
from parbleu.numeric import libm
from parbleu.numeric.float32 import F32, as_float32, usable
from parbleu.stats import Layout

__all__ = ["bleu_float32"]


def _precisions(
    correct: npt.NDArray[np.float32], total: npt.NDArray[np.float32], options: BleuOptions
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]:
    """SacreBLEU's float32 precisions (its loop over orders) and the orders to average."""
    n_rows, order = correct.shape
    value = options.smooth_value_or_default
    if options.smooth_method is Smoothing.ADD_K:
        correct, total = correct.copy(), total.copy()
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
        divisor = usable(total[:, n], alive)
        precisions[:, n] = np.where(hit, F32(100.0) * correct[:, n] / divisor, precisions[:, n])
        if options.smooth_method is Smoothing.EXP:
            halvings = np.where(zero, halvings * F32(2.0), halvings)
            smoothed = F32(100.0) / (halvings * divisor)
            precisions[:, n] = np.where(zero, smoothed, precisions[:, n])
        elif options.smooth_method is Smoothing.FLOOR:
            floor = F32(100.0 * value) / divisor
            precisions[:, n] = np.where(zero, floor, precisions[:, n])
    return precisions, orders


def bleu_float32(
    rows: npt.ArrayLike, options: BleuOptions, layout: Layout | None = None
) -> tuple[FloatArray, BoolArray]:
    """As sacreBLEU's ``BLEU.compute_bleu`` on float32 rows of `layout`'s columns.

    The default layout is `bleu_layout` of the orders the options count.
    """
    layout = layout or bleu_layout(options.counted_orders)
    stats = as_float32(rows)
    order = options.max_ngram_order
    n_rows = len(stats)
    sys_len = np.trunc(layout.column(stats, "sys_len").astype(np.float64))  # int(stats[0])
    ref_len = np.trunc(layout.column(stats, "ref_len").astype(np.float64))
    correct = layout.series(stats, "match", order)
    total = layout.series(stats, "total", order)
    no_match = ~(correct != 0).any(axis=1)
    precisions, orders = _precisions(correct, total, options)
    wide = precisions.astype(np.float64)
    positive = wide > 0
    logs = np.full(wide.shape, LOG_ZERO)
    logs[positive] = libm.log(wide[positive])
    log_sum = np.zeros(n_rows)
    for n in range(order):  # Python's sum(), left to right
        log_sum = log_sum + np.where(n < orders, logs[:, n], 0.0)
    scores = brevity_penalty(sys_len, ref_len) * libm.exp(log_sum / orders)
    scores[no_match] = 0.0
    return scores, np.zeros(n_rows, dtype=bool)
