"""What ``parbleu meta --mtme`` prints: text or Markdown tables, or JSON; it computes nothing."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

from parbleu.cli.meta.mtme import LanguagePairReport, MtmeReport
from parbleu.cli.render import table
from parbleu.io.json_output import json_text, undefined_as_null
from parbleu.meta.clusters import MetricRanking
from parbleu.meta.evaluation import GroupedResult, MetricEvaluation
from parbleu.meta.pairs import Grouping
from parbleu.meta.spa import SPA_PERMUTATIONS, SPA_SEED
from parbleu.meta.systems import Interval

__all__ = ["mtme_json", "mtme_lines"]

_GROUPS = {
    Grouping.NONE: "one group of every entry, no interval",
    Grouping.ITEM: "a group per segment",
    Grouping.SYS: "a group per system",
}


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], markdown: bool) -> list[str]:
    if not markdown:
        return table(header, rows, rule=False)
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    return lines + ["| " + " | ".join(row) + " |" for row in rows]


def _number(value: float, width: int) -> str:
    return "n/a" if math.isnan(value) else f"{value:.{width}f}"


def _interval(value: Interval, width: int) -> str:
    text = _number(value.value, width)
    if not math.isnan(value.low):
        text += f" [{value.low:.{width}f}, {value.high:.{width}f}]"
    return text


def _system_rows(evaluations: Sequence[MetricEvaluation], width: int) -> list[list[str]]:
    return [
        [e.metric]
        + [
            _number(v, width)
            for v in (e.system.pearson, e.system.spearman, e.system.kendall, e.system.accuracy)
        ]
        + [_number(e.system.spa, width)]
        for e in evaluations
    ]


def _segment_row(metric: str, result: GroupedResult, width: int) -> list[str]:
    counts = result.counts
    epsilon = f"{result.epsilon:.6g}" + ("*" if result.calibrated else "")
    return [
        metric,
        _interval(result.pearson, width),
        _interval(result.kendall, width),
        _number(result.acc_eq_untied, width),
        epsilon,
        _interval(result.acc_eq, width),
        _interval(result.tau_eq, width),
        *(
            str(n)
            for n in (
                counts.concordant,
                counts.discordant,
                counts.ties_human,
                counts.ties_metric,
                counts.ties_both,
            )
        ),
    ]


def _pair_lines(pair: LanguagePairReport, report: MtmeReport, markdown: bool) -> list[str]:
    width = report.request.width
    human = pair.data.human
    left = "; ".join(f"{name} ({why})" for name, why in pair.left_out.items()) or "none"
    lines = [
        "",
        (
            f"{pair.data.lp}: {pair.n_segments} segments, {pair.rated_segments} rated for every "
            f"system; {len(human.systems)} systems: {', '.join(human.systems)}"
        ),
        f"Left out: {left}",
        f"Human system scores: {pair.human_system_source}",
        "",
        (
            f"System level ({len(human.systems)} systems; Kendall tau-b; pairwise accuracy; "
            f"SPA: {SPA_PERMUTATIONS} permutations, seed {SPA_SEED}):"
        ),
    ]
    header = ["Metric", "Pearson", "Spearman", "Kendall", "Accuracy", "SPA"]
    lines += _table(header, _system_rows(pair.evaluations, width), markdown)
    boot = report.request.bootstrap
    for index, grouping in enumerate(report.request.groupings):
        first = pair.evaluations[0].segment[index] if pair.evaluations else None
        groups = first.groups if first else 0
        lines += [
            "",
            (
                f"Segment level, grouping {grouping.value} ({_GROUPS[grouping]}: {groups} with "
                f"pairs; {boot.confidence:.0%} intervals: bootstrap over the groups, "
                f"{boot.n_resamples} resamples; epsilon* calibrated; counts at epsilon):"
            ),
        ]
        header = ["Metric", "Pearson", "Kendall", "acc_eq(0)", "epsilon", "acc_eq", "tau_eq"]
        header += ["C", "D", "T_h", "T_m", "T_hm"]
        rows = [_segment_row(e.metric, e.segment[index], width) for e in pair.evaluations]
        lines += _table(header, rows, markdown)
    return lines


def _ranked(ranking: MetricRanking, name: str, width: int) -> str:
    if name not in ranking.names:
        return "--"
    index = ranking.names.index(name)
    return f"{ranking.values[index]:.{width}f} ({ranking.ranks[index]})"


def _task_lines(report: MtmeReport, markdown: bool) -> list[str]:
    if report.average is None or report.request.task is None:
        return []
    width = report.request.width
    tests = report.request.permutations
    how = (
        f"clusters at alpha {report.request.alpha} from {tests.resamples} resamples "
        f"(blocks of {tests.block_size}, early stop)"
        if tests
        else "no significance tests (--permutations 0): ranks are the order"
    )
    lines = [
        "",
        (
            f"Task set {report.request.task.value} over {', '.join(report.request.lps)}; "
            f"value (cluster rank); {how}:"
        ),
    ]
    header = ["Metric", "average"] + [f"task{i}" for i in range(1, len(report.tasks) + 1)]
    rows = [
        [name, _ranked(report.average, name, width)]
        + [_ranked(t.ranking, name, width) for t in report.tasks]
        for name in report.average.names
    ]
    lines += _table(header, rows, markdown)
    lines.append("")
    lines += [
        f"task{i}: {t.task.label} (weight {t.task.weight:.4g})"
        for i, t in enumerate(report.tasks, start=1)
    ]
    return lines


def mtme_lines(report: MtmeReport) -> list[str]:
    """The report as text, or as Markdown tables (``-f markdown``)."""
    markdown = report.request.output == "markdown"
    request = report.request
    lines = [
        (
            f"mt-metrics-eval test set {request.root} (human scores {request.gold!r}, "
            f"reference {request.reference!r})"
        )
    ]
    for pair in report.pairs:
        lines += _pair_lines(pair, report, markdown)
    lines += _task_lines(report, markdown)
    return _paragraphs(lines) if markdown else lines


def _paragraphs(lines: list[str]) -> list[str]:
    """Markdown: every line outside a table its own paragraph."""
    out: list[str] = []
    for line in lines:
        if out and out[-1] and not (line.startswith("|") and out[-1].startswith("|")):
            out.append("")
        if line or (out and out[-1]):
            out.append(line)
    return out


def _grouped(result: GroupedResult) -> dict[str, Any]:
    fields = asdict(result)
    fields["grouping"] = result.grouping.value
    return fields


def _ranking(ranking: MetricRanking) -> list[dict[str, Any]]:
    return [
        {"metric": n, "value": v, "rank": r}
        for n, v, r in zip(ranking.names, ranking.values, ranking.ranks, strict=True)
    ]


def mtme_json(report: MtmeReport) -> list[str]:
    """The whole report as one JSON document (NaN as null)."""
    request = report.request
    document: dict[str, Any] = {
        "test_set": str(request.root),
        "gold": request.gold,
        "reference": request.reference,
        "language_pairs": [
            {
                "lp": pair.data.lp,
                "segments": pair.n_segments,
                "rated_segments": pair.rated_segments,
                "systems": list(pair.data.human.systems),
                "left_out": pair.left_out,
                "human_system_scores": pair.human_system_source,
                "metrics": [
                    {
                        "metric": e.metric,
                        "system": asdict(e.system),
                        "segment": [_grouped(g) for g in e.segment],
                    }
                    for e in pair.evaluations
                ],
            }
            for pair in report.pairs
        ],
    }
    if report.average is not None:
        document["tasks"] = [
            {
                "task": t.task.kind.value,
                "lps": list(t.task.lps),
                "weight": t.task.weight,
                "metrics": _ranking(t.ranking),
                "epsilons": dict(t.epsilons),
                "p_values": t.ranking.p_values.tolist(),
            }
            for t in report.tasks
        ]
        document["average"] = _ranking(report.average)
    return [json_text(undefined_as_null(document), indent=1)]
