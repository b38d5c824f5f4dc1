"""Section (c): how many references? (paper section 3).

Every pair with several references (en-de: A, C, D; en-zh and de-en: A, B) has its systems
scored with each reference alone, with one drawn at random per segment (``mixed``, the
paper's procedure, per segment for want of document ids) and with all of them
(`parbleu.meta.references`); Kendall tau-b against the all-references ranking, the pairs that
swap, and each setting's Pearson r with DA and, where the pair has it, MQM (no intervals).
"""

from __future__ import annotations

from collections.abc import Mapping

from parbleu.meta import Bootstrap, SegmentStats, match_systems, system_correlation
from parbleu.meta.plots import Figure, Normalized
from parbleu.meta.references import ALL, ReferenceStudy, compare_references
from parbleu.replication.correlation import FigureFile
from parbleu.replication.data import MQM_PAIRS, Pair
from parbleu.replication.markdown import table
from parbleu.replication.statistics import Statistics

__all__ = ["reference_tables"]

SUMMARY_HEADER = [
    "pair",
    "metric",
    "references",
    "Kendall tau vs all",
    "pairs swapped vs all",
    "r with DA",
    "r with MQM",
]
SWAP_HEADER = [
    "pair",
    "metric",
    "references",
    "pairs ordered the other way than with all (all-refs order: first > second)",
]


def _pearson(stats: SegmentStats, human: SegmentStats | dict[str, float], names: list[str]) -> str:
    """Pearson's r over the systems that have human scores, without an interval."""
    rated = list(human.stats) if isinstance(human, SegmentStats) else list(human)
    systems = list(match_systems(names, rated).systems)
    result = system_correlation(stats, human, systems, bootstrap=Bootstrap(0))
    return f"{result.pearson.value:.3f}"


def _summary_rows(
    study: ReferenceStudy, settings: Mapping[str, SegmentStats], pair: Pair
) -> list[list[str]]:
    names = list(study.systems)
    da = pair.system_scores("da_sys.tsv")
    mqm = pair.segment_scores("mqm_seg.tsv", "MQM") if pair.name in MQM_PAIRS else None
    versus = {a.first: a for a in study.versus_all}
    rows = []
    for setting in study.settings:
        agreement = versus.get(setting.name)
        tau = f"{agreement.tau:.3f}" if agreement else "1.000"
        swapped = str(len(agreement.swapped)) if agreement else "0"
        shown = ", ".join(setting.references) if setting.name == ALL else setting.name
        stats = settings[setting.name]
        r_da = _pearson(stats, da, names)
        r_mqm = _pearson(stats, mqm, names) if mqm is not None else ""
        rows.append([pair.name, study.metric, shown, tau, swapped, r_da, r_mqm])
    pairwise = "; ".join(
        f"{a.first}-{a.second} {a.tau:.3f} ({len(a.swapped)} swaps)" for a in study.pairwise
    )
    rows.append([pair.name, study.metric, "single vs single", pairwise, "", "", ""])
    return rows


def _swap_rows(study: ReferenceStudy, pair: str) -> list[list[str]]:
    return [
        [pair, study.metric, a.first, "; ".join(f"{b} > {x}" for x, b in a.swapped) or "none"]
        for a in study.versus_all
    ]


def reference_tables(
    pairs: Mapping[str, Pair], statistics: Statistics
) -> tuple[dict[str, str], list[FigureFile]]:
    """The blocks ``references`` and ``reference-swaps``, and one figure file per pair."""
    summary, swaps, files = [], [], []
    for name in statistics.study_pairs:
        pair = pairs[name]
        figures: list[Figure] = []
        for metric in statistics.metrics:
            settings = statistics.study[name, metric]
            study = compare_references(settings, list(pair.references), list(pair.systems))
            summary += _summary_rows(study, settings, pair)
            swaps += _swap_rows(study, name)
            title = f"{name} {study.metric}: one reference vs all"
            figures.append(Normalized.from_reference_study(study, title=title))
        files.append(FigureFile(f"references-{name}.svg", tuple(figures), len(figures)))
    blocks = {
        "references": table(SUMMARY_HEADER, summary),
        "reference-swaps": table(SWAP_HEADER, swaps),
    }
    return blocks, files
