"""The BLEU formula of one row of summed statistics, in plain Python floats.

The same operations, in the same order, as `parbleu.metrics.bleu.formula.bleu_from_totals`
(and as sacreBLEU 2.6.0's ``BLEU.compute_bleu``) for the options sacreBLEU has: smoothing
``none``, ``floor``, ``add-k`` and ``exp``, uniform weights, the paper's arithmetic. Scoring
one row this way costs microseconds instead of the tens that array set-up takes, so a
corpus score, a sentence score and a bootstrap's formula all get the same value either way
(tests/metrics/bleu/test_small_path.py compares them on random rows). Other options
(Chen and Cherry's methods, weights, NLTK's arithmetic) are scored by the array formula.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import repeat
from operator import gt
from typing import NamedTuple

from parbleu.metrics.bleu.formula import LOG_ZERO
from parbleu.metrics.bleu.options import (
    SMOOTHING_DEFAULTS,
    BleuOptions,
    Smoothing,
    SmoothVariant,
)

__all__ = ["ScalarBleu", "scalar_applies", "scalar_bleu"]

_SCALAR_METHODS = (Smoothing.NONE, Smoothing.FLOOR, Smoothing.ADD_K, Smoothing.EXP)
# The members as module names: looking one up on its enum class costs a tenth of a
# microsecond, a few of which would be a sizeable part of a one-sentence score.
_FLOOR, _ADD_K, _EXP = Smoothing.FLOOR, Smoothing.ADD_K, Smoothing.EXP
_log = math.log


class ScalarBleu(NamedTuple):
    """BLEU of one row: the score, the precisions (percent) and the brevity penalty."""

    score: float
    precisions: tuple[float, ...]
    bp: float


def scalar_applies(options: BleuOptions) -> bool:
    """Whether `scalar_bleu` computes these options (sacreBLEU's smoothing, equal weights)."""
    return (
        options.smooth_method in _SCALAR_METHODS
        and options.smooth_variant is SmoothVariant.PAPER
        and options.weights is None
    )


def _precisions(
    matches: Sequence[float], totals: Sequence[float], options: BleuOptions
) -> tuple[list[float], int]:
    """Smoothed precisions in percent, and the number of orders to average over."""
    method, value = options.smooth_method, options.smooth_value
    if value is None:
        value = SMOOTHING_DEFAULTS.get(method, 0.0)
    add_k, exp, floor = method is _ADD_K, method is _EXP, method is _FLOOR
    precisions = []
    halvings = 0
    for n, counted_match in enumerate(matches):
        match, total = counted_match, totals[n]
        if add_k and n > 0:
            match, total = match + value, total + value
        if total <= 0:
            break
        if match > 0:
            precisions.append(100.0 * match / total)
        elif exp:
            halvings += 1
            precisions.append(100.0 / (2.0**halvings * total))
        elif floor:
            precisions.append(100.0 * value / total)
        else:
            precisions.append(0.0)
    counted = len(precisions)
    orders = counted if options.effective_order and counted > 0 else len(matches)
    precisions += [0.0] * (len(matches) - counted)
    return precisions, orders


def scalar_bleu(
    sys_len: float,
    ref_len: float,
    matches: Sequence[float],
    totals: Sequence[float],
    options: BleuOptions,
) -> ScalarBleu:
    """BLEU of one row, `matches` and `totals` holding orders 1 .. ``max_ngram_order``.

    The brevity penalty is 1 if c >= r, exp(1 - r/c) if 0 < c < r, 0 for an empty candidate.
    """
    bp = 1.0
    if sys_len < ref_len:
        bp = math.exp(1.0 - ref_len / sys_len) if sys_len > 0 else 0.0
    if not any(map(gt, matches, repeat(0))):  # no match > 0
        return ScalarBleu(0.0, (0.0,) * len(matches), bp)
    precisions, orders = _precisions(matches, totals, options)
    log_sum = 0.0
    for precision in precisions[:orders]:
        log_sum += _log(precision) if precision > 0 else LOG_ZERO
    return ScalarBleu(bp * math.exp(log_sum / orders), tuple(precisions), bp)
