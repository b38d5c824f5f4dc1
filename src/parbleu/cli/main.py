"""The ``parbleu`` command: read files, score, print. Errors are one line, never a traceback.

Exit codes: 0 success, 1 bad data (missing file, line counts, encoding, empty input),
2 usage (unknown or invalid options).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO, TextIO

from parbleu.cli.options import Context, build_metrics
from parbleu.cli.parser import build_parser
from parbleu.cli.render import corpus_lines, emit, sentence_lines, system_table
from parbleu.cli.significance import significance_lines, wants_significance
from parbleu.errors import InputError, OptionError
from parbleu.io.formats import read_segments
from parbleu.io.lines import (
    READ_ERRORS,
    check_parallel,
    decode_lines,
    read_error,
    split_tab_fields,
)
from parbleu.metrics.base import AnyMetric
from parbleu.references import ReferenceSet
from parbleu.scaling.processes import parallel_chunked_statistics

__all__ = ["Inputs", "main", "read_inputs", "run", "score"]

#: sacreBLEU warns about tokenized input when this many lines end in " .".
_TOKENIZED_LINES = 100


def _references(args: argparse.Namespace) -> tuple[list[str], list[list[str]]]:
    """Names and streams of the references."""
    if args.test_set or args.language_pair:
        raise OptionError(
            "parbleu does not download test sets (-t/-l); give reference files instead"
        )
    if not args.refs:
        raise OptionError(
            "no reference files: give them before -i, as in: parbleu REF [REF ...] -i HYP"
        )
    if args.num_refs > 1:
        if len(args.refs) > 1:
            raise OptionError("-nr/--num-refs takes one reference file with tab-separated fields")
        lines = read_segments(args.refs[0], args.encoding)
        streams = split_tab_fields(lines, args.num_refs, args.refs[0])
        return [f"{args.refs[0]} (field {k + 1})" for k in range(args.num_refs)], streams
    return list(args.refs), [read_segments(path, args.encoding) for path in args.refs]


def _stdin_systems(
    args: argparse.Namespace, stdin: BinaryIO | None
) -> tuple[list[str], list[list[str]]]:
    """Systems as tab-separated columns of standard input (sacreBLEU's convention)."""
    if stdin is None:
        raise InputError(
            "standard input is closed: give the system output files with -i FILE [FILE ...]"
        )
    try:
        data = stdin.read()
    except READ_ERRORS as exc:
        raise read_error("standard input", exc) from None
    lines = decode_lines(data, "standard input", args.encoding)
    if not lines:
        raise InputError("standard input is empty: nothing to score")
    width = len(lines[0].rstrip().split("\t"))
    columns: list[list[str]] = [[] for _ in range(width)]
    for number, line in enumerate(lines, start=1):
        fields = line.rstrip().split("\t")
        if len(fields) != width:
            raise InputError(
                f"standard input: line {number} has {len(fields)} tab-separated fields, "
                f"line 1 has {width}"
            )
        for column, field in zip(columns, fields, strict=True):
            column.append(field.rstrip())
    return [f"System {i + 1}" for i in range(width)], columns


def _systems(args: argparse.Namespace, stdin: BinaryIO | None) -> tuple[list[str], list[list[str]]]:
    """Names and lines of the systems: files given to -i, or columns of standard input."""
    if args.input is None or args.input == ["-"]:
        return _stdin_systems(args, stdin)
    if not args.input:
        raise OptionError("-i/--input needs at least one file")
    if len(set(args.input)) != len(args.input):
        duplicate = next(p for p in args.input if args.input.count(p) > 1)
        raise OptionError(f"{duplicate} is given twice to -i")
    return list(args.input), [read_segments(path, args.encoding) for path in args.input]


@dataclass(frozen=True)
class Inputs:
    """The texts a command scores: named reference streams and named systems, checked."""

    ref_names: list[str]
    refs: list[list[str]]
    names: list[str]
    systems: list[list[str]]

    def __post_init__(self) -> None:
        named = [
            *zip(self.ref_names, self.refs, strict=True),
            *zip(self.names, self.systems, strict=True),
        ]
        for name, lines in named:
            if not lines:
                raise InputError(f"{name} is empty: nothing to score")
        check_parallel(named)


def read_inputs(args: argparse.Namespace, stdin: BinaryIO | None) -> Inputs:
    """The references and systems the options name (systems on stdin without -i)."""
    ref_names, refs = _references(args)
    names, systems = _systems(args, stdin)
    return Inputs(ref_names, refs, names, systems)


def _warn_tokenized(args: argparse.Namespace, systems: list[list[str]], stderr: TextIO) -> None:
    tokenize = getattr(args, "tokenize", None)
    if args.force or args.quiet or "bleu" not in args.metrics or tokenize == "none":
        return
    for lines in systems:
        if sum(line.endswith(" .") for line in lines) >= _TOKENIZED_LINES:
            print(
                "parbleu: warning: 100 or more lines end in ' .': the output looks tokenized; "
                "BLEU expects detokenized text (use --force to silence this)",
                file=stderr,
            )
            return


def score(args: argparse.Namespace, inputs: Inputs, stderr: TextIO) -> list[str]:
    """The lines the command prints for these options and inputs."""
    names, refs, systems = inputs.names, inputs.refs, inputs.systems
    _warn_tokenized(args, systems, stderr)
    jobs = args.paired_jobs or os.cpu_count() or 1
    context = Context(sentence_level=args.sentence_level, jobs=jobs)
    workers = build_metrics(args.metrics, args, context)  # without references: for workers
    reference_set = ReferenceSet(tuple(tuple(stream) for stream in refs))
    metrics = [metric.with_prepared(metric.prepare(reference_set)) for metric in workers]
    if wants_significance(args):
        return significance_lines(args, metrics, names, systems, os.environ)
    style: dict[str, Any] = {"width": args.width, "short": args.short}
    if args.sentence_level:
        if len(systems) > 1:
            raise OptionError(f"sentence-level mode scores one system; got {len(systems)}")
        return sentence_lines(
            _sentence_scores(metrics, systems[0]),
            fmt=args.format,
            score_only=args.score_only,
            **style,
        )

    def corpus_score(index: int, lines: list[str]) -> Any:
        metric = metrics[index]
        # A metric that cannot be chunked (NIST) or whose sums depend on their order (TER,
        # which spreads its own work over `jobs` processes) scores the corpus in one piece.
        if jobs == 1 or metric.chunk_refusal is not None or not metric.sums_in_any_order:
            return metric.corpus_score(lines)
        totals = parallel_chunked_statistics(workers[index], lines, refs, jobs=jobs).totals
        return metric.score_totals(totals, metric.signature())

    if len(systems) == 1:
        # sacreBLEU prints the metrics of one system in the order of their names.
        order = sorted(range(len(metrics)), key=lambda i: metrics[i].name.upper())
        single = [corpus_score(i, systems[0]) for i in order]
        return corpus_lines(single, fmt=args.format, score_only=args.score_only, **style)
    scores = [[corpus_score(i, lines) for i in range(len(metrics))] for lines in systems]
    return system_table(names, scores, fmt=args.format, **style)


def _sentence_scores(metrics: list[AnyMetric], lines: list[str]) -> list[tuple[Any, ...]]:
    """The scores of each segment, one per metric in the order given."""
    per_metric = []
    for metric in metrics:
        signature = metric.signature()
        rows = metric.statistics(lines).values
        per_metric.append([metric.score_totals(row, signature) for row in rows])
    return list(zip(*per_metric, strict=True))


def run(argv: Sequence[str], stdin: BinaryIO | None, stdout: TextIO, stderr: TextIO) -> int:
    """Run the command with explicit streams; returns the exit code."""
    if list(argv[:1]) == ["demo"]:
        from parbleu.cli.demo import run_demo  # noqa: PLC0415 (a subcommand's own imports)

        return run_demo(list(argv[1:]), stdout, stderr)
    if list(argv[:1]) == ["meta"]:
        from parbleu.cli.meta import run_meta  # noqa: PLC0415

        return run_meta(list(argv[1:]), stdout, stderr)
    if list(argv[:1]) == ["report"]:
        from parbleu.cli.report import run_report  # noqa: PLC0415

        return run_report(list(argv[1:]), stdout, stderr)
    args = build_parser().parse_args(list(argv))
    return emit(
        lambda: score(args, read_inputs(args, stdin), stderr), stdout, stderr, prog="parbleu"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``parbleu`` console script and ``python -m parbleu``.

    A closed standard input is empty only if it is needed; a closed standard error sends the
    error to standard output; a closed or full standard output is an error (exit code 1).
    """
    stdout, stderr = sys.stdout, sys.stderr or sys.stdout
    if stdout is None:
        if stderr is not None:
            print("parbleu: error: standard output is closed: nowhere to write", file=stderr)
        return 1
    stdin = sys.stdin.buffer if sys.stdin is not None else None
    try:
        code = run(sys.argv[1:] if argv is None else argv, stdin, stdout, stderr)
        stdout.flush()
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly.
        _silence_stdout()
        return 0
    except OSError as exc:  # a full disk or /dev/full
        _silence_stdout()
        print(f"parbleu: error: cannot write to standard output: {exc.strerror}", file=stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return code


def _silence_stdout() -> None:
    """Keep Python from writing (and failing) again when it flushes stdout at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
