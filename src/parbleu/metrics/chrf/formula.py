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

from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.errors import InputError
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.stats import Layout

__all__ = ["EPSILON", "chrf_from_totals", "chrf_layout", "chrf_orders", "order_counts"]


#: sacreBLEU's stand-in for a zero precision, recall or undefined F-score.
EPSILON = 1e-16


def chrf_orders(char_order: int, word_order: int) -> tuple[str, ...]:
    """Names of the orders: ``char1 .. charC``, then ``word1 .. wordW``."""
    chars = (f"char{n}" for n in range(1, char_order + 1))
    return (*chars, *(f"word{n}" for n in range(1, word_order + 1)))


def chrf_layout(char_order: int, word_order: int) -> Layout:
    """Statistics columns in sacreBLEU's order: ``{order}_hyp, {order}_ref, {order}_match``.

    Per order, the hypothesis n-grams, the reference n-grams and the n-grams they share.
    """
    return Layout(
        tuple(
            f"{order}_{kind}"
            for order in chrf_orders(char_order, word_order)
            for kind in ("hyp", "ref", "match")
        )
    )


def order_counts(
    rows: npt.NDArray[Any], layout: Layout, order: str
) -> tuple[npt.NDArray[Any], npt.NDArray[Any], npt.NDArray[Any]]:
    """The ``hyp``, ``ref`` and ``match`` columns of one order."""
    return (
        layout.column(rows, f"{order}_hyp"),
        layout.column(rows, f"{order}_ref"),
        layout.column(rows, f"{order}_match"),
    )


def _ratio(numerator: FloatArray, denominator: FloatArray) -> FloatArray:
    """The ratio where the denominator is positive, else EPSILON."""
    positive = denominator > 0
    ratio: FloatArray = np.where(
        positive, numerator / np.where(positive, denominator, 1.0), EPSILON
    )
    return ratio


def _order_indices(layout: Layout, options: ChrfOptions) -> IntArray:
    """``(3, orders)`` positions of the ``hyp``, ``ref`` and ``match`` columns of each order."""
    orders = chrf_orders(options.char_order, options.word_order)
    return np.array(
        [[layout.index(f"{order}_{kind}") for order in orders] for kind in ("hyp", "ref", "match")]
    ).reshape(3, len(orders))


def _in_order_sum(terms: FloatArray) -> FloatArray:
    """Each row's sum from its first order to its last, one addition after another.

    sacreBLEU adds the orders one at a time; ``np.sum`` would add them pairwise, whose
    rounding can differ. The terms are never negative, so the first sum ``0.0 + t`` is ``t``.
    """
    if not terms.shape[1]:
        return np.zeros(len(terms))
    total: FloatArray = np.cumsum(terms, axis=1)[:, -1]
    return total


def chrf_from_totals(
    totals: npt.ArrayLike, options: ChrfOptions, layout: Layout | None = None
) -> FloatArray:
    """The chrF of each row of summed statistics, in [0, 100], shape ``(m,)``.

    Args:
        totals: ``(m, columns)`` array (or one row) with the columns of `layout`.
        options: the chrF variant to compute.
        layout: the rows' columns (default: `chrf_layout` of the options' orders).

    Raises:
        InputError: the rows do not have the layout's columns.
    """
    layout = layout or chrf_layout(options.char_order, options.word_order)
    rows = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    if rows.shape[1] != len(layout.columns):
        raise InputError(
            f"chrF statistics have {len(layout.columns)} columns; got rows of width {rows.shape[1]}"
        )
    factor = options.beta**2
    # Every order's (hyp, ref, match) at once, ``(m, orders)`` each: a few calls on the whole
    # batch instead of a few per order (a GRPO batch of 64 rows pays per call).
    hyp, ref, match = np.moveaxis(rows[:, _order_indices(layout, options)], 1, 0)
    precision = _ratio(match, hyp)
    recall = _ratio(match, ref)
    if options.eps_smoothing:
        # Same operations, in the same order, as sacreBLEU: ((1 + b²) P) R / (b² P + R).
        f_terms = _ratio((1 + factor) * precision * recall, factor * precision + recall)
        eps_scores: FloatArray = 100 * _in_order_sum(f_terms) / options.order
        return eps_scores
    both = (hyp > 0) & (ref > 0)
    precision_sum = _in_order_sum(np.where(both, precision, 0.0))
    recall_sum = _in_order_sum(np.where(both, recall, 0.0))
    effective_order = both.sum(axis=1)
    counted = effective_order > 0
    divisor = np.where(counted, effective_order, 1)
    precision_mean = np.where(counted, precision_sum / divisor, 0.0)
    recall_mean = np.where(counted, recall_sum / divisor, 0.0)
    nonzero = (precision_mean + recall_mean) != 0
    numerator = (1 + factor) * precision_mean * recall_mean
    denominator = np.where(nonzero, factor * precision_mean + recall_mean, 1.0)
    scores: FloatArray = np.where(nonzero, 100 * (numerator / denominator), 0.0)
    return scores
