r"""``parbleu report``: one self-contained HTML file with scores, tests and every segment.

    parbleu report ref.A.txt ref.B.txt -i sys/*.txt -o report.html
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
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from parbleu.cli.options import CommandMetrics, Context, build_metrics, command_metrics
from parbleu.cli.parser import build_parser
from parbleu.cli.render import emit
from parbleu.cli.significance import resolve_seed
from parbleu.errors import InputError, OptionError
from parbleu.io.formats import read_segments
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.io.lines import check_parallel, read_lines, split_tab_fields
from parbleu.io.output import check_output
from parbleu.metrics import AnyMetric
from parbleu.report.build import build
from parbleu.report.html import write
from parbleu.report.inputs import DEFAULT_AR_TRIALS, HumanScores, ReportInputs, Significance

__all__ = ["build_report_parser", "run_report"]

_DESCRIPTION = """\
Write one self-contained HTML report: every system with every metric, 95% confidence
intervals, paired bootstrap and approximate randomization tests, significance clusters,
every segment with its n-gram matches, a two-system comparison, documents and human
judgments. See docs/report.md.
"""

#: Options of the main command that mean nothing for a report.
_NOT_FOR_REPORTS = {
    "sentence_level": "-sl/--sentence-level",
    "score_only": "-b/--score-only",
    "blocks": "--blocks",
    "test_set": "-t/--test-set",
    "language_pair": "-l/--language-pair",
    "origlang": "--origlang",
    "subset": "--subset",
    "echo": "--echo",
    "list": "--list",
    "citation": "--citation",
    "download": "--download",
    "detail": "-d/--detail",
}


def build_report_parser(metrics: CommandMetrics | None = None) -> argparse.ArgumentParser:
    """The main command's `CommandParser` (its metric and test options) plus the report's.

    Usage errors are one line naming ``parbleu report`` (exit code 2).
    """
    parser = build_parser(metrics, default_metrics=("bleu", "chrf"))
    parser.prog = "parbleu report"
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
    parser.set_defaults(paired_ar_n=DEFAULT_AR_TRIALS)
    return parser


def _metrics(args: argparse.Namespace) -> list[AnyMetric]:
    """The metrics of ``-m`` with the main command's metric options (`build_metrics`)."""
    return build_metrics(args.metrics, vars(args), Context(jobs=args.paired_jobs or None))


def _significance(args: argparse.Namespace) -> Significance:
    """``-pbsn``, ``-parn`` and the seed as the main command resolves it."""
    seed = resolve_seed(args.seed, os.environ)
    return Significance(bootstrap=args.paired_bs_n, trials=args.paired_ar_n, seed=seed)


def _system_name(path: str) -> str:
    return Path(path).name.removesuffix(".gz").removesuffix(".txt")


def _references(args: argparse.Namespace) -> tuple[list[str], list[list[str]]]:
    if not args.refs:
        raise OptionError(
            "no reference files: parbleu report REF [REF ...] -i SYS [SYS ...] -o FILE"
        )
    if args.num_refs > 1:
        if len(args.refs) > 1:
            raise OptionError("-nr/--num-refs takes one reference file with tab-separated fields")
        streams = split_tab_fields(
            read_segments(args.refs[0], args.encoding), args.num_refs, args.refs[0]
        )
        return [f"{args.refs[0]} (field {k + 1})" for k in range(args.num_refs)], streams
    return list(args.refs), [read_segments(path, args.encoding) for path in args.refs]


def _systems(args: argparse.Namespace) -> dict[str, list[str]]:
    if not args.input:
        raise OptionError("give the system outputs as files: -i SYS [SYS ...]")
    systems: dict[str, list[str]] = {}
    paths: dict[str, str] = {}
    for path in args.input:
        name = _system_name(path)
        if name in systems:
            raise OptionError(f"{paths[name]} and {path} both name system {name!r}")
        systems[name], paths[name] = read_segments(path, args.encoding), path
    return systems


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


def _human(args: argparse.Namespace, systems: Sequence[str], n: int) -> HumanScores | None:
    if args.human is None:
        return None
    label = args.human_name or Path(args.human).stem
    first = read_lines(args.human, args.encoding)[:1]
    if first and len(first[0].rstrip("\r").split("\t")) == 2:
        return HumanScores(
            label, systems=read_system_scores(args.human, args.encoding).scores, source=args.human
        )
    table = _segment_table(args.human, args.encoding, systems, n)
    return HumanScores(label, segments=table, source=args.human)


def _external(
    args: argparse.Namespace, systems: Sequence[str], n: int
) -> dict[str, dict[str, list[float | None]]]:
    out = {}
    for spec in args.scores:
        name, sep, path = spec.partition("=")
        if not sep or not name or not path:
            raise OptionError(f"--scores takes NAME=FILE, got {spec!r}")
        out[name] = _segment_table(path, args.encoding, systems, n)
    return out


def _check_output(args: argparse.Namespace) -> None:
    """The report's file: named, and not one of the inputs (writing would destroy it)."""
    scores = [spec.partition("=")[2] for spec in args.scores]
    named = [*args.refs, *(args.input or []), args.src, args.docids, args.human, *scores]
    check_output(args.output, named, option="-o/--output")


def _inputs(args: argparse.Namespace) -> ReportInputs:
    for dest, flag in _NOT_FOR_REPORTS.items():
        if getattr(args, dest):
            raise OptionError(f"{flag} does not apply to parbleu report")
    _check_output(args)
    ref_names, refs = _references(args)
    systems = _systems(args)
    source, docids = _optional(args.src, args.encoding), _optional(args.docids, args.encoding)
    # Line counts first, with file names, as the scorer checks them.
    named = [*zip(ref_names, refs, strict=True), *zip(args.input, systems.values(), strict=True)]
    named += [(path, lines) for path, lines in ((args.src, source), (args.docids, docids)) if lines]
    check_parallel(named)
    n = len(refs[0])
    baseline = _system_name(args.baseline) if args.baseline is not None else None
    return ReportInputs.create(
        refs,
        systems,
        source=source,
        docids=docids,
        metrics=_metrics(args),
        scores=_external(args, list(systems), n),
        human=_human(args, list(systems), n),
        baseline=baseline,
        significance=_significance(args),
        reference_names=ref_names,
        title=args.title or f"parbleu report: {', '.join(systems)}",
    )


def run_report(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run ``parbleu report`` with explicit streams; returns the exit code."""
    args = build_report_parser(command_metrics(argv)).parse_args(list(argv))
    start = time.perf_counter()

    def progress(message: str) -> None:
        if not args.quiet:
            print(f"parbleu report: {time.perf_counter() - start:6.1f} s  {message}", file=stderr)

    def lines() -> list[str]:
        report = build(_inputs(args), progress)
        return [str(write(args.output, report))]

    return emit(lines, stdout, stderr, prog="parbleu report")
