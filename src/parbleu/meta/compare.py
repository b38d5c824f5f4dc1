"""Is one metric significantly better than another? Permutation tests and Williams' test.

* **PERM-BOTH** (Deutsch, Dror and Roth 2021, "A Statistical Analysis of Summarization
  Evaluation Metrics using Resampling Methods"), mt-metrics-eval's ``PermutationSigDiff``:
  both metrics' scores are z-scored (over the entries with a human score); each resample
  swaps the two metrics' scores at every entry with probability 1/2 and recomputes the
  statistic of both hybrids; the p-value is the fraction of resamples whose difference is at
  least the observed one (no +1, as there).
* **Pairs permutation** (mt-metrics-eval's ``PairwisePermutationSigDiff``, WMT23/24's test
  for tie-calibrated accuracy): each resample swaps the two metrics' verdicts on every pair
  (each at its own epsilon), so calibration is not repeated per resample. Only pairs where
  the verdicts differ change the difference, which makes every resample one product.
* Early stopping as mt-metrics-eval's defaults for tasks: every ``block_size`` resamples,
  stop when the p-value is below ``early_min`` or above ``early_max``.
* **Williams' test** for dependent correlations (Williams 1959; Graham and Baldwin 2014,
  "Testing for Significance of Increased Correlation with Human Judgment"), one-sided.

Random draws come from ``numpy.random.default_rng(seed)``; mt-metrics-eval draws from
NumPy's unseeded global generator, so its p-values vary run to run and cannot be matched
draw for draw: the statistics compared and the null distribution are the same.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.errors import InputError
from parbleu.meta.grouped import grouped_pearson
from parbleu.meta.pairs import Grouping, PairStatistic
from parbleu.options import check_int, check_number, coerce_enum
from parbleu.significance.defaults import DEFAULT_SEED
from parbleu.significance.student_t import t_sf

__all__ = [
    "MetricComparison",
    "Permutations",
    "Williams",
    "pair_verdicts",
    "pairs_permutation",
    "perm_both",
    "williams",
    "williams_test",
]

#: Most pairs the pairs permutation test holds (verdicts of two metrics).
MAX_VERDICT_PAIRS = 1 << 25


@dataclass(frozen=True)
class Permutations:
    """Resamples and early stopping of a permutation test (mt-metrics-eval's task defaults)."""

    resamples: int = 1000
    block_size: int = 100
    early_min: float = 0.02
    early_max: float = 0.5
    seed: int = DEFAULT_SEED

    def __post_init__(self) -> None:
        check_int(self.resamples, "resamples", minimum=1)
        check_int(self.block_size, "block_size", minimum=1)
        check_number(self.early_min, "early_min", minimum=0.0)
        check_number(self.early_max, "early_max", minimum=0.0)


@dataclass(frozen=True)
class MetricComparison:
    """How often chance gives the first metric's advantage over the second, or more."""

    p_value: float
    delta: float  # statistic(first) - statistic(second)
    draws: FloatArray  # (resamples used, 2): the statistics of the two hybrids

    @property
    def used(self) -> int:
        """Resamples drawn (fewer than asked after an early stop)."""
        return len(self.draws)


def _zscore(values: FloatArray, rated: BoolArray) -> FloatArray:
    z: FloatArray = values.copy()
    part = values[rated]
    spread = part.std()
    z[rated] = (part - part.mean()) / (spread if spread > 0 else 1.0)  # constant: all 0
    return z


def _stop(count: int, drawn: int, settings: Permutations) -> bool:
    if drawn % settings.block_size:
        return False
    p = count / drawn
    return p < settings.early_min or p > settings.early_max


def perm_both(
    statistic: Callable[[FloatArray], float],
    first: npt.ArrayLike,
    second: npt.ArrayLike,
    rated: npt.ArrayLike,
    settings: Permutations | None = None,
) -> MetricComparison:
    """PERM-BOTH: p-value that `first`'s statistic beats `second`'s by chance.

    `statistic` maps an array of metric scores (the shape of `first`) to the statistic
    against fixed human scores; `rated` marks the entries with a human score.
    """
    settings = settings or Permutations()
    mask = np.asarray(rated, dtype=bool)
    a = _zscore(np.asarray(first, dtype=np.float64), mask)
    b = _zscore(np.asarray(second, dtype=np.float64), mask)
    delta = statistic(a) - statistic(b)
    rng = np.random.default_rng(settings.seed)
    draws, count = [], 0
    for drawn in range(1, settings.resamples + 1):
        swap = rng.random(a.shape) < 0.5
        one, two = statistic(np.where(swap, b, a)), statistic(np.where(swap, a, b))
        draws.append((one, two))
        count += one - two >= delta
        if _stop(count, drawn, settings):
            break
    return MetricComparison(count / len(draws), delta, np.array(draws))


def _as_groups(values: FloatArray, grouping: Grouping) -> FloatArray:
    """``(groups, width)``: a group per row."""
    groups: FloatArray = values.reshape(1, -1)
    if grouping is Grouping.ITEM:
        groups = values.T
    elif grouping is Grouping.SYS:
        groups = values
    return groups


def pair_verdicts(
    human: npt.ArrayLike, metric: npt.ArrayLike, grouping: Grouping | str, epsilon: float
) -> tuple[FloatArray, FloatArray]:
    """Per pair of every group: 1 if the metric (ties within `epsilon`) agrees, and its weight.

    Agreement is acc_eq's (concordant, or tied on both sides); the weight of a pair is
    ``1 / (pairs of its group x groups with pairs)``, so the weighted sum is acc_eq.
    """
    kind = coerce_enum(Grouping, grouping, "grouping")
    h = _as_groups(np.array(human, dtype=np.float64), kind)
    m = _as_groups(np.array(metric, dtype=np.float64), kind)
    first, second = np.triu_indices(h.shape[1], 1)
    if h.shape[0] * len(first) > MAX_VERDICT_PAIRS:
        raise InputError(
            f"the pairs permutation test holds every pair: {h.shape[0] * len(first)} pairs "
            f"for grouping {kind.value} is more than {MAX_VERDICT_PAIRS}; use grouping item"
        )
    dh, dm = h[:, second] - h[:, first], m[:, second] - m[:, first]
    valid = ~np.isnan(dh)
    tied_metric = np.abs(dm) <= epsilon
    agree = np.where(tied_metric, dh == 0, (dh != 0) & (dh * dm > 0))
    per_group = valid.sum(axis=1)
    groups = int((per_group > 0).sum())
    with np.errstate(divide="ignore", invalid="ignore"):
        weight = np.where(valid, 1.0 / (per_group[:, None] * groups), 0.0)
    return agree.astype(np.float64).ravel(), weight.ravel()


def pairs_permutation(
    human: npt.ArrayLike,
    first: npt.ArrayLike,
    second: npt.ArrayLike,
    *,
    grouping: Grouping | str,
    epsilons: tuple[float, float],
    statistic: PairStatistic | str = PairStatistic.ACC_EQ,
    settings: Permutations | None = None,
) -> MetricComparison:
    """Pairs permutation test of two metrics' acc_eq (or tau_eq), each at its epsilon."""
    settings = settings or Permutations()
    kind = coerce_enum(PairStatistic, statistic, "statistic")
    if kind not in (PairStatistic.ACC_EQ, PairStatistic.TAU_EQ):
        raise InputError("the pairs permutation test compares acc_eq or tau_eq")
    agree_a, weight = pair_verdicts(human, first, grouping, epsilons[0])
    agree_b, _ = pair_verdicts(human, second, grouping, epsilons[1])
    scale = 2.0 if kind is PairStatistic.TAU_EQ else 1.0
    shift = -1.0 if kind is PairStatistic.TAU_EQ else 0.0
    stat_a = scale * float(agree_a @ weight) + shift
    stat_b = scale * float(agree_b @ weight) + shift
    differ = agree_a != agree_b
    half = scale * (agree_a - agree_b)[differ] * weight[differ] / 2
    rng = np.random.default_rng(settings.seed)
    middle, delta = (stat_a + stat_b) / 2, stat_a - stat_b
    draws: list[FloatArray] = []
    count, drawn = 0, 0
    while drawn < settings.resamples:
        block = min(settings.block_size, settings.resamples - drawn)
        signs = np.where(rng.random((block, len(half))) < 0.5, -1.0, 1.0)
        spread = signs @ half
        draws.append(np.stack([middle + spread, middle - spread], axis=1))
        count += int((2 * spread >= delta - 1e-12 * abs(delta)).sum())
        drawn += block
        if _stop(count, drawn, settings):
            break
    stacked = np.concatenate(draws) if draws else np.zeros((0, 2))
    return MetricComparison(count / drawn, delta, stacked)


def williams_test(r12: float, r13: float, r23: float, n: int, *, one_sided: bool = True) -> float:
    """Williams' p-value that r12 (gold, metric 1) exceeds r13 (gold, metric 2), given r23."""
    if n <= 3:
        raise InputError(f"Williams' test needs more than 3 scores; got {n}")
    k = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r23 * r13
    mean = (r12 + r13) / 2
    numerator = (r12 - r13) * math.sqrt((n - 1) * (1 + r23))
    denominator = math.sqrt(max(0.0, 2 * (n - 1) / (n - 3) * k + mean**2 * (1 - r23) ** 3))
    if denominator == 0 or math.isnan(numerator / denominator):
        return math.nan
    p = t_sf(abs(numerator / denominator), n - 3)
    return p if one_sided else 2 * p


@dataclass(frozen=True)
class Williams:
    """Williams' test of two metrics' Pearson correlations with the same human scores."""

    p_value: float
    first: float  # r(human, first metric)
    second: float  # r(human, second metric)
    between: float  # r(first metric, second metric)


def williams(
    human: npt.ArrayLike,
    first: npt.ArrayLike,
    second: npt.ArrayLike,
    grouping: Grouping | str = Grouping.NONE,
) -> Williams:
    """Williams' test on (grouped) Pearson correlations, as mt-metrics-eval's ``WilliamsSigDiff``.

    As there, ``n`` counts every entry and the metrics' correlation uses every entry, with or
    without a human score.
    """
    h = np.array(human, dtype=np.float64)
    r1 = grouped_pearson(h, first, grouping)
    r2 = grouped_pearson(h, second, grouping)
    between = grouped_pearson(first, second, grouping)
    return Williams(williams_test(r1, r2, between, h.size), r1, r2, between)
