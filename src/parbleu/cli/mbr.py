"""``parbleu mbr``: minimum Bayes risk selection for every source of a candidates file.

    parbleu mbr samples.jsonl                          # one chosen candidate a line
    parbleu mbr samples.tsv --metric bleu --method aggregate -j 2
    parbleu mbr samples.jsonl --top-k 4 --output-format jsonl --weights logprob -o best.jsonl

Candidates come from JSONL or TSV (`parbleu.cli.mbr_input`), grouped by source id; each
group's candidates are its own pseudo-references. The choices are written in the order the
sources first appear: text (one chosen candidate a line) or JSONL (source id, index,
candidate, expected utility and the top-k list). Groups are decided in ``-j`` processes, or
on Dask with ``--dask`` (one group per task). The namespace is read once into a frozen
`MbrRequest`. Exit codes: 0 success, 1 bad data, 2 usage.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO, TextIO

from parbleu.cli.mbr_input import CandidateFields, read_candidates
from parbleu.cli.metric_option import metric_option
from parbleu.cli.options import integer, number
from parbleu.cli.parser import CommandParser
from parbleu.cli.render import emit
from parbleu.errors import OptionError
from parbleu.io.json_output import json_text
from parbleu.io.output import check_output, write_output
from parbleu.options import Choice, coerce_enum
from parbleu.pairwise.groups import MbrSettings, select_groups
from parbleu.pairwise.plan import plan
from parbleu.pairwise.pruning import PruningOptions

__all__ = ["MbrRequest", "build_mbr_parser", "mbr_request", "run_mbr"]


class OutputFormat(Choice):
    """What ``parbleu mbr`` writes."""

    TEXT = "text"
    JSONL = "jsonl"


@dataclass(frozen=True)
class MbrRequest:
    """Everything ``parbleu mbr`` was asked, converted once."""

    candidates: str
    input_format: str
    fields: tuple[str, str, str]
    settings: MbrSettings
    output: str | None
    output_format: OutputFormat
    jobs: int
    dask: bool


def build_mbr_parser() -> argparse.ArgumentParser:
    """Options of ``parbleu mbr``."""
    parser = CommandParser(
        prog="parbleu mbr",
        description="Choose a candidate per source by minimum Bayes risk (expected utility "
        "against the other candidates). See docs/training.md.",
        allow_abbrev=False,
    )
    add = parser.add_argument
    add("candidates", help="JSONL or TSV file of candidates (- for standard input)")
    add("--format", choices=["auto", "jsonl", "tsv"], default="auto", help="input (auto: by name)")
    add("--id-field", default="id", help="JSONL field of the source id (id)")
    add("--candidate-field", default="candidate", help="JSONL field of the candidate")
    add("--logprob-field", default="logprob", help="JSONL field of the log-probability")
    add("--metric", "-m", default="chrf", help="utility: chrf, chrf++, bleu, ter (chrf)")
    add("--option", action="append", default=[], metavar="NAME=VALUE", help="a metric option")
    add("--method", choices=["exact", "aggregate", "pruning"], default="exact", help="(exact)")
    add("--weights", choices=["uniform", "logprob"], default="uniform", help="(uniform)")
    add("--top-k", type=integer(minimum=1), default=1, help="candidates listed in JSONL (1)")
    add("--alpha", type=number(minimum=0), default=0.99, help="pruning confidence (0.99)")
    add("--resamples", type=integer(minimum=1), default=500, help="pruning bootstrap (500)")
    add("--seed", type=integer(minimum=0), default=0, help="pruning seed (0)")
    add("--output", "-o", default=None, help="write here (default: standard output)")
    add("--output-format", choices=["text", "jsonl"], default="text", help="(text)")
    add("--jobs", "-j", type=integer(minimum=1), default=1, help="processes across groups (1)")
    add("--dask", action="store_true", help="decide groups on Dask, one group per task")
    return parser


def _input_format(path: str, given: str) -> str:
    if given != "auto":
        return given
    if path.endswith((".jsonl", ".json", ".jsonl.gz")):
        return "jsonl"
    if path.endswith((".tsv", ".tsv.gz", ".txt")):
        return "tsv"
    raise OptionError(
        f"cannot tell the format of {path!r} from its name: give --format jsonl or tsv",
        option="format",
    )


def mbr_request(args: argparse.Namespace) -> MbrRequest:
    """The namespace as an `MbrRequest` (the only place that reads it)."""
    options = dict(metric_option(o) for o in args.option)
    plan(args.metric, options)  # an unknown metric or option is a usage error now
    pruning = PruningOptions(alpha=args.alpha, resamples=args.resamples, seed=args.seed)
    settings = MbrSettings(args.metric, options, args.method, args.top_k, args.weights, pruning)
    return MbrRequest(
        candidates=args.candidates,
        input_format=_input_format(args.candidates, args.format),
        fields=(args.id_field, args.candidate_field, args.logprob_field),
        settings=settings,
        output=args.output,
        output_format=coerce_enum(OutputFormat, args.output_format, "output_format"),
        jobs=args.jobs,
        dask=args.dask,
    )


def _lines(choices: Sequence[Any], output_format: OutputFormat) -> list[str]:
    if output_format is OutputFormat.TEXT:
        return [choice.candidate for choice in choices]
    return [
        json_text(
            {
                "id": choice.source,
                "index": choice.index,
                "candidate": choice.candidate,
                "utility": choice.utility,
                "top": [
                    {"index": r.index, "candidate": r.candidate, "utility": r.utility}
                    for r in choice.top
                ],
            }
        )
        for choice in choices
    ]


def run_mbr(argv: Sequence[str], stdin: BinaryIO | None, stdout: TextIO, stderr: TextIO) -> int:
    """Run ``parbleu mbr`` with explicit streams; returns the exit code."""
    args = build_mbr_parser().parse_args(list(argv))

    def produce() -> list[str]:
        request = mbr_request(args)
        fields = CandidateFields(*request.fields)
        groups = read_candidates(request.candidates, request.input_format, fields, stdin)
        if request.dask:
            from parbleu.pairwise.dask import select_on_dask  # noqa: PLC0415

            choices = select_on_dask(groups, request.settings)
        else:
            choices = select_groups(groups, request.settings, jobs=request.jobs)
        lines = _lines(choices, request.output_format)
        if request.output is None:
            return lines
        check_output(request.output, [request.candidates], option="-o/--output")
        write_output(request.output, "".join(f"{line}\n" for line in lines))
        return []

    return emit(produce, stdout, stderr, prog="parbleu mbr")
