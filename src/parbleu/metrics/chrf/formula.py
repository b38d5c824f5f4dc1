"""The chrF formula over summed statistics, vectorized over rows.

Popović (2015), section 2: for each order n, character n-gram precision ``P_n`` and recall
``R_n``; the score is an F-score in which recall weighs ``beta`` times as much as precision:

    chrF_beta = (1 + beta^2) P R / (beta^2 P + R)

sacreBLEU 2.6.0 (``CHRF._compute_f_score``) combines the orders in one of two ways, both
reproduced here operation for operation, so that scores are bit-identical to it:

* effective order (the default): P and R are the means of ``P_n`` and ``R_n`` over the orders
  that both the hypothesis and the reference have n-grams of; no such order gives 0;
* epsilon smoothing (``eps_smoothing=True``, the original chrF++.py): the mean over all orders
  of the per-order F-scores, where an empty side's precision or recall is 1e-16 and an
  undefined F-score is 1e-16.

Each row holds ``[hyp, ref, match]`` per order, character orders first (the statistics of
`parbleu.metrics.chrf.metric.CHRF`); every row is one corpus, sentence or resample.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.metrics.chrf.options import ChrfOptions

__all__ = ["EPSILON", "chrf_from_totals"]

FloatArray = npt.NDArray[np.float64]

#: sacreBLEU's stand-in for a zero precision, recall or undefined F-score.
EPSILON = 1e-16


def _ratio(numerator: FloatArray, denominator: FloatArray) -> FloatArray:
    """The ratio where the denominator is positive, else EPSILON."""
    positive = denominator > 0
    ratio: FloatArray = np.where(
        positive, numerator / np.where(positive, denominator, 1.0), EPSILON
    )
    return ratio


def chrf_from_totals(totals: npt.ArrayLike, options: ChrfOptions) -> FloatArray:
    """The chrF of each row of summed statistics, in [0, 100], shape ``(m,)``.

    Args:
        totals: ``(m, 3 * order)`` array (or one row) of ``[hyp, ref, match]`` per order.
        options: the chrF variant to compute.
    """
    rows = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    factor = options.beta**2
    n_rows = len(rows)
    f_sum = np.zeros(n_rows)
    precision_sum = np.zeros(n_rows)
    recall_sum = np.zeros(n_rows)
    effective_order = np.zeros(n_rows, dtype=np.int64)
    for n in range(options.order):
        hyp, ref, match = rows[:, 3 * n], rows[:, 3 * n + 1], rows[:, 3 * n + 2]
        precision = _ratio(match, hyp)
        recall = _ratio(match, ref)
        denominator = factor * precision + recall
        # Same operations, in the same order, as sacreBLEU: ((1 + b²) P) R / (b² P + R).
        f_sum = f_sum + _ratio((1 + factor) * precision * recall, denominator)
        both = (hyp > 0) & (ref > 0)
        precision_sum = np.where(both, precision_sum + precision, precision_sum)
        recall_sum = np.where(both, recall_sum + recall, recall_sum)
        effective_order += both
    if options.eps_smoothing:
        eps_scores: FloatArray = 100 * f_sum / options.order
        return eps_scores
    counted = effective_order > 0
    divisor = np.where(counted, effective_order, 1)
    precision_mean = np.where(counted, precision_sum / divisor, 0.0)
    recall_mean = np.where(counted, recall_sum / divisor, 0.0)
    nonzero = (precision_mean + recall_mean) != 0
    numerator = (1 + factor) * precision_mean * recall_mean
    denominator = np.where(nonzero, factor * precision_mean + recall_mean, 1.0)
    scores: FloatArray = np.where(nonzero, 100 * (numerator / denominator), 0.0)
    return scores
