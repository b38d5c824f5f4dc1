"""Command-line options, named as sacreBLEU 2.6.0 names them, plus parbleu's own.

The metric options come from `parbleu.cli.options` (declared once, next to the options
dataclasses); this module adds the inputs, the significance tests and the output settings.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from parbleu._version import __version__
from parbleu.cli.options import (
    MAX_WIDTH,
    CommandMetrics,
    add_metric_options,
    command_metrics,
    integer,
)
from parbleu.cli.testsets.options import add_test_set_options
from parbleu.defaults import DEFAULT_SEED
from parbleu.io.formats import Format

__all__ = ["CommandParser", "build_parser"]

_DESCRIPTION = """\
Score machine translation output with BLEU (and chrF, TER, NIST), exactly as sacreBLEU does;
ROUGE (-m rouge) as rouge_score and METEOR (-m meteor) as NLTK compute them.

  parbleu ref.txt -i system.txt                 corpus BLEU of one system (JSON)
  parbleu ref.A.txt ref.B.txt -i a.txt b.txt -f text   several systems, two references
  parbleu -t wmt17 -l en-de -i system.txt       a test set in sacreBLEU's cache (offline)
  parbleu --test-set-file wmttest2023.xml       every system of a local test-set file
  cat system.txt | parbleu ref.txt -m bleu chrf ter    hypotheses on standard input
  parbleu demo                                  score the bundled sample
  parbleu meta --refs ... --systems ... --human ...    correlation with human judgments
  parbleu report REF -i A.txt B.txt -o report.html     one offline HTML report
  parbleu replicate --data DIR                  the paper's analyses on WMT21
  parbleu mbr samples.jsonl                     MBR: a candidate per source
  parbleu serve --port 8000                     rewards and scores over HTTP
"""


class CommandParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2), not the whole usage."""

    def error(self, message: str) -> NoReturn:
        """Print ``PROG: error: MESSAGE (see PROG --help)`` and exit with code 2.

        The message goes to standard error, or to standard output when standard error is
        closed.
        """
        text = f"{self.prog}: error: {message} (see {self.prog} --help)\n"
        self._print_message(text, sys.stderr or sys.stdout)
        raise SystemExit(2)


class _HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's formatter, told the terminal's width as `shutil.get_terminal_size` tells it.

    argparse makes a formatter for every option added and imports `shutil` to ask the width,
    which brings `bz2`, `lzma` and `fnmatch` into every run (1.5 ms of the command's start).
    """

    def __init__(self, prog: str) -> None:
        super().__init__(prog, width=_terminal_columns() - 2)


def _terminal_columns() -> int:
    """``$COLUMNS`` if a positive number, else standard output's terminal width, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        columns = 0
    return columns or 80


def _significance_options(parser: argparse.ArgumentParser) -> None:
    """The confidence interval and paired test options of sacreBLEU, --seed and --blocks."""
    group = parser.add_argument_group(
        "confidence intervals and significance tests (docs/significance.md)"
    )
    group.add_argument(
        "--confidence", "-ci", action="store_true", help="bootstrap 95%% CI of one system"
    )
    group.add_argument(
        "--confidence-n",
        "-cin",
        type=integer(minimum=1),
        default=1000,
        help="bootstrap resamples for -ci (default: %(default)s)",
    )
    _paired_options(group)
    group.add_argument(
        "--seed",
        default=None,
        help="random seed, or 'none' for fresh entropy (default: $SACREBLEU_SEED, else "
        f"{DEFAULT_SEED})",
    )
    group.add_argument(
        "--blocks",
        nargs="?",
        const=20,
        type=integer(minimum=2),
        default=None,
        metavar="B",
        help="block t-test of Papineni et al. (2002) on B blocks (default B: 20)",
    )
    group.add_argument(
        "--scores",
        action="extend",
        nargs="+",
        default=[],
        metavar="NAME=TSV",
        help="segment scores computed elsewhere (COMET, human: system<TAB>seg_id<TAB>score), "
        "tested beside -m; repeatable",
    )


def _paired_options(group: argparse._ArgumentGroup) -> None:
    """-pbs and -par, their sample counts, and -j."""
    paired = group.add_mutually_exclusive_group()
    paired.add_argument(
        "--paired-ar",
        "-par",
        action="store_true",
        help="paired approximate randomization of each system against the first",
    )
    paired.add_argument(
        "--paired-bs",
        "-pbs",
        action="store_true",
        help="paired bootstrap resampling of each system against the first",
    )
    group.add_argument(
        "--paired-ar-n",
        "-parn",
        type=integer(minimum=1),
        default=10000,
        help="trials of -par (default: %(default)s)",
    )
    group.add_argument(
        "--paired-bs-n",
        "-pbsn",
        type=integer(minimum=1),
        default=1000,
        help="resamples of -pbs (default: %(default)s)",
    )
    group.add_argument(
        "--paired-jobs",
        "-j",
        type=integer(minimum=0),
        default=0,
        help="processes for scoring (default 0: one per core this process may use; work of "
        "one chunk, 10,000 lines, stays in this process); significance tests run all "
        "systems in one pass",
    )


def _local_test_set_options(parser: argparse.ArgumentParser) -> None:
    """``--test-set-file`` and the choice of its streams (`parbleu.cli.local`)."""
    group = parser.add_argument_group(
        "local test-set files: WMT XML, SGML, JSON Lines, TSV, Parquet, Arrow (docs/cli.md)"
    )
    add = group.add_argument
    add(
        "--test-set-file",
        default=None,
        metavar="FILE",
        help="score the references and systems of a test-set file (-i FILE ...: other "
        "systems against its references); --echo FIELD and --list read it too; "
        "--origlang, --subset and -d use its documents",
    )
    add(
        "--test-set-format",
        choices=[f.value for f in Format],
        default=None,
        help="the format of --test-set-file (default: told from its name and content)",
    )
    add(
        "--test-set-refs",
        nargs="+",
        default=None,
        metavar="NAME",
        help="the references of --test-set-file to score against (default: all; ref:A ...)",
    )
    add(
        "--test-set-systems",
        nargs="+",
        default=None,
        metavar="NAME",
        help="the systems of --test-set-file to score (default: all)",
    )


def _report_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("reporting")
    group.add_argument("--quiet", "-q", action="store_true", help="no warnings on stderr")
    group.add_argument(
        "--force", action="store_true", help="do not warn about input that looks tokenized"
    )
    group.add_argument("--short", "-sh", action="store_true", help="short signatures")
    group.add_argument("--score-only", "-b", action="store_true", help="print only the score")
    group.add_argument(
        "--width",
        "-w",
        type=integer(minimum=0, maximum=MAX_WIDTH),
        default=1,
        help=f"decimals, 0 to {MAX_WIDTH} (default: 1)",
    )
    group.add_argument(
        "--format",
        "-f",
        choices=["json", "text", "latex", "markdown", "csv"],
        default="json",
        help="output format; latex: sacreBLEU's table of several systems; markdown: "
        "--paper-table only; csv: --paper-table, or -sl's segment scores (default: json, or "
        "$SACREBLEU_FORMAT)",
    )
    group.add_argument(
        "--table-style",
        choices=["parbleu", "sacrebleu"],
        default="parbleu",
        help="text table of -pbs/-par: parbleu's, or sacreBLEU's grid and notes, as its "
        "scripts parse them (default: parbleu)",
    )
    group.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress on standard error when it is a terminal (default: unless -q)",
    )
    group.add_argument("--no-color", "-nc", action="store_true", help="accepted; never colored")


