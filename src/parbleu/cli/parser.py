"""Command-line options, named as sacreBLEU 2.6.0 names them, plus parbleu's own."""

from __future__ import annotations

import argparse
from typing import NoReturn

from parbleu._version import __version__
from parbleu.metrics.bleu.options import RefLength, Smoothing, SmoothVariant
from parbleu.tokenizers import TokenizerName

__all__ = ["METRIC_NAMES", "build_parser"]

#: Metrics the command line knows, in the order sacreBLEU prints them.
METRIC_NAMES = ("bleu", "chrf", "ter", "nist")

_DESCRIPTION = """\
Score machine translation output with BLEU (and chrF, TER, NIST), exactly as sacreBLEU does.

  parbleu ref.txt -i system.txt                 corpus BLEU of one system (JSON)
  parbleu ref.A.txt ref.B.txt -i a.txt b.txt -f text   several systems, two references
  cat system.txt | parbleu ref.txt -m bleu chrf ter    hypotheses on standard input
  parbleu demo                                  score the bundled sample
"""


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _bleu_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("BLEU")
    group.add_argument(
        "--smooth-method",
        "-s",
        choices=[m.value for m in Smoothing],
        default=Smoothing.EXP.value,
        help="smoothing of zero precisions (default: %(default)s)",
    )
    group.add_argument(
        "--smooth-variant",
        choices=[v.value for v in SmoothVariant],
        default=SmoothVariant.PAPER.value,
        help="cc4-cc7 as Chen & Cherry (2014) define them, or NLTK's way (default: %(default)s)",
    )
    group.add_argument(
        "--smooth-value",
        "-sv",
        type=float,
        default=None,
        help="value for floor (0.1), add-k (1), cc4/cc7 (K = 5) or cc6 (alpha = 5)",
    )
    group.add_argument(
        "--tokenize",
        "-tok",
        choices=[t.value for t in TokenizerName],
        default=None,
        help="BLEU tokenizer (default: 13a)",
    )
    group.add_argument("--lowercase", "-lc", action="store_true", help="case-insensitive BLEU")
    group.add_argument(
        "--force",
        action="store_true",
        help="do not warn about input that looks tokenized",
    )
    group.add_argument(
        "--max-ngram-order",
        type=_positive_int,
        default=None,
        help="largest n-gram order (default: 4, or the number of --weights)",
    )
    group.add_argument(
        "--weights",
        type=float,
        nargs="+",
        default=None,
        help="positive weights summing to 1, one per n-gram order (default: uniform)",
    )
    group.add_argument(
        "--ref-length",
        choices=[r.value for r in RefLength],
        default=RefLength.CLOSEST.value,
        help="reference length in the brevity penalty (default: %(default)s)",
    )


def _chrf_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("chrF")
    group.add_argument("--chrf-char-order", "-cc", type=_positive_int, default=6)
    group.add_argument("--chrf-word-order", "-cw", type=int, default=0)
    group.add_argument("--chrf-beta", type=int, default=2)
    group.add_argument("--chrf-whitespace", action="store_true")
    group.add_argument("--chrf-lowercase", action="store_true")
    group.add_argument("--chrf-eps-smoothing", action="store_true")


def _ter_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("TER (defaults replicate tercom)")
    group.add_argument("--ter-case-sensitive", action="store_true")
    group.add_argument("--ter-asian-support", action="store_true")
    group.add_argument("--ter-no-punct", action="store_true")
    group.add_argument("--ter-normalized", action="store_true")


def _nist_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("NIST (tokenized with -tok and -lc, as BLEU)")
    group.add_argument("--nist-max-ngram-order", type=_positive_int, default=5)
    group.add_argument(
        "--nist-info-weights",
        choices=["mteval", "paper"],
        default="mteval",
        help="mteval-v13a's weights, its '0'-prefix quirk included, or the formula as written",
    )


def _report_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("reporting")
    group.add_argument("--quiet", "-q", action="store_true", help="no warnings on stderr")
    group.add_argument("--short", "-sh", action="store_true", help="short signatures")
    group.add_argument("--score-only", "-b", action="store_true", help="print only the score")
    group.add_argument("--width", "-w", type=int, default=1, help="decimals (default: 1)")
    group.add_argument(
        "--format",
        "-f",
        choices=["json", "text"],
        default="json",
        help="output format (default: json)",
    )
    group.add_argument("--no-color", "-nc", action="store_true", help="accepted; never colored")


def _non_negative_int(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, got {value}")
    return value


def _block_count(text: str) -> int:
    value = int(text)
    if value < 2:
        raise argparse.ArgumentTypeError(f"the block test needs at least 2 blocks, got {value}")
    return value


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
        type=_positive_int,
        default=1000,
        help="bootstrap resamples for -ci (default: %(default)s)",
    )
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
        type=_positive_int,
        default=10000,
        help="trials of -par (default: %(default)s)",
    )
    group.add_argument(
        "--paired-bs-n",
        "-pbsn",
        type=_positive_int,
        default=1000,
        help="resamples of -pbs (default: %(default)s)",
    )
    group.add_argument(
        "--paired-jobs",
        "-j",
        type=_non_negative_int,
        default=1,
        help="processes for corpus scoring (0: one per core; default: %(default)s); "
        "significance tests run all systems in one pass",
    )
    group.add_argument(
        "--seed",
        default=None,
        help="random seed, or 'none' for fresh entropy (default: $SACREBLEU_SEED, else 12345)",
    )
    group.add_argument(
        "--blocks",
        nargs="?",
        const=20,
        type=_block_count,
        default=None,
        metavar="B",
        help="block t-test of Papineni et al. (2002) on B blocks (default B: 20)",
    )


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line (and exit code 2), not the whole usage."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"parbleu: error: {message} (see parbleu --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``parbleu`` command."""
    parser = _Parser(
        prog="parbleu",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("refs", nargs="*", default=[], help="reference files (before -i)")
    parser.add_argument(
        "--input", "-i", nargs="*", default=None, help="system output files (default: stdin)"
    )
    parser.add_argument(
        "--num-refs",
        "-nr",
        type=_positive_int,
        default=1,
        help="split the single reference file on tabs into this many references",
    )
    parser.add_argument("--encoding", "-e", default="utf-8", help="input encoding")
    parser.add_argument(
        "--metrics",
        "-m",
        nargs="+",
        choices=METRIC_NAMES,
        default=["bleu"],
        help="metrics to compute (default: bleu)",
    )
    parser.add_argument("--sentence-level", "-sl", action="store_true", help="score each segment")
    parser.add_argument("--test-set", "-t", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--language-pair", "-l", default=None, help=argparse.SUPPRESS)
    _bleu_options(parser)
    _chrf_options(parser)
    _ter_options(parser)
    _nist_options(parser)
    _significance_options(parser)
    _report_options(parser)
    parser.add_argument("--version", "-V", action="version", version=f"parbleu {__version__}")
    return parser
