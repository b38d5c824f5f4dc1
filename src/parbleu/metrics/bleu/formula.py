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

Chen and Cherry's smoothing 4-7 (``cc4``-``cc7``) replace the precisions of the counted
orders with those of `parbleu.metrics.bleu.smoothing`, within the same rules. With
``smooth_variant="nltk"`` the whole formula is NLTK's ``sentence_bleu`` instead.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.metrics.bleu.options import BleuOptions, Smoothing, SmoothVariant
from parbleu.metrics.bleu.smoothing import nltk_geometric_mean, nltk_precisions, paper_precisions
from parbleu.numeric import libm
from parbleu.stats import Layout

__all__ = ["LOG_ZERO", "BleuArrays", "bleu_from_totals", "bleu_layout", "brevity_penalty"]


#: sacreBLEU's floor for log(0) (``utils.my_log``).
LOG_ZERO = -9999999999.0

_CHEN_CHERRY = (Smoothing.CC4, Smoothing.CC5, Smoothing.CC6, Smoothing.CC7)


def bleu_layout(counted_orders: int) -> Layout:
    """Statistics of a segment, in sacreBLEU's order.

    ``sys_len`` (hypothesis tokens), ``ref_len`` (the effective reference length), then
    ``match_n`` (clipped n-gram matches) and ``total_n`` (hypothesis n-grams) for every
    counted order ``n``.
    """
    return Layout.of("sys_len", "ref_len", ("match", counted_orders), ("total", counted_orders))


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
    penalty[nonempty] = libm.exp(1.0 - ref_len[nonempty] / sys_len[nonempty])
    penalty[short & (sys_len <= 0)] = 0.0
    return penalty


def _precisions(
    matches: FloatArray,
    totals: FloatArray,
    options: BleuOptions,
    next_matches: FloatArray,
    sys_len: FloatArray,
) -> tuple[FloatArray, npt.NDArray[np.int64]]:
    """Smoothed precisions in percent and the number of orders to average over, per row."""
    method, value = options.smooth_method, options.smooth_value_or_default
    n_rows, n_orders = matches.shape
    if method in _CHEN_CHERRY:
        counted = np.cumprod(totals > 0, axis=1).astype(bool)
        fractions = paper_precisions(
            matches,
            totals,
            counted=counted,
            next_matches=next_matches,
            sys_len=sys_len,
            method=method,
            value=value,
        )
        return 100.0 * fractions, _orders(counted, options)
    if method is Smoothing.ADD_K:
        matches = matches.copy()
        totals = totals.copy()
        matches[:, 1:] += value
        totals[:, 1:] += value
    counted = np.cumprod(totals > 0, axis=1).astype(bool)
    precisions = np.zeros((n_rows, n_orders))
    hit = counted & (matches > 0)
    with np.errstate(over="ignore"):  # add-k with k near 1e308: inf, as in sacreBLEU
        precisions[hit] = 100.0 * matches[hit] / totals[hit]
    zero = counted & (matches == 0)
    if method is Smoothing.EXP:
        divisor = np.cumsum(zero, axis=1).astype(np.float64)
        divisor = np.power(2.0, divisor)
        precisions[zero] = 100.0 / (divisor[zero] * totals[zero])
    elif method is Smoothing.FLOOR:
        precisions[zero] = 100.0 * value / totals[zero]
    return precisions, _orders(counted, options)


def _orders(counted: npt.NDArray[np.bool_], options: BleuOptions) -> npt.NDArray[np.int64]:
    """Orders to average over: all, or with ``effective_order`` those with n-grams."""
    n_rows, n_orders = counted.shape
    orders: npt.NDArray[np.int64] = np.full(n_rows, n_orders, dtype=np.int64)
    if options.effective_order:
        n_counted = counted.sum(axis=1)
        orders[n_counted > 0] = n_counted[n_counted > 0]
    return orders


