"""Scores of groups of segments: documents, and compare-mt's reference-length buckets.

A group's score is the metric's corpus formula over the statistics of its segments, summed
(never an average of segment scores), as for the whole test set.

Length buckets are compare-mt's sentence buckets by reference length (Neubig et al. 2019,
``compare_mt/bucketers.py``, ``LengthSentenceBucketer`` with its default cutoffs 10, 20, ...,
60): a segment's length is the number of tokens of its first reference (the tokens the report
shows: BLEU's tokenizer).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.report.scoring import MetricColumn

__all__ = ["LENGTH_CUTOFFS", "Groups", "document_groups", "group_scores", "length_groups"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: compare-mt's reference-length bucket boundaries.
LENGTH_CUTOFFS = (10, 20, 30, 40, 50, 60)


@dataclass(frozen=True, eq=False)
class Groups:
    """A partition of the segments: ``index[i]`` is the group of segment i."""

    labels: tuple[str, ...]
    index: IntArray

    @property
    def counts(self) -> IntArray:
        """Segments per group."""
        return np.bincount(self.index, minlength=len(self.labels))


def document_groups(docids: Sequence[str]) -> Groups:
    """Documents in order of first appearance."""
    labels = tuple(dict.fromkeys(docids))
    number = {label: k for k, label in enumerate(labels)}
    return Groups(labels, np.array([number[d] for d in docids], dtype=np.int64))


def _bucket_labels(cutoffs: Sequence[int]) -> tuple[str, ...]:
    inner = [f"[{a},{b})" for a, b in itertools.pairwise(cutoffs)]
    return (f"<{cutoffs[0]}", *inner, f">={cutoffs[-1]}")


def length_groups(lengths: IntArray, cutoffs: Sequence[int] = LENGTH_CUTOFFS) -> Groups:
    """compare-mt's buckets of segments by length."""
    index = np.searchsorted(np.asarray(cutoffs), lengths, side="right")
    return Groups(_bucket_labels(cutoffs), index.astype(np.int64))


def group_scores(column: MetricColumn, groups: Groups) -> FloatArray:
    """``(groups, systems)``: the metric's score of each group of segments for each system.

    NaN for an empty group.
    """
    n_groups = len(groups.labels)
    out = np.full((n_groups, len(column.stats)), np.nan)
    filled = groups.counts > 0
    for j, stats in enumerate(column.stats):
        values = stats.values
        totals = np.stack(
            [
                np.bincount(groups.index, weights=values[:, c], minlength=n_groups)
                for c in range(values.shape[1])
            ],
            axis=1,
        )
        if np.issubdtype(values.dtype, np.integer):
            totals = np.rint(totals).astype(values.dtype)
        out[filled, j] = column.metric.scores(totals[filled])
    return out
