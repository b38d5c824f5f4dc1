"""How well metrics agree with human judgments (meta-evaluation); pure computations.

Papineni et al. (2002, section 5) regress human scores on BLEU over systems and report the
correlation (0.99 monolingual, 0.96 bilingual). WMT's metrics tasks add rank correlations,
pairwise accuracy and segment-level agreement. Definitions used here:

* Pearson's r, Spearman's rho (Pearson of average ranks) and Kendall's tau-a, tau-b
  (default; ties in either variable shrink the denominator) and tau-c (Stuart's, for
  rectangular tables) over systems, written out below and tested against ``scipy.stats``.
* The regression line of the human score on the metric score (least squares, paper Fig. 5-6).
* Pairwise ranking accuracy (Kocmi et al. 2021, "To Ship or Not to Ship"): the fraction of
  system pairs with ``sign(metric delta) == sign(human delta)``, ``sign(0) = 0``.
* Segment-level Kendall-like tau (WMT DARR, Ma et al. 2018, Mathur et al. 2020):
  ``(C - D) / (C + D)`` over pairs of systems on the same segment whose human scores differ
  by more than a threshold; a metric tie counts as discordant (WMT's rule) or is left out.

Scores of metrics where lower is better (TER) are negated before any comparison, so a
positive correlation always means agreement with the humans.

Confidence intervals come from the percentile bootstrap over segments: each resample draws N
segment indices with replacement (``numpy.random.default_rng(seed).choice``, the same draws
for every system and metric, as in sacreBLEU's paired bootstrap), re-sums each system's
`Stats` rows and applies the metric's formula. Human system scores given per segment (an
`ExternalScores` of MQM) are re-averaged over the same draws; human scores given only per
system are held fixed, so the interval then covers the metric's sampling of test segments,
not the noise of the human judgments.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from enum import Enum
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError, OptionError
from parbleu.significance.resampling import bootstrap_index_chunks, count_matrix
from parbleu.stats import Stats

__all__ = [
    "Bootstrap",
    "Estimate",
    "KendallVariant",
    "Matching",
    "MetricTies",
    "PairwiseAccuracy",
    "RankComparison",
    "Regression",
    "SegmentAgreement",
    "SegmentStats",
    "SystemCorrelation",
    "compare_rankings",
    "kendall",
    "match_systems",
    "normalize_to_range",
    "pairwise_accuracy",
    "pearson",
    "rankdata",
    "regression",
    "segment_agreement",
    "segment_tau",
    "spearman",
    "system_correlation",
]

FloatArray = npt.NDArray[np.float64]

#: Fewest systems a system-level correlation is computed for.
MIN_SYSTEMS = 3


class KendallVariant(str, Enum):
    """Kendall's tau: ``a`` (no tie correction), ``b`` (scipy's default), ``c`` (Stuart)."""

    A = "a"
    B = "b"
    C = "c"


class MetricTies(str, Enum):
    """What a metric tie on a segment pair counts as in the segment-level tau."""

    DISCORDANT = "discordant"  # WMT DARR (2017-2020): ties are penalized
    EXCLUDE = "exclude"  # left out of both C and D


def _coerce(enum: type[KendallVariant] | type[MetricTies], value: object, what: str) -> Any:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(e.value for e in enum)
        raise OptionError(f"{what} must be one of {choices}; got {value!r}") from None


# -- correlations over the last axis (rows are bootstrap resamples) ---------------------------


def _pearson(x: FloatArray, y: FloatArray) -> FloatArray:
    dx = x - x.mean(axis=-1, keepdims=True)
    dy = y - y.mean(axis=-1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        r: FloatArray = (dx * dy).sum(-1) / np.sqrt((dx * dx).sum(-1) * (dy * dy).sum(-1))
    return np.clip(r, -1.0, 1.0)


def _rank_1d(values: FloatArray) -> FloatArray:
    ordered = np.sort(values)
    below = np.searchsorted(ordered, values, side="left")
    up_to = np.searchsorted(ordered, values, side="right")
    ranks: FloatArray = (below + up_to + 1) / 2.0
    return ranks


def _ranks(values: FloatArray) -> FloatArray:
    flat = values.reshape(-1, values.shape[-1])
    return np.stack([_rank_1d(row) for row in flat]).reshape(values.shape)


def _distinct(values: FloatArray) -> FloatArray:
    ordered = np.sort(values, axis=-1)
    counts: FloatArray = (np.diff(ordered, axis=-1) != 0).sum(-1) + 1.0
    return counts


def _kendall(x: FloatArray, y: FloatArray, variant: KendallVariant) -> FloatArray:
    n = x.shape[-1]
    s = np.zeros(x.shape[:-1])
    tied_x = np.zeros(x.shape[:-1])
    tied_y = np.zeros(x.shape[:-1])
    for i in range(n - 1):  # O(n) memory: one row of the pair matrix at a time
        sx = np.sign(x[..., i + 1 :] - x[..., i : i + 1])
        sy = np.sign(y[..., i + 1 :] - y[..., i : i + 1])
        s += (sx * sy).sum(-1)
        tied_x += (sx == 0).sum(-1)
        tied_y += (sy == 0).sum(-1)
    pairs = n * (n - 1) / 2
    with np.errstate(invalid="ignore", divide="ignore"):
        if variant is KendallVariant.A:
            tau: FloatArray = s / pairs
        elif variant is KendallVariant.B:
            tau = s / np.sqrt((pairs - tied_x) * (pairs - tied_y))
        else:
            m = np.minimum(_distinct(x), _distinct(y))
            tau = 2 * s / (n * n * (m - 1) / m)
    return np.clip(tau, -1.0, 1.0)


def _agreements(metric: FloatArray, human: FloatArray) -> FloatArray:
    n = metric.shape[-1]
    agree = np.zeros(metric.shape[:-1])
    for i in range(n - 1):
        sm = np.sign(metric[..., i + 1 :] - metric[..., i : i + 1])
        sh = np.sign(human[..., i + 1 :] - human[..., i : i + 1])
        agree += (sm == sh).sum(-1)
    return agree


def _accuracy(metric: FloatArray, human: FloatArray) -> FloatArray:
    n = metric.shape[-1]
    result: FloatArray = _agreements(metric, human) / (n * (n - 1) / 2)
    return result


def _vectors(x: npt.ArrayLike, y: npt.ArrayLike, least: int = 2) -> tuple[FloatArray, FloatArray]:
    a, b = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if a.ndim != 1 or a.shape != b.shape:
        raise InputError(f"need two vectors of equal length, got shapes {a.shape} and {b.shape}")
    if len(a) < least:
        raise InputError(f"need at least {least} values, got {len(a)}")
    if not (np.isfinite(a).all() and np.isfinite(b).all()):
        raise InputError("scores must be finite numbers")
    return a, b


def pearson(x: npt.ArrayLike, y: npt.ArrayLike) -> float:
    """Pearson's r; NaN when either vector is constant."""
    return float(_pearson(*_vectors(x, y)))


