r"""``parbleu report``: one self-contained HTML file with scores, tests and every segment.

    parbleu report ref.A.txt ref.B.txt -i sys/*.txt -o report.html --export tables/
    parbleu report ref.txt -i base.txt new.txt --src src.txt --docids docids.txt \
        -m bleu chrf ter --baseline base --human da_sys.tsv --scores COMET=comet.tsv \
        -o report.html

Systems are named by their file names without ``.txt`` (and ``.gz``), as in human TSVs. The
metric, tokenizer, smoothing and significance options are the main command's (``-tok``,
``-lc``, ``-cw``, ``-pbsn``, ``-parn``, ``--seed`` ...); the report computes BLEU and chrF by
default and 1,000 randomization trials (``-parn``) instead of 10,000. Progress goes to
standard error; the path of the report to standard output. Exit codes: 0 success, 1 bad
data, 2 usage.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from parbleu.cli.inputs import Inputs, read_inputs
from parbleu.cli.options import CommandMetrics, Context, build_metrics, command_metrics
from parbleu.cli.parser import build_parser
from parbleu.cli.render import emit
from parbleu.cli.requests import InputRequest, MetricRequest, input_request, metric_request
from parbleu.errors import InputError, OptionError
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.io.lines import check_counts, read_lines
from parbleu.io.output import check_output
from parbleu.io.plain import read_segments
from parbleu.metrics import AnyMetric
from parbleu.report.build import build
from parbleu.report.export import EXPORT_NAMES, write_exports
from parbleu.report.html import write
from parbleu.report.inputs import (
    DEFAULT_AR_TRIALS,
    HumanScores,
    ReportInputs,
    ReportSettings,
    Significance,
)

__all__ = ["ReportRequest", "build_report_parser", "report_request", "run_report"]

_DESCRIPTION = """\
Write one self-contained HTML report: every system with every metric, 95% confidence
intervals, paired bootstrap and approximate randomization tests, significance clusters,
every segment with its n-gram matches, a two-system comparison, documents and human
judgments. See docs/report.md.
"""


def build_report_parser(metrics: CommandMetrics | None = None) -> argparse.ArgumentParser:
    """The main command's `CommandParser` (its metric and test options) plus the report's.

    Usage errors are one line naming ``parbleu report`` (exit code 2).
    """
    parser = build_parser(metrics, default_metrics=("bleu", "chrf"))
    parser.prog = "parbleu report"
    # One line: argparse's generated usage lists every option, hidden ones too.
    parser.usage = "%(prog)s REF [REF ...] -i SYS [SYS ...] -o FILE [options]"
    parser.description = _DESCRIPTION
    group = parser.add_argument_group("report")
    add = group.add_argument
    add("--output", "-o", required=True, help="the HTML file to write")
    add("--src", default=None, help="source segments, parallel to the references")
    add("--docids", default=None, help="the document id of each segment, one per line")
    add(
        "--human",
        default=None,
        help="human scores: system<TAB>score or system<TAB>seg_id<TAB>score",
    )
    add("--human-name", default=None, help="name of the human scores (default: the file name)")
    # --scores NAME=TSV [...] is the main command's option (external segment scores).
    add("--baseline", default=None, help="the system the paired tests compare against")
    add("--title", default=None, help="title of the report")
    add(
        "--export",
        default=None,
        metavar="DIR",
        help="also write the page's exports to DIR: segments.csv/.json, overview.csv/.tex, "
        "clusters.csv/.tex",
    )
    parser.set_defaults(paired_ar_n=DEFAULT_AR_TRIALS)
    _report_options(parser)
    return parser


@dataclass(frozen=True)
class ReportRequest:
    """Everything ``parbleu report`` was asked for (its files are checked when read)."""

    inputs: InputRequest
    metrics: MetricRequest
    bootstrap: int
    trials: int
    seed: int | None
    output: str
    source: str | None = None
    docids: str | None = None
    human: str | None = None
    human_name: str | None = None
    baseline: str | None = None
    title: str | None = None
    export: str | None = None
    scores: tuple[str, ...] = ()
    quiet: bool = False
    jobs: int = 0
    refused: tuple[str, ...] = ()  # options of the main command given that mean nothing here


#: Options of the main command that a report cannot honour (argparse dest: flag): hidden
#: from ``parbleu report --help``, and a usage error (exit 2) when given.
_NOT_FOR_REPORTS = {
    "sentence_level": "-sl/--sentence-level",
    "sort_by_difference": "--sort-by-difference",
    "score_only": "-b/--score-only",
    "blocks": "--blocks",
    "test_set": "-t/--test-set",
    "language_pair": "-l/--language-pair",
    "echo": "--echo",
    "list": "--list",
    "citation": "--citation",
    "download": "--download",
    "detail": "-d/--detail",
    "paper_table": "--paper-table",
    "confidence": "-ci/--confidence",
    "confidence_n": "-cin/--confidence-n",
    "paired_ar": "-par/--paired-ar",
    "paired_bs": "-pbs/--paired-bs",
    "format": "-f/--format",
    "table_style": "--table-style",
    "width": "-w/--width",
    "short": "-sh/--short",
    "no_color": "-nc/--no-color",
    "progress": "--progress/--no-progress",
    "force": "--force",
}

#: Options that select documents of a test set: a report of a test-set file takes them.
_SELECTIONS = {"origlang": "-ol/--origlang", "subset": "--subset"}

#: The help of main-command options whose meaning in a report differs.
_REPORT_HELP = {
    "paired_bs_n": "bootstrap resamples of the 95%% intervals and the paired bootstrap "
    "(default: %(default)s)",
    "paired_ar_n": "approximate randomization trials (default: %(default)s)",
    "quiet": "no progress on standard error",
    "input": "system output files",
    "weights": "positive weights summing to 1, one per n-gram order (default: uniform); "
    "one set in a report",
    "rouge_type": "rouge1, rouge2, ... rouge100, rougeL, or rougeLsum with sentences split on "
    "newlines; one in a report (default: rouge1)",
}


@dataclass(frozen=True)
class _NotGiven:
    """The default of an option a report refuses: tells a given option from its default."""

    default: object


def _report_options(parser: argparse.ArgumentParser) -> None:
    """Hide the options a report cannot honour; say what the others mean in a report."""
    for action in parser._actions:
        if action.dest in _NOT_FOR_REPORTS:
            action.help = argparse.SUPPRESS
            action.default = _NotGiven(action.default)
        elif action.dest in _REPORT_HELP:
            action.help = _REPORT_HELP[action.dest]


def _refused(namespace: argparse.Namespace) -> tuple[tuple[str, ...], argparse.Namespace]:
    """The refused options given, and the namespace with their defaults restored."""
    local = namespace.test_set_file is not None  # its documents are selected as with -t
    values = vars(namespace)
    refused = [
        flag
        for dest, flag in _NOT_FOR_REPORTS.items()
        if not isinstance(values.get(dest), _NotGiven)
    ]
    refused += [flag for dest, flag in _SELECTIONS.items() if values.get(dest) and not local]
    plain = {k: v.default if isinstance(v, _NotGiven) else v for k, v in values.items()}
    return tuple(refused), argparse.Namespace(**plain)


def report_request(
    namespace: argparse.Namespace,
    environ: Mapping[str, str],
    metrics: CommandMetrics | None = None,
) -> ReportRequest:
    """``parbleu report``'s request; the seed is resolved as the main command resolves it.

    `metrics` are those the parser offered (None: every metric installed, as
    `build_report_parser` offers by default).
    """
    from parbleu.cli.significance.seeds import resolve_seed  # noqa: PLC0415

    refused, namespace = _refused(namespace)
    return ReportRequest(
        inputs=input_request(namespace, environ),
        metrics=metric_request(namespace, metrics or command_metrics()),
        bootstrap=namespace.paired_bs_n,
        trials=namespace.paired_ar_n,
        seed=resolve_seed(namespace.seed, environ) if not refused else None,
        output=namespace.output,
        source=namespace.src,
        docids=namespace.docids,
        human=namespace.human,
        human_name=namespace.human_name,
        baseline=namespace.baseline,
        title=namespace.title,
        export=namespace.export,
        scores=tuple(namespace.scores),
        quiet=namespace.quiet,
        jobs=namespace.paired_jobs,
        refused=refused,
    )


def _metrics(request: ReportRequest) -> list[AnyMetric]:
    """The metrics of ``-m`` with the main command's metric options (`build_metrics`)."""
    metrics = request.metrics
    return build_metrics(metrics.names, metrics.settings, Context(jobs=request.jobs or None))


