"""What ``parbleu meta`` prints (text tables or JSON) and draws; it computes nothing."""

from __future__ import annotations

from parbleu.cli.meta.inputs import MetaInputs
from parbleu.cli.render import table
from parbleu.io.json_output import json_text, undefined_as_null
from parbleu.meta import Bootstrap, Interval, Matching, SegmentAgreement, SystemCorrelation
from parbleu.meta.plots import Figure, Normalized, Scatter, save

__all__ = ["meta_json", "meta_text", "plot"]


def meta_json(
    inputs: MetaInputs,
    matching: Matching,
    system: list[SystemCorrelation],
    segment: list[SegmentAgreement],
) -> list[str]:
    """The whole result as one JSON document (NaN as null)."""
    document = {
        "human": {
            "file": inputs.human_source,
            "label": inputs.human_label,
            "level": "system" if isinstance(inputs.human, dict) else "segment",
            "resampled": not isinstance(inputs.human, dict),
        },
        "systems": matching.systems,
        "human_only": matching.human_only,
        "text_only": matching.text_only,
        "system_level": [c.to_dict() for c in system],
        "segment_level": [a.to_dict() for a in segment],
    }
    return [json_text(undefined_as_null(document), indent=1)]


def _estimate(value: Interval, width: int, intervals: bool) -> str:
    text = f"{value.value:.{width}f}"
    return f"{text} [{value.low:.{width}f}, {value.high:.{width}f}]" if intervals else text


def _header(inputs: MetaInputs, matching: Matching, boot: Bootstrap) -> list[str]:
    fixed = isinstance(inputs.human, dict)
    how = "system level, fixed in the bootstrap" if fixed else "mean of rated segments, resampled"
    n_segments = len(inputs.refs[0])
    out = [
        f"Human scores: {inputs.human_source} ({how})",
        f"Systems with text and human scores: {len(matching.systems)}",
        "Human scores without system text (left out): "
        + (", ".join(matching.human_only) or "none"),
        "Systems without human scores (left out): " + (", ".join(matching.text_only) or "none"),
    ]
    if boot.n_resamples:
        out.append(
            f"Bootstrap: {boot.n_resamples} resamples of {n_segments} segments, seed "
            f"{boot.seed}, {boot.confidence:.0%} percentile intervals"
        )
    return out


def _system_lines(system: list[SystemCorrelation], variant: str, width: int) -> list[str]:
    intervals = system[0].bootstrap.n_resamples > 0
    header = ["Metric", "Pearson", "Spearman", "Kendall", "Pairwise acc.", "slope", "intercept"]
    rows = [
        [
            c.metric,
            *(_estimate(e, width, intervals) for e in (c.pearson, c.spearman, c.kendall)),
            _estimate(c.accuracy, width, intervals),
            f"{c.regression.slope:.4g}",
            f"{c.regression.intercept:.4g}",
        ]
        for c in system
    ]
    title = f"System level (lower-is-better metrics negated; Kendall tau-{variant}):"
    return ["", title, *table(header, rows, rule=False)]


def _segment_lines(segment: list[SegmentAgreement], width: int) -> list[str]:
    if not segment:
        return []
    first = segment[0]
    title = (
        f"Segment level (system pairs per segment; human |delta| <= {first.threshold:g} "
        f"left out; metric ties {first.ties.value}):"
    )
    header = ["Metric", "tau", "concordant", "discordant", "metric ties", "human ties"]
    rows = [
        [a.metric, f"{a.tau:.{width}f}"]
        + [str(n) for n in (a.concordant, a.discordant, a.metric_ties, a.human_ties)]
        for a in segment
    ]
    return ["", title, *table(header, rows, rule=False)]


def _score_lines(system: list[SystemCorrelation], human: str, width: int) -> list[str]:
    first = system[0]
    order = sorted(range(len(first.systems)), key=lambda i: -first.human_scores[i])
    rows = [
        [first.systems[i], f"{first.human_scores[i]:.{width}f}"]
        + [f"{c.metric_scores[i]:.{width}f}" for c in system]
        for i in order
    ]
    header = ["System", human, *(c.metric for c in system)]
    return ["", f"Scores (by {human}):", *table(header, rows, rule=False)]


def meta_text(
    inputs: MetaInputs,
    matching: Matching,
    system: list[SystemCorrelation],
    segment: list[SegmentAgreement],
    *,
    kendall: str,
    width: int,
) -> list[str]:
    """The inputs, then system-level, segment-level and score tables.

    `kendall` is the tau variant (``--kendall``), `width` the decimals (``--width``).
    """
    return [
        *_header(inputs, matching, system[0].bootstrap),
        *_system_lines(system, kendall, width),
        *_segment_lines(segment, width),
        *_score_lines(system, inputs.human_label, width),
    ]


def plot(path: str, system: list[SystemCorrelation], human: str) -> None:
    """Write one scatter per metric and the normalized panel to `path` (.svg or .png)."""
    figures: list[Figure] = [Scatter.from_correlation(c, human=human) for c in system]
    figures.append(Normalized.from_correlations(system, human=human))
    save(figures, path, columns=2, title=f"Metrics vs {human}")
