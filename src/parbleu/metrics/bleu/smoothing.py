"""Chen and Cherry (2014) smoothing 4-7, and NLTK's reading of smoothing 0-7.

Boxing Chen and Colin Cherry (2014), "A Systematic Comparison of Smoothing Techniques for
Sentence-Level BLEU", WMT 2014, section 3. For order n: ``m_n`` clipped matches, ``l_n``
hypothesis n-grams, ``p_n = m_n / l_n``; ``len(T)`` is the hypothesis length, N the top order.

* Smoothing 4 (section 3.4): Figure 1 (NIST's geometric smoothing, our ``exp``) with its line
  ``invcnt = invcnt * 2`` replaced by ``invcnt = invcnt * K / ln(len(T))``; the count of the
  k-th order without matches is ``1 / invcnt = (ln(len(T)) / K)^k``. K = 5.
* Smoothing 5 (section 3.5): ``m'_0 = m_1 + 1`` and ``m'_n = (m'_{n-1} + m_n + m_{n+1}) / 3``,
  ``p_n = m'_n / l_n``: it needs the matches of order N + 1.
* Smoothing 6 (section 3.6, after Gao and He 2013): ``p_1``, ``p_2`` unsmoothed; for n > 2
  ``p_n = (m_n + alpha * p0_n) / (l_n + alpha)`` with the prior ``p0_n = p_{n-1}^2 / p_{n-2}``
  (taken as 0 when ``p_{n-2} = 0``). alpha = 5.
* Smoothing 7 (section 3.7): smoothing 4's counts for the orders without matches, then
  smoothing 5's averages of those counts (order N + 1 keeps its raw count, as Figure 1 runs
  over n = 1..N only).

The ``nltk_*`` functions reproduce ``nltk.translate.bleu_score`` (3.10.4): ``SmoothingFunction``
methods 0-7 and the geometric mean of ``corpus_bleu``, deviations from the paper included
(see docs/smoothing.md). All functions are pure and vectorized over rows (sentences, corpora,
resamples); precisions here are fractions, not percentages.
"""

from __future__ import annotations

import sys

import numpy as np

from parbleu.arrays import BoolArray, FloatArray
from parbleu.metrics.bleu.options import Smoothing
from parbleu.numeric import libm

__all__ = [
    "nltk_geometric_mean",
    "nltk_precisions",
    "paper_precisions",
    "smoothing4_counts",
    "smoothing5_counts",
    "smoothing6_precisions",
]


def _ratio(numerators: FloatArray, denominators: FloatArray) -> FloatArray:
    """``numerators / denominators`` where the denominator is positive, 0 elsewhere."""
    out = np.zeros(np.broadcast_shapes(numerators.shape, denominators.shape))
    np.divide(numerators, denominators, out=out, where=denominators > 0)
    return out


def smoothing4_counts(
    matches: FloatArray, counted: BoolArray, sys_len: FloatArray, k: float
) -> FloatArray:
    """Smoothing 4 (section 3.4): Figure 1 with ``invcnt = invcnt * K / ln(len(T))``.

    The k-th counted order without matches counts ``1 / invcnt = (ln(len(T)) / K)^k``; other
    orders keep their matches.
    """
    zero = counted & (matches == 0)
    steps = np.cumsum(zero, axis=1)
    log_len = libm.log(np.maximum(sys_len, 1.0))[:, None]
    return np.where(zero, (log_len / k) ** steps, matches)


def smoothing5_counts(matches: FloatArray, next_matches: FloatArray) -> FloatArray:
    """Smoothing 5 (section 3.5): ``m'_0 = m_1 + 1``, ``m'_n = (m'_{n-1} + m_n + m_{n+1}) / 3``.

    Args:
        matches: ``(m, N)`` match counts (already smoothed by smoothing 4 for smoothing 7).
        next_matches: ``(m,)`` matches of order N + 1.
    """
    following = np.concatenate([matches[:, 1:], next_matches[:, None]], axis=1)
    smoothed = np.empty_like(matches)
    previous = matches[:, 0] + 1.0
    for n in range(matches.shape[1]):
        previous = (previous + matches[:, n] + following[:, n]) / 3.0
        smoothed[:, n] = previous
    return smoothed


def smoothing6_precisions(matches: FloatArray, totals: FloatArray, alpha: float) -> FloatArray:
    """Smoothing 6 (section 3.6): ``p_n = (m_n + alpha p0_n) / (l_n + alpha)`` for n > 2.

    ``p0_n = p_{n-1}^2 / p_{n-2}`` uses the smoothed ``p_{n-1}``; it is 0 when ``p_{n-2} = 0``.
    """
    precisions = _ratio(matches, totals)
    for n in range(2, matches.shape[1]):
        prior = _ratio(precisions[:, n - 1] ** 2, precisions[:, n - 2])
        precisions[:, n] = (matches[:, n] + alpha * prior) / (totals[:, n] + alpha)
    return precisions


