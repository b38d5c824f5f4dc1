"""The report of the sample bundled with parbleu (what ``parbleu demo`` ends with)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from parbleu.report.build import build
from parbleu.report.html import write
from parbleu.report.inputs import ReportInputs

__all__ = ["SAMPLE_FILE", "write_sample_report"]

#: File name of the sample report.
SAMPLE_FILE = "parbleu-demo-report.html"

_REFERENCES = ("ref.A.txt", "ref.B.txt")
_SYSTEMS = ("system-strong.txt", "system-fair.txt", "system-weak.txt")


def _lines(name: str) -> list[str]:
    text = (resources.files("parbleu") / "sample" / name).read_text(encoding="utf-8")
    return text.splitlines()


def write_sample_report(directory: str | Path) -> Path:
    """Write the report of the bundled sample (BLEU, chrF, TER, NIST) into `directory`."""
    inputs = ReportInputs.create(
        [_lines(name) for name in _REFERENCES],
        {name.removesuffix(".txt"): _lines(name) for name in _SYSTEMS},
        metrics=("bleu", "chrf", "ter", "nist"),
        reference_names=[name.removesuffix(".txt") for name in _REFERENCES],
        title="parbleu demo: the bundled sample",
    )
    return write(Path(directory) / SAMPLE_FILE, build(inputs))
