"""chrF and chrF++ speed and peak memory: parbleu against sacreBLEU 2.6.0, in the same run.

Both score the 16 WMT17 en-de systems of ../shared/data/newstest2017/en-de against their
reference, each in its fastest way: one metric object built with the references (sacreBLEU's
reference cache, parbleu's prepared references), then every system. Timings include the
reference preparation. Runs alternate between the two tools so that both see the same load;
the best of ``--repeat`` runs is reported, as wall time and as CPU time of this process.

Before timing, the per-segment statistics of every system are checked to be identical.

Each tool is also timed in fresh child processes (one per tool, variant and repeat, the tools
alternating), each of which imports only its own tool, reads the data, then scores once: what a
script or a command line run gets. In-process runs after other work can be faster or slower
than that, because NumPy's large temporary arrays come from a heap that earlier work has
already grown (or not): the two ratios are printed side by side. The children also give peak
memory: ``ru_maxrss`` before scoring (the baseline: interpreter, library and data) and after
(the peak).

    python benchmarks/chrf.py [--data PATH] [--repeat 3] [--variants chrF chrF++]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))
VARIANTS = {"chrF": 0, "chrF++": 2}


def read_lines(path: Path) -> list[str]:
    """Lines without their newline (only \\n ends a line)."""
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def load(data: Path) -> tuple[list[str], dict[str, list[str]]]:
    """The WMT17 en-de reference and its 16 systems."""
    folder = data / "newstest2017" / "en-de"
    systems = {p.stem: read_lines(p) for p in sorted((folder / "sys").glob("*.txt"))}
    return read_lines(folder / "ref.A.txt"), systems


def run_parbleu(ref: list[str], systems: dict[str, list[str]], word_order: int) -> list[float]:
    """Prepare the reference once, then score every system."""
    from parbleu.metrics.chrf.metric import CHRF  # noqa: PLC0415 (memory children import one tool)

    metric = CHRF([ref], word_order=word_order)
    return [metric.corpus_score(hyp).score for hyp in systems.values()]


def run_sacrebleu(ref: list[str], systems: dict[str, list[str]], word_order: int) -> list[float]:
    """Cache the reference once, then score every system."""
    from sacrebleu.metrics import CHRF  # noqa: PLC0415 (memory children import one tool)

    metric = CHRF(word_order=word_order, references=[ref])
    return [metric.corpus_score(hyp, None).score for hyp in systems.values()]


RUNNERS: dict[str, Callable[[list[str], dict[str, list[str]], int], list[float]]] = {
    "parbleu": run_parbleu,
    "sacrebleu": run_sacrebleu,
}


def check_identity(ref: list[str], systems: dict[str, list[str]], word_order: int) -> int:
    """Compare per-segment statistics of every system; return the number of segments."""
    import numpy as np  # noqa: PLC0415 (memory children import one tool)
    import sacrebleu.metrics  # noqa: PLC0415

    from parbleu.metrics.chrf.metric import CHRF  # noqa: PLC0415

    ours = CHRF([ref], word_order=word_order)
    theirs = sacrebleu.metrics.CHRF(word_order=word_order, references=[ref])
    checked = 0
    for name, hyp in systems.items():
        expected = np.array(theirs._extract_corpus_statistics(hyp, None), dtype=np.int64)
        got = ours.statistics(hyp).values
        if got.shape != expected.shape or not (got == expected).all():
            raise SystemExit(
                f"statistics differ from sacreBLEU for {name} (word_order={word_order})"
            )
        if ours.corpus_score(hyp).score != theirs.corpus_score(hyp, None).score:
            raise SystemExit(f"scores differ from sacreBLEU for {name} (word_order={word_order})")
        checked += len(hyp)
    return checked


def time_runs(
    ref: list[str], systems: dict[str, list[str]], word_order: int, repeat: int
) -> dict[str, dict[str, float]]:
    """Best wall and CPU seconds of each tool, runs alternating between tools."""
    best = {tool: {"wall": float("inf"), "cpu": float("inf")} for tool in RUNNERS}
    for _ in range(repeat):
        for tool, runner in RUNNERS.items():
            wall, cpu = time.perf_counter(), time.process_time()
            runner(ref, systems, word_order)
            best[tool]["wall"] = min(best[tool]["wall"], time.perf_counter() - wall)
            best[tool]["cpu"] = min(best[tool]["cpu"], time.process_time() - cpu)
    return best


def child(tool: str, data: Path, word_order: int) -> None:
    """Child process: one timed scoring run and peak RSS before and after it, as JSON (KiB)."""
    ref, systems = load(data)
    if tool == "parbleu":
        import parbleu.metrics.chrf.metric  # noqa: F401, PLC0415 (only the measured tool)
    else:
        import sacrebleu.metrics  # noqa: F401, PLC0415 (only the measured tool)
    baseline = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    wall, cpu = time.perf_counter(), time.process_time()
    RUNNERS[tool](ref, systems, word_order)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"baseline_kib": baseline, "peak_kib": peak, "wall": wall, "cpu": cpu}))


def measure_child(tool: str, data: Path, word_order: int) -> dict[str, Any]:
    """Run `child` in a fresh interpreter."""
    command = [sys.executable, __file__, "--child", tool, "--data", str(data)]
    command += ["--word-order", str(word_order)]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(output.strip().splitlines()[-1])
    return result


def measure_children(data: Path, word_order: int, repeat: int) -> dict[str, dict[str, Any]]:
    """Fresh-process runs of each tool, alternating: the best times, the first run's memory."""
    results: dict[str, dict[str, Any]] = {}
    for _ in range(repeat):
        for tool in RUNNERS:
            run = measure_child(tool, data, word_order)
            best = results.setdefault(tool, run)
            best["wall"] = min(best["wall"], run["wall"])
            best["cpu"] = min(best["cpu"], run["cpu"])
    return results


