"""Soft pairwise accuracy (SPA): the system-level meta-metric of WMT24.

Thompson, Mathur, Deutsch and Khayrallah (2024, "Improving Statistical Significance in Human
Evaluation of Automatic Metrics via Soft Pairwise Accuracy"): for every pair of systems
(i, j), a one-sided paired permutation test gives the p-value that system i is better than
system j, once from the human segment scores and once from the metric's; SPA is one minus
the mean absolute difference of the two p-values over the pairs (1 when the metric is as
sure, and unsure, as the humans about every pair).

mt-metrics-eval's conventions (``pce.compute_pairwise_p_values``), followed exactly so that
its numbers are reproduced:

* one matrix of signs for all pairs and both sides: ``numpy.random.default_rng(seed)``
  (seed 4), ``rng.random((permutations, segments), dtype=float32)`` rounded to 0/1 by
  ``numpy.rint`` and mapped to -1/+1 (1,000 permutations);
* float32 arithmetic: scores cast to float32, system score = float32 sum over segments,
  the permuted differences ``signs @ scores.T`` (float32 matrix product);
* ``p(i > j) = #{null delta >= observed delta} / permutations``, without the usual +1.

Segments without a human score for some system are left out for every system (the test
pairs segments); mt-metrics-eval's reshape after dropping them assumes the same.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.options import check_int

__all__ = [
    "SPA_PERMUTATIONS",
    "SPA_SEED",
    "SoftPairwiseAccuracy",
    "pairwise_p_values",
    "sign_matrix",
    "soft_pairwise_accuracy",
    "spa_from_p_values",
]

#: mt-metrics-eval's defaults.
SPA_PERMUTATIONS = 1000
SPA_SEED = 4


def sign_matrix(permutations: int, segments: int, seed: int = SPA_SEED) -> npt.NDArray[np.float32]:
    """The ``(permutations, segments)`` float32 matrix of -1/+1, as mt-metrics-eval draws it."""
    rng = np.random.default_rng(seed)
    signs = rng.random(size=(permutations, segments), dtype=np.float32)
    np.rint(signs, out=signs)
    signs *= 2.0
    signs -= 1.0
    return signs


def pairwise_p_values(
    scores: npt.ArrayLike,
    permutations: int = SPA_PERMUTATIONS,
    seed: int = SPA_SEED,
    *,
    signs: npt.NDArray[np.float32] | None = None,
) -> FloatArray:
    """``(systems, systems)`` p-values that system i beats system j (upper triangle; NaN else).

    `scores` are ``(systems, segments)`` segment scores, higher is better.
    """
    values = np.asarray(scores, dtype=np.float64)
    if values.ndim != 2 or not np.isfinite(values).all():
        raise InputError(f"need finite (systems, segments) scores; got shape {values.shape}")
    check_int(permutations, "permutations", minimum=1)
    if signs is None:
        signs = sign_matrix(permutations, values.shape[1], seed)
    segment = values.astype(np.float32)
    system = np.sum(segment, axis=1)
    partial = np.matmul(signs, segment.T)
    first, second = np.triu_indices(len(segment), 1)
    null = partial[:, first] - partial[:, second]
    observed = system[first] - system[second]
    p = np.full((len(segment), len(segment)), np.nan)
    p[first, second] = np.sum(null >= observed, axis=0) / len(signs)
    return p


def spa_from_p_values(human: FloatArray, metric: FloatArray) -> float:
    """``1 - mean |p_human - p_metric|`` over the pairs of systems (upper triangle)."""
    first, second = np.triu_indices(len(human), 1)
    return float(1.0 - np.mean(np.abs(human - metric)[first, second]))


@dataclass(frozen=True)
class SoftPairwiseAccuracy:
    """SPA and the p-values behind it."""

    value: float
    human_p: FloatArray
    metric_p: FloatArray
    segments: int  # segments used (rated for every system)
    permutations: int
    seed: int


def _rated(human: FloatArray, metric: FloatArray) -> tuple[FloatArray, FloatArray]:
    if human.ndim != 2 or human.shape != metric.shape:
        raise InputError(
            f"need (systems, segments) human and metric scores of one shape; got "
            f"{human.shape} and {metric.shape}"
        )
    if len(human) < 2:
        raise InputError(f"soft pairwise accuracy needs two systems or more; got {len(human)}")
    rated = ~np.isnan(human).any(axis=0)
    if not rated.any():
        raise InputError("no segment has a human score for every system")
    return human[:, rated], metric[:, rated]


def soft_pairwise_accuracy(
    human: npt.ArrayLike,
    metric: npt.ArrayLike,
    *,
    permutations: int = SPA_PERMUTATIONS,
    seed: int = SPA_SEED,
) -> SoftPairwiseAccuracy:
    """SPA of ``(systems, segments)`` metric scores against human scores (NaN/None: unrated)."""
    h, m = _rated(np.array(human, dtype=np.float64), np.array(metric, dtype=np.float64))
    signs = sign_matrix(check_int(permutations, "permutations", minimum=1), h.shape[1], seed)
    human_p = pairwise_p_values(h, signs=signs)
    metric_p = pairwise_p_values(m, signs=signs)
    return SoftPairwiseAccuracy(
        spa_from_p_values(human_p, metric_p), human_p, metric_p, h.shape[1], permutations, seed
    )
