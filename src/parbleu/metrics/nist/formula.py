"""The NIST formula over summed statistics, vectorized over rows.

Doddington (2002), eq. 3, as mteval-v13a.pl computes it (``nist_score``):

    NIST = sum_{n=1..N} ( sum of Info over co-occurring n-grams / max(1, # hypothesis n-grams) )
           * exp( -beta * log(min(1, Lsys / Lref))^2 )

``Lsys`` is the number of hypothesis words and ``Lref`` the *average* number of reference
words (all reference words divided by the number of references); ``beta`` makes the penalty
0.5 at a length ratio of 2/3. Every row of the input is one set of summed statistics (a corpus,
a sentence, a bootstrap resample), so every kind of score uses this one function.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.numeric import libm
from parbleu.stats import Layout

__all__ = ["BETA", "NistArrays", "length_penalty", "nist_from_totals", "nist_layout"]


#: mteval-v13a: ``beta = -log(0.5) / log(1.5) / log(1.5)``, so that the penalty is 0.5 when the
#: hypothesis has 2/3 of the reference length.
BETA = -math.log(0.5) / math.log(1.5) / math.log(1.5)


def nist_layout(max_order: int) -> Layout:
    """Statistics columns: lengths, information sums, clipped matches, hypothesis n-grams.

    ``sys_len`` hypothesis words, ``ref_len`` the average reference length, and per order n
    ``info_n`` (the information of the clipped matches), ``match_n`` and ``total_n``.
    """
    return Layout.of(
        "sys_len", "ref_len", ("info", max_order), ("match", max_order), ("total", max_order)
    )


@dataclass(frozen=True)
class NistArrays:
    """NIST of each row: scores, per-order precisions ``(m, N)`` and length penalties."""

    scores: FloatArray
    precisions: FloatArray
    length_penalties: FloatArray


def length_penalty(sys_len: npt.ArrayLike, ref_len: npt.ArrayLike) -> FloatArray:
    """``exp(-beta * log(r)^2)`` for a ratio ``r = Lsys / Lref`` in (0, 1); 1 above, 0 at 0.

    A row whose hypothesis is at least as long as the reference (also when both are empty)
    is not penalized; an empty hypothesis against a non-empty reference gets 0.
    """
    sys_len = np.asarray(sys_len, dtype=np.float64)
    ref_len = np.asarray(ref_len, dtype=np.float64)
    penalty = np.ones_like(sys_len)
    short = sys_len < ref_len
    penalty[short & (sys_len <= 0)] = 0.0
    partial = short & (sys_len > 0)
    log_ratio = libm.log(sys_len[partial] / ref_len[partial])
    penalty[partial] = libm.exp(-BETA * log_ratio * log_ratio)
    return penalty


def nist_from_totals(
    totals: npt.ArrayLike, max_order: int, layout: Layout | None = None
) -> NistArrays:
    """NIST of each row of summed statistics.

    Args:
        totals: ``(m, columns)`` array (or one row) with the columns of `layout`.
        max_order: largest n-gram order N.
        layout: the rows' columns (default: `nist_layout(max_order)`).

    Raises:
        InputError: if the rows do not have the layout's columns.
    """
    layout = layout or nist_layout(max_order)
    rows = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    if rows.ndim != 2 or rows.shape[1] != len(layout.columns):
        raise InputError(
            f"NIST statistics of order {max_order} need {len(layout.columns)} columns "
            f"{layout.columns}; got shape {rows.shape}"
        )
    info = layout.series(rows, "info", max_order)
    hyp_totals = layout.series(rows, "total", max_order)
    precisions = info / np.maximum(hyp_totals, 1.0)
    summed = np.zeros(len(rows))
    for n in range(max_order):  # left to right, as mteval adds them
        summed = summed + precisions[:, n]
    penalty = length_penalty(layout.column(rows, "sys_len"), layout.column(rows, "ref_len"))
    return NistArrays(summed * penalty, precisions, penalty)