def rankdata(values: npt.ArrayLike) -> FloatArray:
    """1-based ranks along the last axis, ties sharing their average rank (scipy's default)."""
    return _ranks(np.asarray(values, dtype=np.float64))


def spearman(x: npt.ArrayLike, y: npt.ArrayLike) -> float:
    """Spearman's rho: Pearson's r of the average ranks; NaN when either vector is constant."""
    a, b = _vectors(x, y)
    return float(_pearson(_ranks(a), _ranks(b)))


def kendall(x: npt.ArrayLike, y: npt.ArrayLike, variant: KendallVariant | str = "b") -> float:
    """Kendall's tau over all pairs, in O(n^2) time and O(n) memory.

    With S the number of concordant minus discordant pairs, P = n(n-1)/2, T_x and T_y the pairs
    tied in x and in y, and m the smaller number of distinct values:
    ``a = S / P``, ``b = S / sqrt((P - T_x)(P - T_y))``, ``c = 2S / (n^2 (m-1) / m)``.
    NaN when undefined (a constant vector for b and c).
    """
    kind = _coerce(KendallVariant, variant, "kendall variant")
    return float(_kendall(*_vectors(x, y), kind))


@dataclass(frozen=True)
class Regression:
    """Least-squares line ``human = slope * metric + intercept`` and Pearson's r."""

    slope: float
    intercept: float
    r: float


