"""Segment-level agreement of a metric with human judgments (WMT DARR's Kendall-like tau).

Ma et al. (2018), Mathur et al. (2020): ``(C - D) / (C + D)`` over pairs of systems on the same
segment whose human scores differ by more than a threshold; a metric tie counts as discordant
(WMT's rule) or is left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError
from parbleu.meta.correlation import MetricTies
from parbleu.meta.systems import SegmentStats
from parbleu.options import coerce_enum

__all__ = ["SegmentAgreement", "segment_agreement", "segment_tau"]


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
    policy = coerce_enum(MetricTies, ties, "metric ties")
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