def _system_name(path: str) -> str:
    return Path(path).name.removesuffix(".gz").removesuffix(".txt")


def _check_files(request: ReportRequest) -> None:
    """What the files given must be before any is read: references, systems, named once."""
    inputs = request.inputs
    if inputs.test_set_file is None:
        if not inputs.references:
            raise OptionError(
                "no reference files: parbleu report REF [REF ...] -i SYS [SYS ...] -o FILE"
            )
        if inputs.num_refs > 1 and len(inputs.references) > 1:
            raise OptionError("-nr/--num-refs takes one reference file with tab-separated fields")
        if not inputs.systems:
            raise OptionError("give the system outputs as files: -i SYS [SYS ...]")
    paths: dict[str, str] = {}
    for path in inputs.systems or ():
        name = _system_name(path)
        if name in paths:
            raise OptionError(f"{paths[name]} and {path} both name system {name!r}")
        paths[name] = path


def _systems(request: ReportRequest, inputs: Inputs) -> dict[str, list[str]]:
    """The systems by name: file names without ``.txt``, or a test-set file's names."""
    given = request.inputs.systems
    names = [_system_name(path) for path in given] if given else inputs.names
    return dict(zip(names, inputs.systems, strict=True))


def _optional(path: str | None, encoding: str) -> list[str] | None:
    return None if path is None else read_segments(path, encoding)


