"""ROUGE's precision, recall and F-measure, and its two corpus aggregates, over rows of sums.

Lin (2004), sections 2-3, as rouge_score 0.1.2 computes them (``_score_ngrams``,
``_score_lcs``, ``_summary_level_lcs``, ``scoring.fmeasure``), operation for operation so that
values are bit-identical to it:

    precision = count / max(hypothesis size, 1)
    recall    = count / max(reference size, 1)
    F         = (1 + beta^2) precision recall / (beta^2 precision + recall), 0 if both are 0

where ``count`` is the clipped n-gram overlap (ROUGE-N), the LCS length (ROUGE-L) or the
union-LCS hits (ROUGE-Lsum), and the sizes are n-gram counts or token counts. rouge_score's
F is ``2 P R / (P + R)``, which is the formula above with ``beta = 1`` to the last bit.

A corpus score is the ``mean`` of the segments' precision, recall and F (the quantity
rouge_score's ``BootstrapAggregator`` resamples) or the ``micro`` average: the formula applied
to counts summed over segments. Each row of statistics holds both: the counts, the segments'
precision, recall and F summed, and the number of segments; the columns are declared once,
as a `Layout` (`rouge_layout`), and read by name.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.metrics.rouge.options import Aggregate, MultiReference, RougeOptions, RougeVariant
from parbleu.stats import Layout

__all__ = [
    "MEAN_COLUMNS",
    "Measures",
    "aggregate_measures",
    "count_columns",
    "measures",
    "rouge_layout",
    "segment_rows",
]

#: The columns after the counts: segment measures (summed over rows) and segments.
MEAN_COLUMNS = ("precision_sum", "recall_sum", "f_sum", "segments")
_COUNT_COLUMNS = {
    RougeVariant.NGRAM: ("overlap", "hyp_ngrams", "ref_ngrams"),
    RougeVariant.LCS: ("lcs", "hyp_len", "ref_len"),
    RougeVariant.SUMMARY_LCS: ("union_lcs", "hyp_len", "ref_len"),
}


def count_columns(variant: RougeVariant) -> tuple[str, str, str]:
    """The names of the count, the hypothesis size and the reference size of a variant."""
    return _COUNT_COLUMNS[variant]


def rouge_layout(variant: RougeVariant) -> Layout:
    """Statistics columns: the three counts of the variant, then `MEAN_COLUMNS`.

    ROUGE-N: ``overlap, hyp_ngrams, ref_ngrams``; ROUGE-L: ``lcs, hyp_len, ref_len``;
    ROUGE-Lsum: ``union_lcs, hyp_len, ref_len``.
    """
    return Layout((*count_columns(variant), *MEAN_COLUMNS))


class Measures(NamedTuple):
    """Precision, recall and F-measure, each an array (one value per row)."""

    precision: FloatArray
    recall: FloatArray
    fmeasure: FloatArray


def _ratio(numerator: FloatArray, denominator: FloatArray) -> FloatArray:
    ratio: FloatArray = numerator / np.maximum(denominator, 1.0)
    return ratio


def measures(count: npt.ArrayLike, hyp: npt.ArrayLike, ref: npt.ArrayLike, beta: float) -> Measures:
    """Precision, recall and F of counts against hypothesis and reference sizes."""
    precision = _ratio(np.asarray(count, np.float64), np.asarray(hyp, np.float64))
    recall = _ratio(np.asarray(count, np.float64), np.asarray(ref, np.float64))
    factor = beta * beta
    positive = (precision + recall) > 0
    denominator = np.where(positive, factor * precision + recall, 1.0)
    fmeasure = np.where(positive, (1 + factor) * precision * recall / denominator, 0.0)
    return Measures(precision, recall, fmeasure)


def aggregate_measures(
    totals: npt.ArrayLike, options: RougeOptions, layout: Layout | None = None
) -> Measures:
    """Corpus precision, recall and F of each row of summed statistics.

    ``micro`` applies the formula to the summed counts; ``mean`` divides the summed segment
    measures by the number of segments (NaN for a row without segments).

    Raises:
        InputError: the rows do not have the layout's columns.
    """
    layout = layout or rouge_layout(options.variant)
    rows = np.atleast_2d(np.asarray(totals, dtype=np.float64))
    if rows.shape[-1] != len(layout.columns):
        raise InputError(
            f"ROUGE statistics have {len(layout.columns)} columns {layout.columns}; "
            f"got rows of width {rows.shape[-1]}"
        )
    if options.aggregate is Aggregate.MICRO:
        count, hyp, ref = (layout.column(rows, name) for name in count_columns(options.variant))
        return measures(count, hyp, ref, options.beta)
    segments = layout.column(rows, "segments")
    with np.errstate(invalid="ignore", divide="ignore"):
        precision, recall, fmeasure = (
            layout.column(rows, name) / segments for name in MEAN_COLUMNS[:3]
        )
    return Measures(precision, recall, fmeasure)


def segment_rows(
    counts: npt.ArrayLike, present: npt.ArrayLike, options: RougeOptions, layout: Layout
) -> FloatArray:
    """One row of statistics per segment from its counts against each reference.

    Args:
        counts: ``(K, N, 3)`` count, hypothesis size and reference size of each of N segments
            against each of K references.
        present: ``(K, N)`` whether the reference exists.
        options: ``multi_reference`` ``best`` keeps the reference with the highest F (the
            first of equals, as ``numpy.argmax`` in rouge_score's ``score_multi``);
            ``average`` sums the counts and averages precision, recall and F over the
            references; ``beta`` weighs recall in F.
        layout: the columns of the rows.

    Returns:
        ``(N, columns)`` rows: the counts, precision, recall and F, and 1 segment.
    """
    counts = np.asarray(counts, dtype=np.float64)
    present = np.asarray(present, dtype=bool)
    measured = measures(counts[..., 0], counts[..., 1], counts[..., 2], options.beta)
    if options.multi_reference is MultiReference.BEST and len(counts) == 1:
        chosen_counts, chosen = counts[0], [values[0] for values in measured]  # the only one
    elif options.multi_reference is MultiReference.BEST:
        best = np.argmax(np.where(present, measured.fmeasure, -np.inf), axis=0)
        segments = np.arange(counts.shape[1])
        chosen_counts, chosen = counts[best, segments], [v[best, segments] for v in measured]
    else:
        chosen_counts = np.where(present[..., None], counts, 0.0).sum(axis=0)
        references = present.sum(axis=0)
        chosen = [np.where(present, values, 0.0).sum(axis=0) / references for values in measured]
    names = (*count_columns(options.variant), *MEAN_COLUMNS[:3])
    parts = {name: chosen_counts[:, k] for k, name in enumerate(names[:3])}
    parts.update(zip(names[3:], chosen, strict=True))
    parts["segments"] = np.ones(counts.shape[1])
    return layout.assemble(parts, dtype=np.float64)
