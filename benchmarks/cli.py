"""The ``parbleu`` command against the ``sacrebleu`` command: whole processes, same files.

What a user runs, timed as a user meets it: each measurement is one fresh process of either
command (start-up, imports, reading, scoring, printing), the two commands alternating so
that both see the same load, the median of ``--repeat`` runs reported with the ratio.
Peak memory is measured two ways: the largest resident set of any one process of the run
(``ru_maxrss`` from ``wait4``) and the largest proportional set size (Pss, so that pages a
forked worker shares with its parent count once) summed over the process and its workers,
sampled from ``/proc`` every 5 ms in one more run of parbleu that is not timed (sampling
takes a core from a command that uses both; sacreBLEU's command is one process, so its
``ru_maxrss`` is its peak). Before timing, both commands' scores (4 decimals) are
checked to be the same, and parbleu's modules are compiled to bytecode once (as ``pip``
does when it installs a wheel) so that no run pays for compiling them.

Jobs:

* ``wmt17``: the 16 WMT17 en-de systems (3,004 lines each) against ``ref.A.txt``, one call;
* ``pairs``: every system of every language pair in ``../shared/data`` scored against the
  next system of its pair (192,046 lines), as one file pair;
* ``generated``: a seeded generated corpus (``corpus.py``, 1,000,000 lines by default),
  parbleu alone unless ``--sacrebleu-generated``, with ``-j 1`` and ``-j 2``.

    python benchmarks/cli.py                    # every job, BLEU, chrF, chrF++ (TER on wmt17)
    python benchmarks/cli.py --ter-everywhere   # TER on the large jobs too (sacreBLEU: hours)
    python benchmarks/cli.py --jobs wmt17 --metrics bleu --repeat 9
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", HERE.parent.parent / "shared" / "data"))
BIN = Path(sys.executable).parent

#: Metric options, the same for both commands.
METRICS = {
    "bleu": ["-m", "bleu"],
    "chrf": ["-m", "chrf"],
    "chrf++": ["-m", "chrf", "--chrf-word-order", "2"],
    "ter": ["-m", "ter"],
}
_SCORE = re.compile(r"^-?\d+\.\d{4}$")


@dataclass(frozen=True)
class Run:
    """One process: wall seconds, largest process, largest sum over the process tree."""

    seconds: float
    max_rss_mib: float
    tree_mib: float
    stdout: str


def _tree_pss_kib(root: int) -> int:
    """Proportional set size of a process and all its descendants, from /proc."""
    total, stack = 0, [root]
    while stack:
        pid = stack.pop()
        try:
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            total += int(next(ln.split()[1] for ln in rollup.splitlines() if ln.startswith("Pss:")))
            for task in Path(f"/proc/{pid}/task").iterdir():
                stack.extend(int(c) for c in (task / "children").read_text().split())
        except (OSError, StopIteration, ValueError):
            continue  # the process ended meanwhile
    return total


def measure(command: Sequence[str], *, sample: bool = False) -> Run:
    """Run a command to its end: wall time, its own peak (wait4) and, with `sample`, its
    tree's (sampled from /proc, which takes CPU from the command: timed runs do not sample)."""
    start = time.perf_counter()
    out_path = Path(os.environ.get("TMPDIR", "/tmp")) / f"parbleu-bench-{os.getpid()}.out"
    with out_path.open("wb") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
        tree = 0
        while True:
            pid, status, usage = os.wait4(process.pid, os.WNOHANG)
            if pid:
                break
            if sample:
                tree = max(tree, _tree_pss_kib(process.pid))
            time.sleep(0.005)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    text = out_path.read_text(encoding="utf-8")
    out_path.unlink()
    if process.returncode:
        raise SystemExit(f"{command[0]} failed ({process.returncode}): {' '.join(command)}")
    return Run(seconds, usage.ru_maxrss / 1024, max(tree, usage.ru_maxrss) / 1024, text)


def scores(output: str) -> list[str]:
    """Every number with 4 decimals in a command's output (scores, in order)."""
    fields = re.split(r"[\s│|]+", output)
    return [field for field in fields if _SCORE.match(field)]


def build_pairs(data: Path, folder: Path) -> tuple[Path, Path]:
    """Every system of every pair, against the next system of the pair (sorted by name)."""
    hyp, ref = folder / "pairs.hyp.txt", folder / "pairs.ref.txt"
    if hyp.exists() and ref.exists():
        return hyp, ref
    folder.mkdir(parents=True, exist_ok=True)
    with hyp.open("wb") as hyps, ref.open("wb") as refs:
        for pair in sorted(p for p in data.glob("*/*") if (p / "sys").is_dir()):
            systems = sorted((pair / "sys").glob("*.txt"))
            for number, system in enumerate(systems):
                hyps.write(_ended(system.read_bytes()))
                refs.write(_ended(systems[(number + 1) % len(systems)].read_bytes()))
    return hyp, ref


def _ended(data: bytes) -> bytes:
    return data if data.endswith(b"\n") else data + b"\n"