def _segment_table(
    path: str, encoding: str, systems: Sequence[str], n: int
) -> dict[str, list[float | None]]:
    """Segment scores per system; a two-column file scores the only system."""
    scores = read_segment_scores(path, encoding)
    if not scores.has_systems and len(systems) != 1:
        raise InputError(
            f"{path}: seg_id<TAB>score names no system, but the report has {len(systems)}; "
            "use system<TAB>seg_id<TAB>score"
        )
    table: dict[str, list[float | None]] = {}
    for row in scores.rows:
        if row.seg_id > n:
            raise InputError(
                f"{path}: line {row.line}: seg_id {row.seg_id} is beyond the {n} segments"
            )
        system = row.system if row.system is not None else systems[0]
        table.setdefault(system, [None] * n)[row.seg_id - 1] = row.score
    return table


def _human(request: ReportRequest, systems: Sequence[str], n: int) -> HumanScores | None:
    path, encoding = request.human, request.inputs.encoding
    if path is None:
        return None
    label = request.human_name or Path(path).stem
    first = read_lines(path, encoding)[:1]
    if first and len(first[0].rstrip("\r").split("\t")) == 2:
        return HumanScores(label, systems=read_system_scores(path, encoding).scores, source=path)
    table = _segment_table(path, encoding, systems, n)
    return HumanScores(label, segments=table, source=path)


def _external(
    request: ReportRequest, systems: Sequence[str], n: int
) -> dict[str, dict[str, list[float | None]]]:
    out = {}
    for spec in request.scores:
        name, sep, path = spec.partition("=")
        if not sep or not name or not path:
            raise OptionError(f"--scores takes NAME=FILE, got {spec!r}")
        out[name] = _segment_table(path, request.inputs.encoding, systems, n)
    return out


def _check_output(request: ReportRequest) -> None:
    """The report's file: named, and not one of the inputs (writing would destroy it)."""
    inputs = request.inputs
    local = [inputs.test_set_file.path] if inputs.test_set_file is not None else []
    scores = [spec.partition("=")[2] for spec in request.scores]
    named = [*inputs.references, *(inputs.systems or []), *local]
    named += [request.source, request.docids, request.human, *scores]
    check_output(request.output, named, option="-o/--output")
    if request.export is not None:
        if Path(request.export).exists() and not Path(request.export).is_dir():
            raise OptionError(
                f"--export names a folder; {request.export} is a file", option="--export"
            )
        for name in EXPORT_NAMES:
            check_output(str(Path(request.export) / name), named, option="--export")


def _inputs(request: ReportRequest) -> ReportInputs:
    if request.refused:
        raise OptionError(f"{request.refused[0]} does not apply to parbleu report")
    _check_output(request)
    _check_files(request)
    texts = read_inputs(request.inputs, None)
    systems = _systems(request, texts)
    encoding = request.inputs.encoding
    source = _optional(request.source, encoding) or texts.source
    docids = _optional(request.docids, encoding) or texts.doc_ids
    # Line counts first, with file names, as the scorer checks them.
    n = len(texts.refs[0])
    columns = ((request.source, source), (request.docids, docids))
    check_counts([(texts.ref_names[0], n), *((path, len(c)) for path, c in columns if path and c)])
    baseline = _system_name(request.baseline) if request.baseline is not None else None
    significance = Significance(
        bootstrap=request.bootstrap, trials=request.trials, seed=request.seed
    )
    settings = ReportSettings(
        source=source,
        docids=docids,
        metrics=_metrics(request),
        scores=_external(request, list(systems), n),
        human=_human(request, list(systems), n),
        baseline=baseline,
        significance=significance,
        reference_names=texts.ref_names,
        title=request.title or f"parbleu report: {', '.join(systems)}",
    )
    return ReportInputs.create(texts.refs, systems, settings)


def run_report(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run ``parbleu report`` with explicit streams; returns the exit code."""
    metrics = command_metrics(argv)
    namespace = build_report_parser(metrics).parse_args(list(argv))
    start = time.perf_counter()

    def progress(message: str) -> None:
        if not namespace.quiet:
            print(f"parbleu report: {time.perf_counter() - start:6.1f} s  {message}", file=stderr)

    def lines() -> list[str]:
        request = report_request(namespace, os.environ, metrics)
        report = build(_inputs(request), progress)
        written = [str(write(request.output, report))]
        if request.export is not None:
            written += [str(path) for path in write_exports(request.export, report)]
        return written

    return emit(lines, stdout, stderr, prog="parbleu report")
