"""``parbleu.corpus_bleu`` (one call, references given to it) against bleuscore and sacreBLEU.

Two jobs, each tool called as a user calls it, with the references given to the call:

* ``wmt17``: the 16 WMT17 en-de systems against ``ref.A.txt``, one call per system;
* ``pairs``: every system of every pair in ``../shared/data`` against the next system of its
  pair (192,046 lines, built by ``benchmarks/cli.py``'s ``build_pairs``), one call.

Tools: ``parbleu.corpus_bleu`` (the chunked one-pass path), parbleu with the references
prepared first (``BLEU(ref_streams=...).corpus_score``, the path ``corpus_bleu`` took
before), ``bleuscore.compute`` (Rust, 0.2.0: the ``bench`` extra) and
``sacrebleu.corpus_bleu``. The tools alternate within each of ``--repeat`` rounds, in this
process; each measurement is CPU time (``time.process_time``; bleuscore's threads
included). Peak memory is measured once per tool, each in a fresh process of this script
holding the job: the resident memory the calls added at their peak (the kernel's
high-water mark, reset through ``/proc/self/clear_refs``, less the resident set before;
Linux only). Medians are reported, with each tool's
ratio to parbleu measured in the same run.

Before timing, the scores are checked: parbleu's statistics and score must equal
sacreBLEU's exactly, and bleuscore's score (a fraction, computed after its own 13a
tokenizer, with ``ref_len_method="shortest"``, which is the closest length with one
reference, and no smoothing, which no corpus-level count here needs) is compared with
sacreBLEU's: the largest difference is printed.

    python benchmarks/onecall.py [--repeat 5] [--jobs wmt17 pairs]
"""

from __future__ import annotations

import argparse
import ctypes
import functools
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from cli import build_pairs  # noqa: E402  (benchmarks/cli.py: the same 192k-line job)

_LIBC = ctypes.CDLL("libc.so.6")

#: One job: (hypotheses, reference) per call.
Job = list[tuple[list[str], list[str]]]


def lines(path: Path) -> list[str]:
    """The lines of a UTF-8 file (split at newlines only, as sacreBLEU reads files)."""
    text = path.read_text(encoding="utf-8")
    return text.removesuffix("\n").split("\n")


def wmt17_job(data: Path) -> Job:
    """The 16 WMT17 en-de systems, each against ``ref.A.txt``."""
    folder = data / "newstest2017" / "en-de"
    reference = lines(folder / "ref.A.txt")
    return [(lines(system), reference) for system in sorted((folder / "sys").glob("*.txt"))]


def pairs_job(data: Path) -> Job:
    """Every system of every pair against the next one (benchmarks/cli.py's ``pairs``)."""
    with tempfile.TemporaryDirectory() as folder:
        hyp, ref = build_pairs(data, Path(folder))
        return [(lines(hyp), lines(ref))]


def bleuscore_bleu(hyps: list[str], reference: list[str]) -> float:
    """bleuscore's BLEU as a percentage (one reference a segment)."""
    import bleuscore  # noqa: PLC0415

    result: dict[str, Any] = bleuscore.compute(
        references=[[line] for line in reference], predictions=hyps, ref_len_method="shortest"
    )
    return 100 * float(result["bleu"])


def tools() -> dict[str, Callable[[list[str], list[str]], float]]:
    """Each tool's BLEU of one call, as a percentage."""
    import sacrebleu  # noqa: PLC0415

    import parbleu  # noqa: PLC0415

    return {
        "parbleu.corpus_bleu": lambda h, r: parbleu.corpus_bleu(h, [r]).score,
        "parbleu prepared": lambda h, r: parbleu.BLEU(ref_streams=[r]).corpus_score(h).score,
        "bleuscore": bleuscore_bleu,
        "sacreBLEU": lambda h, r: sacrebleu.corpus_bleu(h, [r]).score,
    }


