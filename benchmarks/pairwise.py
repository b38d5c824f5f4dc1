"""Pairwise sentence chrF and BLEU matrices (MBR): parbleu against fastchrf, mbrs and a
sacreBLEU loop, in the same run.

Candidate sets are real WMT21 en-de sentences (the first n lines of the first system in
../shared/data/newstest2021/en-de/sys), scored n x n against themselves as
pseudo-references, as MBR decoding does, for n = 64, 256 and 1,024.

* parbleu: ``parbleu.pairwise.matrix(candidates, metric=...)``, single-threaded
  (OPENBLAS_NUM_THREADS=1, set before NumPy is imported: the kernel's matrix product is
  BLAS's, which would otherwise use every core);
* fastchrf: ``fastchrf.pairwise_chrf([candidates], [candidates])`` single-threaded
  (RAYON_NUM_THREADS=1, set before it is imported; with one candidate list it runs on one
  thread anyway); chrF only (it has no chrF++ nor BLEU);
* mbrs: ``MetricChrF`` / ``MetricBLEU`` ``pairwise_scores`` with ``num_workers=1`` (one
  worker process, one sacreBLEU call per pair). mbrs needs numpy < 2 and heavy extras, so it
  runs in its own interpreter (``--mbrs-python``, a virtualenv with mbrs installed) as a
  child process that times itself;
* sacreBLEU: a Python loop of ``CHRF().sentence_score`` / ``BLEU(effective_order=True)
  .sentence_score`` over all pairs.

Tools alternate; the best of ``--repeat`` runs is kept (one run for the loops), as wall time
and as CPU time of the process (``time.process_time``: on a shared machine the CPU time
of two single-threaded tools compares better than their wall times), with the median of the
per-round ratios against fastchrf. Every parbleu cell is checked against the sacreBLEU loop
(bit-identical) up to ``--loop-max`` candidates (256), and against fastchrf's matrix (itself
equal to the loop there) above; above it only chrF runs (no peer for the others).

With ``--samples``, the candidates are instead n MBR-like samples of one source (the
generator of benchmarks/mbr.py: system translations with random word drops, swaps and
repeats), which share most of their n-grams.

    python benchmarks/pairwise.py [--repeat 3] [--samples] [--mbrs-python .venv-mbrs/bin/python]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("RAYON_NUM_THREADS", "1")  # fastchrf single-threaded
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # parbleu's matrix product single-threaded

import numpy as np

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))
SIZES = (64, 256, 1024)


def candidates(data: Path, n: int) -> list[str]:
    folder = data / "newstest2021" / "en-de" / "sys"
    first = sorted(folder.glob("*.txt"))[0]
    with first.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for _, line in zip(range(n), handle, strict=False)]


def samples(data: Path, n: int) -> list[str]:
    """n MBR-like samples of one WMT21 source (benchmarks/mbr.py's generator)."""
    from mbr import sources  # noqa: PLC0415 (benchmarks/mbr.py, beside this script)

    return sources(data, 1, n)[0]


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def timed_cpu(fn: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall seconds, CPU seconds of this process, and the result."""
    cpu = time.process_time()
    wall, result = timed(fn)
    return wall, time.process_time() - cpu, result


def sacrebleu_loop(lines: list[str], metric: str) -> np.ndarray:
    import sacrebleu.metrics  # noqa: PLC0415

    if metric == "bleu":
        scorer: Any = sacrebleu.metrics.BLEU(effective_order=True)
    else:
        scorer = sacrebleu.metrics.CHRF(word_order=2 if metric == "chrf++" else 0)
    return np.array([[scorer.sentence_score(h, [r]).score for r in lines] for h in lines])


def mbrs_child(data: Path, n: int, metric: str, repeat: int) -> None:
    """Run in mbrs's interpreter: print the best time of ``pairwise_scores``."""
    from mbrs.metrics import MetricBLEU, MetricChrF  # noqa: PLC0415

    lines = candidates(data, n)
    if metric == "bleu":
        scorer: Any = MetricBLEU(MetricBLEU.Config(num_workers=1))
    else:
        word_order = 2 if metric == "chrf++" else 0
        scorer = MetricChrF(MetricChrF.Config(num_workers=1, word_order=word_order))
    times = []
    for _ in range(repeat):
        t, _ = timed(lambda: scorer.pairwise_scores(lines, lines))
        times.append(t)
    print(json.dumps({"seconds": min(times)}))


def mbrs_time(python: str | None, data: Path, n: int, metric: str, repeat: int) -> float | None:
    if not python:
        return None
    child = subprocess.run(
        [
            python,
            __file__,
            "--data",
            str(data),
            "--mbrs-child",
            metric,
            str(n),
            "--repeat",
            str(repeat),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(json.loads(child.stdout.strip().splitlines()[-1])["seconds"])


def fastchrf_matrix(lines: list[str]) -> Any:
    import fastchrf  # noqa: PLC0415

    return fastchrf.pairwise_chrf(
        [lines], [lines], char_order=6, beta=2.0, remove_whitespace=True, eps_smoothing=False
    )


def measure(data: Path, n: int, metric: str, args: argparse.Namespace) -> dict[str, Any]:
    from parbleu import pairwise  # noqa: PLC0415

    lines = samples(data, n) if args.samples else candidates(data, n)
    seconds: dict[str, float] = {}
    if n <= args.loop_max:
        seconds["sacreBLEU loop"], expected = timed(lambda: sacrebleu_loop(lines, metric))
    else:
        expected = np.asarray(fastchrf_matrix(lines)[0])
    cpu: dict[str, float] = {}
    ratios: list[float] = []
    for _ in range(args.repeat):
        wall, used, ours = timed_cpu(lambda: pairwise.matrix(lines, metric=metric))
        seconds["parbleu"] = min(seconds.get("parbleu", 1e9), wall)
        cpu["parbleu"] = min(cpu.get("parbleu", 1e9), used)
        if metric == "chrf":
            peer = "fastchrf (1 thread)"
            wall, peer_used, fast = timed_cpu(lambda: fastchrf_matrix(lines))
            seconds[peer] = min(seconds.get(peer, 1e9), wall)
            cpu[peer] = min(cpu.get(peer, 1e9), peer_used)
            ratios.append(peer_used / used)
    mbrs = mbrs_time(args.mbrs_python, data, n, metric, args.repeat)
    if mbrs is not None:
        seconds["mbrs (1 worker)"] = mbrs
    report: dict[str, Any] = {
        "metric": metric,
        "n": n,
        "candidates": "MBR-like samples" if args.samples else "distinct sentences",
        "cells_identical": bool((ours == expected).all()),
        "checked_against": "sacreBLEU loop" if n <= args.loop_max else "fastchrf",
        "seconds": seconds,
        "parbleu_speedup": {
            k: v / seconds["parbleu"] for k, v in seconds.items() if k != "parbleu"
        },
    }
    if metric == "chrf":
        report["cpu_seconds"] = cpu
        report["cpu_speedup_vs_fastchrf"] = cpu["fastchrf (1 thread)"] / cpu["parbleu"]
        report["cpu_speedup_vs_fastchrf_median_of_rounds"] = float(np.median(ratios))
        report["fastchrf_max_abs_difference"] = float(np.abs(np.asarray(fast)[0] - expected).max())
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--metrics", nargs="+", default=["chrf", "chrf++", "bleu"])
    parser.add_argument("--loop-max", type=int, default=256)
    parser.add_argument("--samples", action="store_true", help="MBR-like samples of one source")
    parser.add_argument("--mbrs-python", default=None)
    parser.add_argument("--mbrs-child", nargs=2, metavar=("METRIC", "N"))
    args = parser.parse_args()
    if args.mbrs_child:
        mbrs_child(args.data, int(args.mbrs_child[1]), args.mbrs_child[0], args.repeat)
        return
    results = []
    for n in args.sizes:
        for metric in args.metrics:
            if n > args.loop_max and metric != "chrf":
                continue
            results.append(measure(args.data, n, metric, args))
            print(json.dumps(results[-1]), file=sys.stderr)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
