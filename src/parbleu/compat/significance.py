"""sacreBLEU 2.6.0's ``sacrebleu.significance``: ``PairedTest``, ``Result``, ``estimate_ci``.

``PairedTest(named_systems, metrics, references, test_type, n_samples, n_ar_confidence)()``
returns sacreBLEU's ``(signatures, scores)`` pair, computed by parbleu's paired bootstrap
(Koehn 2004) and approximate randomization (Riezler and Maxwell 2005) with sacreBLEU's random
numbers, float32 arithmetic and p-values (`parbleu.significance`), so the results are
sacreBLEU's, types included: scores and p-values are Python floats, bootstrap means and
intervals NumPy float64 or float32 numbers, as sacreBLEU's arithmetic makes them. The
progress lines sacreBLEU logs (``Pre-computing ...``, ``Computing ...``,
`` > Performing ...``) go to the ``sacrebleu`` logger at INFO level, in its order.

Differences: the seed is the keyword ``seed`` (default 12345, sacreBLEU's), not the
``SACREBLEU_SEED`` environment variable; ``n_jobs`` is accepted but unused (the tests are
vectorized in one process), so sacreBLEU's ``Launching N parallel workers.`` is never logged.
``_compute_p_value`` (MATEO computes its own tests with it) is sacreBLEU's p-value.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu import OptionError
from parbleu.compat.metrics.base import Metric, sacrelogger
from parbleu.compat.metrics.signature import Signature
from parbleu.significance import (
    DEFAULT_AR_TRIALS,
    DEFAULT_BOOTSTRAP_SAMPLES,
    DEFAULT_SEED,
    paired_bootstrap,
    paired_randomization,
)
from parbleu.significance.paired import Estimate, SystemResult, p_value_above
from parbleu.significance.results import paired_estimate
from parbleu.stats import Stats

__all__ = ["PairedTest", "Result", "estimate_ci"]


class Result:
    """One system's score in a paired test, its p-value and bootstrap mean and interval."""

    def __init__(
        self,
        score: float,
        p_value: float | None = None,
        mean: float | None = None,
        ci: float | None = None,
    ) -> None:
        self.score = score
        self.p_value = p_value
        self.mean = mean
        self.ci = ci

    def __repr__(self) -> str:
        return ",".join(f"{key}={value}" for key, value in vars(self).items())


def _numpy(value: float, estimate: Estimate) -> np.floating[Any]:
    """`value` as the NumPy number sacreBLEU's estimate holds: float32 or float64."""
    number: np.floating[Any] = np.float32(value) if estimate.float32 else np.float64(value)
    return number


def estimate_ci(scores: npt.ArrayLike) -> tuple[np.floating[Any], np.floating[Any]]:
    """Mean and 95% interval half-width of resampled scores (sacreBLEU's ``estimate_ci``).

    NumPy numbers of the scores' precision, as sacreBLEU returns them.
    """
    estimate = paired_estimate(np.asarray(scores))
    return _numpy(estimate.mean, estimate), _numpy(estimate.ci, estimate)


def _compute_p_value(stats: npt.ArrayLike, real_difference: float) -> float:
    """``(c + 1) / (n + 1)``, c counting the sample statistics above the real one.

    multeval's p-value, as sacreBLEU computes it (`parbleu.significance.paired`).
    """
    return p_value_above(np.asarray(stats), real_difference)


def _result(system: SystemResult) -> Result:
    estimate = system.estimate
    if estimate is None:
        return Result(system.score, system.p_value)
    mean, ci = _numpy(estimate.mean, estimate), _numpy(estimate.ci, estimate)
    return Result(system.score, system.p_value, mean, ci)  # type: ignore[arg-type]


