"""The bootstrap standard error of a corpus score, from resampled statistics.

Efron and Tibshirani (1993): the standard error of a statistic is estimated by the standard
deviation of its value over bootstrap resamples of the segments. A harness that re-scores
every resample with sacreBLEU pays a full corpus score per resample (lm-evaluation-harness
caps BLEU, chrF and TER at 100 resamples for that reason, ``lm_eval/evaluator_utils.py``).
Here each resample's corpus statistics are one row of ``counts @ stats``, a chunk of
resamples per matrix product (`parbleu.significance.resampling`), and the metric's formula
scores all rows at once: 100,000 resamples of a 3,000-segment corpus take seconds.

The deviation is lm-evaluation-harness's ``sample_stddev`` (Bessel's correction, sums in
Python's order, ``lm_eval/api/metrics.py``). Resamples are drawn with
``numpy.random.default_rng(seed)`` (sacreBLEU's draws, `parbleu.significance.resampling`),
or, with ``draws="lm-eval"``, exactly as lm-evaluation-harness draws them: chunks of
``min(1000, iters)`` resamples, chunk i from ``random.Random(i)``, segment
``floor(random() * n)`` (``random.choices``), ``iters // chunk`` chunks; the replicates are
then those of lm-evaluation-harness, bit for bit (slower: one Python call per draw).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import numpy as np

from parbleu.arrays import FloatArray, IntArray
from parbleu.errors import InputError
from parbleu.metrics.base import AnyMetric
from parbleu.options import Choice, check_int, coerce_enum
from parbleu.significance.resampling import bootstrap_index_chunks, count_matrix
from parbleu.stats import Stats

__all__ = ["Draws", "bootstrap_replicates", "sample_stddev"]


class Draws(Choice):
    """Which random numbers pick the resampled segments."""

    NUMPY = "numpy"  # numpy's default_rng(seed), a chunk of resamples per call
    LM_EVAL = "lm-eval"  # Python's random.Random(chunk), as lm-evaluation-harness draws


def _lm_eval_chunks(iters: int, n: int) -> Iterator[IntArray]:
    chunk = min(1000, iters)
    for i in range(iters // chunk):
        rnd = random.Random(i)
        draw = rnd.random
        yield np.array([[math.floor(draw() * n) for _ in range(n)] for _ in range(chunk)])


def bootstrap_replicates(
    metric: AnyMetric,
    stats: Stats,
    iters: int,
    *,
    seed: int = 1234,
    draws: str | Draws = Draws.NUMPY,
) -> FloatArray:
    """The corpus score of `iters` bootstrap resamples of the segments of `stats`."""
    iters = check_int(iters, "iters", minimum=1)
    kind = coerce_enum(Draws, draws, "draws")
    n = len(stats)
    if n == 0:
        raise InputError("a bootstrap needs at least one segment")
    if kind is Draws.NUMPY:
        chunks = bootstrap_index_chunks(np.random.default_rng(seed), iters, n)
    else:
        chunks = _lm_eval_chunks(iters, n)
    values = np.asarray(stats.values, dtype=np.float64)
    parts = [metric.scores(count_matrix(indices, n) @ values) for indices in chunks]
    return np.concatenate(parts) if parts else np.zeros(0)


def sample_stddev(values: FloatArray) -> float:
    """Standard deviation with Bessel's correction, summed in order as lm-eval sums it."""
    items = values.tolist()
    if len(items) < 2:
        raise InputError(f"a standard deviation needs two values; got {len(items)}")
    mean = sum(items) / len(items)
    return math.sqrt(sum([(x - mean) ** 2 for x in items]) / (len(items) - 1))
