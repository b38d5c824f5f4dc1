"""The METEOR formula of one segment, as NLTK 3.10's ``single_meteor_score`` computes it.

Lavie and Agarwal (2007), with ``m`` matches, ``c`` chunks, hypothesis length ``h`` and
reference length ``r``:

    P = m / h,  R = m / r,  Fmean = P R / (alpha P + (1 - alpha) R)
    penalty = gamma (c / m) ^ beta,  METEOR = (1 - penalty) Fmean

in Python floats, operation for operation as NLTK, so that values are bit-identical; 0 when
NLTK divides by zero (no match, an empty side).

A corpus score is the mean segment score (what HF evaluate's ``meteor`` reports): each row of
statistics (`METEOR_LAYOUT`) holds a segment's counts against its best reference, its score
and 1 segment, so the mean of any subset or resample of segments is a sum of rows.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.stats import Layout

__all__ = ["METEOR_LAYOUT", "meteor", "meteor_means"]

#: Statistics columns: counts against the chosen reference, then the score and segments.
METEOR_LAYOUT = Layout.of("matches", "chunks", "hyp_len", "ref_len", "score_sum", "segments")


def meteor(
    matches: int,
    chunks: int,
    hyp_len: int,
    ref_len: int,
    *,
    alpha: float,
    beta: float,
    gamma: float,
) -> float:
    """The METEOR score of one hypothesis against one reference."""
    try:
        precision = float(matches) / hyp_len
        recall = float(matches) / ref_len
        fmean = (precision * recall) / (alpha * precision + (1 - alpha) * recall)
        fragmentation = float(chunks) / matches
    except ZeroDivisionError:
        return 0.0
    penalty: float = gamma * fragmentation**beta
    return (1 - penalty) * fmean


def meteor_means(totals: npt.ArrayLike, layout: Layout = METEOR_LAYOUT) -> FloatArray:
    """The mean segment METEOR, in [0, 1], of each row of summed statistics (NaN: none).

    Raises:
        InputError: the rows do not have the layout's columns.
    """
    rows = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    if rows.shape[-1] != len(layout.columns):
        raise InputError(
            f"METEOR statistics have {len(layout.columns)} columns {layout.columns}; "
            f"got rows of width {rows.shape[-1]}"
        )
    with np.errstate(invalid="ignore", divide="ignore"):
        means: FloatArray = layout.column(rows, "score_sum") / layout.column(rows, "segments")
    return means
