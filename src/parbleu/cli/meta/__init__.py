r"""``parbleu meta``: correlation of metrics with human judgments, from files.

    parbleu meta --refs ref.A.txt ref.C.txt --systems sys/*.txt --human human/da_sys.tsv
    parbleu meta --refs ref.A.txt --systems sys/*.txt --human-seg human/mqm_seg.tsv \\
        -m bleu chrf --external COMET=comet_seg.tsv --plot meta.svg -f text
    parbleu meta --reference-study --refs ref.A.txt ref.C.txt ref.D.txt --systems sys/*.txt

The last is the reference study (`parbleu.cli.meta.study`): the systems ranked with each
reference alone and with all, and the rankings compared; it needs no human scores.
``--mtme DIR`` evaluates metrics as the WMT23/24 metrics tasks do, from a test set in
mt-metrics-eval's layout (`parbleu.cli.meta.mtme`).

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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from parbleu.cli.meta.inputs import MetaInputs, read_meta_inputs
from parbleu.cli.meta.options import add_mtme_options
from parbleu.cli.meta.output import meta_json, meta_text, plot
from parbleu.cli.meta.request import MetaRequest, meta_request
from parbleu.cli.options import (
    MAX_WIDTH,
    METRIC_NAMES,
    CommandMetrics,
    Context,
    add_metric_options,
    build_metrics,
    command_metrics,
    integer,
    metric_settings,
    number,
)
from parbleu.cli.parser import CommandParser
from parbleu.cli.render import emit
from parbleu.errors import InputError, OptionError
from parbleu.io.judgments import read_segment_scores
from parbleu.io.output import check_output
from parbleu.meta import (
    Bootstrap,
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
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.external import ExternalScores
from parbleu.references import ReferenceSet
from parbleu.significance.defaults import DEFAULT_SEED

if TYPE_CHECKING:
    from parbleu.cli.meta.mtme import MtmeRequest

__all__ = ["build_meta_parser", "run_meta"]

#: Metrics computed without -m (those the command line offers); TER is slow on many systems.
DEFAULT_METRICS = ("bleu", "chrf")

_DESCRIPTION = """\
Correlate metric scores of systems with human judgments (Pearson, Spearman, Kendall,
pairwise accuracy, bootstrap intervals over segments) and, given segment-level human
scores, the segment-level Kendall-like tau. With --reference-study: rank the systems with
each reference alone and with all, and compare the rankings (Kendall tau, swapped pairs).
With --mtme DIR --lp LP --gold NAME --ref REF: evaluate metrics as the WMT23/24 metrics
tasks do (acc_eq with tie calibration over every pair, soft pairwise accuracy, clusters,
--task wmt23|wmt24) from a test set in mt-metrics-eval's layout.
Metric options of `parbleu` (-tok, -lc, ...) are accepted. See docs/meta.md.
"""


def build_meta_parser(metrics: CommandMetrics | None = None) -> argparse.ArgumentParser:
    """Options of ``parbleu meta`` (the metric options are the main command's)."""
    metrics = metrics or command_metrics()
    parser = CommandParser(
        prog="parbleu meta",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        allow_abbrev=False,
    )
    add = parser.add_argument
    add("--refs", "-r", nargs="+", help="reference files, parallel to systems")
    add("--systems", "-i", nargs="+", help="system output files")
    add("--human", help="system-level human scores: system<TAB>score")
    add("--human-seg", help="segment-level human scores: system<TAB>seg_id<TAB>score")
    add("--human-name", default=None, help="label of the human scores (default: file stem)")
    add(
        "--metrics",
        "-m",
        nargs="+",
        choices=metrics.names,
        default=None,
        metavar="METRIC",
        help=f"from {', '.join(metrics.names)} (default: those of {', '.join(DEFAULT_METRICS)} "
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
    add(
        "--seed",
        type=int,
        default=DEFAULT_SEED,
        help=f"random seed of the resampling ({DEFAULT_SEED})",
    )
    add("--confidence", type=float, default=0.95, help="interval coverage (0.95)")
    add(
        "--strict",
        action="store_true",
        help="names on one side only (human scores without system text, or the reverse) are "
        "an error instead of a warning",
    )
    add("--kendall", choices=[v.value for v in KendallVariant], default="b", help="tau variant")
    add(
        "--seg-threshold",
        type=number(minimum=0),
        default=0.0,
        help="human ties: |delta| <= this (0)",
    )
    add(
        "--metric-ties",
        choices=[t.value for t in MetricTies],
        default="discordant",
        help="segment level: a metric tie is discordant (WMT DARR) or left out",
    )
    add(
        "--reference-study",
        action="store_true",
        help="rank the systems with each reference alone and with all (two or more --refs), "
        "compare the rankings; no human scores",
    )
    add(
        "--mixed-reference",
        action="store_true",
        help="reference study: also one reference drawn at random per segment (--seed)",
    )
    add("--plot", default=None, help="write scatter and normalized plots (.svg or .png)")
    add(
        "--format",
        "-f",
        choices=["json", "text", "markdown"],
        default="text",
        help="output (text; markdown with --mtme)",
    )
    add(
        "--width",
        "-w",
        type=integer(minimum=0, maximum=MAX_WIDTH),
        default=3,
        help=f"decimals in text output, 0 to {MAX_WIDTH} (3)",
    )
    add("--encoding", "-e", default="utf-8", help="encoding of all input files")
    add_mtme_options(parser)
    add_metric_options(parser, metrics)
    return parser


def _metric_stats(
    request: MetaRequest,
    settings: Mapping[str, Any],
    inputs: MetaInputs,
    systems: Sequence[str],
) -> list[SegmentStats]:
    names = request.metrics or [m for m in DEFAULT_METRICS if m in METRIC_NAMES]
    corpus = build_metrics(names, settings, Context())
    sentence = build_metrics(names, settings, Context(sentence_level=True))
    references = ReferenceSet(tuple(tuple(stream) for stream in inputs.refs))
    result = []
    for unprepared, sentence_metric in zip(corpus, sentence, strict=True):
        metric = unprepared.with_prepared(unprepared.prepare(references))
        stats = {name: metric.statistics(inputs.systems[name]) for name in systems}
        label = _label(metric, stats[systems[0]].total())
        result.append(SegmentStats(label, metric, stats, sentence_metric))
    n_segments = len(inputs.refs[0])
    result += [_external(spec, request, n_segments, systems) for spec in request.external]
    return result


def _label(metric: AnyMetric, totals: Any) -> str:
    return str(metric.score_totals(totals).name)


def _external_spec(spec: str) -> tuple[str, str]:
    name, sep, path = spec.partition("=")
    if not sep or not name or not path:
        raise OptionError(
            f"--external takes NAME=FILE, got {spec!r}", option="--external", received=spec
        )
    return name, path


def _external(
    spec: str, request: MetaRequest, n_segments: int, systems: Sequence[str]
) -> SegmentStats:
    name, path = _external_spec(spec)
    scores = read_segment_scores(path, request.texts.encoding, with_system=True)
    table = ExternalScores.from_segment_scores(
        scores, n_segments, name=name, allow_missing=request.allow_missing
    )
    return SegmentStats(name, table, {s: table.system_statistics(s) for s in systems})


def _report_unmatched(request: MetaRequest, matching: Matching, stderr: TextIO) -> None:
    """Name every system on one side only: a warning, or with ``--strict`` an error."""
    problems = []
    human = request.human
    if matching.human_only:
        problems.append(
            f"{human.system_file or human.segment_file} scores systems with no text file: "
            + ", ".join(repr(name) for name in matching.human_only)
        )
    if matching.text_only:
        problems.append(
            "no human score for systems " + ", ".join(repr(name) for name in matching.text_only)
        )
    if problems and request.strict:
        raise InputError("; ".join(problems) + " (--strict)")
    for problem in problems:
        print(f"parbleu meta: warning: {problem} (left out)", file=stderr)


def _compute(
    request: MetaRequest, settings: Mapping[str, Any], stderr: TextIO
) -> tuple[MetaInputs, Matching, list[SystemCorrelation], list[SegmentAgreement]]:
    bootstrap = Bootstrap(request.n_resamples, request.seed, request.confidence)
    if request.plot and Path(request.plot).suffix.lower() not in (".svg", ".png"):
        raise OptionError(f"{request.plot}: plots are written as .svg or .png")
    externals = [_external_spec(spec)[1] for spec in request.external]  # checked before reading
    texts, human = request.texts, request.human
    if request.plot is not None:
        named = [*texts.refs, *texts.systems, human.system_file, human.segment_file, *externals]
        check_output(request.plot, named, option="--plot")
    inputs = read_meta_inputs(texts, human)
    human_names = list(inputs.human) if isinstance(inputs.human, dict) else list(inputs.human.stats)
    matching = match_systems(list(inputs.systems), human_names)
    _report_unmatched(request, matching, stderr)
    seg_systems: tuple[str, ...] = ()
    if inputs.human_seg is not None:
        seg_systems = match_systems(list(inputs.systems), list(inputs.human_seg.stats)).systems
    if len(matching.systems) < 3:
        raise InputError(
            f"need at least 3 systems with both text and human scores, found "
            f"{len(matching.systems)} ({', '.join(matching.systems) or 'none'})"
        )
    wanted = list(dict.fromkeys([*matching.systems, *seg_systems]))
    metrics = _metric_stats(request, settings, inputs, wanted)
    system_level = [
        system_correlation(
            m, inputs.human, matching.systems, kendall_variant=request.kendall, bootstrap=bootstrap
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
                threshold=request.seg_threshold,
                ties=request.metric_ties,
            )
            for m in metrics
        ]
    return inputs, matching, system_level, segment_level


def _study_lines(request: MetaRequest, settings: Mapping[str, Any]) -> list[str]:
    """``--reference-study``: scores, ranks and rankings compared, as text or JSON."""
    from parbleu.cli.meta.study import run_study  # noqa: PLC0415 (only this mode needs it)
    from parbleu.cli.meta.study_output import study_json, study_plot, study_text  # noqa: PLC0415

    inputs, studies = run_study(request, settings, DEFAULT_METRICS)
    if request.plot:
        study_plot(request.plot, studies)
    if request.output == "json":
        return study_json(inputs, studies)
    return study_text(inputs, studies, request.width)


def _mtme_lines(request: MtmeRequest) -> list[str]:
    """``--mtme``: the typed request evaluated and printed."""
    from parbleu.cli.meta.mtme import run_mtme  # noqa: PLC0415 (this mode only)
    from parbleu.cli.meta.mtme_output import mtme_json, mtme_lines  # noqa: PLC0415

    report = run_mtme(request)
    return mtme_json(report) if report.request.output == "json" else mtme_lines(report)


def run_meta(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run ``parbleu meta`` with explicit streams; returns the exit code."""
    metrics = command_metrics(argv)
    parser = build_meta_parser(metrics)
    args = parser.parse_args(list(argv))
    settings = metric_settings(args, metrics)
    if args.mtme is not None:
        from parbleu.cli.meta.mtme import mtme_request  # noqa: PLC0415 (this mode only)

        def mtme() -> list[str]:
            return _mtme_lines(mtme_request(args, settings))  # its usage errors as output

        return emit(mtme, stdout, stderr, prog="parbleu meta")
    request = meta_request(args)
    if not (request.texts.refs and request.texts.systems):
        parser.error("the following arguments are required: --refs/-r, --systems/-i")
    if request.output == "markdown":
        parser.error("-f markdown is an output of --mtme")
    if request.reference_study:
        return emit(lambda: _study_lines(request, settings), stdout, stderr, prog="parbleu meta")

    def lines() -> list[str]:
        if request.mixed_reference:
            raise OptionError("--mixed-reference is part of --reference-study")
        inputs, matching, system, segment = _compute(request, settings, stderr)
        if request.plot:
            plot(request.plot, system, inputs.human_label)
        if request.output == "json":
            return meta_json(inputs, matching, system, segment)
        return meta_text(
            inputs, matching, system, segment, kendall=request.kendall, width=request.width
        )

    return emit(lines, stdout, stderr, prog="parbleu meta")