class PairedTest:
    """Paired significance tests of systems against the first one, the baseline.

    Args:
        named_systems: ``(name, hypotheses)`` pairs; the first is the baseline.
        metrics: name to a compat metric (``BLEU``, ``CHRF``, ``TER``).
        references: reference streams, or ``None`` for each metric's cached references.
        test_type: ``ar`` (approximate randomization) or ``bs`` (paired bootstrap).
        n_samples: trials (``ar``) or resamples (``bs``); 0 for 10000 / 1000.
        n_ar_confidence: bootstrap resamples for the estimates of an ``ar`` test (-1: none,
            0: 1000).
        n_jobs: accepted for compatibility; the tests run vectorized in this process.
        seed: the random seed (None: fresh entropy); sacreBLEU reads ``$SACREBLEU_SEED``.
    """

    _DEFAULT_SAMPLES: Mapping[str, int] = {
        "ar": DEFAULT_AR_TRIALS,
        "bs": DEFAULT_BOOTSTRAP_SAMPLES,
    }

    def __init__(
        self,
        named_systems: Sequence[tuple[str, Sequence[str]]],
        metrics: Mapping[str, Metric],
        references: Sequence[Sequence[str]] | None,
        test_type: str = "ar",
        n_samples: int = 0,
        n_ar_confidence: int = -1,
        n_jobs: int = 1,
        *,
        seed: int | None = DEFAULT_SEED,
    ) -> None:
        if test_type not in self._DEFAULT_SAMPLES:
            raise OptionError(f"test_type must be 'ar' or 'bs'; got {test_type!r}")
        if len(named_systems) < 2:
            raise OptionError(
                f"a paired test needs a baseline and another system; got {len(named_systems)}"
            )
        names = [name for name, _ in named_systems]
        if len(set(names)) != len(names):
            raise OptionError(f"system names must be distinct; got {names}")
        self.test_type = test_type
        self.n_jobs = n_jobs
        self.named_systems = list(named_systems)
        self.references = references
        self.n_samples = n_samples if n_samples > 0 else self._DEFAULT_SAMPLES[test_type]
        self.n_ar_confidence = (
            DEFAULT_BOOTSTRAP_SAMPLES if n_ar_confidence == 0 else n_ar_confidence
        )
        self.n_systems = len(self.named_systems) - 1
        self._seed = seed
        self.metrics: dict[str, Metric] = {}
        self._baseline: dict[str, Stats] = {}
        baseline_name, baseline = self.named_systems[0]
        for name, metric in metrics.items():
            sacrelogger.info(f"Pre-computing {name} statistics for {baseline_name!r}")
            stats = metric._statistics(baseline, references)[0]
            score_name = metric._to_score(metric._engine.score_totals(stats.total())).name
            self.metrics[score_name] = metric
            self._baseline[score_name] = stats

    def _progress(self, name: str, system: str) -> None:
        """SacreBLEU's log lines for one system and metric."""
        sacrelogger.info(f"Computing {name} for {system!r} and extracting sufficient statistics")
        if self.test_type == "bs":
            sacrelogger.info(
                f" > Performing paired bootstrap resampling test (# resamples: {self.n_samples})"
            )
            return
        sacrelogger.info(
            f" > Performing approximate randomization test (# trials: {self.n_samples})"
        )
        if self.n_ar_confidence > 0:
            sacrelogger.info(
                " > Performing bootstrap resampling for confidence interval "
                f"(# resamples: {self.n_ar_confidence})"
            )

    def __call__(self) -> tuple[dict[str, Signature], dict[str, list[Any]]]:
        """Run the test: signatures by score name, and ``System`` plus results by score name."""
        stats: dict[str, dict[str, Stats]] = {
            name: {self.named_systems[0][0]: baseline} for name, baseline in self._baseline.items()
        }
        for system, hypotheses in self.named_systems[1:]:
            for name, metric in self.metrics.items():
                self._progress(name, system)
                stats[name][system] = metric._statistics(hypotheses, self.references)[0]
        signatures: dict[str, Signature] = {}
        scores: dict[str, list[Any]] = {"System": [name for name, _ in self.named_systems]}
        for name, metric in self.metrics.items():
            test = self._run(metric, stats[name])
            scores[name] = [_result(test.baseline), *(_result(s) for s in test.systems)]
            signature = Signature.from_parbleu(test.signature)
            signature.update("nrefs", metric.get_signature().info["nrefs"])
            signatures[name] = signature
        return signatures, scores

    def _run(self, metric: Metric, stats: dict[str, Stats]) -> Any:
        engine = metric._engine
        if self.test_type == "bs":
            return paired_bootstrap(engine, stats, n_samples=self.n_samples, seed=self._seed)
        return paired_randomization(
            engine,
            stats,
            n_trials=self.n_samples,
            seed=self._seed,
            confidence_n=max(self.n_ar_confidence, 0),
        )
