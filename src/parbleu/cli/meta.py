r"""``parbleu meta``: correlation of metrics with human judgments, from files.

    parbleu meta --refs ref.A.txt ref.C.txt --systems sys/*.txt --human human/da_sys.tsv
    parbleu meta --refs ref.A.txt --systems sys/*.txt --human-seg human/mqm_seg.tsv \\
        -m bleu chrf --external COMET=comet_seg.tsv --plot meta.svg -f text

A system is named by its file name without ``.txt`` (and ``.gz``), as in the human TSVs.
Human scores come from ``--human`` (system level, held fixed in the bootstrap) or, without
it, from ``--human-seg`` (segment level: each system's mean over its rated segments,
re-averaged in every bootstrap resample). ``--human-seg`` also gives the segment-level tau.
Names on only one side (human scores without text, text without human scores) are listed in
the output and left out of the correlations; they are never dropped silently.

Options of the main command that choose a metric's variant (``-tok``, ``-lc``, ``-s``,
``--chrf-word-order`` ...) are accepted here too. Exit codes: 0 success, 1 bad data,
2 usage.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn, TextIO

from parbleu.cli.metrics import AnyMetric, available_metrics, build_metrics
from parbleu.cli.parser import METRIC_NAMES, build_parser
from parbleu.errors import InputError, OptionError, ParbleuError
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.io.lines import check_parallel, read_lines
from parbleu.meta.correlation import (
    Bootstrap,
    Estimate,
    KendallVariant,
    Matching,
    MetricTies,
    SegmentAgreement,
    SegmentStats,
    SystemCorrelation,
    match_systems,
    segment_agreement,
    system_correlation,
)
from parbleu.meta.plots import Figure, Normalized, Scatter, save
from parbleu.metrics.external.metric import ExternalScores
from parbleu.references import ReferenceSet

__all__ = ["build_meta_parser", "run_meta"]

#: Metrics computed without -m (those the command line offers); TER is slow on many systems.
DEFAULT_METRICS = ("bleu", "chrf")
#: Metric families whose scores are better when lower.
LOWER_IS_BETTER = frozenset({"TER"})

_DESCRIPTION = """\
Correlate metric scores of systems with human judgments (Pearson, Spearman, Kendall,
pairwise accuracy, bootstrap intervals over segments) and, given segment-level human
scores, the segment-level Kendall-like tau. Metric options of `parbleu` (-tok, -lc, ...)
are accepted. See docs/meta.md.
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"parbleu meta: error: {message} (see parbleu meta --help)\n")


