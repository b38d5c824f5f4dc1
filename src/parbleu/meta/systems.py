"""System-level agreement of a metric with human judgments, with bootstrap intervals.

Papineni et al. (2002, section 5) regress human scores on BLEU over systems and report the
correlation (0.99 monolingual, 0.96 bilingual). Confidence intervals come from the percentile
bootstrap over segments: each resample draws N segment indices with replacement
(``numpy.random.default_rng(seed).choice``, the same draws for every system and metric, as in
sacreBLEU's paired bootstrap), re-sums each system's `Stats` rows and applies the metric's
formula. Human system scores given per segment (an `ExternalScores` of MQM) are re-averaged
over the same draws; human scores given only per system are held fixed, so the interval then
covers the metric's sampling of test segments, not the noise of the human judgments.

Scores of metrics where lower is better (TER) are negated before any comparison, so a
positive correlation always means agreement with the humans.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.errors import InputError, OptionError
from parbleu.meta.correlation import KendallVariant, Regression, correlations, regression
from parbleu.metrics.base import AnyMetric
from parbleu.options import check_int, coerce_enum
from parbleu.significance.defaults import DEFAULT_SEED
from parbleu.significance.resampling import bootstrap_index_chunks, count_matrix
from parbleu.stats import Stats

__all__ = [
    "Bootstrap",
    "Interval",
    "Matching",
    "SegmentStats",
    "SystemCorrelation",
    "match_systems",
    "system_correlation",
]

#: Fewest systems a system-level correlation is computed for.
MIN_SYSTEMS = 3


@dataclass(frozen=True, eq=False)
class SegmentStats:
    """Per-segment statistics of several systems and the metric that scores their sums.

    ``sentence_metric`` scores single segments where it differs from the corpus metric
    (BLEU with effective order, as sacreBLEU's sentence BLEU); by default it is `metric`.
    The direction of the scores is the metric's own (``metric.higher_is_better``).
    """

    name: str
    metric: AnyMetric
    stats: Mapping[str, Stats]
    sentence_metric: AnyMetric | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.stats, Mapping):
            raise InputError(
                f"{self.name}: stats must be a mapping of system names to statistics, e.g. "
                f"{{'system': metric.statistics(lines)}}; got {type(self.stats).__name__}"
            )
        columns = tuple(self.metric.columns)
        for system, stats in self.stats.items():
            if not isinstance(stats, Stats) or stats.columns != columns:
                raise InputError(
                    f"{self.name}: the statistics of system {system!r} were not computed by "
                    f"this metric (expected columns {columns})"
                )
        sizes = {system: len(stats) for system, stats in self.stats.items()}
        if not sizes:
            raise InputError(f"{self.name}: no systems")
        if len(set(sizes.values())) > 1:
            raise InputError(f"{self.name}: systems have different numbers of segments {sizes}")

    @property
    def n_segments(self) -> int:
        """Segments per system."""
        return len(next(iter(self.stats.values())))

    def _get(self, system: str) -> Stats:
        try:
            return self.stats[system]
        except KeyError:
            raise InputError(f"{self.name}: no statistics for system {system!r}") from None

    @property
    def higher_is_better(self) -> bool:
        """Whether larger scores are better (the metric says)."""
        return self.metric.higher_is_better

    def _orient(self, scores: FloatArray) -> FloatArray:
        return scores if self.higher_is_better else -scores

    def system_scores(self, systems: Sequence[str], *, oriented: bool = False) -> FloatArray:
        """Corpus score of each system (negated for lower-is-better when `oriented`)."""
        scores = self.metric.scores(np.stack([self._get(s).total() for s in systems]))
        return self._orient(scores) if oriented else scores

    def resampled_scores(self, systems: Sequence[str], counts: FloatArray) -> FloatArray:
        """Oriented scores ``(resamples, systems)`` with segment `counts` ``(resamples, N)``."""
        columns = []
        for system in systems:
            values = self._get(system).values
            totals = counts @ values.astype(np.float64)
            if np.issubdtype(values.dtype, np.integer):  # exact below 2**53
                totals = np.rint(totals).astype(values.dtype)
            columns.append(self.metric.scores(totals))
        return self._orient(np.stack(columns, axis=1))

    def segment_scores(self, systems: Sequence[str]) -> FloatArray:
        """Oriented score of every segment ``(systems, N)``, NaN where a segment has none."""
        metric = self.sentence_metric or self.metric
        return self._orient(np.stack([metric.scores(self._get(s).values) for s in systems]))


@dataclass(frozen=True)
class Matching:
    """Which systems have both text (statistics) and a human score, and which lack one."""

    systems: tuple[str, ...]
    human_only: tuple[str, ...]  # a human score but no text (HUMAN, metricsystem1, ref.B)
    text_only: tuple[str, ...]  # text but no human score


def match_systems(with_text: Sequence[str], with_human: Sequence[str]) -> Matching:
    """Systems in both lists (in `with_text` order) and the names found in only one.

    Raises:
        InputError: a single string instead of a list of names (its characters would be
            matched), or a name given twice in one list (it would be counted twice).
    """
    for side, names in (("with_text", with_text), ("with_human", with_human)):
        if isinstance(names, str) or not isinstance(names, Sequence):
            raise InputError(
                f"{side} must be a list of system names; got {type(names).__name__} {names!r}"
            )
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise InputError(f"{side} names systems more than once: {repeated}")
    human, text = set(with_human), set(with_text)
    return Matching(
        systems=tuple(s for s in with_text if s in human),
        human_only=tuple(s for s in with_human if s not in text),
        text_only=tuple(s for s in with_text if s not in human),
    )


@dataclass(frozen=True)
class Bootstrap:
    """Percentile bootstrap over segments; ``n_resamples=0`` computes no intervals."""

    n_resamples: int = 1000
    seed: int = DEFAULT_SEED
    confidence: float = 0.95

    def __post_init__(self) -> None:
        check_int(self.n_resamples, "n_resamples", minimum=0)
        check_int(self.seed, "seed", minimum=0)
        if not 0 < self.confidence < 1:
            raise OptionError(f"confidence must be between 0 and 1; got {self.confidence}")

    def counts(self, n_segments: int) -> Iterator[FloatArray]:
        """How often each segment is drawn, ``(chunk, N)`` per chunk of resamples.

        The draws are `parbleu.significance.paired`'s (and sacreBLEU's): the rows of
        ``default_rng(seed).choice(N, size=(n_resamples, N))``.
        """
        rng = np.random.default_rng(self.seed)
        for indices in bootstrap_index_chunks(rng, self.n_resamples, n_segments):
            yield count_matrix(indices, n_segments)

    def interval(self, samples: FloatArray) -> tuple[float, float]:
        """Percentile interval of the finite samples (NaN, NaN when there are none)."""
        finite = samples[np.isfinite(samples)]
        if not finite.size:
            return float("nan"), float("nan")
        tail = 50 * (1 - self.confidence)
        low, high = np.percentile(finite, [tail, 100 - tail])
        return float(low), float(high)


@dataclass(frozen=True)
class Interval:
    """A statistic on the full test set and its percentile bootstrap interval (NaN without one).

    Not a bootstrap mean: that is `parbleu.significance.Estimate`, sacreBLEU's ``μ ± ci``.
    """

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class SystemCorrelation:
    """System-level agreement of one metric with human scores."""

    metric: str
    systems: tuple[str, ...]
    metric_scores: tuple[float, ...]  # as the metric reports them (TER not negated)
    human_scores: tuple[float, ...]
    higher_is_better: bool
    pearson: Interval
    spearman: Interval
    kendall: Interval
    accuracy: Interval
    kendall_variant: KendallVariant
    regression: Regression  # human on the metric as reported (NaN if the metric is constant)
    human_resampled: bool
    bootstrap: Bootstrap
    undefined_resamples: int  # resamples where some statistic was undefined (left out)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        fields = asdict(self)
        fields["kendall_variant"] = self.kendall_variant.value
        return fields


def _human_scores(human: SegmentStats | Mapping[str, float], systems: Sequence[str]) -> FloatArray:
    if isinstance(human, SegmentStats):
        return human.system_scores(systems, oriented=True)
    missing = [s for s in systems if s not in human]
    if missing:
        raise InputError(f"no human score for systems {missing}")
    return np.array([human[s] for s in systems], dtype=np.float64)


def _check_sides(
    metric: SegmentStats, human: SegmentStats | Mapping[str, float], systems: Sequence[str]
) -> None:
    if len(systems) < MIN_SYSTEMS:
        raise InputError(f"need at least {MIN_SYSTEMS} systems to correlate, got {len(systems)}")
    if isinstance(human, SegmentStats) and human.n_segments != metric.n_segments:
        raise InputError(
            f"{metric.name} has {metric.n_segments} segments, human scores {human.n_segments}"
        )


def _resampled_correlations(
    metric: SegmentStats,
    human: SegmentStats | Mapping[str, float],
    systems: Sequence[str],
    *,
    fixed_human: FloatArray,
    variant: KendallVariant,
    settings: Bootstrap,
) -> FloatArray:
    """The four statistics of every bootstrap resample, ``(4, resamples)``."""
    samples = [np.empty((4, 0))]
    for counts in settings.counts(metric.n_segments):
        m_b = metric.resampled_scores(systems, counts)
        h_b = (
            human.resampled_scores(systems, counts)
            if isinstance(human, SegmentStats)
            else fixed_human
        )
        samples.append(correlations(m_b, np.broadcast_to(h_b, m_b.shape), variant))
    return np.concatenate(samples, axis=1)


def system_correlation(
    metric: SegmentStats,
    human: SegmentStats | Mapping[str, float],
    systems: Sequence[str],
    *,
    kendall_variant: KendallVariant | str = KendallVariant.B,
    bootstrap: Bootstrap | None = None,
) -> SystemCorrelation:
    """Pearson, Spearman, Kendall and pairwise accuracy over `systems`, with intervals.

    Args:
        metric: the metric's statistics for (at least) every system.
        human: per-segment human statistics (resampled with the metric's segments) or
            fixed system scores (higher is better).
        systems: the systems to correlate over (see `match_systems`).
        kendall_variant: ``a``, ``b`` (default) or ``c``.
        bootstrap: resampling settings (default `Bootstrap()`: 1000 resamples, seed 12345).

    Raises:
        InputError: fewer than 3 systems, a system without statistics or human score, or
            metric and human statistics over different numbers of segments.
    """
    variant = coerce_enum(KendallVariant, kendall_variant, "kendall variant")
    settings = bootstrap if bootstrap is not None else Bootstrap()
    _check_sides(metric, human, systems)
    resampled = isinstance(human, SegmentStats)
    raw = metric.system_scores(systems)
    oriented = raw if metric.higher_is_better else -raw
    h = _human_scores(human, systems)
    for what, values in ((metric.name, raw), ("human", h)):
        undefined = [s for s, v in zip(systems, values, strict=True) if not np.isfinite(v)]
        if undefined:
            raise InputError(f"{what} score undefined (no scored segment?) for {undefined}")
    point = correlations(oriented[None, :], h[None, :], variant)[:, 0]
    sampled = _resampled_correlations(
        metric, human, systems, fixed_human=h, variant=variant, settings=settings
    )
    estimates = [
        Interval(float(v), *settings.interval(row)) for v, row in zip(point, sampled, strict=True)
    ]
    return SystemCorrelation(
        metric=metric.name,
        systems=tuple(systems),
        metric_scores=tuple(float(v) for v in raw),
        human_scores=tuple(float(v) for v in h),
        higher_is_better=metric.higher_is_better,
        pearson=estimates[0],
        spearman=estimates[1],
        kendall=estimates[2],
        accuracy=estimates[3],
        kendall_variant=variant,
        regression=regression(raw, h) if np.ptp(raw) > 0 else Regression(*[float("nan")] * 3),
        human_resampled=resampled,
        bootstrap=settings,
        undefined_resamples=int((~np.isfinite(sampled)).any(axis=0).sum()),
    )
