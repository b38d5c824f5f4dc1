"""Big jobs against the read-and-split floor: whole ``parbleu`` processes, time and memory.

The floor is the cheapest process that still touches every token: a bare Python process that
reads both files (reference and system) as UTF-8 text and splits every line into its
whitespace tokens (``str.split``), doing nothing with them. No tool that reads the files in
Python can score them faster. A second, lower floor only reads the files and splits them
into lines (``str.splitlines``). Each measurement is one fresh process, runs alternate
between the commands (floor, parbleu BLEU, parbleu chrF) and the median counts; memory is
the largest proportional set size of the process and its workers (`cli.measure`).

Jobs:

* ``pairs``: every system of every language pair in ``../shared/data`` against the next
  system of its pair (192,046 lines of distinct real text), as ``cli.py`` builds it;
* ``generated``: the seeded generated corpus (``corpus.py``, seed 1), 1,000,000 lines;
* ``growth``: how time and memory grow: prefixes of the pairs job (10,000 and 100,000 lines
  and the whole) and generated corpora of 10,000 to 5,000,000 lines; with ``--plot FILE``
  the growth is drawn (matplotlib, two panels: seconds and MiB against lines, log-log).

    python benchmarks/bigjobs.py                             # pairs and generated, -j 1 and 2
    python benchmarks/bigjobs.py --jobs growth --plot docs/figures/bigjobs-growth.svg
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cli import (  # noqa: E402 (a sibling script)
    BIN,
    DEFAULT_DATA,
    build_pairs,
    compile_parbleu,
    measure,
)

#: The floor: read both files and split every line into whitespace tokens.
FLOOR_WORDS = (
    "import sys\n"
    "for path in sys.argv[1:]:\n"
    "    with open(path, encoding='utf-8') as file:\n"
    "        for line in file:\n"
    "            line.split()\n"
)
#: The lower floor: read both files and split them into lines.
FLOOR_LINES = (
    "import sys\n"
    "for path in sys.argv[1:]:\n"
    "    with open(path, encoding='utf-8') as file:\n"
    "        file.read().splitlines()\n"
)
METRICS = {"bleu": ["-m", "bleu"], "chrf": ["-m", "chrf"]}


@dataclass(frozen=True)
class Point:
    """One job's medians: seconds and MiB for each command."""

    lines: int
    seconds: dict[str, float]
    mib: dict[str, float]


def commands(ref: Path, hyp: Path, jobs: Sequence[str]) -> dict[str, list[str]]:
    """The floors and parbleu's commands on one file pair, by label."""
    python = sys.executable
    timed = {
        "floor (read, split words)": [python, "-c", FLOOR_WORDS, str(ref), str(hyp)],
        "floor (read, split lines)": [python, "-c", FLOOR_LINES, str(ref), str(hyp)],
    }
    for metric, flags in METRICS.items():
        for job in jobs:
            timed[f"{metric} -j {job}"] = [
                str(BIN / "parbleu"),
                str(ref),
                "-i",
                str(hyp),
                *flags,
                "-b",
                "-w",
                "4",
                "-f",
                "text",
                "-j",
                job,
            ]
    return timed


def run_point(ref: Path, hyp: Path, repeat: int, jobs: Sequence[str]) -> Point:
    """Every command `repeat` times, alternated; medians, and memory from one sampled run."""
    timed = commands(ref, hyp, jobs)
    seconds: dict[str, list[float]] = {label: [] for label in timed}
    for _ in range(repeat):
        for label, command in timed.items():
            seconds[label].append(measure(command).seconds)
    mib = {label: measure(command, sample=True).tree_mib for label, command in timed.items()}
    with hyp.open("rb") as file:
        lines = sum(1 for _ in file)
    return Point(lines, {k: statistics.median(v) for k, v in seconds.items()}, mib)


def table(name: str, point: Point) -> list[str]:
    """Markdown rows: each command's time, memory and ratio to the floor."""
    floor = point.seconds["floor (read, split words)"]
    lines_floor = point.seconds["floor (read, split lines)"]
    rows = []
    for label, seconds in point.seconds.items():
        rows.append(
            f"| {name} | {point.lines:,} | {label} | {seconds:.3f} | {seconds / floor:.2f}x | "
            f"{seconds / lines_floor:.2f}x | {point.mib[label]:.0f} |"
        )
    return rows


