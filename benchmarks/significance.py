"""Significance tests: parbleu against sacreBLEU 2.6.0, in the same run, and memory.

1. Speed: the paired bootstrap test (1000 resamples, seed 12345) of WMT21 en-de's 20 systems
   (the first, alphabetically, is the baseline), from hypothesis strings to p-values, with
   references prepared once on both sides (sacreBLEU: a metric object with references
   cached, ``PairedTest(..., references=None)``, its fastest use). Prints both times split
   into statistics and the test itself, the ratios, and whether every score, p-value, mean
   and interval is identical. ``--ar`` adds the randomization test.
2. Memory: the extra peak RSS of a 1000-sample BLEU confidence interval on 100,000 segments
   (WMT21 en-de, repeated), measured in a fresh subprocess: RSS once the statistics exist,
   then the peak during `confidence_interval` (Linux: the peak is reset through
   ``/proc/self/clear_refs``). sacreBLEU's bootstrap builds a ``samples x segments x columns``
   float32 tensor; its extra memory is measured the same way on ``--sacrebleu-segments``
   segments (default 10,000; 100,000 would need about 5 GB).

    python benchmarks/significance.py                  # both parts
    python benchmarks/significance.py --skip-memory --metrics bleu chrf --ar
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import sacrebleu.metrics as sacre_metrics
import sacrebleu.significance as sacre_significance

from parbleu import BLEU
from parbleu.metrics.chrf.metric import CHRF
from parbleu.significance.paired import confidence_interval, paired_bootstrap, paired_randomization
from parbleu.stats import Stats

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = REPO.parent / "shared" / "data"


def _lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def _pair(data: Path) -> tuple[list[str], list[tuple[str, list[str]]]]:
    folder = data / "newstest2021" / "en-de"
    names = sorted(p.stem for p in (folder / "sys").glob("*.txt"))
    systems = [(name, _lines(folder / "sys" / f"{name}.txt")) for name in names]
    return _lines(folder / "ref.A.txt"), systems


def _metrics(name: str, ref: list[str]) -> tuple[Any, Any]:
    if name == "bleu":
        return sacre_metrics.BLEU(references=[ref]), BLEU([ref])
    return sacre_metrics.CHRF(references=[ref]), CHRF([ref])


def _speed(data: Path, metric_name: str, kind: str, n: int) -> None:
    ref, systems = _pair(data)
    sacre, ours = _metrics(metric_name, ref)
    os.environ["SACREBLEU_SEED"] = "12345"
    # sacreBLEU's statistics first, then its test on them (PairedTest asks the metric for
    # statistics, which now come from this cache), so that both parts are timed apart.
    start = time.perf_counter()
    cache = {id(lines): sacre._extract_corpus_statistics(lines, None) for _, lines in systems}
    sacre_statistics = time.perf_counter() - start
    sacre._extract_corpus_statistics = lambda hypotheses, _references: cache[id(hypotheses)]
    start = time.perf_counter()
    _, theirs = sacre_significance.PairedTest(
        systems, {"m": sacre}, None, test_type=kind, n_samples=n
    )()
    sacre_test = time.perf_counter() - start
    sacre_time = sacre_statistics + sacre_test
    expected = next(v for k, v in theirs.items() if k != "System")

    start = time.perf_counter()
    stats = {name: ours.statistics(lines) for name, lines in systems}
    middle = time.perf_counter()
    if kind == "bs":
        result = paired_bootstrap(ours, stats, n_samples=n, seed=12345)
    else:
        result = paired_randomization(ours, stats, n_trials=n, seed=12345)
    end = time.perf_counter()
    ours_time = end - start

    identical = all(
        r.score == e.score
        and r.p_value == e.p_value
        and (e.mean is None or (r.estimate is not None and r.estimate.mean == float(e.mean)))
        and (e.ci is None or (r.estimate is not None and r.estimate.ci == float(e.ci)))
        for r, e in zip(result.results, expected, strict=True)
    )
    test = "paired bootstrap" if kind == "bs" else "approximate randomization"
    print(f"{metric_name.upper()} {test}, {len(systems)} systems x {len(ref)} segments, n={n}")
    ours_test = end - middle
    print(
        f"  sacreBLEU {sacre_time:8.2f} s  (statistics {sacre_statistics:.2f} s, "
        f"test {sacre_test:.2f} s)"
    )
    print(
        f"  parbleu   {ours_time:8.2f} s  (statistics {middle - start:.2f} s, "
        f"test {ours_test:.2f} s)"
    )
    print(
        f"  speed-up  {sacre_time / ours_time:8.1f}x (test alone {sacre_test / ours_test:.1f}x)"
        f"   identical results: {identical}"
    )


_CHILD = """
import json, sys
sys.path.insert(0, {repo!r})
from benchmarks.significance import child
print(json.dumps(child({stats!r}, {samples}, {tool!r})))
"""


def _status_kib(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def child(stats_file: str, samples: int, tool: str) -> dict[str, Any]:
    """In a fresh process: load the statistics, then measure one bootstrap interval."""
    values = np.load(stats_file)
    bleu = BLEU()
    if tool == "parbleu":
        stats = Stats(bleu.columns, values)

        def run() -> None:
            confidence_interval(bleu, stats, n_samples=samples)

    else:
        rows = values.tolist()  # sacreBLEU's statistics are lists of ints
        sacre = sacre_metrics.BLEU()

        def run() -> None:
            sacre_significance._bootstrap_resample(rows, sacre, samples)

    before = _status_kib("VmRSS")
    try:  # reset the peak to the current RSS (Linux >= 4.0)
        Path("/proc/self/clear_refs").write_text("5")
        reset = _status_kib("VmHWM") <= before + 1024
    except OSError:
        reset = False
    start = time.perf_counter()
    run()
    seconds = time.perf_counter() - start
    peak = _status_kib("VmHWM") if reset else resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"extra_mib": (peak - before) / 1024, "seconds": seconds, "peak_reset": reset}


def _statistics_file(data: Path, segments: int, folder: Path) -> Path:
    """BLEU statistics of WMT21 en-de's first system, repeated to ``segments`` segments."""
    ref, systems = _pair(data)
    hyp = systems[0][1]
    repeat = -(-segments // len(ref))
    bleu = BLEU([(ref * repeat)[:segments]])
    path = folder / f"stats-{segments}.npy"
    np.save(path, np.asarray(bleu.statistics((hyp * repeat)[:segments]).values))
    return path


def _memory(stats_file: Path, samples: int, tool: str) -> dict[str, Any]:
    code = _CHILD.format(repo=str(REPO), stats=str(stats_file), samples=samples, tool=tool)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def _report_memory(data: Path, segments: int, small: int, samples: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        large_file = _statistics_file(data, segments, Path(folder))
        ours = _memory(large_file, samples, "parbleu")
        print(f"Memory: {samples}-sample BLEU confidence interval, extra peak RSS")
        mib, seconds = ours["extra_mib"], ours["seconds"]
        print(f"  parbleu   {segments:7d} segments {mib:8.1f} MiB  ({seconds:.2f} s)")
        if small:
            small_file = _statistics_file(data, small, Path(folder))
            for tool in ("sacrebleu", "parbleu"):
                result = _memory(small_file, samples, tool)
                print(
                    f"  {tool:<9} {small:7d} segments {result['extra_mib']:8.1f} MiB  "
                    f"({result['seconds']:.2f} s)"
                )
        if not ours["peak_reset"]:
            print("  (peak RSS could not be reset: numbers are upper bounds)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=Path(os.environ.get("PARBLEU_SHARED_DATA", DEFAULT_DATA))
    )
    parser.add_argument("--metrics", nargs="+", choices=["bleu", "chrf"], default=["bleu"])
    parser.add_argument("--samples", type=int, default=1000)
    parser.add_argument("--ar", action="store_true", help="also time approximate randomization")
    parser.add_argument("--skip-speed", action="store_true")
    parser.add_argument("--skip-memory", action="store_true")
    parser.add_argument("--segments", type=int, default=100_000)
    parser.add_argument("--sacrebleu-segments", type=int, default=10_000)
    args = parser.parse_args()
    if not args.skip_speed:
        for metric in args.metrics:
            _speed(args.data, metric, "bs", args.samples)
            if args.ar:
                _speed(args.data, metric, "ar", 10 * args.samples)
    if not args.skip_memory:
        _report_memory(args.data, args.segments, args.sacrebleu_segments, args.samples)


if __name__ == "__main__":
    main()
