"""Meta-evaluation: how well metric scores agree with human judgments.

`correlation` holds the correlations of two score vectors (Pearson, Spearman, Kendall,
pairwise accuracy, the regression line), `systems` their system-level use with bootstrap
intervals, `segments` the segment-level tau, `rankings` the comparison of two rankings, `references`
the reference study (one reference against several, the paper's section 3), and `plots` the
figures (the paper's Figures 5-7).

WMT23/24-style meta-evaluation: `pairs` (pair counts with ties, acc_eq, tau_eq, tau-a/b/c,
grouped as mt-metrics-eval's ``average_by``), `ties` (tie calibration over every pair), `spa`
(soft pairwise accuracy), `grouped` (Pearson by group), `compare` (PERM-BOTH, pairs
permutation, Williams), `clusters`, `tasks` (the WMT23 and WMT24 task sets), `evaluation`
(every statistic of one metric) and `thresholds` (Kocmi et al. 2024: how often people agree
with a difference of a given size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.meta.clusters import (
        MetricRanking,
        assign_ranks,
        rank_metrics,
    )
    from parbleu.meta.compare import (
        MetricComparison,
        Permutations,
        Williams,
        pairs_permutation,
        perm_both,
        williams,
    )
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
    from parbleu.meta.evaluation import (
        GroupedResult,
        HumanScores,
        MetricEvaluation,
        MetricScores,
        SystemResult,
        evaluate_metric,
    )
    from parbleu.meta.grouped import (
        grouped_pearson,
    )
    from parbleu.meta.pairs import (
        Grouping,
        PairCounts,
        PairStatistic,
        PairTable,
        pair_counts,
        pair_table,
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
    from parbleu.meta.spa import (
        SoftPairwiseAccuracy,
        pairwise_p_values,
        soft_pairwise_accuracy,
    )
    from parbleu.meta.systems import (
        Bootstrap,
        Interval,
        Matching,
        SegmentStats,
        SystemCorrelation,
        match_systems,
        system_correlation,
    )
    from parbleu.meta.tasks import (
        LanguagePair,
        Task,
        TaskKind,
        TaskPreset,
        TaskResult,
        average_tasks,
        run_task,
        task_set,
    )
    from parbleu.meta.thresholds import (
        AGREEMENT_MODELS,
        AgreementModel,
        agreement_model,
        human_agreement,
    )
    from parbleu.meta.ties import (
        Calibration,
        calibrate_ties,
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
        "Grouping": "parbleu.meta.pairs",
        "PairCounts": "parbleu.meta.pairs",
        "PairStatistic": "parbleu.meta.pairs",
        "PairTable": "parbleu.meta.pairs",
        "pair_counts": "parbleu.meta.pairs",
        "pair_table": "parbleu.meta.pairs",
        "Calibration": "parbleu.meta.ties",
        "calibrate_ties": "parbleu.meta.ties",
        "SoftPairwiseAccuracy": "parbleu.meta.spa",
        "pairwise_p_values": "parbleu.meta.spa",
        "soft_pairwise_accuracy": "parbleu.meta.spa",
        "grouped_pearson": "parbleu.meta.grouped",
        "MetricComparison": "parbleu.meta.compare",
        "Permutations": "parbleu.meta.compare",
        "Williams": "parbleu.meta.compare",
        "pairs_permutation": "parbleu.meta.compare",
        "perm_both": "parbleu.meta.compare",
        "williams": "parbleu.meta.compare",
        "MetricRanking": "parbleu.meta.clusters",
        "assign_ranks": "parbleu.meta.clusters",
        "rank_metrics": "parbleu.meta.clusters",
        "LanguagePair": "parbleu.meta.tasks",
        "Task": "parbleu.meta.tasks",
        "TaskKind": "parbleu.meta.tasks",
        "TaskPreset": "parbleu.meta.tasks",
        "TaskResult": "parbleu.meta.tasks",
        "average_tasks": "parbleu.meta.tasks",
        "run_task": "parbleu.meta.tasks",
        "task_set": "parbleu.meta.tasks",
        "GroupedResult": "parbleu.meta.evaluation",
        "HumanScores": "parbleu.meta.evaluation",
        "MetricEvaluation": "parbleu.meta.evaluation",
        "MetricScores": "parbleu.meta.evaluation",
        "SystemResult": "parbleu.meta.evaluation",
        "evaluate_metric": "parbleu.meta.evaluation",
        "AGREEMENT_MODELS": "parbleu.meta.thresholds",
        "AgreementModel": "parbleu.meta.thresholds",
        "agreement_model": "parbleu.meta.thresholds",
        "human_agreement": "parbleu.meta.thresholds",
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
    "AGREEMENT_MODELS",
    "Agreement",
    "AgreementModel",
    "Bootstrap",
    "Calibration",
    "GroupedResult",
    "Grouping",
    "HumanScores",
    "Interval",
    "KendallVariant",
    "LanguagePair",
    "Matching",
    "MetricComparison",
    "MetricEvaluation",
    "MetricRanking",
    "MetricScores",
    "MetricTies",
    "PairCounts",
    "PairStatistic",
    "PairTable",
    "PairwiseAccuracy",
    "Permutations",
    "RankComparison",
    "ReferenceStudy",
    "Regression",
    "SegmentAgreement",
    "SegmentStats",
    "Setting",
    "SoftPairwiseAccuracy",
    "SystemCorrelation",
    "SystemResult",
    "Task",
    "TaskKind",
    "TaskPreset",
    "TaskResult",
    "Williams",
    "agreement_model",
    "assign_ranks",
    "average_tasks",
    "calibrate_ties",
    "compare_rankings",
    "compare_references",
    "draw_one_reference",
    "evaluate_metric",
    "grouped_pearson",
    "human_agreement",
    "kendall",
    "match_systems",
    "normalize_to_range",
    "pair_counts",
    "pair_table",
    "pairs_permutation",
    "pairwise_accuracy",
    "pairwise_p_values",
    "pearson",
    "perm_both",
    "rank_metrics",
    "rank_systems",
    "rankdata",
    "reference_statistics",
    "reference_study",
    "regression",
    "run_task",
    "segment_agreement",
    "segment_tau",
    "soft_pairwise_accuracy",
    "spearman",
    "system_correlation",
    "task_set",
    "williams",
]