def build_generated(folder: Path, segments: int, seed: int) -> tuple[Path, Path]:
    """The seeded generated corpus (`corpus.write`), written once."""
    sys.path.insert(0, str(HERE))
    import corpus  # noqa: PLC0415 (a sibling script)

    target = folder / f"generated-{segments}-{seed}"
    hyp, ref = target / "hyp.txt", target / "ref.txt"
    if not (hyp.exists() and ref.exists()):
        corpus.write(target, segments, seed)
    return hyp, ref


@dataclass(frozen=True)
class Job:
    """A scoring job: reference files, system files and extra options."""

    name: str
    refs: list[str]
    systems: list[str]

    def command(self, tool: str, metric: str, extra: Sequence[str] = ()) -> list[str]:
        """The command line of one tool (`parbleu` or `sacrebleu`)."""
        return [
            str(BIN / tool),
            *self.refs,
            "-i",
            *self.systems,
            *METRICS[metric],
            "-b",
            "-w",
            "4",
            "-f",
            "text",
            *extra,
        ]


def compare(job: Job, metric: str, repeat: int, extra: Sequence[str] = ()) -> str:
    """Median wall time and peak memory of both commands, alternated; one table row."""
    ours_cmd, theirs_cmd = job.command("parbleu", metric, extra), job.command("sacrebleu", metric)
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(measure(ours_cmd))
        theirs.append(measure(theirs_cmd))
    ours.append(measure(ours_cmd, sample=True))  # memory of parbleu's workers too (untimed)
    same = scores(ours[0].stdout) == scores(theirs[0].stdout)
    if not same:
        print(f"  scores differ: {scores(ours[0].stdout)} vs {scores(theirs[0].stdout)}")
    t_ours = statistics.median(r.seconds for r in ours[:-1])
    t_theirs = statistics.median(r.seconds for r in theirs)
    m_ours, m_theirs = max(r.tree_mib for r in ours), max(r.tree_mib for r in theirs)
    flags = " ".join(extra)
    return (
        f"| {job.name} | {metric} {flags} | {t_theirs:.2f} | {t_ours:.3f} | "
        f"{t_theirs / t_ours:.1f}x | {m_theirs:.0f} | {m_ours:.0f} | {m_ours / m_theirs:.2f} | "
        f"{'yes' if same else 'NO'} |"
    )


def alone(job: Job, metric: str, repeat: int, extra: Sequence[str]) -> str:
    """parbleu alone (no sacreBLEU run): median wall time and peak memory."""
    command = job.command("parbleu", metric, extra)
    runs = [measure(command) for _ in range(repeat)]
    seconds = statistics.median(r.seconds for r in runs)
    runs.append(measure(command, sample=True))
    return (
        f"| {job.name} | {metric} {' '.join(extra)} | | {seconds:.3f} | | | "
        f"{max(r.tree_mib for r in runs):.0f} (largest process "
        f"{max(r.max_rss_mib for r in runs):.0f}) | | |"
    )


def compile_parbleu() -> None:
    """Write parbleu's bytecode once, as installing a wheel does (see the module docstring)."""
    import parbleu  # noqa: PLC0415 - after argument parsing, as the benchmarked command does

    compileall.compile_dir(Path(parbleu.__file__).parent, quiet=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--work", type=Path, default=Path("/tmp/parbleu-cli-bench"))
    parser.add_argument("--jobs", nargs="+", default=["wmt17", "pairs", "generated"])
    parser.add_argument("--metrics", nargs="+", default=["bleu", "chrf", "chrf++", "ter"])
    parser.add_argument(
        "--ter-everywhere", action="store_true", help="TER on pairs and generated too (slow)"
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--segments", type=int, default=1_000_000)
    parser.add_argument("--sacrebleu-generated", action="store_true")
    options = parser.parse_args()

    compile_parbleu()
    print(f"parbleu CLI vs sacreBLEU CLI, {os.cpu_count()} cores, median of {options.repeat}")
    print(
        "| job | metric | sacreBLEU (s) | parbleu (s) | speed-up | sacreBLEU MiB | "
        "parbleu MiB | memory ratio | same scores |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---|")
    metrics = options.metrics
    large = [m for m in metrics if m != "ter" or options.ter_everywhere]
    for name in options.jobs:
        if name == "wmt17":
            folder = options.data / "newstest2017" / "en-de"
            systems = sorted(str(p) for p in (folder / "sys").glob("*.txt"))
            job = Job("wmt17 16 systems", [str(folder / "ref.A.txt")], systems)
            for metric in metrics:
                print(compare(job, metric, options.repeat), flush=True)
        elif name == "pairs":
            hyp, ref = build_pairs(options.data, options.work)
            job = Job("all pairs 192k lines", [str(ref)], [str(hyp)])
            for metric in large:
                print(compare(job, metric, options.repeat), flush=True)
                print(alone(job, metric, options.repeat, ["-j", "1"]), flush=True)
        elif name == "generated":
            hyp, ref = build_generated(options.work, options.segments, seed=1)
            job = Job(f"generated {options.segments:,} lines", [str(ref)], [str(hyp)])
            for metric in large:
                if options.sacrebleu_generated:
                    print(compare(job, metric, 1, ["-j", "2"]), flush=True)
                for jobs in ("1", "2"):
                    print(alone(job, metric, min(options.repeat, 3), ["-j", jobs]), flush=True)
        else:
            parser.error(f"unknown job {name!r}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
