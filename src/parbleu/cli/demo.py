"""``parbleu demo``: score the sample bundled with the package.

The sample (``parbleu/sample``) is text written for parbleu: 30 English segments with two
references each and three systems of different quality. The demo runs the ordinary command
line on it, so it shows exactly what ``parbleu REF ... -i SYSTEM ...`` prints, with the
systems named by their file names. After a successful run it writes the sample's report
(`parbleu.report.sample`) into the current directory, or into a new temporary directory when
the current one is not writable, and prints its path.
"""

from __future__ import annotations

import io
import os
import tempfile
from importlib import resources
from pathlib import Path
from typing import TextIO

from parbleu.cli.options import METRIC_NAMES, command_metrics
from parbleu.cli.parser import build_parser
from parbleu.cli.render import emit
from parbleu.cli.requests import score_request
from parbleu.cli.scoring import score
from parbleu.errors import InputError
from parbleu.report.sample import write_sample_report

__all__ = ["SAMPLE_SYSTEMS", "run_demo"]

SAMPLE_REFERENCES = ("ref.A.txt", "ref.B.txt")
SAMPLE_SYSTEMS = ("system-strong.txt", "system-fair.txt", "system-weak.txt")
#: Every metric but METEOR, whose WordNet database is a system package that may be absent.
DEMO_METRICS = tuple(name for name in METRIC_NAMES if name != "meteor")


def run_demo(extra: list[str], stdout: TextIO, stderr: TextIO) -> int:
    """Score the three sample systems against both references with `DEMO_METRICS`.

    `extra` options (for example ``-f json`` or ``-w 1``) are passed on to the command line.
    """
    sample = resources.files("parbleu") / "sample"
    with resources.as_file(sample) as folder:
        paths = [str(Path(folder) / name) for name in (*SAMPLE_REFERENCES, *SAMPLE_SYSTEMS)]
        references, systems = paths[: len(SAMPLE_REFERENCES)], paths[len(SAMPLE_REFERENCES) :]
        argv = [*references, "-i", *systems, "-m", *DEMO_METRICS, "-f", "text", "-w", "2", *extra]
        metrics = command_metrics(argv)
        namespace = build_parser(metrics).parse_args(argv)
        # With -f json or csv standard output holds the data alone; the notes go to stderr.
        notes = stderr if namespace.format in ("json", "csv") else stdout

        def lines() -> list[str]:
            request = score_request(namespace, os.environ, metrics)
            scored = score(request, io.BytesIO(), stderr, labels=SAMPLE_SYSTEMS)
            # Only once everything is computed: an error leaves standard output empty.
            print(
                f"parbleu demo: {len(SAMPLE_SYSTEMS)} systems, {len(SAMPLE_REFERENCES)} "
                f"references, 30 segments (bundled sample in {folder})\n",
                file=notes,
            )
            return scored

        code = emit(lines, stdout, stderr, prog="parbleu")
    if code == 0:
        print(f"\nReport of the sample: {_write_report(Path.cwd())}", file=notes)
    return code


def _write_report(directory: Path) -> Path:
    """The sample's report in `directory`, or in a new temporary directory if it is read-only."""
    if os.access(directory, os.W_OK):
        try:
            return write_sample_report(directory)
        except InputError:  # the folder refused the file (`parbleu.io.output.write_output`)
            pass
    return write_sample_report(tempfile.mkdtemp(prefix="parbleu-demo-"))
