"""Word (or character) error rate over summed statistics, vectorized over rows.

WER = (S + D + I) / N, in percent: substitutions, deletions and insertions of the alignment
over the N = H + S + D reference tokens (H: hits, tokens matched). With no reference token
at all the rate is the number of inserted tokens, as jiwer 4.0.0 (``process_words``: "special
edge-case for empty references") reports it: an empty reference against two words scores
200, against nothing 0. ``WER_LAYOUT`` names the columns as jiwer's counts.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.stats import Layout

__all__ = ["WER_LAYOUT", "error_rates"]

#: Statistics columns: the counts of the chosen alignment (jiwer's names). The reference
#: length is ``hits + substitutions + deletions``, the hypothesis length ``hits +
#: substitutions + insertions``.
WER_LAYOUT = Layout(("hits", "substitutions", "deletions", "insertions"))


def error_rates(rows: npt.ArrayLike, layout: Layout = WER_LAYOUT) -> FloatArray:
    """The error rate in percent of each row of summed statistics."""
    values = np.atleast_2d(np.asarray(rows, dtype=np.float64))
    hits, subs = layout.column(values, "hits"), layout.column(values, "substitutions")
    dels, ins = layout.column(values, "deletions"), layout.column(values, "insertions")
    reference = hits + subs + dels
    rates = (subs + dels + ins) / np.maximum(reference, 1.0)  # jiwer's float(S + D + I) / N
    scores: FloatArray = rates * 100
    return scores