def paper_precisions(
    matches: FloatArray,
    totals: FloatArray,
    *,
    counted: BoolArray,
    next_matches: FloatArray,
    sys_len: FloatArray,
    method: Smoothing,
    value: float,
) -> FloatArray:
    """Precisions of smoothing 4-7 as the paper defines them, 0 for orders not counted.

    Args:
        matches: ``(m, N)`` clipped matches ``m_n``.
        totals: ``(m, N)`` hypothesis n-grams ``l_n``.
        counted: ``(m, N)`` orders that have hypothesis n-grams (the others have no precision).
        next_matches: ``(m,)`` matches of order N + 1 (smoothing 5 and 7).
        sys_len: ``(m,)`` hypothesis lengths ``len(T)`` (smoothing 4 and 7).
        method: ``cc4`` to ``cc7``.
        value: K of smoothing 4 and 7, alpha of smoothing 6.
    """
    if method is Smoothing.CC6:
        smoothed = smoothing6_precisions(matches, totals, value)
    else:
        counts = matches
        if method in (Smoothing.CC4, Smoothing.CC7):
            counts = smoothing4_counts(matches, counted, sys_len, value)
        if method in (Smoothing.CC5, Smoothing.CC7):
            counts = smoothing5_counts(counts, next_matches)
        smoothed = _ratio(counts, totals)
    return np.where(counted, smoothed, 0.0)


def nltk_precisions(
    matches: FloatArray,
    totals: FloatArray,
    *,
    order5: tuple[FloatArray, FloatArray] | None,
    sys_len: FloatArray,
    method: Smoothing,
    value: float,
) -> FloatArray:
    """NLTK's smoothed precisions: ``SmoothingFunction().method0..7`` of ``sentence_bleu``.

    NLTK divides by ``max(1, l_n)``; a precision <= 0 is left out of its geometric mean.
    Its method6 is the paper's smoothing 6 on these precisions (the interpolation divides by
    the raw ``l_n``), computed as NLTK computes it without its assertion (``python -O``): NLTK
    itself raises AssertionError when the trigram matches are 0, and IndexError for N < 3.

    Args:
        matches: ``(m, N)`` clipped matches per order.
        totals: ``(m, N)`` hypothesis n-grams per order.
        order5: matches and totals of order 5, which NLTK's methods 5 and 7 use as order
            N + 1 whatever N is (needed by those two only).
        sys_len: ``(m,)`` hypothesis lengths.
        method: the smoothing method, ``none`` to ``cc7`` standing for method0 to method7.
        value: epsilon (floor), k (add-k), K (cc4, cc7) or alpha (cc6).
    """
    denominators = np.maximum(totals, 1.0)
    precisions = matches / denominators
    zero = matches == 0
    if method is Smoothing.NONE:  # method0: sys.float_info.min for zero counts
        return np.where(zero, sys.float_info.min, precisions)
    if method is Smoothing.FLOOR:  # method1: (0 + epsilon) / l_n
        return np.where(zero, value / denominators, precisions)
    if method is Smoothing.ADD_K:  # method2: (m_n + k) / (l_n + k) for n >= 2, NLTK's k = 1
        precisions[:, 1:] = (matches[:, 1:] + value) / (denominators[:, 1:] + value)
        return precisions
    steps = np.cumsum(zero, axis=1)
    if method is Smoothing.EXP:  # method3: 1 / (2^k l_n)
        return np.where(zero, 1.0 / (2.0**steps * denominators), precisions)
    if method is Smoothing.CC6:  # method6 as it runs without its assertion (python -O)
        return smoothing6_precisions(matches, totals, value)
    if method in (Smoothing.CC4, Smoothing.CC7):  # method4: ln(len(T)) / (2^k K l_n)
        log_len = libm.log(np.maximum(sys_len, 2.0))[:, None]
        smoothed = 1.0 / (2.0**steps * value / log_len) / denominators
        precisions = np.where(zero & (sys_len[:, None] > 1), smoothed, precisions)
    if method in (Smoothing.CC5, Smoothing.CC7):  # method5: averages of precisions
        if order5 is None:
            raise ValueError(f"NLTK's {method} needs the matches and totals of order 5")
        next_precision = order5[0] / np.maximum(order5[1], 1.0)
        precisions = smoothing5_counts(precisions, next_precision)
    return precisions


def nltk_geometric_mean(precisions: FloatArray, weights: tuple[float, ...]) -> FloatArray:
    """``exp(sum_n w_n log p_n)`` over the positive precisions only, as NLTK's ``corpus_bleu``.

    A precision <= 0 is skipped, which counts it as 1; the weights are not renormalized.
    """
    total = np.zeros(precisions.shape[0])
    for n, weight in enumerate(weights):
        positive = precisions[:, n] > 0
        logs = libm.log(np.where(positive, precisions[:, n], 1.0))
        total = total + np.where(positive, weight * logs, 0.0)
    return libm.exp(total)
