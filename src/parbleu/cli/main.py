"""The ``parbleu`` command: parse, score, print. Errors are one line, never a traceback.

Subcommands (``demo``, ``meta``, ``report``, ``replicate``, ``mbr``, ``serve``) import their
own modules when named, and scoring imports only the metrics it is asked for, so the command
starts quickly.

Exit codes: 0 success, 1 bad data (missing file, line counts, encoding, empty input),
2 usage (unknown or invalid options).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import BinaryIO, TextIO

from parbleu.cli.options import CommandMetrics, command_metrics
from parbleu.cli.parser import build_parser
from parbleu.cli.progress import Progress
from parbleu.cli.render import emit
from parbleu.cli.requests import ScoreRequest, score_request
from parbleu.cli.scoring import score
from parbleu.cli.testsets.options import wants_query

__all__ = ["main", "run"]


def run(  # noqa: PLR0911 (one return per subcommand)
    argv: Sequence[str], stdin: BinaryIO | None, stdout: TextIO, stderr: TextIO
) -> int:
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
    if list(argv[:1]) == ["replicate"]:
        from parbleu.cli.replicate import run_replicate  # noqa: PLC0415

        return run_replicate(list(argv[1:]), stdout, stderr)
    if list(argv[:1]) == ["mbr"]:
        from parbleu.cli.mbr import run_mbr  # noqa: PLC0415

        return run_mbr(list(argv[1:]), stdin, stdout, stderr)
    if list(argv[:1]) == ["serve"]:
        from parbleu.cli.serve import run_serve  # noqa: PLC0415

        return run_serve(list(argv[1:]), stdout, stderr)
    metrics = command_metrics(argv)
    namespace = _parse(argv, metrics)

    def produce() -> list[str]:
        request = score_request(namespace, os.environ, metrics)
        if wants_query(request.inputs.test_set):
            return _query(request, stderr)
        output = request.output
        progress = Progress.for_command(output.progress, stderr, quiet=output.quiet)
        try:
            return score(request, stdin, stderr, progress=progress)
        finally:
            progress.done()

    return emit(produce, stdout, stderr, prog="parbleu")


def _query(request: ScoreRequest, stderr: TextIO) -> list[str]:
    """``--echo``, ``--list``, ``--citation`` or ``--download``: about test sets, no scores."""
    test_set, local = request.inputs.test_set, request.inputs.test_set_file
    if local is not None and (test_set.echo or test_set.list):
        from parbleu.cli.local import local_query_lines  # noqa: PLC0415

        return local_query_lines(request.inputs, local)
    from parbleu.cli.testsets.context import test_set_context  # noqa: PLC0415
    from parbleu.cli.testsets.queries import query_lines  # noqa: PLC0415

    return query_lines(test_set, test_set_context(test_set, stderr))


def _parse(argv: Sequence[str], metrics: CommandMetrics) -> argparse.Namespace:
    """The options; ``$SACREBLEU_FORMAT`` (json, text, latex) is the default of ``-f``."""
    parser = build_parser(metrics)
    environment_format = os.environ.get("SACREBLEU_FORMAT", "").lower()
    if environment_format in ("json", "text", "latex"):
        parser.set_defaults(format=environment_format)
    return parser.parse_args(list(argv))


def main(argv: Sequence[str] | None = None) -> int:
    """The command line with these arguments (``sys.argv`` by default); returns the exit code.

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
