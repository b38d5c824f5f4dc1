"""Confidence-based pruning for MBR (Cheng and Vlachos 2023, Algorithm 1).

"Faster Minimum Bayes Risk Decoding with Confidence-based Pruning" (EMNLP 2023): the
pseudo-references are taken in growing prefixes (the schedule, 8, 16, ..., 256 in the paper);
after each step the expected utility of every remaining candidate is estimated on the prefix,
and on `resamples` bootstrap resamples of the prefix's columns. A candidate whose estimate
is at least the current best candidate's in no more than ``1 - alpha`` of the resamples is
pruned; the utility matrix of the next step is computed for the survivors only. The loop
stops when the schedule or the pseudo-references run out, or when fewer than the asked number
of candidates would survive: then none is pruned at that step and its columns count (mbrs
keeps the survivors but averages over the previous prefix only). The published
parameters are the defaults: ``alpha = 0.99``, the schedule ``8, 16, 32, 64, 128, 256``, 500
bootstrap resamples, as in mbrs (``mbrs/decoders/pruning_mbr.py``, ``DecoderPruningMBR``).

Resamples draw column indices with ``numpy.random.default_rng(seed)``; a resample's
estimate is the row sums of the columns it drew (a count matrix product, no copy of the
matrix per resample).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import OptionError
from parbleu.options import check_int, check_number

__all__ = ["PruningOptions", "pruned_utilities"]

#: Scores of a list of candidates (by index) against the pseudo-references ``start .. stop``.
ScoreColumns = Callable[[npt.NDArray[np.intp], int, int], FloatArray]


@dataclass(frozen=True)
class PruningOptions:
    """Cheng and Vlachos's parameters: confidence, schedule, resamples and their seed."""

    alpha: float = 0.99
    schedule: tuple[int, ...] = (8, 16, 32, 64, 128, 256)
    resamples: int = 500
    seed: int = 0

    def __post_init__(self) -> None:
        alpha = check_number(self.alpha, "alpha", minimum=0.0)
        if not alpha < 1.0:
            raise OptionError(f"alpha must be in [0, 1); got {self.alpha!r}", option="alpha")
        schedule = tuple(check_int(r, "schedule", minimum=1) for r in self.schedule)
        if not schedule or any(b <= a for a, b in itertools.pairwise(schedule)):
            raise OptionError(
                f"schedule must be increasing sizes >= 1; got {self.schedule!r}", option="schedule"
            )
        object.__setattr__(self, "alpha", alpha)
        object.__setattr__(self, "schedule", schedule)
        object.__setattr__(self, "resamples", check_int(self.resamples, "resamples", minimum=1))
        object.__setattr__(self, "seed", check_int(self.seed, "seed", minimum=0))


def _win_rates(
    scores: FloatArray, weights: FloatArray, best: int, draws: npt.NDArray[np.int64]
) -> FloatArray:
    """Per candidate: the share of resamples where it is at least as good as `best`."""
    n_resamples, r = draws.shape
    flat = (draws + r * np.arange(n_resamples)[:, None]).reshape(-1)
    counts = np.bincount(flat, minlength=n_resamples * r).reshape(n_resamples, r) * weights
    estimates = (scores @ counts.T) / counts.sum(axis=1)
    wins: FloatArray = (estimates >= estimates[best]).mean(axis=1)
    return wins


def pruned_utilities(
    score_columns: ScoreColumns,
    n_candidates: int,
    weights: FloatArray,
    options: PruningOptions,
    *,
    keep: int = 1,
    higher_is_better: bool = True,
) -> tuple[npt.NDArray[np.intp], FloatArray]:
    """The surviving candidates and their expected utilities on the last prefix.

    Args:
        score_columns: the scores of candidates against a range of pseudo-references.
        n_candidates: how many candidates there are.
        weights: one weight per pseudo-reference (ones for the plain mean).
        options: the pruning parameters.
        keep: never prune below this many candidates (the k of a top-k output).
        higher_is_better: the metric's direction (TER: lower is better).
    """
    rng = np.random.default_rng(options.seed)
    sign = 1.0 if higher_is_better else -1.0
    alive = np.arange(n_candidates)
    scores = np.zeros((n_candidates, 0))
    done = 0
    for size in options.schedule:
        r = min(size, len(weights))
        if r <= done:
            break
        columns = np.hstack([scores, score_columns(alive, done, r)])
        expected = columns @ weights[:r] / weights[:r].sum()
        best = int(np.argmax(sign * expected))
        draws = rng.integers(r, size=(options.resamples, r))
        survivors = _win_rates(sign * columns, weights[:r], best, draws) > 1.0 - options.alpha
        if int(survivors.sum()) < keep:  # too few would survive: keep all, with these columns
            scores, done = columns, r
            break
        alive, scores, done = alive[survivors], columns[survivors], r
    utilities: FloatArray = scores @ weights[:done] / weights[:done].sum()
    return alive, utilities
