"""Bootstrap confidence intervals and paired significance tests, for every metric.

Three tests, each the statistics matrix resampled (`parbleu.significance.resampling`) and
rescored with the metric's vectorized formula:

* `confidence_interval`: bootstrap resampling of one system (Koehn 2004): the
  mean of the resampled scores and a 95% interval (sacreBLEU's ``corpus_score(n_bootstrap=)``,
  command line ``-ci``).
* `paired_bootstrap`: paired bootstrap resampling (Koehn 2004) of systems against
  a baseline, with Moses' ``bootstrap-hypothesis-difference-significance.pl`` p-value as
  sacreBLEU computes it (``PairedTest(test_type='bs')``, ``-pbs``).
* `paired_bootstrap_all_pairs`: the paired bootstrap of every pair of systems from one set of
  resamples; each pair's p-value is the one `paired_bootstrap` gives with either of the two
  as the baseline.
* `paired_randomization`: paired approximate randomization (Riezler and Maxwell 2005;
  multeval's ``StratifiedApproximateRandomizationTest``; sacreBLEU's
  ``PairedTest(test_type='ar')``, ``-par``).

With the same seed and sample counts the results are sacreBLEU 2.6.0's: its random numbers
(``np.random.default_rng(seed)``; the same resamples for every system), its float32
bootstrap arithmetic (each metric's ``float32_scorer``, for the options that the
`Float32Rule` of its entry allows: `parbleu.metrics.registry.float32_scorer`;
``arithmetic="float64"`` turns it off), its p-value ``(c + 1) / (n + 1)`` and its interval:
half the distance between the ``n // 40``-th smallest and largest resampled scores. Seeds
are arguments, never read from the environment; ``seed=None`` draws fresh entropy, and the
results record it so that the run can be repeated.

    >>> from parbleu import BLEU
    >>> refs = ["the cat sat on the mat", "a dog barked at the moon", "it was late"]
    >>> bleu = BLEU([refs])
    >>> stats = bleu.statistics(["the cat sat on a mat", "a dog barked", "it was very late"])
    >>> result = confidence_interval(bleu, stats, n_samples=100, seed=1)
    >>> result.n_samples, result.seed, str(result.signature).split("|")[:3]
    (100, 1, ['nrefs:1', 'bs:100', 'seed:1'])
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError, LengthMismatchError
from parbleu.metrics.base import AnyMetric, Float32Scorer
from parbleu.metrics.registry import float32_scorer
from parbleu.options import check_int, coerce_enum
from parbleu.signature import Signature
from parbleu.significance.defaults import (
    DEFAULT_AR_TRIALS,
    DEFAULT_BOOTSTRAP_SAMPLES,
    DEFAULT_SEED,
)
from parbleu.significance.resampling import bootstrap_scores, randomization_differences
from parbleu.significance.results import (
    AllPairsTest,
    Arithmetic,
    ConfidenceInterval,
    Estimate,
    PairedTest,
    SystemResult,
    TestKind,
    corpus_estimate,
    named_statistics,
    paired_estimate,
)
from parbleu.stats import Stats

__all__ = [
    "AllPairsTest",
    "Arithmetic",
    "ConfidenceInterval",
    "Estimate",
    "PairedTest",
    "SystemResult",
    "TestKind",
    "confidence_interval",
    "p_value_above",
    "paired_bootstrap",
    "paired_bootstrap_all_pairs",
    "paired_randomization",
]


def confidence_interval(
    metric: AnyMetric,
    stats: Stats,
    *,
    n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES,
    seed: int | None = DEFAULT_SEED,
    arithmetic: Arithmetic | str = Arithmetic.SACREBLEU,
) -> ConfidenceInterval:
    """Bootstrap estimate of one system's score (sacreBLEU's ``corpus_score(n_bootstrap=)``).

    Args:
        metric: the metric that computed ``stats`` (its ``scores`` rescore the resamples).
        stats: the system's per-segment statistics (``metric.statistics(hypotheses)``).
        n_samples: bootstrap resamples.
        seed: seed of ``np.random.default_rng``; None for fresh entropy.
        arithmetic: ``sacrebleu`` (float32, as sacreBLEU) or ``float64``.
    """
    check_int(n_samples, "n_samples", minimum=1)
    _check_stats(metric, [("system", stats)])
    mode, sequence = coerce_enum(Arithmetic, arithmetic, "arithmetic"), _seed_sequence(seed)
    scorer, float32 = _bootstrap_scorer(metric, mode)
    (scores,) = bootstrap_scores(
        [stats], n_samples, np.random.default_rng(sequence), scorer, float32_sums=float32
    )
    name, score = _corpus_score(metric, stats)
    signature = _signature(metric, bs=n_samples, seed=seed, float64=_differs(metric, mode))
    return ConfidenceInterval(
        name, score, corpus_estimate(scores), n_samples, seed, _entropy(sequence), signature
    )


def paired_bootstrap(
    metric: AnyMetric,
    systems: Mapping[str, Stats],
    *,
    n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES,
    seed: int | None = DEFAULT_SEED,
    arithmetic: Arithmetic | str = Arithmetic.SACREBLEU,
) -> PairedTest:
    """Paired bootstrap resampling (Koehn 2004) of each system against the baseline.

    Every system is scored on the same ``n_samples`` resamples of the segments. The p-value
    is that of Moses' script as sacreBLEU computes it: with ``d`` the absolute score
    differences of the resamples, the share of ``d - mean(d)`` above the observed absolute
    difference, ``(c + 1) / (n + 1)``. Each system also gets its bootstrap estimate.

    Args:
        metric: the metric that computed the statistics.
        systems: name to per-segment statistics; the first entry is the baseline.
        n_samples: bootstrap resamples.
        seed: seed of ``np.random.default_rng``; None for fresh entropy.
        arithmetic: ``sacrebleu`` (float32, as sacreBLEU) or ``float64``.
    """
    check_int(n_samples, "n_samples", minimum=1)
    names, stats = _check_systems(metric, systems)
    mode, sequence = coerce_enum(Arithmetic, arithmetic, "arithmetic"), _seed_sequence(seed)
    scorer, float32 = _bootstrap_scorer(metric, mode)
    scores = bootstrap_scores(
        stats, n_samples, np.random.default_rng(sequence), scorer, float32_sums=float32
    )
    name, baseline_score = _corpus_score(metric, stats[0])
    baseline = SystemResult(names[0], baseline_score, None, paired_estimate(scores[0]))
    results = []
    for system, system_stats, system_scores in zip(names[1:], stats[1:], scores[1:], strict=True):
        score = _corpus_score(metric, system_stats)[1]
        p_value = _bootstrap_p_value(scores[0], system_scores, baseline_score, score)
        results.append(SystemResult(system, score, p_value, paired_estimate(system_scores)))
    signature = _signature(metric, bs=n_samples, seed=seed, float64=_differs(metric, mode))
    return PairedTest(
        TestKind.BOOTSTRAP,
        name,
        n_samples,
        0,
        seed,
        _entropy(sequence),
        baseline,
        tuple(results),
        signature,
    )


def paired_bootstrap_all_pairs(
    metric: AnyMetric,
    systems: Mapping[str, Stats],
    *,
    n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES,
    seed: int | None = DEFAULT_SEED,
    arithmetic: Arithmetic | str = Arithmetic.SACREBLEU,
) -> AllPairsTest:
    """Paired bootstrap resampling (Koehn 2004) of every pair of systems, in one pass.

    Every system is scored once on the same ``n_samples`` resamples, and every pair gets the
    p-value of `paired_bootstrap`: the p-value of systems ``i`` and ``j`` is the one
    ``paired_bootstrap(metric, {i: ..., j: ...})`` gives, and the same with ``j`` as the
    baseline, at the cost of one test instead of one per baseline. Each system gets its
    bootstrap estimate, as in `paired_bootstrap`. One system alone gets its estimate only.

    Args:
        metric: the metric that computed the statistics.
        systems: name to per-segment statistics (one system or more).
        n_samples: bootstrap resamples.
        seed: seed of ``np.random.default_rng``; None for fresh entropy.
        arithmetic: ``sacrebleu`` (float32, as sacreBLEU) or ``float64``.
    """
    check_int(n_samples, "n_samples", minimum=1)
    named = named_statistics(systems, "paired_bootstrap_all_pairs")
    if not named:
        raise InputError("no systems to resample")
    _check_stats(metric, named)
    names, stats = [name for name, _ in named], [s for _, s in named]
    mode, sequence = coerce_enum(Arithmetic, arithmetic, "arithmetic"), _seed_sequence(seed)
    scorer, float32 = _bootstrap_scorer(metric, mode)
    scores = bootstrap_scores(
        stats, n_samples, np.random.default_rng(sequence), scorer, float32_sums=float32
    )
    corpus = [_corpus_score(metric, s) for s in stats]
    p_values: list[list[float | None]] = [[None] * len(stats) for _ in stats]
    for i, j in itertools.combinations(range(len(stats)), 2):
        p_value = _bootstrap_p_value(scores[i], scores[j], corpus[i][1], corpus[j][1])
        p_values[i][j] = p_values[j][i] = p_value
    return AllPairsTest(
        corpus[0][0],
        n_samples,
        seed,
        _entropy(sequence),
        tuple(names),
        tuple(score for _, score in corpus),
        tuple(paired_estimate(system_scores) for system_scores in scores),
        tuple(tuple(row) for row in p_values),
        _signature(metric, bs=n_samples, seed=seed, float64=_differs(metric, mode)),
    )


def paired_randomization(
    metric: AnyMetric,
    systems: Mapping[str, Stats],
    *,
    n_trials: int = DEFAULT_AR_TRIALS,
    seed: int | None = DEFAULT_SEED,
    confidence_n: int = 0,
    arithmetic: Arithmetic | str = Arithmetic.SACREBLEU,
) -> PairedTest:
    """Paired approximate randomization (Riezler and Maxwell 2005) against the baseline.

    Each trial swaps the two systems' outputs on a random half of the segments (the same
    coin flips for every system); the p-value is the share of trials whose absolute score
    difference exceeds the observed one, ``(c + 1) / (n + 1)``. With ``confidence_n > 0``
    every system also gets a bootstrap estimate from that many resamples, drawn as sacreBLEU
    draws them (the baseline's from a fresh generator, the others' after the trials).

    Args:
        metric: the metric that computed the statistics.
        systems: name to per-segment statistics; the first entry is the baseline.
        n_trials: randomization trials.
        seed: seed of ``np.random.default_rng``; None for fresh entropy.
        confidence_n: bootstrap resamples for estimates (0: none).
        arithmetic: the arithmetic of those bootstrap resamples (the trials are exact).
    """
    check_int(n_trials, "n_trials", minimum=1)
    check_int(confidence_n, "confidence_n", minimum=0)
    names, stats = _check_systems(metric, systems)
    mode, sequence = coerce_enum(Arithmetic, arithmetic, "arithmetic"), _seed_sequence(seed)
    rng = np.random.default_rng(sequence)
    differences = randomization_differences(stats[0], stats[1:], n_trials, rng, metric.scores)
    estimates = _randomization_estimates(
        metric, stats, confidence_n, mode=mode, sequence=sequence, rng=rng
    )
    name, baseline_score = _corpus_score(metric, stats[0])
    baseline = SystemResult(names[0], baseline_score, None, estimates[0])
    results = []
    for j, (system, system_stats) in enumerate(zip(names[1:], stats[1:], strict=True)):
        score = _corpus_score(metric, system_stats)[1]
        p_value = p_value_above(differences[j], abs(baseline_score - score))
        results.append(SystemResult(system, score, p_value, estimates[j + 1]))
    signature = _signature(
        metric,
        ar=n_trials,
        bs=confidence_n or None,
        seed=seed,
        float64=confidence_n > 0 and _differs(metric, mode),
    )
    return PairedTest(
        TestKind.RANDOMIZATION,
        name,
        n_trials,
        confidence_n,
        seed,
        _entropy(sequence),
        baseline,
        tuple(results),
        signature,
    )


def _randomization_estimates(
    metric: AnyMetric,
    stats: Sequence[Stats],
    confidence_n: int,
    *,
    mode: Arithmetic,
    sequence: np.random.SeedSequence,
    rng: np.random.Generator,
) -> list[Estimate | None]:
    """SacreBLEU's estimates beside a randomization test (none for ``confidence_n = 0``).

    The baseline's resamples come from a fresh generator, the systems' from `rng` after the
    trials, as sacreBLEU draws them.
    """
    if confidence_n == 0:
        return [None] * len(stats)
    scorer, float32 = _bootstrap_scorer(metric, mode)
    (baseline_scores,) = bootstrap_scores(
        stats[:1], confidence_n, np.random.default_rng(sequence), scorer, float32_sums=float32
    )
    system_scores = bootstrap_scores(stats[1:], confidence_n, rng, scorer, float32_sums=float32)
    return [paired_estimate(s) for s in [baseline_scores, *system_scores]]


def _check_stats(metric: AnyMetric, named: Sequence[tuple[str, Stats]]) -> None:
    columns = tuple(metric.columns)
    n_segments = len(named[0][1])
    for name, stats in named:
        if not isinstance(stats, Stats):
            raise InputError(
                f"statistics of {name!r} must be a parbleu Stats (metric.statistics(...)); "
                f"got {type(stats).__name__}"
            )
        if stats.columns != columns:
            raise InputError(
                f"statistics of {name!r} have columns {stats.columns}, but {type(metric).__name__}"
                f" scores {columns}: compute them with this metric"
            )
        if len(stats) != n_segments:
            raise LengthMismatchError(
                f"statistics of {name!r} have {len(stats)} segments, those of "
                f"{named[0][0]!r} {n_segments}: systems must translate the same segments"
            )
    if n_segments == 0:
        raise InputError("no segments to resample")


def _check_systems(
    metric: AnyMetric, systems: Mapping[str, Stats]
) -> tuple[list[str], list[Stats]]:
    named = named_statistics(systems, "a paired test")
    if len(named) < 2:
        raise InputError(
            f"a paired test needs a baseline and at least one other system; got {len(named)}"
        )
    _check_stats(metric, named)
    return [name for name, _ in named], [stats for _, stats in named]


def _seed_sequence(seed: int | None) -> np.random.SeedSequence:
    """The seed as numpy sees it: ``default_rng(SeedSequence(s))`` is ``default_rng(s)``."""
    if seed is None:
        return np.random.SeedSequence(None)
    return np.random.SeedSequence(check_int(seed, "seed", minimum=0))


def _entropy(sequence: np.random.SeedSequence) -> int:
    entropy = sequence.entropy
    return int(entropy) if isinstance(entropy, int) else int(np.asarray(entropy).ravel()[0])


def _bootstrap_scorer(metric: AnyMetric, mode: Arithmetic) -> tuple[Float32Scorer, bool]:
    """The scorer of bootstrap resamples and whether statistics are summed in float32."""
    if mode is Arithmetic.SACREBLEU:
        scorer = float32_scorer(metric)
        if scorer is not None:
            return scorer, True

    def float64(rows: npt.NDArray[Any]) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
        values = np.asarray(metric.scores(np.asarray(rows, dtype=np.float64)), dtype=np.float64)
        return values, np.zeros(len(values), dtype=bool)

    return float64, False


def _corpus_score(metric: AnyMetric, stats: Stats) -> tuple[str, float]:
    """The score's name (``BLEU``, ``chrF2``) and the corpus score, as sacreBLEU computes it."""
    result = metric.score_totals(stats.total())
    return str(result.name), float(result.score)


