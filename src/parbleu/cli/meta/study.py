r"""``parbleu meta --reference-study``: does the ranking hold with one reference?

    parbleu meta --reference-study --refs ref.A.txt ref.C.txt ref.D.txt --systems sys/*.txt \\
        -m bleu chrf [--mixed-reference --seed 12345] [--plot references.svg] [-f json]

Every system is scored with each reference alone and with all of them (and, with
``--mixed-reference``, with one reference drawn at random per segment, the paper's
simulation); each ranking is compared with the all-references ranking and the single
references with each other (`parbleu.meta.references`). References are named, as systems,
by their file names without ``.txt`` (and ``.gz``).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from parbleu.cli.meta.inputs import StudyInputs, read_study_inputs
from parbleu.cli.options import METRIC_NAMES, Context, build_metrics
from parbleu.errors import OptionError
from parbleu.io.output import check_output
from parbleu.meta.references import ReferenceStudy, draw_one_reference, reference_study

__all__ = ["MIXED", "check_study_options", "run_study"]

#: The setting with one reference drawn at random for each segment.
MIXED = "mixed"

#: Options of ``parbleu meta`` that have no meaning in a reference study.
_NOT_FOR_STUDY = {
    "human": "--human",
    "human_seg": "--human-seg",
    "human_name": "--human-name",
    "external": "--external",
    "allow_missing": "--allow-missing",
    "strict": "--strict",
}


def check_study_options(args: argparse.Namespace) -> None:
    """Refuse what a reference study cannot use, before any file is read."""
    given = [flag for dest, flag in _NOT_FOR_STUDY.items() if getattr(args, dest)]
    if given:
        raise OptionError(
            f"--reference-study compares rankings of systems under different references; it "
            f"takes no human or external scores: leave out {', '.join(given)}"
        )
    if args.plot and Path(args.plot).suffix.lower() not in (".svg", ".png"):
        raise OptionError(f"{args.plot}: plots are written as .svg or .png")
    if args.plot is not None:
        named = [*args.refs, *args.systems]
        check_output(args.plot, named, option="--plot")


def run_study(
    args: argparse.Namespace, settings: Mapping[str, Any], default_metrics: tuple[str, ...]
) -> tuple[StudyInputs, list[ReferenceStudy]]:
    """Read the files and run the study for every metric of ``-m`` (options: `settings`)."""
    check_study_options(args)
    inputs = read_study_inputs(args)
    names = args.metrics or [m for m in default_metrics if m in METRIC_NAMES]
    metrics = build_metrics(names, settings, Context())
    others = {}
    if args.mixed_reference:
        others[MIXED] = draw_one_reference(inputs.references, args.seed)
    studies = [
        reference_study(metric, inputs.systems, inputs.references, others=others)
        for metric in metrics
    ]
    return inputs, studies