def regression(x: npt.ArrayLike, y: npt.ArrayLike) -> Regression:
    """Regress `y` (human) on `x` (metric), as the paper's Figures 5 and 6 do.

    Raises:
        InputError: fewer than two points, or all `x` equal.
    """
    a, b = _vectors(x, y)
    dx = a - a.mean()
    if not (dx != 0).any():
        raise InputError("cannot fit a line: all metric scores are equal")
    slope = float((dx * (b - b.mean())).sum() / (dx * dx).sum())
    return Regression(slope, float(b.mean() - slope * a.mean()), pearson(a, b))


@dataclass(frozen=True)
class PairwiseAccuracy:
    """System pairs ordered alike by metric and humans (Kocmi et al. 2021)."""

    agree: int
    pairs: int

    @property
    def accuracy(self) -> float:
        """``agree / pairs``."""
        return self.agree / self.pairs


def pairwise_accuracy(metric: npt.ArrayLike, human: npt.ArrayLike) -> PairwiseAccuracy:
    """Pairs with ``sign(metric_i - metric_j) == sign(human_i - human_j)``, ties equal 0.

    A metric tie therefore agrees only with a human tie. Both must be oriented so that
    higher is better.
    """
    m, h = _vectors(metric, human)
    pairs = len(m) * (len(m) - 1) // 2
    return PairwiseAccuracy(int(_agreements(m, h)), pairs)


def normalize_to_range(values: npt.ArrayLike) -> FloatArray:
    """``(v - min) / (max - min)``: the paper's Figure 7 scaling; all zeros if constant."""
    array = np.asarray(values, dtype=np.float64)
    span = array.max() - array.min()
    scaled: FloatArray = (array - array.min()) / span if span > 0 else np.zeros_like(array)
    return scaled


# -- systems, their statistics and the human side ---------------------------------------------


class Formula(Protocol):
    """What turns rows of summed statistics into scores (every `Metric`, `ExternalScores`)."""

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """The score of each row."""


@dataclass(frozen=True, eq=False)
class SegmentStats:
    """Per-segment statistics of several systems and the formula that scores their sums.

    ``sentence_formula`` scores single segments where it differs from the corpus formula
    (BLEU with effective order, as sacreBLEU's sentence BLEU); by default it is `formula`.
    """

    name: str
    formula: Formula
    stats: Mapping[str, Stats]
    higher_is_better: bool = True
    sentence_formula: Formula | None = None

    def __post_init__(self) -> None:
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

    def _orient(self, scores: FloatArray) -> FloatArray:
        return scores if self.higher_is_better else -scores

    def system_scores(self, systems: Sequence[str], *, oriented: bool = False) -> FloatArray:
        """Corpus score of each system (negated for lower-is-better when `oriented`)."""
        scores = self.formula.scores(np.stack([self._get(s).total() for s in systems]))
        return self._orient(scores) if oriented else scores

    def resampled_scores(self, systems: Sequence[str], counts: FloatArray) -> FloatArray:
        """Oriented scores ``(resamples, systems)`` with segment `counts` ``(resamples, N)``."""
        columns = []
        for system in systems:
            values = self._get(system).values
            totals = counts @ values.astype(np.float64)
            if np.issubdtype(values.dtype, np.integer):  # exact below 2**53
                totals = np.rint(totals).astype(values.dtype)
            columns.append(self.formula.scores(totals))
        return self._orient(np.stack(columns, axis=1))

    def segment_scores(self, systems: Sequence[str]) -> FloatArray:
        """Oriented score of every segment ``(systems, N)``, NaN where a segment has none."""
        formula = self.sentence_formula or self.formula
        return self._orient(np.stack([formula.scores(self._get(s).values) for s in systems]))


