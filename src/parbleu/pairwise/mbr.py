"""Minimum Bayes risk selection: the candidate with the highest expected utility.

Kumar and Byrne (2004); Eikema and Aziz (2020) with samples as pseudo-references: the
expected utility of candidate i is ``sum_j w_j U(c_i, r_j) / sum_j w_j`` over the
pseudo-references ``r_j`` (uniform weights by default: the mean), with U a sentence score
from `parbleu.pairwise.matrix`. When the pseudo-references are the candidates themselves,
each candidate's score against itself is included, as in mbrs and most MBR code.

The chosen candidate is the first one with the highest expected utility (the lowest expected
score for a metric where lower is better, such as TER: its loss): exact ties go to the lowest
index, so the choice is deterministic.

    >>> from parbleu import pairwise
    >>> choice = pairwise.mbr(["the cat sat", "a cat sat", "the cat sat down", "dog"])
    >>> choice.index, choice.candidate
    (2, 'the cat sat down')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.metrics.registry import metric_entry
from parbleu.pairwise.matrix import matrices

__all__ = ["MbrChoice", "expected_utility", "mbr", "mbr_batch"]


@dataclass(frozen=True)
class MbrChoice:
    """The chosen candidate, its index and every candidate's expected utility."""

    index: int
    candidate: str
    utilities: FloatArray


def expected_utility(scores: FloatArray, weights: Sequence[float] | None = None) -> FloatArray:
    """Weighted mean of each row of an ``n x m`` score matrix (uniform weights: the mean).

    Raises:
        InputError: the weights are not m finite non-negative numbers with a positive sum.
    """
    m = scores.shape[1]
    if weights is None:
        mean: FloatArray = scores.mean(axis=1) if m else np.full(len(scores), np.nan)
        return mean
    w = np.asarray(weights, dtype=np.float64)
    if w.shape != (m,) or not np.isfinite(w).all() or (w < 0).any() or w.sum() <= 0:
        raise InputError(
            f"weights must be {m} finite non-negative numbers (one per pseudo-reference) with "
            f"a positive sum; got {len(w.reshape(-1))} values summing to {w.sum():g}"
        )
    weighted: FloatArray = (scores @ w) / w.sum()
    return weighted


def _choose(candidates: Sequence[str], utilities: FloatArray, higher_is_better: bool) -> MbrChoice:
    if not len(candidates):
        raise InputError("MBR needs at least one candidate; got an empty list")
    # the first best
    index = int(np.argmax(utilities) if higher_is_better else np.argmin(utilities))
    return MbrChoice(index, candidates[index], utilities)


def mbr_batch(
    candidate_lists: Sequence[Sequence[str]],
    pseudo_reference_lists: Sequence[Sequence[str]] | None = None,
    *,
    metric: str = "chrf",
    weights: Sequence[Sequence[float] | None] | None = None,
    **options: Any,
) -> list[MbrChoice]:
    """`mbr` for several candidate lists, scored in one batch.

    Args:
        candidate_lists: K lists of candidates.
        pseudo_reference_lists: K lists of pseudo-references (None: the candidates).
        metric: ``chrf``, ``chrf++``, ``bleu`` ... (`parbleu.pairwise.matrix`).
        weights: K weight vectors (or None entries), one weight per pseudo-reference.
        **options: the metric's options.
    """
    scores = matrices(candidate_lists, pseudo_reference_lists, metric=metric, **options)
    if weights is not None and len(weights) != len(scores):
        raise InputError(f"{len(scores)} candidate lists but {len(weights)} weight vectors")
    per_list = weights if weights is not None else [None] * len(scores)
    higher_is_better = metric_entry(metric).higher_is_better
    return [
        _choose(candidates, expected_utility(matrix, w), higher_is_better)
        for candidates, matrix, w in zip(candidate_lists, scores, per_list, strict=True)
    ]


def mbr(
    candidates: Sequence[str],
    pseudo_references: Sequence[str] | None = None,
    *,
    metric: str = "chrf",
    weights: Sequence[float] | None = None,
    **options: Any,
) -> MbrChoice:
    """The candidate with the highest expected utility against the pseudo-references.

    Args:
        candidates: the hypotheses to choose from.
        pseudo_references: samples standing in for the reference (None: the candidates).
        metric: ``chrf`` (default), ``chrf++``, ``bleu`` ... (`parbleu.pairwise.matrix`).
        weights: one weight per pseudo-reference (for example sample probabilities).
        **options: the metric's options (`parbleu.pairwise.matrix`).
    """
    references = None if pseudo_references is None else [pseudo_references]
    return mbr_batch([candidates], references, metric=metric, weights=[weights], **options)[0]
