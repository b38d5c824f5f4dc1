"""Meta-evaluation: how well metric scores agree with human judgments.

`correlation` holds the correlations of two score vectors (Pearson, Spearman, Kendall,
pairwise accuracy, the regression line), `systems` their system-level use with bootstrap
intervals, `segments` the segment-level tau, `rankings` the comparison of two rankings, `references`
the reference study (one reference against several, the paper's section 3), and `plots` the
figures (the paper's Figures 5-7).
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
    from parbleu.meta.references import (
        Agreement,
        ReferenceStudy,
        Setting,
        compare_references,
        draw_one_reference,
        rank_systems,
        reference_statistics,
        reference_study,
    )
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
        "Agreement": "parbleu.meta.references",
        "ReferenceStudy": "parbleu.meta.references",
        "Setting": "parbleu.meta.references",
        "compare_references": "parbleu.meta.references",
        "draw_one_reference": "parbleu.meta.references",
        "rank_systems": "parbleu.meta.references",
        "reference_statistics": "parbleu.meta.references",
        "reference_study": "parbleu.meta.references",
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
    "Agreement",
    "Bootstrap",
    "Interval",
    "KendallVariant",
    "Matching",
    "MetricTies",
    "PairwiseAccuracy",
    "RankComparison",
    "ReferenceStudy",
    "Regression",
    "SegmentAgreement",
    "SegmentStats",
    "Setting",
    "SystemCorrelation",
    "compare_rankings",
    "compare_references",
    "draw_one_reference",
    "kendall",
    "match_systems",
    "normalize_to_range",
    "pairwise_accuracy",
    "pearson",
    "rank_systems",
    "rankdata",
    "reference_statistics",
    "reference_study",
    "regression",
    "segment_agreement",
    "segment_tau",
    "spearman",
    "system_correlation",
]
