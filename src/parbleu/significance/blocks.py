"""The block test of Papineni et al. (2002), section 3 and Table 2, for every metric.

The paper divides its 500-sentence test corpus into 20 blocks of 25 sentences, computes BLEU
on each block, and reports for each system the mean and variance of the 20 block scores and
the paired t-statistic against its neighbour in the ranking ("a paired t-statistic of 1.7 or
above is 95% significant": the one-sided 95% point of t with 19 degrees of freedom is 1.729).

Here:

* blocks are contiguous runs of segments in corpus order. When the corpus does not divide
  evenly, the first ``n_segments % n_blocks`` blocks get one segment more (sizes differ by at
  most one; no segment is dropped). A block score is the metric on that block's summed
  statistics, like a corpus score of the block.
* ``mean`` is the mean of the block scores; ``variance`` the sample variance (divided by
  ``B - 1``, the estimate a t-test needs) and ``std`` its square root.
* the t-statistic of system X against system Y is the paired one over blocks,
  ``t = mean(d) / sqrt(var(d) / B)`` with ``d_b = score_X(b) - score_Y(b)`` and ``B - 1``
  degrees of freedom; p-values come from Student's t (`parbleu.significance.student_t`):
  two-sided, and
  one-sided for "X scores higher than Y". If every difference is the same, ``t`` is 0
  (no difference) or infinite.
* every system is compared with the baseline (the first system) and, as in the paper's
  table, with its neighbour: systems are ranked by ascending mean block score (the paper's
  column order, ties in input order), and each is compared with the one ranked just below.

    >>> from parbleu import BLEU
    >>> refs = ["a b c d", "e f g h", "i j k l", "m n o p"]
    >>> bleu = BLEU([refs], tokenize="none")
    >>> good = bleu.statistics(["a b c d", "e f g h", "i j k l", "m n o x"])
    >>> bad = bleu.statistics(["a b c x", "e f x h", "i x k l", "x n o p"])
    >>> result = block_test(bleu, {"bad": bad, "good": good}, n_blocks=2)
    >>> result.block_sizes, [s.system for s in result.ranking]
    ((2, 2), ['bad', 'good'])
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.engine.ranges import even_ranges
from parbleu.errors import InputError, LengthMismatchError
from parbleu.metrics.base import Metric
from parbleu.options import check_int
from parbleu.signature import Signature
from parbleu.significance.results import named_statistics
from parbleu.significance.student_t import t_sf, t_two_sided
from parbleu.stats import Stats

__all__ = [
    "DEFAULT_BLOCKS",
    "BlockSystem",
    "BlockTest",
    "TTest",
    "block_bounds",
    "block_test",
    "paired_t_test",
]

AnyMetric = Metric[Any, Any]

#: The paper's number of blocks.
DEFAULT_BLOCKS = 20


@dataclass(frozen=True)
class TTest:
    """A paired t-test over blocks of one system against ``other``.

    ``t`` is positive when the system's blocks score higher on average (``mean_difference``);
    ``p_value`` is two-sided, ``p_one_sided`` is ``P(T >= t)``, the p-value of "this system
    scores higher than ``other``".
    """

    __test__ = False  # not a pytest test class

    other: str
    mean_difference: float
    t: float
    df: int
    p_value: float
    p_one_sided: float


@dataclass(frozen=True)
class BlockSystem:
    """One system of the block test: its corpus score and its block statistics.

    ``rank`` is 1 for the lowest mean block score (the paper's first column).
    """

    system: str
    score: float
    block_scores: tuple[float, ...]
    mean: float
    variance: float
    std: float
    rank: int
    vs_baseline: TTest | None
    vs_neighbour: TTest | None


@dataclass(frozen=True)
class BlockTest:
    """The block test of several systems for one metric (systems in the order given)."""

    name: str
    n_blocks: int
    block_sizes: tuple[int, ...]
    systems: tuple[BlockSystem, ...]
    signature: Signature

    @property
    def baseline(self) -> BlockSystem:
        """The first system."""
        return self.systems[0]

    @property
    def ranking(self) -> tuple[BlockSystem, ...]:
        """The systems by ascending mean block score, as in the paper's Table 2."""
        return tuple(sorted(self.systems, key=lambda s: s.rank))


def block_bounds(n_segments: int, n_blocks: int) -> tuple[int, ...]:
    """The ``n_blocks + 1`` boundaries of contiguous blocks; the first blocks take the rest.

    >>> block_bounds(500, 20)[:3], block_bounds(10, 4)
    ((0, 25, 50), (0, 3, 6, 8, 10))
    """
    check_int(n_blocks, "n_blocks (the block test's number of blocks)", minimum=2)
    if n_segments < n_blocks:
        raise InputError(
            f"{n_segments} segments cannot form {n_blocks} non-empty blocks; use fewer blocks"
        )
    return (0, *(stop for _, stop in even_ranges(n_segments, n_blocks)))


def paired_t_test(scores: npt.ArrayLike, others: npt.ArrayLike, other: str = "") -> TTest:
    """Paired t-test of block scores ``scores`` against ``others`` (same blocks).

    >>> test = paired_t_test([3.0, 5.0, 4.0], [1.0, 2.0, 3.0])
    >>> test.mean_difference, round(test.t, 12), test.df  # d = 2, 3, 1: t = 2 / sqrt(1 / 3)
    (2.0, 3.464101615138, 2)
    """
    differences = np.asarray(scores, dtype=np.float64) - np.asarray(others, dtype=np.float64)
    n = len(differences)
    if n < 2:
        raise InputError(f"a paired t-test needs at least 2 blocks; got {n}")
    mean = math.fsum(differences.tolist()) / n
    variance = math.fsum(((differences - mean) ** 2).tolist()) / (n - 1)
    if variance > 0:
        t = mean / math.sqrt(variance / n)
    else:
        t = 0.0 if mean == 0 else math.copysign(math.inf, mean)
    df = n - 1
    return TTest(other, mean, t, df, t_two_sided(t, df), t_sf(t, df))


def _block_scores(metric: AnyMetric, stats: Stats, bounds: tuple[int, ...]) -> FloatArray:
    totals = np.add.reduceat(np.asarray(stats.values), list(bounds[:-1]), axis=0)
    return np.asarray(metric.scores(totals), dtype=np.float64)


def block_test(
    metric: AnyMetric, systems: Mapping[str, Stats], *, n_blocks: int = DEFAULT_BLOCKS
) -> BlockTest:
    """The paper's block test of ``systems`` (name to statistics; the first is the baseline).

    One system gives block means and variances only; two or more add the t-tests.
    """
    named = named_statistics(systems, "the block test")
    if not named:
        raise InputError("the block test needs at least one system")
    n_segments = len(named[0][1])
    for name, stats in named:
        if not isinstance(stats, Stats) or stats.columns != tuple(metric.columns):
            raise InputError(f"statistics of {name!r} were not computed by this metric")
        if len(stats) != n_segments:
            raise LengthMismatchError(
                f"statistics of {name!r} have {len(stats)} segments, those of {named[0][0]!r} "
                f"{n_segments}: systems must translate the same segments"
            )
    bounds = block_bounds(n_segments, n_blocks)
    blocks = [_block_scores(metric, stats, bounds) for _, stats in named]
    means = [math.fsum(b.tolist()) / n_blocks for b in blocks]
    order = sorted(range(len(named)), key=lambda i: (means[i], i))
    rank = {index: position + 1 for position, index in enumerate(order)}
    below = {order[k]: order[k - 1] for k in range(1, len(order))}
    results = []
    for i, (name, stats) in enumerate(named):
        result = metric.score_totals(stats.total())
        variance = math.fsum(((blocks[i] - means[i]) ** 2).tolist()) / (n_blocks - 1)
        vs_baseline = paired_t_test(blocks[i], blocks[0], named[0][0]) if i else None
        neighbour = below.get(i)
        vs_neighbour = (
            paired_t_test(blocks[i], blocks[neighbour], named[neighbour][0])
            if neighbour is not None
            else None
        )
        results.append(
            BlockSystem(
                name,
                float(result.score),
                tuple(blocks[i].tolist()),
                means[i],
                variance,
                math.sqrt(variance),
                rank[i],
                vs_baseline,
                vs_neighbour,
            )
        )
    name = str(metric.score_totals(named[0][1].total()).name)
    fields = metric.signature().fields
    signature = Signature((*fields[:-1], ("blocks", "blk", str(n_blocks)), fields[-1]))
    sizes = tuple(b - a for a, b in itertools.pairwise(bounds))
    return BlockTest(name, n_blocks, sizes, tuple(results), signature)