def _geometric_mean(
    precisions: FloatArray, orders: npt.NDArray[np.int64], options: BleuOptions
) -> FloatArray:
    """Exp of the (weighted) mean log precision over the first `orders` orders of each row."""
    n_rows, n_orders = precisions.shape
    logs = np.full((n_rows, n_orders), LOG_ZERO)
    positive = precisions > 0
    logs[positive] = libm.log(precisions[positive])
    in_mean = np.arange(n_orders)[None, :] < orders[:, None]
    weights = options.weights
    total = np.zeros(n_rows)
    if weights is None:  # sacreBLEU: sum of logs, left to right, divided by the order
        for n in range(n_orders):
            total = total + np.where(in_mean[:, n], logs[:, n], 0.0)
        return libm.exp(total / orders)
    weight_sum = np.zeros(n_rows)
    for n in range(n_orders):
        total = total + np.where(in_mean[:, n], weights[n] * logs[:, n], 0.0)
        weight_sum = weight_sum + np.where(in_mean[:, n], weights[n], 0.0)
    return libm.exp(total / weight_sum)


def _nltk_bleu(
    all_matches: FloatArray,
    all_totals: FloatArray,
    sys_len: FloatArray,
    penalty: FloatArray,
    options: BleuOptions,
) -> BleuArrays:
    """NLTK's ``sentence_bleu`` (times 100) on each row: its smoothing, its geometric mean.

    ``all_matches`` and ``all_totals`` hold every counted order, order n in column n - 1.
    """
    n_orders = options.max_ngram_order
    matches, totals = all_matches[:, :n_orders], all_totals[:, :n_orders]
    order5 = (all_matches[:, 4], all_totals[:, 4]) if all_matches.shape[1] >= 5 else None
    fractions = nltk_precisions(
        matches,
        totals,
        order5=order5,
        sys_len=sys_len,
        method=options.smooth_method,
        value=options.smooth_value_or_default,
    )
    weights = options.weights or (1.0 / n_orders,) * n_orders
    scores = 100.0 * penalty * nltk_geometric_mean(fractions, weights)
    no_match = matches[:, 0] == 0  # NLTK returns 0 when no unigram matches
    scores[no_match] = 0.0
    precisions = np.where(no_match[:, None], 0.0, 100.0 * fractions)
    return BleuArrays(scores, precisions, penalty)


def bleu_from_totals(
    totals: npt.ArrayLike, options: BleuOptions, layout: Layout | None = None
) -> BleuArrays:
    """BLEU of each row of summed statistics.

    Args:
        totals: ``(m, columns)`` array (or one row) with the columns of `layout`.
        options: the BLEU variant to compute.
        layout: the rows' columns (default: `bleu_layout` of the orders the options count).
            It may count more orders than the options use; the score uses the first
            ``max_ngram_order`` orders, and the matches of the next one for smoothing 5 and 7
            (of order 5 with NLTK's).

    Raises:
        InputError: the rows do not have the layout's columns, or carry fewer orders than
            the options need.
    """
    layout = layout or bleu_layout(options.counted_orders)
    rows = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    counted_orders = layout.count("match")
    if rows.shape[1] != len(layout.columns) or counted_orders < options.counted_orders:
        carried = _orders_in(rows.shape[1])
        raise InputError(
            f"statistics carry {carried} n-gram orders, but smooth_method="
            f"{options.smooth_method} with max_ngram_order={options.max_ngram_order} needs "
            f"{options.counted_orders}; count them with these options"
        )
    n_orders = options.max_ngram_order
    sys_len, ref_len = layout.column(rows, "sys_len"), layout.column(rows, "ref_len")
    all_matches = layout.series(rows, "match")
    all_totals = layout.series(rows, "total")
    matches, hyp_totals = all_matches[:, :n_orders], all_totals[:, :n_orders]
    penalty = brevity_penalty(sys_len, ref_len)
    if options.smooth_variant is SmoothVariant.NLTK:
        return _nltk_bleu(all_matches, all_totals, sys_len, penalty, options)
    no_match = ~(matches > 0).any(axis=1)
    next_matches = all_matches[:, n_orders] if counted_orders > n_orders else np.zeros(len(rows))
    precisions, orders = _precisions(matches, hyp_totals, options, next_matches, sys_len)
    scores = penalty * _geometric_mean(precisions, orders, options)
    scores[no_match] = 0.0
    precisions[no_match] = 0.0
    return BleuArrays(scores, precisions, penalty)


def _orders_in(width: int) -> str:
    """How many orders rows of `width` columns would carry as BLEU statistics (for messages)."""
    fitting = [k for k in range(width + 1) if len(bleu_layout(k).columns) == width]
    return str(fitting[0]) if fitting else f"an unknown number of (width {width})"