def build_meta_parser() -> argparse.ArgumentParser:
    """Options of ``parbleu meta`` (metric variant options are the main command's)."""
    parser = _Parser(
        prog="parbleu meta",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    add = parser.add_argument
    add("--refs", "-r", nargs="+", required=True, help="reference files, parallel to systems")
    add("--systems", "-i", nargs="+", required=True, help="system output files")
    add("--human", help="system-level human scores: system<TAB>score")
    add("--human-seg", help="segment-level human scores: system<TAB>seg_id<TAB>score")
    add("--human-name", default=None, help="label of the human scores (default: file stem)")
    add(
        "--metrics",
        "-m",
        nargs="+",
        choices=METRIC_NAMES,
        default=None,
        metavar="METRIC",
        help=f"from {', '.join(METRIC_NAMES)} (default: those of {', '.join(DEFAULT_METRICS)} "
        "the command line can compute; TER is slow on many systems)",
    )
    add(
        "--external",
        action="append",
        default=[],
        metavar="NAME=FILE",
        help="per-segment scores computed elsewhere (system<TAB>seg_id<TAB>score), repeatable",
    )
    add("--allow-missing", action="store_true", help="external files may skip segments")
    add("--bootstrap", type=int, default=1000, help="resamples (0: no intervals; 1000)")
    add("--seed", type=int, default=12345, help="random seed of the resampling (12345)")
    add("--confidence", type=float, default=0.95, help="interval coverage (0.95)")
    add("--kendall", choices=[v.value for v in KendallVariant], default="b", help="tau variant")
    add("--seg-threshold", type=float, default=0.0, help="human ties: |delta| <= this (0)")
    add(
        "--metric-ties",
        choices=[t.value for t in MetricTies],
        default="discordant",
        help="segment level: a metric tie is discordant (WMT DARR) or left out",
    )
    add("--plot", default=None, help="write scatter and normalized plots (.svg or .png)")
    add("--format", "-f", choices=["json", "text"], default="text", help="output (text)")
    add("--width", "-w", type=int, default=3, help="decimals in text output (3)")
    add("--encoding", "-e", default="utf-8", help="encoding of all input files")
    return parser


def _metric_options(rest: list[str], metrics: list[str]) -> tuple[argparse.Namespace, ...]:
    """Corpus and sentence-level namespaces for `build_metrics`, from the leftover options."""
    namespaces = []
    for sentence in (False, True):
        args = build_parser().parse_args([*rest, "-m", *metrics])
        if args.refs:
            raise OptionError(f"unexpected arguments {args.refs}")
        args.sentence_level = sentence
        namespaces.append(args)
    return tuple(namespaces)


def _system_name(path: str) -> str:
    name = Path(path).name
    name = name.removesuffix(".gz")
    return name.removesuffix(".txt")


def _read(path: str, encoding: str) -> list[str]:
    lines = [line.rstrip() for line in read_lines(path, encoding)]
    if not lines:
        raise InputError(f"{path} is empty: nothing to score")
    return lines


@dataclass(frozen=True)
class _Inputs:
    refs: list[list[str]]
    systems: dict[str, list[str]]
    human: dict[str, float] | SegmentStats
    human_seg: SegmentStats | None
    human_label: str
    human_source: str


def _read_systems(args: argparse.Namespace) -> dict[str, list[str]]:
    overlap = set(args.refs) & set(args.systems)
    if overlap:
        raise OptionError(f"{sorted(overlap)[0]} is given both as a reference and as a system")
    systems: dict[str, list[str]] = {}
    paths: dict[str, str] = {}
    for path in args.systems:
        name = _system_name(path)
        if name in systems:
            raise OptionError(f"{paths[name]} and {path} both name system {name!r}")
        systems[name], paths[name] = _read(path, args.encoding), path
    return systems


def _human_segments(path: str, n_segments: int, label: str, encoding: str) -> SegmentStats:
    scores = read_segment_scores(path, encoding, with_system=True)
    table = ExternalScores.from_segment_scores(scores, n_segments, name=label, allow_missing=True)
    return SegmentStats(label, table, {s: table.system_statistics(s) for s in table.systems})


def _read_inputs(args: argparse.Namespace) -> _Inputs:
    if args.human is None and args.human_seg is None:
        raise OptionError("give human scores: --human FILE (system level) or --human-seg FILE")
    refs = [_read(path, args.encoding) for path in args.refs]
    systems = _read_systems(args)
    texts = [*zip(args.refs, refs, strict=True), *zip(args.systems, systems.values(), strict=True)]
    check_parallel(texts)
    source = args.human if args.human is not None else args.human_seg
    label = args.human_name or Path(source).stem
    seg = None
    if args.human_seg is not None:
        seg = _human_segments(args.human_seg, len(refs[0]), label, args.encoding)
    human: dict[str, float] | SegmentStats | None = seg
    if args.human is not None:
        human = read_system_scores(args.human, args.encoding).scores
    if human is None:  # unreachable: one of the two files was required above
        raise OptionError("no human scores")
    return _Inputs(refs, systems, human, seg, label, source)


def _metric_stats(
    args: argparse.Namespace, rest: list[str], inputs: _Inputs, systems: Sequence[str]
) -> list[SegmentStats]:
    names = args.metrics or [m for m in DEFAULT_METRICS if m in available_metrics()]
    corpus_args, sentence_args = _metric_options(rest, names)
    corpus, sentence = build_metrics(corpus_args), build_metrics(sentence_args)
    references = ReferenceSet(tuple(tuple(stream) for stream in inputs.refs))
    result = []
    for metric, sentence_metric in zip(corpus, sentence, strict=True):
        metric.set_references(references)
        stats = {name: metric.statistics(inputs.systems[name]) for name in systems}
        label = _label(metric, stats[systems[0]].total())
        higher = metric.name not in LOWER_IS_BETTER
        result.append(SegmentStats(label, metric, stats, higher, sentence_metric))
    result += [_external(spec, args, len(inputs.refs[0]), systems) for spec in args.external]
    return result


def _label(metric: AnyMetric, totals: Any) -> str:
    return str(metric.score_totals(totals).name)


def _external(
    spec: str, args: argparse.Namespace, n_segments: int, systems: Sequence[str]
) -> SegmentStats:
    name, sep, path = spec.partition("=")
    if not sep or not name or not path:
        raise OptionError(f"--external takes NAME=FILE, got {spec!r}")
    scores = read_segment_scores(path, args.encoding, with_system=True)
    table = ExternalScores.from_segment_scores(
        scores, n_segments, name=name, allow_missing=args.allow_missing
    )
    return SegmentStats(name, table, {s: table.system_statistics(s) for s in systems})


def _compute(
    args: argparse.Namespace, rest: list[str]
) -> tuple[_Inputs, Matching, list[SystemCorrelation], list[SegmentAgreement]]:
    bootstrap = Bootstrap(args.bootstrap, args.seed, args.confidence)
    if args.plot and Path(args.plot).suffix.lower() not in (".svg", ".png"):
        raise OptionError(f"{args.plot}: plots are written as .svg or .png")
    inputs = _read_inputs(args)
    human_names = list(inputs.human) if isinstance(inputs.human, dict) else list(inputs.human.stats)
    matching = match_systems(list(inputs.systems), human_names)
    seg_systems: tuple[str, ...] = ()
    if inputs.human_seg is not None:
        seg_systems = match_systems(list(inputs.systems), list(inputs.human_seg.stats)).systems
    if len(matching.systems) < 3:
        raise InputError(
            f"need at least 3 systems with both text and human scores, found "
            f"{len(matching.systems)} ({', '.join(matching.systems) or 'none'})"
        )
    wanted = list(dict.fromkeys([*matching.systems, *seg_systems]))
    metrics = _metric_stats(args, rest, inputs, wanted)
    system_level = [
        system_correlation(
            m, inputs.human, matching.systems, kendall_variant=args.kendall, bootstrap=bootstrap
        )
        for m in metrics
    ]
    segment_level = []
    if inputs.human_seg is not None and len(seg_systems) >= 2:
        segment_level = [
            segment_agreement(
                m,
                inputs.human_seg,
                seg_systems,
                threshold=args.seg_threshold,
                ties=args.metric_ties,
            )
            for m in metrics
        ]
    return inputs, matching, system_level, segment_level


# -- output -------------------------------------------------------------------------------------


def _finite(value: Any) -> Any:
    """NaN and infinities become null: JSON has no such numbers."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def _json(
    inputs: _Inputs,
    matching: Matching,
    system: list[SystemCorrelation],
    segment: list[SegmentAgreement],
) -> list[str]:
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
    return [json.dumps(_finite(document), indent=1, ensure_ascii=False)]


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [
            row[0].ljust(widths[0]),
            *(c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)),
        ]
        lines.append("  ".join(cells).rstrip())
    return lines


def _estimate(value: Estimate, width: int, intervals: bool) -> str:
    text = f"{value.value:.{width}f}"
    return f"{text} [{value.low:.{width}f}, {value.high:.{width}f}]" if intervals else text


def _header(inputs: _Inputs, matching: Matching, boot: Bootstrap) -> list[str]:
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
    return ["", title, *_table(header, rows)]


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
    return ["", title, *_table(header, rows)]


def _score_lines(system: list[SystemCorrelation], human: str, width: int) -> list[str]:
    first = system[0]
    order = sorted(range(len(first.systems)), key=lambda i: -first.human_scores[i])
    rows = [
        [first.systems[i], f"{first.human_scores[i]:.{width}f}"]
        + [f"{c.metric_scores[i]:.{width}f}" for c in system]
        for i in order
    ]
    header = ["System", human, *(c.metric for c in system)]
    return ["", f"Scores (by {human}):", *_table(header, rows)]


def _text(
    args: argparse.Namespace,
    inputs: _Inputs,
    matching: Matching,
    system: list[SystemCorrelation],
    segment: list[SegmentAgreement],
) -> list[str]:
    return [
        *_header(inputs, matching, system[0].bootstrap),
        *_system_lines(system, args.kendall, args.width),
        *_segment_lines(segment, args.width),
        *_score_lines(system, inputs.human_label, args.width),
    ]


def _plot(path: str, system: list[SystemCorrelation], human: str) -> None:
    figures: list[Figure] = [Scatter.from_correlation(c, human=human) for c in system]
    figures.append(Normalized.from_correlations(system, human=human))
    save(figures, path, columns=2, title=f"Metrics vs {human}")


def run_meta(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run ``parbleu meta`` with explicit streams; returns the exit code."""
    args, rest = build_meta_parser().parse_known_args(list(argv))
    try:
        inputs, matching, system, segment = _compute(args, rest)
        if args.plot:
            _plot(args.plot, system, inputs.human_label)
    except ParbleuError as error:
        print(f"parbleu meta: error: {error}", file=stderr)
        return error.exit_code
    lines = (
        _json(inputs, matching, system, segment)
        if args.format == "json"
        else _text(args, inputs, matching, system, segment)
    )
    for line in lines:
        print(line, file=stdout)
    return 0
