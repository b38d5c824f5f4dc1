"""What ``parbleu ref -i sys`` spends before reading a line: whole processes and imports.

Two measurements, both of fresh processes (the first run of each is discarded, so that the
files are in the page cache and parbleu's bytecode is compiled, as after a wheel install):

1. Wall time, median of ``--repeat`` runs alternated: the bare interpreter (``python -c
   pass``), ``import numpy``, the command's imports (``import parbleu.cli.main``), the command
   on a one-line file pair (start-up, parsing, reading one line, scoring it, printing) and on
   one WMT17 system (3,004 lines) and the 16 systems, so that start-up can be read as a share
   of what users run.
2. ``python -X importtime`` of the one-line command: every module's own import time, the
   smallest of ``--repeat`` runs (the least disturbed), added up by package, largest first.

    python benchmarks/startup.py
    python benchmarks/startup.py --repeat 21 --modules 30
"""

from __future__ import annotations

import argparse
import collections
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cli import BIN, DEFAULT_DATA, compile_parbleu  # noqa: E402 (a sibling script)

_IMPORT_LINE = re.compile(r"import time:\s+(\d+) \|\s+(\d+) \|( *)(\S+)")
FLAGS = ["-m", "bleu", "-b", "-w", "4", "-f", "text"]


def wall(command: Sequence[str]) -> float:
    """Seconds for one process to run to its end (output discarded)."""
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def own_times(command: Sequence[str], repeat: int) -> dict[str, int]:
    """Each module's own import time (microseconds), the smallest over `repeat` runs."""
    smallest: dict[str, int] = {}
    for _ in range(repeat):
        result = subprocess.run(
            [sys.executable, "-X", "importtime", *command],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            check=True,
        )
        for line in result.stderr.splitlines():
            match = _IMPORT_LINE.match(line)
            if match:
                name, own = match.group(4), int(match.group(1))
                smallest[name] = min(smallest.get(name, own), own)
    return smallest


def package(module: str) -> str:
    """numpy, re, ... or parbleu's subpackage (parbleu.cli, parbleu.engine, ...)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "parbleu" else parts[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--modules", type=int, default=20, help="packages listed")
    options = parser.parse_args()
    compile_parbleu()

    folder = options.data / "newstest2017" / "en-de"
    systems = sorted(str(p) for p in (folder / "sys").glob("*.txt"))
    ref = str(folder / "ref.A.txt")
    with tempfile.TemporaryDirectory() as tmp:
        one_ref, one_sys = Path(tmp, "ref.txt"), Path(tmp, "sys.txt")
        first = Path(ref).read_text(encoding="utf-8").splitlines()[0]
        one_ref.write_text(first + "\n", encoding="utf-8")
        one_sys.write_text(Path(systems[0]).read_text(encoding="utf-8").splitlines()[0] + "\n")
        python = sys.executable
        commands = {
            "python -c pass": [python, "-c", "pass"],
            "python -c 'import numpy'": [python, "-c", "import numpy"],
            "python -c 'import parbleu.cli.main'": [python, "-c", "import parbleu.cli.main"],
            "parbleu, one line": [str(BIN / "parbleu"), str(one_ref), "-i", str(one_sys), *FLAGS],
            "parbleu, one WMT17 system": [str(BIN / "parbleu"), ref, "-i", systems[0], *FLAGS],
            "parbleu, 16 WMT17 systems": [str(BIN / "parbleu"), ref, "-i", *systems, *FLAGS],
        }
        times: dict[str, list[float]] = {label: [] for label in commands}
        for command in commands.values():
            wall(command)  # page cache, bytecode
        for _ in range(options.repeat):
            for label, command in commands.items():
                times[label].append(wall(command))
        one_line = ["-m", "parbleu", str(one_ref), "-i", str(one_sys), *FLAGS]
        own = own_times(one_line, options.repeat)

    print(f"Start-up, fresh processes, median of {options.repeat} alternated runs")
    print("| process | wall ms |")
    print("|---|---:|")
    for label, values in times.items():
        print(f"| {label} | {statistics.median(values) * 1000:.1f} |")
    by_package: collections.Counter[str] = collections.Counter()
    for module, microseconds in own.items():
        by_package[package(module)] += microseconds
    total = sum(by_package.values())
    parbleu_modules = sum(1 for module in own if module.startswith("parbleu"))
    print(
        f"\n`-X importtime`, one-line command: {len(own)} modules ({parbleu_modules} of "
        f"parbleu), {total / 1000:.1f} ms of own import time (smallest of {options.repeat})"
    )
    print("| package | ms | share |")
    print("|---|---:|---:|")
    for name, microseconds in by_package.most_common(options.modules):
        print(f"| {name} | {microseconds / 1000:.1f} | {microseconds / total:.0%} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