@dataclass(frozen=True)
class Matching:
    """Which systems have both text (statistics) and a human score, and which lack one."""

    systems: tuple[str, ...]
    human_only: tuple[str, ...]  # a human score but no text (HUMAN, metricsystem1, ref.B)
    text_only: tuple[str, ...]  # text but no human score


def match_systems(with_text: Sequence[str], with_human: Sequence[str]) -> Matching:
    """Systems in both lists (in `with_text` order) and the names found in only one."""
    human, text = set(with_human), set(with_text)
    return Matching(
        systems=tuple(s for s in with_text if s in human),
        human_only=tuple(s for s in with_human if s not in text),
        text_only=tuple(s for s in with_text if s not in human),
    )


# -- system level with bootstrap intervals ----------------------------------------------------


@dataclass(frozen=True)
class Bootstrap:
    """Percentile bootstrap over segments; ``n_resamples=0`` computes no intervals."""

    n_resamples: int = 1000
    seed: int = 12345
    confidence: float = 0.95

    def __post_init__(self) -> None:
        if isinstance(self.n_resamples, bool) or self.n_resamples < 0:
            raise OptionError(f"n_resamples must be an integer >= 0; got {self.n_resamples!r}")
        if self.seed < 0:
            raise OptionError(f"seed must be a non-negative integer; got {self.seed}")
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
class Estimate:
    """A statistic on the full test set and its bootstrap interval (NaN without one)."""

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
    pearson: Estimate
    spearman: Estimate
    kendall: Estimate
    accuracy: Estimate
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


def _statistics(m: FloatArray, h: FloatArray, variant: KendallVariant) -> FloatArray:
    """Pearson, Spearman, Kendall, accuracy of each row: ``(4, rows)``."""
    return np.stack(
        [_pearson(m, h), _pearson(_ranks(m), _ranks(h)), _kendall(m, h, variant), _accuracy(m, h)]
    )


