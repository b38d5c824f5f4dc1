"""The TER formula over summed statistics, vectorized over rows, and its float32 twin.

Snover et al. (2006): TER = edits / average reference length, in percent. A row without
reference words scores 100 if it needs any edit and 0 otherwise (sacreBLEU 2.6.0,
``TER._compute_score_from_stats``). sacreBLEU resamples float32 statistics, so in a bootstrap
``100 * edits / length`` is a float32 (`ter_float32`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.numeric.float32 import F32, as_float32, usable
from parbleu.stats import Layout

__all__ = ["TER_LAYOUT", "ter_float32", "ter_scores"]

#: Statistics columns, sacreBLEU's: a segment's fewest edits over its references, and the
#: average length of its references.
TER_LAYOUT = Layout(("num_edits", "ref_length"))


def ter_scores(rows: npt.ArrayLike, layout: Layout = TER_LAYOUT) -> FloatArray:
    """TER in percent of each row of summed statistics."""
    values = np.atleast_2d(np.asarray(rows, dtype=np.float64))
    edits, lengths = layout.column(values, "num_edits"), layout.column(values, "ref_length")
    rates = np.where(edits > 0, 1.0, 0.0)
    positive = lengths > 0
    rates[positive] = edits[positive] / lengths[positive]
    scores: FloatArray = 100 * rates
    return scores


def ter_float32(rows: npt.ArrayLike, layout: Layout = TER_LAYOUT) -> tuple[FloatArray, BoolArray]:
    """As sacreBLEU's ``TER._compute_score_from_stats`` on float32 rows."""
    stats = as_float32(rows)
    edits, length = layout.column(stats, "num_edits"), layout.column(stats, "ref_length")
    positive = length > 0
    rate = F32(100) * (edits / usable(length, positive))
    fallback = np.where(edits > 0, 100.0, 0.0)  # 100 * 1.0 or 100 * 0.0, Python floats
    return np.where(positive, rate.astype(np.float64), fallback), positive