def prefix(source: Path, target: Path, lines: int) -> Path:
    """The first `lines` lines of `source`, written once."""
    if not target.exists():
        with source.open("rb") as file, target.open("wb") as out:
            for number, line in enumerate(file):
                if number == lines:
                    break
                out.write(line)
    return target


def generated(work: Path, size: int) -> tuple[Path, Path]:
    """The seeded generated corpus, written by a child process.

    Generating it here would grow this process, and a child forked from a large process
    reports the parent's resident set as its own peak (``ru_maxrss`` survives ``exec``).
    """
    script = (
        "import sys, pathlib; sys.path.insert(0, sys.argv[1]); import cli; "
        "cli.build_generated(pathlib.Path(sys.argv[2]), int(sys.argv[3]), seed=1)"
    )
    folder = work / f"generated-{size}-1"
    if not ((folder / "hyp.txt").exists() and (folder / "ref.txt").exists()):
        subprocess.run([sys.executable, "-c", script, str(HERE), str(work), str(size)], check=True)
    return folder / "hyp.txt", folder / "ref.txt"


def plot(points: dict[str, list[Point]], path: Path) -> None:
    """Seconds and MiB against lines, log-log, one line per command and data kind."""
    import matplotlib  # noqa: PLC0415 (only with --plot)

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    figure, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for kind, series in points.items():
        style = "-" if kind == "generated" else "--"
        for label in series[0].seconds:
            xs = [p.lines for p in series]
            left.plot(
                xs, [p.seconds[label] for p in series], style, marker="o", label=f"{label}, {kind}"
            )
            right.plot(
                xs, [p.mib[label] for p in series], style, marker="o", label=f"{label}, {kind}"
            )
    for axis, unit in ((left, "seconds (median, wall)"), (right, "MiB (process and workers, Pss)")):
        axis.set_xscale("log")
        axis.set_yscale("log")
        axis.set_xlabel("lines")
        axis.set_ylabel(unit)
        axis.grid(visible=True, which="both", alpha=0.3)
    left.legend(fontsize=6)
    figure.tight_layout()
    figure.savefig(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--work", type=Path, default=Path("/tmp/parbleu-cli-bench"))
    parser.add_argument("--jobs", nargs="+", default=["pairs", "generated"])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--processes", nargs="+", default=["1", "2"], help="-j values")
    parser.add_argument(
        "--sizes", nargs="+", type=int, default=[10_000, 100_000, 1_000_000, 5_000_000]
    )
    parser.add_argument("--plot", type=Path)
    options = parser.parse_args()

    compile_parbleu()
    print(
        f"parbleu against the read-and-split floor, {os.cpu_count()} cores, "
        f"median of {options.repeat}"
    )
    print("| job | lines | command | seconds | x floor (words) | x floor (lines) | MiB |")
    print("|---|---:|---|---:|---:|---:|---:|")
    growth: dict[str, list[Point]] = {"real (pairs)": [], "generated": []}
    for name in options.jobs:
        if name == "pairs":
            hyp, ref = build_pairs(options.data, options.work)
            rows = table("pairs", run_point(ref, hyp, options.repeat, options.processes))
        elif name == "generated":
            hyp, ref = generated(options.work, 1_000_000)
            rows = table("generated", run_point(ref, hyp, options.repeat, options.processes))
        elif name == "growth":
            rows = []
            hyp, ref = build_pairs(options.data, options.work)
            for size in (10_000, 100_000, None):
                if size is None:
                    sub_hyp, sub_ref = hyp, ref
                else:
                    sub_hyp = prefix(hyp, options.work / f"pairs-{size}.hyp.txt", size)
                    sub_ref = prefix(ref, options.work / f"pairs-{size}.ref.txt", size)
                point = run_point(sub_ref, sub_hyp, options.repeat, options.processes)
                growth["real (pairs)"].append(point)
                rows += table("real (pairs)", point)
            for size in options.sizes:
                gen_hyp, gen_ref = generated(options.work, size)
                repeat = options.repeat if size < 1_000_000 else max(1, options.repeat // 2)
                point = run_point(gen_ref, gen_hyp, repeat, options.processes)
                growth["generated"].append(point)
                rows += table("generated", point)
        else:
            parser.error(f"unknown job {name!r}")
        print("\n".join(rows), flush=True)
    if options.plot is not None and growth["generated"]:
        plot(growth, options.plot)
        print(f"plot written to {options.plot}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
