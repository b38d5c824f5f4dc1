"""Time parbleu's TER against sacreBLEU 2.6.0's on the same input, in the same run.

Both score WMT17 en-de systems (16 by default) against the newstest2017 reference, each with
a metric object whose references are prepared once (sacreBLEU's fastest use). The script
checks that every segment's statistics and every corpus score are identical, then prints
CPU and wall seconds and the speed ratios (with ``--jobs`` above 1 only the wall-time ratio
means anything: CPU time is the parent process's).

    python benchmarks/ter.py                    # all 16 systems (sacreBLEU: a few minutes)
    python benchmarks/ter.py --systems 4        # the first 4
    python benchmarks/ter.py --jobs 2           # parbleu with 2 worker processes (wall time)
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import sacrebleu

from parbleu.metrics.ter.metric import TER, sequential_total

T = TypeVar("T")

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def read_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared data folder")
    parser.add_argument("--systems", type=int, default=16, help="how many systems (max 16)")
    parser.add_argument("--segments", type=int, default=None, help="only the first N segments")
    parser.add_argument("--jobs", type=int, default=1, help="parbleu worker processes")
    args = parser.parse_args()

    folder = args.data / "newstest2017" / "en-de"
    reference = read_lines(folder / "ref.A.txt")[: args.segments]
    names = sorted(p.stem for p in (folder / "sys").glob("*.txt"))[: args.systems]
    systems = {name: read_lines(folder / "sys" / f"{name}.txt")[: args.segments] for name in names}
    n_segments = len(reference) * len(systems)
    print(f"WMT17 en-de: {len(systems)} systems x {len(reference)} segments")

    # Timings alternate between the two tools system by system, so that both see the same
    # load on a shared machine. Preparing the references counts for both.
    clock = {"parbleu": [0.0, 0.0], "sacreBLEU": [0.0, 0.0]}  # CPU, wall

    def timed(tool: str, work: Callable[[], T]) -> T:
        wall, cpu = time.perf_counter(), time.process_time()
        result = work()
        clock[tool][0] += time.process_time() - cpu
        clock[tool][1] += time.perf_counter() - wall
        return result

    ours = timed("parbleu", lambda: TER([reference], n_jobs=args.jobs))
    sacre = timed("sacreBLEU", lambda: sacrebleu.metrics.TER(references=[reference]))
    our_stats, sacre_stats = {}, {}
    for name, hyps in systems.items():
        print(f"  {name} ...", end="", flush=True)
        our_stats[name] = timed("parbleu", lambda hyps=hyps: ours.statistics(hyps))
        # What sacreBLEU's corpus_score does before summing.
        sacre_stats[name] = timed(
            "sacreBLEU", lambda hyps=hyps: sacre._extract_corpus_statistics(hyps, None)
        )
        print(f" parbleu {clock['parbleu'][0]:.1f} s, sacreBLEU {clock['sacreBLEU'][0]:.1f} s")
    our_cpu, our_wall = clock["parbleu"]
    sacre_cpu, sacre_wall = clock["sacreBLEU"]
    # What corpus_score does with the statistics: sum them in order, apply the formula.
    our_scores = {name: ours.score_totals(sequential_total(s)) for name, s in our_stats.items()}

    failures = 0
    for name in systems:
        expected_rows = [[float(e), float(r)] for e, r in sacre_stats[name]]
        expected_score = sacre._aggregate_and_compute(sacre_stats[name])
        if our_stats[name].values.tolist() != expected_rows:
            failures += 1
            print(f"  {name}: segment statistics differ")
        if our_scores[name].score != expected_score.score:
            failures += 1
            print(f"  {name}: {our_scores[name].score!r} != {expected_score.score!r}")
    print(f"statistics and scores identical: {failures == 0}")
    print(f"sacreBLEU: {sacre_cpu:8.2f} CPU s, {sacre_wall:8.2f} s wall")
    print(f"parbleu:   {our_cpu:8.2f} CPU s, {our_wall:8.2f} s wall, {args.jobs} job(s)")
    if args.jobs == 1:
        print(f"segments per CPU second: sacreBLEU {n_segments / sacre_cpu:.0f}, ", end="")
        print(f"parbleu {n_segments / our_cpu:.0f}")
        print(f"speed ratio (CPU time): {sacre_cpu / our_cpu:.1f}x")
    print(f"speed ratio (wall time, sacreBLEU in one process): {sacre_wall / our_wall:.1f}x")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
