"""Minimum Bayes risk selection: the candidate with the highest expected utility.

Kumar and Byrne (2004); Eikema and Aziz (2020) with samples as pseudo-references: the
expected utility of candidate i is ``sum_j w_j U(c_i, r_j) / sum_j w_j`` over the
pseudo-references ``r_j`` (uniform weights by default: the mean), with U a sentence score
from `parbleu.pairwise.matrix`. When the pseudo-references are the candidates themselves,
each candidate's score against itself is included, as in mbrs and most MBR code.

The chosen candidate is the first one with the best expected utility (the highest, or the
lowest for a metric where lower is better, such as TER: its loss; the metric says): exact
ties go to the lowest index, so the choice is deterministic. Three ways to estimate the
utilities (`MbrMethod`):

* ``exact``: the full ``n x m`` matrix (`parbleu.pairwise.matrix`, in row blocks);
* ``aggregate``: against the averaged pseudo-reference (`parbleu.pairwise.aggregate`), linear
  in ``n + m``;
* ``pruning``: Cheng and Vlachos's confidence-based pruning (`parbleu.pairwise.pruning`);
  pruned candidates get NaN utilities.

`MbrChoice.top` lists the k best candidates with their expected utilities.

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
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.options import Choice, check_int, coerce_enum
from parbleu.pairwise.aggregate import aggregate, checked_weights
from parbleu.pairwise.matrix import check_lines, matrices, matrix
from parbleu.pairwise.plan import plan
from parbleu.pairwise.pruning import PruningOptions, pruned_utilities

__all__ = ["MbrChoice", "MbrMethod", "Ranked", "expected_utility", "mbr", "mbr_batch"]


class MbrMethod(Choice):
    """How expected utilities are estimated."""

    EXACT = "exact"
    AGGREGATE = "aggregate"
    PRUNING = "pruning"


@dataclass(frozen=True)
class Ranked:
    """One candidate of a top-k list: its index, text and expected utility."""

    index: int
    candidate: str
    utility: float


@dataclass(frozen=True)
class MbrChoice:
    """The chosen candidate, its index and every candidate's expected utility.

    ``utilities`` is NaN for candidates pruned before the end (method ``pruning``);
    ``higher_is_better`` is the metric's direction.
    """

    index: int
    candidate: str
    utilities: FloatArray
    candidates: tuple[str, ...] = ()
    higher_is_better: bool = True

    def ranking(self) -> npt.NDArray[np.intp]:
        """Candidate indices best first; ties by index, pruned (NaN) candidates left out."""
        known = np.flatnonzero(~np.isnan(self.utilities))
        values = self.utilities[known]
        key = -values if self.higher_is_better else values
        order: npt.NDArray[np.intp] = known[np.lexsort((known, key))]
        return order

    def top(self, k: int) -> list[Ranked]:
        """The `k` best candidates (fewer if fewer were scored to the end), best first."""
        k = check_int(k, "k", minimum=1)
        return [
            Ranked(int(i), self.candidates[i], float(self.utilities[i])) for i in self.ranking()[:k]
        ]


def expected_utility(
    scores: FloatArray, weights: Sequence[float] | FloatArray | None = None
) -> FloatArray:
    """Weighted mean of each row of an ``n x m`` score matrix (uniform weights: the mean).

    Raises:
        InputError: the weights are not m finite non-negative numbers with a positive sum.
    """
    m = scores.shape[1]
    if weights is None:
        mean: FloatArray = scores.mean(axis=1) if m else np.full(len(scores), np.nan)
        return mean
    w = checked_weights(weights, m)
    weighted: FloatArray = (scores @ w) / w.sum()
    return weighted


def _choose(candidates: Sequence[str], utilities: FloatArray, higher_is_better: bool) -> MbrChoice:
    if not len(candidates):
        raise InputError("MBR needs at least one candidate; got an empty list")
    choice = MbrChoice(0, "", utilities, tuple(candidates), higher_is_better)
    index = int(choice.ranking()[0])
    return MbrChoice(index, candidates[index], utilities, tuple(candidates), higher_is_better)


def mbr_batch(
    candidate_lists: Sequence[Sequence[str]],
    pseudo_reference_lists: Sequence[Sequence[str]] | None = None,
    *,
    metric: str = "chrf",
    weights: Sequence[Sequence[float] | None] | None = None,
    **options: Any,
) -> list[MbrChoice]:
    """`mbr` (method ``exact``) for several candidate lists, scored in one batch.

    Args:
        candidate_lists: K lists of candidates.
        pseudo_reference_lists: K lists of pseudo-references (None: the candidates).
        metric: ``chrf``, ``chrf++``, ``bleu``, ``ter`` ... (`parbleu.pairwise.matrix`).
        weights: K weight vectors (or None entries), one weight per pseudo-reference.
        **options: the metric's options.
    """
    higher = plan(metric, options).metric.higher_is_better
    scores = matrices(candidate_lists, pseudo_reference_lists, metric=metric, **options)
    if weights is not None and len(weights) != len(scores):
        raise InputError(f"{len(scores)} candidate lists but {len(weights)} weight vectors")
    per_list = weights if weights is not None else [None] * len(scores)
    return [
        _choose(candidates, expected_utility(matrix, w), higher)
        for candidates, matrix, w in zip(candidate_lists, scores, per_list, strict=True)
    ]


def mbr(
    candidates: Sequence[str],
    pseudo_references: Sequence[str] | None = None,
    *,
    metric: str = "chrf",
    weights: Sequence[float] | None = None,
    method: str | MbrMethod = MbrMethod.EXACT,
    pruning: PruningOptions | None = None,
    keep: int = 1,
    **options: Any,
) -> MbrChoice:
    """The candidate with the best expected utility against the pseudo-references.

    Args:
        candidates: the hypotheses to choose from.
        pseudo_references: samples standing in for the reference (None: the candidates).
        metric: ``chrf`` (default), ``chrf++``, ``bleu``, ``ter`` ... (`parbleu.pairwise.matrix`;
            ``aggregate`` takes BLEU and chrF only).
        weights: one weight per pseudo-reference (for example sample probabilities).
        method: ``exact``, ``aggregate`` or ``pruning`` (`MbrMethod`).
        pruning: the pruning parameters (default: Cheng and Vlachos's published ones).
        keep: with ``pruning``, never prune below this many candidates (for ``top(keep)``).
        **options: the metric's options (`parbleu.pairwise.matrix`).
    """
    kind = coerce_enum(MbrMethod, method, "method")
    cands = check_lines(candidates, "candidates")
    refs = (
        cands if pseudo_references is None else check_lines(pseudo_references, "pseudo_references")
    )
    w = None if weights is None else checked_weights(weights, len(refs))
    higher = plan(metric, options).metric.higher_is_better
    if kind is MbrMethod.EXACT:
        refs_given = None if pseudo_references is None else [refs]
        scores = matrices([cands], refs_given, metric=metric, **options)[0]
        return _choose(cands, expected_utility(scores, w), higher)
    if kind is MbrMethod.AGGREGATE:
        utilities = aggregate(cands, refs, metric=metric, weights=w, **options)
        return _choose(cands, utilities, higher)

    def score_columns(rows: npt.NDArray[np.intp], start: int, stop: int) -> FloatArray:
        return matrix([cands[i] for i in rows], refs[start:stop], metric=metric, **options)

    alive, values = pruned_utilities(
        score_columns,
        len(cands),
        np.ones(len(refs)) if w is None else w,
        pruning or PruningOptions(),
        keep=check_int(keep, "keep", minimum=1),
        higher_is_better=higher,
    )
    utilities = np.full(len(cands), np.nan)
    utilities[alive] = values
    return _choose(cands, utilities, higher)
