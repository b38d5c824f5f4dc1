"""Section (a): BLEU, chrF and TER against WMT21's human judgments (paper section 5).

System level: Pearson, Spearman, Kendall tau-b and pairwise accuracy with DA (six pairs) and
MQM (en-de, zh-en), with bootstrap intervals over segments (`parbleu.meta.system_correlation`),
and the paper's Figures 5-7 (scatter with regression line, scores normalized to their range).
Segment level: WMT's Kendall-like tau where segment scores exist (`segment_agreement`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from parbleu.meta import (
    Bootstrap,
    SegmentStats,
    SystemCorrelation,
    match_systems,
    segment_agreement,
    system_correlation,
)
from parbleu.meta.plots import Figure, Normalized, Scatter
from parbleu.replication.data import METRIC_LABEL, MQM_PAIRS, PAIRS, Pair
from parbleu.replication.markdown import interval, table
from parbleu.replication.statistics import Statistics

__all__ = ["FigureFile", "Study", "correlate", "correlation_figures", "correlation_tables"]

#: Segment-level comparisons: pair, human file, its label, the human tie threshold.
SEGMENT_LEVEL = (
    ("en-de", "mqm_seg.tsv", "MQM", 0.0),
    ("zh-en", "mqm_seg.tsv", "MQM", 0.0),
    ("ja-en", "da_seg.tsv", "DA z", 0.0),
    ("ja-en", "da_seg_raw.tsv", "DA raw", 25.0),  # the WMT DARR threshold of raw DA
)


@dataclass(frozen=True)
class FigureFile:
    """Figures to draw into one file of the page's ``figures/`` folder."""

    name: str
    figures: tuple[Figure, ...]
    columns: int


@dataclass
class Study:
    """Results of section (a), kept for its tables and figures."""

    correlations: dict[tuple[str, str], list[SystemCorrelation]] = field(default_factory=dict)
    unmatched: list[list[str]] = field(default_factory=list)
    segment_rows: list[list[str]] = field(default_factory=list)


def _human(pair: Pair, human: str) -> tuple[SegmentStats | dict[str, float], list[str]]:
    if human == "DA":
        fixed = pair.system_scores("da_sys.tsv")
        return fixed, list(fixed)
    segments = pair.segment_scores("mqm_seg.tsv", human)
    return segments, list(segments.stats)


def _system_level(
    pairs: Mapping[str, Pair], statistics: Statistics, bootstrap: Bootstrap, study: Study
) -> None:
    jobs = [(p, "DA") for p in PAIRS] + [(p, "MQM") for p in MQM_PAIRS]
    for name, human_name in jobs:
        pair = pairs[name]
        human, names = _human(pair, human_name)
        matching = match_systems(list(pair.systems), names)
        study.unmatched.append(
            [
                name,
                human_name,
                str(len(matching.systems)),
                ", ".join(matching.human_only) or "none",
                ", ".join(matching.text_only) or "none",
            ]
        )
        study.correlations[name, human_name] = [
            system_correlation(statistics.of(name, m), human, matching.systems, bootstrap=bootstrap)
            for m in statistics.metrics
        ]


def _segment_level(pairs: Mapping[str, Pair], statistics: Statistics, study: Study) -> None:
    for name, file, label, threshold in SEGMENT_LEVEL:
        pair = pairs[name]
        human = pair.segment_scores(file, label)
        systems = match_systems(list(pair.systems), list(human.stats)).systems
        for m in statistics.metrics:
            metric = statistics.of(name, m)
            both = [
                segment_agreement(metric, human, systems, threshold=threshold, ties=ties)
                for ties in ("discordant", "exclude")
            ]
            study.segment_rows.append(
                [
                    name,
                    label,
                    f"{threshold:g}",
                    metric.name,
                    f"{both[0].tau:.3f}",
                    f"{both[1].tau:.3f}",
                    str(both[0].concordant + both[0].discordant),
                    str(both[0].metric_ties),
                ]
            )


def correlate(pairs: Mapping[str, Pair], statistics: Statistics, bootstrap: Bootstrap) -> Study:
    """System-level correlations with DA and MQM, and the segment-level taus."""
    study = Study()
    _system_level(pairs, statistics, bootstrap, study)
    _segment_level(pairs, statistics, study)
    return study


def correlation_tables(study: Study) -> dict[str, str]:
    """The blocks ``system-level``, ``unmatched`` and ``segment-level``."""
    rows = [
        [pair, human, str(len(r.systems)), r.metric]
        + [interval(e) for e in (r.pearson, r.spearman, r.kendall, r.accuracy)]
        for (pair, human), results in study.correlations.items()
        for r in results
    ]
    header = ["pair", "human", "n", "metric", "Pearson", "Spearman", "Kendall tau-b"]
    unmatched_header = ["pair", "human", "n matched", "human scores without text"]
    segment_header = ["pair", "human", "threshold", "metric", "tau (ties D)", "tau (ties out)"]
    return {
        "system-level": table([*header, "pairwise acc."], rows),
        "unmatched": table([*unmatched_header, "systems without human"], study.unmatched),
        "segment-level": table([*segment_header, "pairs", "metric ties"], study.segment_rows),
    }


def correlation_figures(study: Study, metrics: Sequence[str]) -> list[FigureFile]:
    """Figures 5-6 (a scatter per pair) and 7 (normalized scores) for DA and for MQM."""
    files = []
    for human in ("DA", "MQM"):
        keys = [k for k in study.correlations if k[1] == human]
        axis = f"{human} ({'z' if human == 'DA' else 'minus penalty'})"
        for index, metric in enumerate(metrics):
            panels: list[Figure] = []
            for key in keys:
                result = study.correlations[key][index]
                title = f"{key[0]}: {METRIC_LABEL[metric]} vs {human} "
                title += f"(r = {result.regression.r:.2f})"
                panels.append(Scatter.from_correlation(result, title=title, human=axis))
            columns = 3 if human == "DA" else 2
            files.append(FigureFile(f"{metric}-vs-{human.lower()}.svg", tuple(panels), columns))
        normalized: list[Figure] = [
            Normalized.from_correlations(
                study.correlations[k], title=f"{k[0]}: {human}", human=human
            )
            for k in keys
        ]
        files.append(FigureFile(f"normalized-{human.lower()}.svg", tuple(normalized), 2))
    return files
