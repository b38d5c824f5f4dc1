"""The chrF formula of one row of statistics, in plain Python floats.

The same operations, in the same order, as `parbleu.metrics.chrf.formula.chrf_from_totals`
and sacreBLEU 2.6.0's ``CHRF._compute_f_score`` (Popović 2015's F-score; the effective-order
mean or chrF++.py's epsilon smoothing), for one row: picking the best of several references
for one sentence, and a corpus score, cost microseconds this way instead of the tens that
array set-up takes. tests/metrics/chrf/test_small_path.py compares it with the array
formula on random rows.
"""

from __future__ import annotations

from collections.abc import Iterable

from parbleu.metrics.chrf.formula import EPSILON

__all__ = ["scalar_chrf"]


def scalar_chrf(
    orders: Iterable[tuple[float, float, float]], beta: float, *, eps_smoothing: bool
) -> float:
    """ChrF in [0, 100] of the ``(hyp, ref, match)`` counts of each order, in order."""
    factor = beta**2
    f_sum = precision_sum = recall_sum = 0.0
    n_orders = effective_order = 0
    for hyp, ref, match in orders:
        n_orders += 1
        precision = match / hyp if hyp > 0 else EPSILON
        recall = match / ref if ref > 0 else EPSILON
        denominator = factor * precision + recall
        f_sum += (1 + factor) * precision * recall / denominator if denominator > 0 else EPSILON
        if hyp > 0 and ref > 0:
            precision_sum += precision
            recall_sum += recall
            effective_order += 1
    if eps_smoothing:
        return 100 * f_sum / n_orders
    if effective_order == 0:
        return 0.0
    precision_mean = precision_sum / effective_order
    recall_mean = recall_sum / effective_order
    if precision_mean + recall_mean == 0:
        return 0.0
    numerator = (1 + factor) * precision_mean * recall_mean
    return 100 * (numerator / (factor * precision_mean + recall_mean))