def _paper_table_option(parser: argparse.ArgumentParser) -> None:
    """``--paper-table``: the WMT-style table of every system (docs/significance.md)."""
    group = parser.add_argument_group("paper table (docs/significance.md)")
    group.add_argument(
        "--paper-table",
        action="store_true",
        help="every system ranked in significance clusters of every pair (-pbs, the default, "
        "or -par) with 95%% intervals, per metric, named by file stem; -f text, latex "
        "(booktabs), markdown, csv or json",
    )


def _side_by_side_options(parser: argparse.ArgumentParser) -> None:
    """``--sort-by-difference`` of ``-sl`` with several systems (`parbleu.cli.side_by_side`)."""
    parser.add_argument(
        "--sort-by-difference",
        action="store_true",
        help="-sl with several systems: segments worst first by the second system's "
        "difference against the first in the first metric",
    )


def build_parser(
    metrics: CommandMetrics | None = None, *, default_metrics: Sequence[str] = ("bleu",)
) -> argparse.ArgumentParser:
    """The argument parser of the ``parbleu`` command (`metrics`: every metric installed)."""
    metrics = metrics or command_metrics()
    parser = CommandParser(
        prog="parbleu",
        description=_DESCRIPTION,
        formatter_class=_HelpFormatter,
    )
    parser.add_argument("refs", nargs="*", default=[], help="reference files (before -i)")
    parser.add_argument(
        "--input", "-i", nargs="*", default=None, help="system output files (default: stdin)"
    )
    parser.add_argument(
        "--num-refs",
        "-nr",
        type=integer(minimum=1),
        default=1,
        help="split the single reference file on tabs into this many references",
    )
    parser.add_argument("--encoding", "-e", default="utf-8", help="input encoding")
    parser.add_argument(
        "--input-format",
        choices=["auto", "text"],
        default="auto",
        help="auto: plain text, one segment per line, refusing a file that is JSON Lines, WMT "
        "XML or SGML; text: every line a segment whatever it holds (JSON outputs) "
        "(default: auto)",
    )
    parser.add_argument(
        "--metrics",
        "-m",
        nargs="+",
        choices=metrics.names,
        default=list(default_metrics),
        help=f"metrics to compute (default: {' '.join(default_metrics)})",
    )
    parser.add_argument("--sentence-level", "-sl", action="store_true", help="score each segment")
    _side_by_side_options(parser)
    add_metric_options(parser, metrics)
    add_test_set_options(parser)
    _local_test_set_options(parser)
    _significance_options(parser)
    _report_options(parser)
    _paper_table_option(parser)
    parser.add_argument("--version", "-V", action="version", version=f"parbleu {__version__}")
    return parser
