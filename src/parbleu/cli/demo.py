"""``parbleu demo``: score the sample bundled with the package.

The sample (``parbleu/sample``) is text written for parbleu: 30 English segments with two
references each and three systems of different quality. The demo runs the ordinary command
line on it, so it shows exactly what ``parbleu REF ... -i SYSTEM ...`` prints.
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import BinaryIO, TextIO

from parbleu.cli.metrics import available_metrics

__all__ = ["SAMPLE_SYSTEMS", "run_demo"]

SAMPLE_REFERENCES = ("ref.A.txt", "ref.B.txt")
SAMPLE_SYSTEMS = ("system-strong.txt", "system-fair.txt", "system-weak.txt")


Runner = Callable[[Sequence[str], BinaryIO, TextIO, TextIO], int]


def run_demo(extra: list[str], run: Runner, stdout: TextIO, stderr: TextIO) -> int:
    """Score the three sample systems against both references with every metric available.

    `extra` options (for example ``-f json`` or ``-w 1``) are passed on to the command line
    `run`. Files are named relative to the sample folder, which is where the command runs.
    """
    sample = resources.files("parbleu") / "sample"
    with resources.as_file(sample) as folder:
        print(
            f"parbleu demo: {len(SAMPLE_SYSTEMS)} systems, {len(SAMPLE_REFERENCES)} references, "
            f"30 segments (bundled sample in {folder})\n",
            file=stdout,
        )
        argv = [*SAMPLE_REFERENCES, "-i", *SAMPLE_SYSTEMS, "-m", *available_metrics()]
        argv += ["-f", "text", "-w", "2", *extra]
        previous = Path.cwd()
        os.chdir(folder)
        try:
            return run(argv, io.BytesIO(), stdout, stderr)
        finally:
            os.chdir(previous)