def _human_scores(human: SegmentStats | Mapping[str, float], systems: Sequence[str]) -> FloatArray:
    if isinstance(human, SegmentStats):
        return human.system_scores(systems, oriented=True)
    missing = [s for s in systems if s not in human]
    if missing:
        raise InputError(f"no human score for systems {missing}")
    return np.array([human[s] for s in systems], dtype=np.float64)


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
    variant = _coerce(KendallVariant, kendall_variant, "kendall variant")
    settings = bootstrap if bootstrap is not None else Bootstrap()
    if len(systems) < MIN_SYSTEMS:
        raise InputError(f"need at least {MIN_SYSTEMS} systems to correlate, got {len(systems)}")
    resampled = isinstance(human, SegmentStats)
    if isinstance(human, SegmentStats) and human.n_segments != metric.n_segments:
        raise InputError(
            f"{metric.name} has {metric.n_segments} segments, human scores {human.n_segments}"
        )
    raw = metric.system_scores(systems)
    oriented = raw if metric.higher_is_better else -raw
    h = _human_scores(human, systems)
    for what, values in ((metric.name, raw), ("human", h)):
        undefined = [s for s, v in zip(systems, values, strict=True) if not np.isfinite(v)]
        if undefined:
            raise InputError(f"{what} score undefined (no scored segment?) for {undefined}")
    point = _statistics(oriented[None, :], h[None, :], variant)[:, 0]
    samples = [np.empty((4, 0))]
    for counts in settings.counts(metric.n_segments):
        m_b = metric.resampled_scores(systems, counts)
        h_b = human.resampled_scores(systems, counts) if isinstance(human, SegmentStats) else h
        samples.append(_statistics(m_b, np.broadcast_to(h_b, m_b.shape), variant))
    sampled = np.concatenate(samples, axis=1)
    estimates = [
        Estimate(float(v), *settings.interval(row)) for v, row in zip(point, sampled, strict=True)
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


# -- segment level ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SegmentAgreement:
    """WMT DARR-style Kendall-like tau over pairs of systems on the same segment."""

    metric: str
    concordant: int
    discordant: int  # includes the metric ties under MetricTies.DISCORDANT
    metric_ties: int
    human_ties: int  # pairs left out: human scores within the threshold
    threshold: float
    ties: MetricTies

    @property
    def tau(self) -> float:
        """``(C - D) / (C + D)``; NaN without any pair."""
        used = self.concordant + self.discordant
        return (self.concordant - self.discordant) / used if used else float("nan")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready fields."""
        fields = asdict(self)
        fields["ties"] = self.ties.value
        fields["tau"] = self.tau
        return fields


def segment_tau(
    metric: npt.ArrayLike,
    human: npt.ArrayLike,
    *,
    threshold: float = 0.0,
    ties: MetricTies | str = MetricTies.DISCORDANT,
    name: str = "metric",
) -> SegmentAgreement:
    """Segment-level tau from ``(systems, segments)`` score arrays (NaN: not scored).

    Each pair of systems on each segment where both have both scores is compared. Pairs with
    ``|human_i - human_j| <= threshold`` are human ties and left out (WMT DARR used 25 raw DA
    points; 0 keeps every pair with different scores). Among the rest, a pair is concordant
    when the metric orders it as the humans do; discordant when it orders it the other way,
    or ties it with ``ties="discordant"``. Both arrays must be oriented higher-is-better.
    """
    policy = _coerce(MetricTies, ties, "metric ties")
    m, h = np.asarray(metric, dtype=np.float64), np.asarray(human, dtype=np.float64)
    if m.ndim != 2 or m.shape != h.shape:
        raise InputError(f"need (systems, segments) arrays of one shape; got {m.shape}, {h.shape}")
    first, second = np.triu_indices(m.shape[0], 1)
    dm, dh = m[first] - m[second], h[first] - h[second]
    valid = np.isfinite(dm) & np.isfinite(dh)
    used = valid & (np.abs(dh) > threshold)
    tied = used & (dm == 0)
    concordant = int((used & (np.sign(dm) == np.sign(dh))).sum())
    opposite = int((used & (np.sign(dm) == -np.sign(dh)) & ~tied).sum())
    n_tied = int(tied.sum())
    discordant = opposite + (n_tied if policy is MetricTies.DISCORDANT else 0)
    return SegmentAgreement(
        metric=name,
        concordant=concordant,
        discordant=discordant,
        metric_ties=n_tied,
        human_ties=int((valid & ~used).sum()),
        threshold=threshold,
        ties=policy,
    )


def segment_agreement(
    metric: SegmentStats,
    human: SegmentStats,
    systems: Sequence[str],
    *,
    threshold: float = 0.0,
    ties: MetricTies | str = MetricTies.DISCORDANT,
) -> SegmentAgreement:
    """`segment_tau` of a metric's sentence scores and human segment scores over `systems`."""
    if human.n_segments != metric.n_segments:
        raise InputError(
            f"{metric.name} has {metric.n_segments} segments, human scores {human.n_segments}"
        )
    return segment_tau(
        metric.segment_scores(systems),
        human.segment_scores(systems),
        threshold=threshold,
        ties=ties,
        name=metric.name,
    )


# -- comparing two rankings of the same systems ----------------------------------------------


@dataclass(frozen=True)
class RankComparison:
    """How two score vectors of the same systems rank them (e.g. one reference vs all)."""

    tau: float  # Kendall's tau-b
    swapped: tuple[tuple[str, str], ...]  # (first ahead under a, first ahead under b)
    tie_changes: int  # pairs tied under exactly one of the two


def compare_rankings(systems: Sequence[str], a: npt.ArrayLike, b: npt.ArrayLike) -> RankComparison:
    """Kendall's tau-b between two scorings and the system pairs they order differently."""
    x, y = _vectors(a, b)
    if len(systems) != len(x):
        raise InputError(f"{len(systems)} system names for {len(x)} scores")
    swapped, tie_changes = [], 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            sx, sy = np.sign(x[i] - x[j]), np.sign(y[i] - y[j])
            if sx * sy < 0:
                ahead = (systems[i], systems[j]) if sx > 0 else (systems[j], systems[i])
                swapped.append(ahead)
            elif (sx == 0) != (sy == 0):
                tie_changes += 1
    return RankComparison(kendall(x, y), tuple(swapped), tie_changes)