def _bootstrap_p_value(
    baseline_scores: npt.NDArray[Any],
    system_scores: npt.NDArray[Any],
    baseline_score: float,
    score: float,
) -> float:
    """Moses' p-value of two systems' resampled scores (the same either way round)."""
    differences = np.abs(system_scores - baseline_scores)
    centred = differences - differences.mean()
    return p_value_above(centred, abs(baseline_score - score))


def p_value_above(statistic: npt.NDArray[Any], observed: float) -> float:
    """``(c + 1) / (n + 1)``, c counting the statistics strictly above the observed value.

    ``observed`` is a Python float, so that it meets float32 statistics as in sacreBLEU.
    """
    count = int(np.sum(statistic > observed))
    return (count + 1) / (len(statistic) + 1)


def _differs(metric: AnyMetric, mode: Arithmetic) -> bool:
    """Whether ``mode`` gives other bootstrap numbers than sacreBLEU's arithmetic would."""
    return mode is Arithmetic.FLOAT64 and float32_scorer(metric) is not None


def _signature(
    metric: AnyMetric,
    *,
    seed: int | None,
    float64: bool,
    bs: int | None = None,
    ar: int | None = None,
) -> Signature:
    """The metric's signature with sacreBLEU's test fields.

    Bootstrap numbers in float64 where sacreBLEU's would be float32 add parbleu's field
    ``resample:float64`` (before ``version``), so that equal signatures mean equal numbers.
    """
    signature = metric.signature().with_fields(bs=bs, ar=ar, seed="none" if seed is None else seed)
    if float64:
        fields = signature.fields
        signature = Signature((*fields[:-1], ("resample", "rsa", "float64"), fields[-1]))
    return signature
