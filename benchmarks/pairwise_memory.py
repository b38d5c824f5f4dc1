"""Peak memory of ``parbleu.pairwise.matrix`` for n x n matrices, each size in a fresh process.

Candidates are real WMT21 en-de sentences (the system outputs of
../shared/data/newstest2021/en-de/sys, concatenated, first n lines), scored against
themselves, as MBR does. Each (size, metric) runs in its own interpreter and reports:

* the peak of memory allocated while scoring, by tracemalloc (which sees NumPy's arrays),
  beyond what was allocated before the call;
* the process's maximum resident set (``ru_maxrss``), which includes the interpreter and
  the libraries (about 60 MB before any work);
* the bytes per cell of both, and the time of the call (tracemalloc slows it down).

``--src`` runs the same child against another checkout's ``src`` (say the one before row
blocks) for a comparison in the same run.

    python benchmarks/pairwise_memory.py --sizes 2000 4500 [--metrics chrf bleu]
        [--src ../main/src]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))

CHILD = """
import json, resource, sys, time, tracemalloc
from pathlib import Path
folder = Path(sys.argv[1]) / "newstest2021" / "en-de" / "sys"
n, metric = int(sys.argv[2]), sys.argv[3]
lines = []
for path in sorted(folder.glob("*.txt")):
    lines += path.read_text(encoding="utf-8").splitlines()
    if len(lines) >= n:
        break
lines = lines[:n]
from parbleu import pairwise
pairwise.matrix(lines[:8], metric=metric)  # imports and first-call set-up outside the peak
tracemalloc.start()
before = tracemalloc.get_traced_memory()[0]
start = time.perf_counter()
scores = pairwise.matrix(lines, metric=metric)
seconds = time.perf_counter() - start
peak = tracemalloc.get_traced_memory()[1] - before
tracemalloc.stop()
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
print(json.dumps({"n": len(lines), "metric": metric, "peak": peak, "rss": rss,
                  "seconds": seconds, "checksum": float(scores.sum())}))
"""


def run(src: Path, data: Path, n: int, metric: str) -> dict[str, float] | None:
    env = {**os.environ, "PYTHONPATH": str(src), "OPENBLAS_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(data), str(n), metric],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        print(f"  {src} n={n} {metric}: failed ({done.stderr.strip().splitlines()[-1:]})")
        return None
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 4500])
    parser.add_argument("--metrics", nargs="+", default=["chrf", "bleu"])
    parser.add_argument("--src", type=Path, nargs="*", default=[], help="other checkouts")
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args()
    sources = [REPO / "src", *args.src]
    print("| source | metric | n x n | peak allocated | per cell | max RSS | per cell | time |")
    print("|---|---|---|---|---|---|---|---|")
    for n in args.sizes:
        for metric in args.metrics:
            for src in sources:
                r = run(src, args.data, n, metric)
                if r is None:
                    continue
                cells = r["n"] ** 2
                print(
                    f"| {src} | {metric} | {int(r['n'])} | {r['peak'] / 2**20:,.0f} MiB | "
                    f"{r['peak'] / cells:.0f} B | {r['rss'] / 2**20:,.0f} MiB | "
                    f"{r['rss'] / cells:.0f} B | {r['seconds']:.1f} s |"
                )


if __name__ == "__main__":
    main()
