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

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from parbleu.cli.meta.inputs import StudyInputs, read_study_inputs
from parbleu.cli.meta.request import MetaRequest
from parbleu.cli.options import METRIC_NAMES, Context, build_metrics
from parbleu.errors import OptionError
from parbleu.io.output import check_output
from parbleu.meta.references import ReferenceStudy, draw_one_reference, reference_study

__all__ = ["MIXED", "check_study_options", "run_study"]

#: The setting with one reference drawn at random for each segment.
MIXED = "mixed"


def _not_for_study(request: MetaRequest) -> list[str]:
    """The options given that have no meaning in a reference study."""
    human = request.human
    options = (
        (human.system_file, "--human"),
        (human.segment_file, "--human-seg"),
        (human.name, "--human-name"),
        (request.external, "--external"),
        (request.allow_missing, "--allow-missing"),
        (request.strict, "--strict"),
    )
    return [flag for value, flag in options if value]


def check_study_options(request: MetaRequest) -> None:
    """Refuse what a reference study cannot use, before any file is read."""
    given = _not_for_study(request)
    if given:
        raise OptionError(
            f"--reference-study compares rankings of systems under different references; it "
            f"takes no human or external scores: leave out {', '.join(given)}"
        )
    if request.plot and Path(request.plot).suffix.lower() not in (".svg", ".png"):
        raise OptionError(f"{request.plot}: plots are written as .svg or .png")
    if request.plot is not None:
        named = [*request.texts.refs, *request.texts.systems]
        check_output(request.plot, named, option="--plot")


def run_study(
    request: MetaRequest, settings: Mapping[str, Any], default_metrics: tuple[str, ...]
) -> tuple[StudyInputs, list[ReferenceStudy]]:
    """Read the files and run the study for every metric of ``-m`` (options: `settings`)."""
    check_study_options(request)
    inputs = read_study_inputs(request.texts)
    names = request.metrics or [m for m in default_metrics if m in METRIC_NAMES]
    metrics = build_metrics(names, settings, Context())
    others = {}
    if request.mixed_reference:
        others[MIXED] = draw_one_reference(inputs.references, request.seed)
    studies = [
        reference_study(metric, inputs.systems, inputs.references, others=others)
        for metric in metrics
    ]
    return inputs, studies
