"""rouge_score's ``BootstrapAggregator``, reproduced draw for draw from a seed.

rouge_score 0.1.2 (``scoring.BootstrapAggregator``) draws ``n_samples`` resamples of the
segments with NumPy's global legacy generator (``np.random.choice``), takes the mean segment
precision, recall and F of each, and reports their percentiles: ``low`` and ``high`` at
``(1 - confidence) / 2`` and ``1 - (1 - confidence) / 2``, and ``mid`` at 50%. So ``mid`` is
the *median of the resample means*, not the mean its docstring names: it varies from run to
run, and so does every score computed with rouge_score's aggregator (HF evaluate's included).

Here the generator is ``numpy.random.RandomState(seed)``, whose draws are those of the global
generator after ``numpy.random.seed(seed)``: with the same seed, the three values are
bit-identical to rouge_score's. The exact mean is the ROUGE metric's ``mean`` aggregate; for
sacreBLEU-style confidence intervals use `parbleu.significance.confidence_interval`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.defaults import DEFAULT_SEED
from parbleu.errors import OptionError
from parbleu.options import check_int, check_number
from parbleu.stats import Stats

__all__ = ["AggregateScore", "Percentile", "bootstrap_aggregate"]

#: rouge_score's defaults.
DEFAULT_SAMPLES = 1000
DEFAULT_CONFIDENCE = 0.95

_MEASURES = ("precision_sum", "recall_sum", "f_sum")


@dataclass(frozen=True)
class Percentile:
    """Precision, recall and F at one percentile of the resample means."""

    precision: float
    recall: float
    fmeasure: float


@dataclass(frozen=True)
class AggregateScore:
    """rouge_score's ``AggregateScore``: the ``low``, ``mid`` and ``high`` percentiles."""

    low: Percentile
    mid: Percentile
    high: Percentile
    n_samples: int
    confidence: float
    seed: int


def _check(n_samples: int, confidence: float, seed: int) -> None:
    check_int(n_samples, "n_samples", minimum=1)
    if not 0 <= check_number(confidence, "confidence") <= 1:
        raise OptionError(
            f"confidence must be in [0, 1]; got {confidence!r}",
            option="confidence",
            expected="a number in [0, 1]",
            received=confidence,
        )
    if not check_int(seed, "seed", minimum=0) < 2**32:
        raise OptionError(
            f"seed must be an integer in [0, 2**32); got {seed!r}",
            option="seed",
            expected="an integer in [0, 2**32)",
            received=seed,
        )


def bootstrap_aggregate(
    stats: Stats,
    *,
    n_samples: int = DEFAULT_SAMPLES,
    confidence: float = DEFAULT_CONFIDENCE,
    seed: int = DEFAULT_SEED,
) -> AggregateScore:
    """``BootstrapAggregator(confidence, n_samples).aggregate()`` after ``np.random.seed(seed)``.

    Args:
        stats: per-segment ROUGE statistics (one row per segment, as `ROUGE.statistics`
            returns them); their ``precision_sum``, ``recall_sum`` and ``f_sum`` columns are
            the segment measures.
        n_samples: number of resamples.
        confidence: width of the interval (0.95: the 2.5th and 97.5th percentiles).
        seed: seed of the legacy NumPy generator.

    Raises:
        OptionError: for a non-positive sample count, a confidence outside [0, 1] or a seed
            the legacy generator refuses.
    """
    _check(n_samples, confidence, seed)
    matrix = np.stack([stats.column(name) for name in _MEASURES], axis=1).astype(np.float64)
    generator = np.random.RandomState(seed)  # rouge_score's legacy draws
    population = np.arange(len(matrix))
    means = np.zeros((n_samples, matrix.shape[1]))
    for sample in range(n_samples):
        chosen = generator.choice(population, size=len(matrix))
        means[sample, :] = np.mean(matrix[chosen, :], axis=0)
    delta = (1 - confidence) / 2
    percentiles: npt.NDArray[np.float64] = np.percentile(
        means, 100 * np.array([delta, 0.5, 1 - delta]), axis=0
    )
    low, mid, high = (Percentile(*(float(v) for v in row)) for row in percentiles)
    return AggregateScore(low, mid, high, n_samples, confidence, seed)
