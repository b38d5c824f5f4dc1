"""The BLEU formula over summed statistics, vectorized over rows.

Papineni et al. (2002), section 2.3:

    BLEU = BP * exp(sum_n w_n log p_n),   BP = 1 if c > r else exp(1 - r / c)

with ``p_n`` the corpus-level modified n-gram precision, ``c`` the candidate length and ``r``
the effective reference length. Every row of the input is one set of summed statistics (a
corpus, a sentence, a bootstrap resample), so corpus scores, sentence scores and resampling
all use this one function.

Smoothing of zero precisions follows sacreBLEU 2.6.0 (``BLEU.compute_bleu``) operation for
operation, so that scores are bit-identical to it:

* if no n-gram of any order matches, the score is 0 and all precisions are 0;
* ``add-k`` adds k to the matches and totals of orders n >= 2;
* orders are counted up to the first one without hypothesis n-grams; ``effective_order``
  averages over those orders only;
* a zero precision is ``100 / (2^k * total)`` for ``exp`` (k counts the zero orders so far,
  mteval-v13a's smoothing), ``100 * floor / total`` for ``floor``, and 0 otherwise, whose
  logarithm sacreBLEU floors at -9999999999.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.metrics.bleu_options import BleuOptions, Smoothing

__all__ = ["BleuArrays", "bleu_from_totals", "brevity_penalty"]

FloatArray = npt.NDArray[np.float64]

#: sacreBLEU's floor for log(0) (``utils.my_log``).
LOG_ZERO = -9999999999.0


@dataclass(frozen=True)
class BleuArrays:
    """BLEU of each row: scores, precisions (percent, ``(m, N)``) and brevity penalties."""

    scores: FloatArray
    precisions: FloatArray
    brevity_penalties: FloatArray


def brevity_penalty(sys_len: FloatArray, ref_len: FloatArray) -> FloatArray:
    """BP = 1 if c >= r, exp(1 - r/c) if 0 < c < r, and 0 for an empty candidate."""
    sys_len = np.asarray(sys_len, dtype=np.float64)
    ref_len = np.asarray(ref_len, dtype=np.float64)
    short = sys_len < ref_len
    penalty = np.ones_like(sys_len)
    nonempty = short & (sys_len > 0)
    penalty[nonempty] = np.exp(1.0 - ref_len[nonempty] / sys_len[nonempty])
    penalty[short & (sys_len <= 0)] = 0.0
    return penalty


def _precisions(
    matches: FloatArray, totals: FloatArray, options: BleuOptions
) -> tuple[FloatArray, npt.NDArray[np.int64]]:
    """Smoothed precisions in percent and the number of orders to average over, per row."""
    method, value = options.smooth_method, options.smooth_value_or_default
    n_rows, n_orders = matches.shape
    if method is Smoothing.ADD_K:
        matches = matches.copy()
        totals = totals.copy()
        matches[:, 1:] += value
        totals[:, 1:] += value
    counted = np.cumprod(totals > 0, axis=1).astype(bool)
    precisions = np.zeros((n_rows, n_orders))
    hit = counted & (matches > 0)
    precisions[hit] = 100.0 * matches[hit] / totals[hit]
    zero = counted & (matches == 0)
    if method is Smoothing.EXP:
        divisor = np.cumsum(zero, axis=1).astype(np.float64)
        divisor = np.power(2.0, divisor)
        precisions[zero] = 100.0 / (divisor[zero] * totals[zero])
    elif method is Smoothing.FLOOR:
        precisions[zero] = 100.0 * value / totals[zero]
    if options.effective_order:
        n_counted = counted.sum(axis=1)
        orders = np.where(n_counted > 0, n_counted, n_orders)
    else:
        orders = np.full(n_rows, n_orders)
    return precisions, orders.astype(np.int64)


def _geometric_mean(
    precisions: FloatArray, orders: npt.NDArray[np.int64], options: BleuOptions
) -> FloatArray:
    """Exp of the (weighted) mean log precision over the first `orders` orders of each row."""
    n_rows, n_orders = precisions.shape
    logs = np.full((n_rows, n_orders), LOG_ZERO)
    positive = precisions > 0
    logs[positive] = np.log(precisions[positive])
    in_mean = np.arange(n_orders)[None, :] < orders[:, None]
    weights = options.weights
    total = np.zeros(n_rows)
    if weights is None:  # sacreBLEU: sum of logs, left to right, divided by the order
        for n in range(n_orders):
            total = total + np.where(in_mean[:, n], logs[:, n], 0.0)
        return np.exp(total / orders)
    weight_sum = np.zeros(n_rows)
    for n in range(n_orders):
        total = total + np.where(in_mean[:, n], weights[n] * logs[:, n], 0.0)
        weight_sum = weight_sum + np.where(in_mean[:, n], weights[n], 0.0)
    return np.exp(total / weight_sum)


def bleu_from_totals(totals: npt.ArrayLike, options: BleuOptions) -> BleuArrays:
    """BLEU of each row of summed statistics ``[sys_len, ref_len, match_1.., total_1..]``.

    Args:
        totals: ``(m, 2 + 2 * K)`` array (or one row) with ``K >= options.max_ngram_order``
            counted orders; only the first ``max_ngram_order`` orders are used.
        options: the BLEU variant to compute.
    """
    rows = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    counted_orders = (rows.shape[1] - 2) // 2
    n_orders = options.max_ngram_order
    sys_len, ref_len = rows[:, 0], rows[:, 1]
    matches = rows[:, 2 : 2 + n_orders]
    hyp_totals = rows[:, 2 + counted_orders : 2 + counted_orders + n_orders]
    penalty = brevity_penalty(sys_len, ref_len)
    precisions, orders = _precisions(matches, hyp_totals, options)
    scores = penalty * _geometric_mean(precisions, orders, options)
    no_match = ~(rows[:, 2 : 2 + n_orders] > 0).any(axis=1)
    scores[no_match] = 0.0
    precisions[no_match] = 0.0
    return BleuArrays(scores, precisions, penalty)
