"""sacreBLEU 2.6.0's ``sacrebleu.significance``: ``PairedTest``, ``Result``, ``estimate_ci``.

``PairedTest(named_systems, metrics, references, test_type, n_samples, n_ar_confidence)()``
returns sacreBLEU's ``(signatures, scores)`` pair, computed by parbleu's paired bootstrap
(Koehn 2004) and approximate randomization (Riezler and Maxwell 2005) with sacreBLEU's random
numbers, float32 arithmetic and p-values (`parbleu.significance`), so the results are
sacreBLEU's. Two differences: the seed is the keyword ``seed`` (default 12345, sacreBLEU's),
not the ``SACREBLEU_SEED`` environment variable, and ``n_jobs`` is accepted but unused (the
tests are vectorized in one process).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu import OptionError
from parbleu.compat.metrics.base import Metric
from parbleu.compat.metrics.signature import Signature
from parbleu.references import check_hypotheses
from parbleu.significance import (
    DEFAULT_AR_TRIALS,
    DEFAULT_BOOTSTRAP_SAMPLES,
    DEFAULT_SEED,
    paired_bootstrap,
    paired_randomization,
)

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


def estimate_ci(scores: npt.ArrayLike) -> tuple[float, float]:
    """Mean and 95% interval half-width of resampled scores (sacreBLEU's ``estimate_ci``)."""
    ordered = np.sort(np.asarray(scores))
    lower = len(ordered) // 40
    upper = len(ordered) - lower - 1
    return float(ordered.mean()), float(0.5 * (ordered[upper] - ordered[lower]))


def _result(system: Any) -> Result:
    estimate = system.estimate
    if estimate is None:
        return Result(system.score, system.p_value)
    return Result(system.score, system.p_value, estimate.mean, estimate.ci)


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
        del n_jobs
        self.test_type = test_type
        self.named_systems = list(named_systems)
        self.references = references
        self.n_samples = n_samples if n_samples > 0 else self._DEFAULT_SAMPLES[test_type]
        self.n_ar_confidence = (
            DEFAULT_BOOTSTRAP_SAMPLES if n_ar_confidence == 0 else n_ar_confidence
        )
        self.n_systems = len(self.named_systems) - 1
        self._seed = seed
        self.metrics = dict(metrics)

    def __call__(self) -> tuple[dict[str, Signature], dict[str, list[Any]]]:
        """Run the test: signatures by score name, and ``System`` plus results by score name."""
        signatures: dict[str, Signature] = {}
        scores: dict[str, list[Any]] = {"System": [name for name, _ in self.named_systems]}
        for metric in self.metrics.values():
            test = self._run(metric)
            scores[test.name] = [_result(test.baseline), *(_result(s) for s in test.systems)]
            signatures[test.name] = Signature.from_parbleu(test.signature)
        return signatures, scores

    def _run(self, metric: Metric) -> Any:
        # The references are prepared once, for every system (sacreBLEU caches them too).
        systems = [(name, check_hypotheses(lines)) for name, lines in self.named_systems]
        engine, nrefs = metric._engine_for(len(systems[0][1]), self.references)
        stats = {name: engine.statistics(lines) for name, lines in systems}
        metric.num_refs = nrefs
        if self.test_type == "bs":
            return paired_bootstrap(engine, stats, n_samples=self.n_samples, seed=self._seed)
        return paired_randomization(
            engine,
            stats,
            n_trials=self.n_samples,
            seed=self._seed,
            confidence_n=max(self.n_ar_confidence, 0),
        )
