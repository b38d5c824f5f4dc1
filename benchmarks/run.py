"""Every speed target of parbleu against sacreBLEU 2.6.0, in one run, as one table.

    python benchmarks/run.py            # full: WMT17, 1M-segment corpus, 100k sentences,
                                        # scaling to 1M, a 10M-segment stream, -j 2
    python benchmarks/run.py --quick    # the same at small sizes (about two minutes)

BLEU targets (`bleu_targets.py`): corpus BLEU on WMT17 en-de (16 systems), corpus BLEU on a
generated corpus (`corpus.py`, seeded) with peak memory of each tool in its own process,
sentence BLEU of many pairs, time per segment from 10k to 1M segments, a corpus streamed from
files with bounded memory, and scoring with one and two processes. Each checks that parbleu's
statistics are identical to sacreBLEU's. Then ``benchmarks/chrf.py`` and
``benchmarks/ter.py``, when present, run and their output is appended.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import time
from pathlib import Path

import bleu_targets
from bleu_targets import DEFAULT_DATA, HERE, Row

OTHER_SCRIPTS = ("chrf.py", "ter.py")


def machine() -> str:
    """CPU model and core count, as ``lscpu`` reports them."""
    model = platform.processor() or "unknown CPU"
    try:
        lines = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
        model = next(
            line.split(":", 1)[1].strip() for line in lines.splitlines() if "Model name" in line
        )
    except (OSError, subprocess.CalledProcessError, StopIteration):
        pass
    import os  # noqa: PLC0415

    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}"


def format_table(rows: list[Row]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| target | size | sacreBLEU (s) | parbleu (s) | speed-up | goal | identical |",
        "|---|---|---:|---:|---:|---:|---|",
    ]
    for row in rows:
        ratio = f"{row.ratio:.1f}x" if row.ratio is not None else ""
        goal = f">= {row.goal}x" if row.goal else ""
        identical = {True: "yes", False: "NO", None: ""}[row.identical]
        theirs = f"{row.sacrebleu_s:.3f}" if row.sacrebleu_s is not None else ""
        if row.baseline:
            theirs += f" ({row.baseline})"
        ours = f"{row.parbleu_s:.3f}" if row.parbleu_s is not None else ""
        lines.append(
            f"| {row.target} | {row.size} | {theirs} | {ours} | {ratio} | {goal} | {identical} |"
        )
    notes = [f"* {row.target} ({row.size}): {note}" for row in rows for note in row.notes]
    return "\n".join([*lines, *(["", *notes] if notes else [])])


def run_other(script: Path, *, quick: bool) -> str:
    """Run a sibling benchmark script and return its output."""
    help_text = subprocess.run(
        [sys.executable, str(script), "--help"], capture_output=True, text=True, check=False
    ).stdout
    options = []
    if quick and "--quick" in help_text:
        options = ["--quick"]
    elif quick and "--repeat" in help_text:
        options = ["--repeat", "1"]
    done = subprocess.run(
        [sys.executable, str(script), *options], capture_output=True, text=True, check=False
    )
    status = "" if done.returncode == 0 else f"\n(exit status {done.returncode})\n{done.stderr}"
    return done.stdout.rstrip() + status


def child(args: list[str]) -> None:
    """Entry point of the child processes that measure memory or time in a fresh process."""
    kind, *rest = args
    if kind == "corpus":
        result = bleu_targets.corpus_child(*rest)
    elif kind == "fresh":
        result = bleu_targets.fresh_child(*rest)
    else:
        hyp_path, ref_path, jobs = rest
        result = bleu_targets.stream_child(hyp_path, ref_path, int(jobs))
    print(json.dumps(result))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, fewer runs")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--seed", type=int, default=12345)
    parser.add_argument(
        "--only",
        nargs="+",
        choices=["wmt17", "corpus", "sentence", "scaling", "streaming", "others"],
        help="run only these targets",
    )
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    quick = args.quick
    selected = set(args.only or ["wmt17", "corpus", "sentence", "scaling", "streaming", "others"])
    print(f"machine: {machine()}")
    print(f"mode: {'quick' if quick else 'full'}; seed {args.seed}\n", flush=True)
    rows: list[Row] = []
    started = time.perf_counter()

    def done(*new: Row) -> None:
        for row in new:
            rows.append(row)
            ratio = f"{row.ratio:.1f}x" if row.ratio is not None else "-"
            print(f"  done: {row.target} ({row.size}): speed-up {ratio}", flush=True)

    if "wmt17" in selected:
        done(bleu_targets.wmt17(args.data, runs=3 if quick else 10))
    if "corpus" in selected:
        size = 100_000 if quick else 1_000_000
        runs, theirs = (3, 2) if quick else (3, 1)
        done(*bleu_targets.generated_corpus(size, args.seed, runs, theirs))
    if "sentence" in selected:
        done(bleu_targets.sentence(10_000 if quick else 100_000, args.seed, runs=3))
    if "scaling" in selected:
        sizes = [10_000, 100_000] if quick else [10_000, 100_000, 1_000_000]
        done(*bleu_targets.scaling(sizes, args.seed))
    if "streaming" in selected:
        big, jobs = (1_000_000, 200_000) if quick else (10_000_000, 1_000_000)
        done(*bleu_targets.streaming(big, args.seed, jobs))
    print()
    print(format_table(rows))
    print(f"\n(BLEU targets took {time.perf_counter() - started:.0f} s)")
    if "others" in selected:
        for name in OTHER_SCRIPTS:
            script = HERE / name
            if script.exists():
                print(f"\n## {name}\n")
                print(run_other(script, quick=quick), flush=True)


if __name__ == "__main__":
    main()
