"""Meta-evaluation: how well metric scores agree with human judgments.

`correlation` holds the correlations of two score vectors (Pearson, Spearman, Kendall,
pairwise accuracy, the regression line), `systems` their system-level use with bootstrap
intervals, `segments` the segment-level tau, `rankings` the comparison of two rankings, and
`plots` the figures (the paper's Figures 5-7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.meta.correlation import (
        KendallVariant,
        MetricTies,
        PairwiseAccuracy,
        Regression,
        kendall,
        normalize_to_range,
        pairwise_accuracy,
        pearson,
        rankdata,
        regression,
        spearman,
    )
    from parbleu.meta.rankings import RankComparison, compare_rankings
    from parbleu.meta.segments import SegmentAgreement, segment_agreement, segment_tau
    from parbleu.meta.systems import (
        Bootstrap,
        Interval,
        Matching,
        SegmentStats,
        SystemCorrelation,
        match_systems,
        system_correlation,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "KendallVariant": "parbleu.meta.correlation",
        "MetricTies": "parbleu.meta.correlation",
        "PairwiseAccuracy": "parbleu.meta.correlation",
        "Regression": "parbleu.meta.correlation",
        "kendall": "parbleu.meta.correlation",
        "normalize_to_range": "parbleu.meta.correlation",
        "pairwise_accuracy": "parbleu.meta.correlation",
        "pearson": "parbleu.meta.correlation",
        "rankdata": "parbleu.meta.correlation",
        "regression": "parbleu.meta.correlation",
        "spearman": "parbleu.meta.correlation",
        "RankComparison": "parbleu.meta.rankings",
        "compare_rankings": "parbleu.meta.rankings",
        "SegmentAgreement": "parbleu.meta.segments",
        "segment_agreement": "parbleu.meta.segments",
        "segment_tau": "parbleu.meta.segments",
        "Bootstrap": "parbleu.meta.systems",
        "Interval": "parbleu.meta.systems",
        "Matching": "parbleu.meta.systems",
        "SegmentStats": "parbleu.meta.systems",
        "SystemCorrelation": "parbleu.meta.systems",
        "match_systems": "parbleu.meta.systems",
        "system_correlation": "parbleu.meta.systems",
    },
)

__all__ = [
    "Bootstrap",
    "Interval",
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
