"""Meta-evaluation: how well metric scores agree with human judgments.

`correlation` holds the correlations of two score vectors (Pearson, Spearman, Kendall,
pairwise accuracy, the regression line), `systems` their system-level use with bootstrap
intervals, `segments` the segment-level tau, `rankings` the comparison of two rankings, and
`plots` the figures (the paper's Figures 5-7).
"""

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
