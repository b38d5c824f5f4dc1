"""Per-document scores: each document's corpus score, from per-segment statistics.

A document's score is the metric's corpus score of its segments: their statistics summed as
the metric sums a corpus (`corpus_totals`: in segment order for TER's float statistics, as
sacreBLEU adds them) and put through the metric's formula, exactly as if the document were
scored on its own. Like the chunks of `parbleu.scaling.chunks`, documents are partial sums
of one statistics matrix, computed once. Document ids come from a test set
(`parbleu.io.TestSet.doc_ids`) or any sequence of strings, one per segment.

    >>> from parbleu import BLEU
    >>> bleu = BLEU([["a b c d", "e f g h", "a b c d"]])
    >>> stats = bleu.statistics(["a b c d", "e f g x", "a b c d"])
    >>> scores = document_scores(bleu, stats, ["d2", "d1", "d2"])
    >>> list(scores), round(scores["d1"], 2), round(scores["d2"], 2)
    (['d2', 'd1'], 59.46, 100.0)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from parbleu.errors import InputError, LengthMismatchError
from parbleu.metrics.base import AnyMetric
from parbleu.stats import Stats

__all__ = ["document_scores", "document_statistics"]


def document_statistics(
    metric: AnyMetric, stats: Stats, doc_ids: Sequence[str]
) -> tuple[tuple[str, ...], Stats]:
    """Documents in order of first appearance, and their summed statistics, one row each.

    Raises:
        LengthMismatchError: not one document id per segment.
        InputError: no segments, or statistics of another metric.
    """
    if stats.columns != metric.columns:
        raise InputError(
            f"statistics with columns {stats.columns} are not {metric.name}'s "
            f"{metric.columns}; compute them with the metric that scores them"
        )
    if len(doc_ids) != len(stats):
        raise LengthMismatchError(
            f"{len(doc_ids)} document ids for {len(stats)} segments; give one id per segment"
        )
    if not len(stats):
        raise InputError("no segments: no documents to score")
    segments: dict[str, list[int]] = {}
    for index, doc_id in enumerate(doc_ids):
        segments.setdefault(doc_id, []).append(index)
    rows = [metric.corpus_totals(stats.take(members)) for members in segments.values()]
    return tuple(map(str, segments)), Stats(stats.columns, np.stack(rows))


def document_scores(metric: AnyMetric, stats: Stats, doc_ids: Sequence[str]) -> dict[str, float]:
    """Each document's corpus score (``metric`` computed ``stats``), by document id."""
    names, totals = document_statistics(metric, stats, doc_ids)
    values = metric.scores(totals.values)
    return {name: float(value) for name, value in zip(names, values, strict=True)}
