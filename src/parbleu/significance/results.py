"""The results of parbleu's significance tests: frozen values, and sacreBLEU's estimates.

`Estimate` is what sacreBLEU prints as ``(μ = mean ± ci)``; `ConfidenceInterval`,
`PairedTest` and `AllPairsTest` hold the results of `parbleu.significance.paired`'s tests.
`paired_estimate` and `corpus_estimate` compute an estimate from resampled scores exactly as
sacreBLEU 2.6.0 does in its two places (``significance.estimate_ci`` and ``Score.estimate_ci``).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError
from parbleu.io.html_table import html_table
from parbleu.options import Choice
from parbleu.signature import Signature
from parbleu.stats import Stats

__all__ = [
    "AllPairsTest",
    "Arithmetic",
    "ConfidenceInterval",
    "Estimate",
    "PairedTest",
    "SystemResult",
    "TestKind",
    "corpus_estimate",
    "named_statistics",
    "paired_estimate",
]


class Arithmetic(Choice):
    """How bootstrap resamples are summed and scored.

    ``sacrebleu``: as sacreBLEU 2.6.0, float32 statistics and its float32 formulas for BLEU,
    chrF and TER (other metrics and options, which sacreBLEU lacks, are resampled in
    float64). ``float64``: integer statistics are summed exactly and scored by the metric's
    float64 formula, so a resample's score is the corpus score of the resampled corpus.
    """

    SACREBLEU = "sacrebleu"
    FLOAT64 = "float64"


class TestKind(Choice):
    """The paired test: ``bs`` (bootstrap resampling) or ``ar`` (approximate randomization)."""

    __test__ = False  # not a pytest test class

    BOOTSTRAP = "bs"
    RANDOMIZATION = "ar"


@dataclass(frozen=True)
class Estimate:
    """A system's score estimated from bootstrap resamples.

    ``mean`` is the mean resampled score; ``lower`` and ``upper`` are the ``n // 40``-th
    smallest and largest resampled scores (a 95% interval), and ``ci`` is half their
    distance, the ``±`` sacreBLEU prints. ``float32``: the resampled scores were float32
    values, as sacreBLEU computes them for chrF and TER (its mean and interval are then
    NumPy float32 numbers; `parbleu.compat` gives them that type).
    """

    mean: float
    ci: float
    lower: float
    upper: float
    float32: bool = False


@dataclass(frozen=True)
class ConfidenceInterval:
    """A corpus score with its bootstrap estimate (sacreBLEU's ``score (μ = mean ± ci)``).

    ``entropy`` is the seed the resamples were drawn with: ``seed`` itself, or the entropy
    drawn for ``seed=None`` (pass it as ``seed`` to repeat the run).
    """

    name: str
    score: float
    estimate: Estimate
    n_samples: int
    seed: int | None
    entropy: int
    signature: Signature

    def _repr_html_(self) -> str:
        """Jupyter's view: score, bootstrap mean and 95% interval."""
        e = self.estimate
        row = [self.name, f"{self.score:.2f}", f"{e.mean:.2f} ± {e.ci:.2f}"]
        row.append(f"[{e.lower:.2f}, {e.upper:.2f}]")
        notes = [f"bootstrap: {self.n_samples} resamples, seed {self.entropy}"]
        return html_table(
            self.name,
            ["metric", "score", "μ ± 95% CI", "interval"],
            [row],
            [*notes, self.signature.format()],
        )


@dataclass(frozen=True)
class SystemResult:
    """One system of a paired test.

    Its corpus score, p-value against the baseline (None for the baseline itself) and
    bootstrap estimate (None where the test computes none).
    """

    system: str
    score: float
    p_value: float | None
    estimate: Estimate | None


@dataclass(frozen=True)
class PairedTest:
    """The result of a paired test of systems against a baseline, for one metric.

    ``n_samples`` counts bootstrap resamples (``bs``) or randomization trials (``ar``);
    ``confidence_n`` the bootstrap resamples behind the estimates of a randomization test
    (0 for none).
    """

    kind: TestKind
    name: str
    n_samples: int
    confidence_n: int
    seed: int | None
    entropy: int
    baseline: SystemResult
    systems: tuple[SystemResult, ...]
    signature: Signature

    @property
    def results(self) -> tuple[SystemResult, ...]:
        """The baseline, then the other systems, in the order given."""
        return (self.baseline, *self.systems)

    def _repr_html_(self) -> str:
        """Jupyter's view: each system's score, p-value against the baseline and estimate."""
        rows = []
        for result in self.results:
            p = "baseline" if result.p_value is None else f"{result.p_value:.4f}"
            e = result.estimate
            shown = "" if e is None else f"{e.mean:.2f} ± {e.ci:.2f} [{e.lower:.2f}, {e.upper:.2f}]"
            rows.append([result.system, f"{result.score:.2f}", p, shown])
        test = "bootstrap resamples" if self.kind is TestKind.BOOTSTRAP else "randomization trials"
        caption = f"{self.name}: paired {test} ({self.n_samples}), seed {self.entropy}"
        header = ["system", self.name, "p-value", "μ ± 95% CI [interval]"]
        return html_table(caption, header, rows, [self.signature.format()])


@dataclass(frozen=True)
class AllPairsTest:
    """The paired bootstrap of every pair of systems, for one metric, from one set of resamples.

    ``systems[i]`` has the corpus score ``scores[i]`` and the bootstrap estimate
    ``estimates[i]``; ``p_values[i][j]`` is the p-value of systems ``i`` and ``j`` (the same
    either way round), None on the diagonal.
    """

    name: str
    n_samples: int
    seed: int | None
    entropy: int
    systems: tuple[str, ...]
    scores: tuple[float, ...]
    estimates: tuple[Estimate, ...]
    p_values: tuple[tuple[float | None, ...], ...]
    signature: Signature

    def _repr_html_(self) -> str:
        """Jupyter's view: scores, intervals and the p-value of every pair."""
        rows = []
        for i, name in enumerate(self.systems):
            e = self.estimates[i]
            cells = [name, f"{self.scores[i]:.2f}", f"[{e.lower:.2f}, {e.upper:.2f}]"]
            cells += ["–" if p is None else f"{p:.4f}" for p in self.p_values[i]]
            rows.append(cells)
        header = ["system", self.name, "95% CI", *(f"p vs {n}" for n in self.systems)]
        caption = f"{self.name}: paired bootstrap of every pair ({self.n_samples} resamples)"
        return html_table(caption, header, rows, [self.signature.format()])


def named_statistics(systems: object, test: str) -> list[tuple[str, Stats]]:
    """The (name, statistics) pairs of a test's `systems`, which must be a mapping.

    Raises:
        InputError: `systems` is not a mapping of system names to statistics.
    """
    if not isinstance(systems, Mapping):
        raise InputError(
            f"{test} takes a mapping of system names to statistics, e.g. "
            f"{{'baseline': stats_a, 'system': stats_b}}; got {type(systems).__name__}",
            expected="a mapping of names to Stats",
            received=type(systems).__name__,
        )
    return list(systems.items())


def _bounds(n: int) -> tuple[int, int]:
    lower = n // 40
    return lower, n - lower - 1


def paired_estimate(scores: npt.NDArray[Any]) -> Estimate:
    """As sacreBLEU's ``significance.estimate_ci``: numpy mean of the sorted scores."""
    ordered = np.sort(scores)
    low, high = _bounds(len(ordered))
    lower, upper = ordered[low], ordered[high]
    return Estimate(
        float(ordered.mean()),
        float(0.5 * (upper - lower)),
        float(lower),
        float(upper),
        float32=scores.dtype == np.float32,
    )


def corpus_estimate(scores: npt.NDArray[Any]) -> Estimate:
    """As sacreBLEU's ``Score.estimate_ci``: ``statistics.mean`` (exact) of the scores."""
    values = list(scores) if scores.dtype == np.float32 else scores.tolist()
    ordered = sorted(values)
    low, high = _bounds(len(ordered))
    lower, upper = ordered[low], ordered[high]
    return Estimate(
        float(statistics.mean(ordered)),
        float(0.5 * (upper - lower)),
        float(lower),
        float(upper),
        float32=scores.dtype == np.float32,
    )