def check(job: Job) -> None:
    """parbleu equals sacreBLEU exactly; bleuscore's largest difference is printed."""
    import sacrebleu  # noqa: PLC0415

    import parbleu  # noqa: PLC0415

    largest = 0.0
    for hyps, ref in job:
        oracle = sacrebleu.corpus_bleu(hyps, [ref])
        ours = parbleu.corpus_bleu(hyps, [ref])
        same = (ours.score, ours.counts, ours.totals, ours.sys_len, ours.ref_len) == (
            oracle.score,
            tuple(oracle.counts),
            tuple(oracle.totals),
            oracle.sys_len,
            oracle.ref_len,
        )
        if not same:
            raise SystemExit(f"parbleu {ours} differs from sacreBLEU {oracle}")
        largest = max(largest, abs(bleuscore_bleu(hyps, ref) - oracle.score))
    print(f"  parbleu == sacreBLEU (statistics and score) on {len(job)} calls")
    print(f"  bleuscore vs sacreBLEU: largest |difference| {largest:.2e} BLEU points")


def peak_added_mib(run: Callable[[], object]) -> tuple[float, float]:
    """CPU seconds of `run` and the resident memory it added at its peak (MiB)."""
    gc.collect()
    _LIBC.malloc_trim(0)  # hand freed heap back, so that the resident set starts low
    Path("/proc/self/clear_refs").write_text("5")  # reset the high-water mark
    before = _status_kib("VmRSS")
    start = time.process_time()
    run()
    cpu = time.process_time() - start
    return cpu, (_status_kib("VmHWM") - before) / 1024


def _status_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise SystemExit(f"no {field} in /proc/self/status")


def score_job(tool: Callable[[list[str], list[str]], float], job: Job) -> list[float]:
    """The tool's score of every call of the job."""
    return [tool(hyps, ref) for hyps, ref in job]


def measure(job: Job, repeat: int) -> dict[str, list[float]]:
    """CPU seconds of every tool over the whole job, the tools alternating in each round."""
    results: dict[str, list[float]] = {}
    for _ in range(repeat):
        for name, tool in tools().items():
            start = time.process_time()
            score_job(tool, job)
            results.setdefault(name, []).append(time.process_time() - start)
    return results


def fresh_peaks(job_name: str, data: Path) -> dict[str, float]:
    """Each tool's peak memory added, each measured in a fresh process of this script.

    In one process the C heap that earlier runs left behind changes later runs' resident
    set (docs/performance.md, "One process, or a fresh one"), so memory is measured apart.
    """
    peaks = {}
    for name in tools():
        command = [sys.executable, __file__, "--data", str(data), "--jobs", job_name]
        output = subprocess.run(
            [*command, "--peak-of", name], check=True, capture_output=True, text=True
        ).stdout
        peaks[name] = float(output.split()[-1])
    return peaks


def ratio_table(
    title: str,
    results: dict[str, list[float]],
    baseline: str,
    unit: str,
    extra: tuple[str, dict[str, str]] | None = None,
) -> None:
    """A Markdown table of each tool's median, its runs and its ratio to `baseline`'s."""
    ours = statistics.median(results[baseline])
    head, cells = extra if extra is not None else ("", {})
    print(f"\n{title}\n")
    print(f"| tool | {unit} (median) | runs |{f' {head} |' if head else ''} time / {baseline} |")
    print(f"|---|---:|---|{'---:|' if head else ''}---:|")
    for name, runs in results.items():
        median = statistics.median(runs)
        listed = ", ".join(f"{r:.3f}" for r in runs)
        cell = f" {cells[name]} |" if head else ""
        print(f"| {name} | {median:.3f} | {listed} |{cell} {median / ours:.1f}x |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--jobs", nargs="+", default=["wmt17", "pairs"])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--peak-of", help="(internal) print one tool's peak MiB added")
    options = parser.parse_args(argv)
    builders = {"wmt17": wmt17_job, "pairs": pairs_job}
    if options.peak_of:
        job = builders[options.jobs[0]](options.data)
        tool = tools()[options.peak_of]
        print(peak_added_mib(functools.partial(score_job, tool, job))[1])
        return 0
    for name in options.jobs:
        job = builders[name](options.data)
        size = sum(len(h) for h, _ in job)
        print(f"{name}: {len(job)} calls, {size:,} lines")
        check(job)
        times = measure(job, options.repeat)
        title = f"{name} ({size:,} lines, {len(job)} calls)"
        peaks = {tool: f"{mib:.0f}" for tool, mib in fresh_peaks(name, options.data).items()}
        ratio_table(title, times, "parbleu.corpus_bleu", "CPU s", ("peak MiB added", peaks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