def report(variant: str, data: Path, repeat: int, children: dict[str, dict[str, Any]]) -> None:
    """Check and time one variant; print the results with its fresh-process measurements."""
    word_order = VARIANTS[variant]
    ref, systems = load(data)
    segments = check_identity(ref, systems, word_order)
    print(
        f"\n{variant}: statistics identical to sacreBLEU 2.6.0 for {len(systems)} systems, "
        f"{segments} segments"
    )
    times = time_runs(ref, systems, word_order, repeat)
    for tool in RUNNERS:
        kib = children[tool]
        mib = {k: kib[k] / 1024 for k in ("baseline_kib", "peak_kib")}
        print(
            f"  {tool:9s} wall {times[tool]['wall']:7.3f} s  cpu {times[tool]['cpu']:7.3f} s  "
            f"fresh process {kib['wall']:7.3f} s  peak RSS {mib['peak_kib']:6.1f} MiB  "
            f"(baseline {mib['baseline_kib']:5.1f}, "
            f"scoring +{mib['peak_kib'] - mib['baseline_kib']:5.1f} MiB)"
        )
    ratio_wall = times["sacrebleu"]["wall"] / times["parbleu"]["wall"]
    ratio_cpu = times["sacrebleu"]["cpu"] / times["parbleu"]["cpu"]
    fresh_wall = children["sacrebleu"]["wall"] / children["parbleu"]["wall"]
    fresh_cpu = children["sacrebleu"]["cpu"] / children["parbleu"]["cpu"]
    extra = {t: children[t]["peak_kib"] - children[t]["baseline_kib"] for t in RUNNERS}
    print(
        f"  speed-up: {ratio_wall:.1f}x wall, {ratio_cpu:.1f}x cpu in one process; "
        f"{fresh_wall:.1f}x wall, {fresh_cpu:.1f}x cpu in fresh processes"
    )
    print(
        f"  memory: parbleu's scoring adds {extra['parbleu'] / max(extra['sacrebleu'], 1):.3f} "
        "of what sacreBLEU's adds; peak RSS ratio "
        f"{children['parbleu']['peak_kib'] / children['sacrebleu']['peak_kib']:.3f}"
    )


def main() -> None:
    """Parse arguments; run the benchmark or one memory child."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--variants", nargs="+", choices=list(VARIANTS), default=list(VARIANTS))
    parser.add_argument("--child", choices=list(RUNNERS), help=argparse.SUPPRESS)
    parser.add_argument("--word-order", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.data, args.word_order)
        return
    print(f"data: {args.data / 'newstest2017' / 'en-de'}; best of {args.repeat} runs")
    # Memory children first: a child's ru_maxrss starts from this process's RSS at fork
    # time, which must stay below the child's own baseline (no data or numpy loaded yet).
    children = {
        variant: measure_children(args.data, VARIANTS[variant], args.repeat)
        for variant in args.variants
    }
    for variant in args.variants:
        report(variant, args.data, args.repeat, children[variant])


if __name__ == "__main__":
    main()
