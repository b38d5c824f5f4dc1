"""MBR with 1,024 candidates per source: parbleu against fastchrf and mbrs, in the same run.

Candidates: for each of ``--sources`` WMT21 en-de sources, 1,024 samples made from its
system translations (../shared/data/newstest2021/en-de/sys) with random word drops, swaps
and repeats (seeded), so that they share most n-grams, as model samples do. Each source's
candidates are their own pseudo-references.

* chrF matrix: ``parbleu.pairwise.matrix`` against ``fastchrf.pairwise_chrf`` (1 thread);
* chrF aggregate: ``parbleu.pairwise.aggregate`` against ``fastchrf.aggregate_chrf``;
* BLEU aggregate: ``parbleu.pairwise.aggregate(metric="bleu")`` against mbrs's aggregated
  BLEU. mbrs needs torch, so it is timed through tests/oracles/mbrs_bleu.py, which restates
  its code operation for operation on sacreBLEU (the same Python work, without torch).

Exact equality is checked first (every value of every source), then the best of
``--repeat`` times per tool, and the peak memory each tool added in a fresh process
(``VmHWM`` after resetting it, minus ``VmRSS`` before the call: Rust's allocations
included).

    python benchmarks/mbr.py [--sources 3] [--candidates 1024] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("RAYON_NUM_THREADS", "1")  # fastchrf single-threaded
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # parbleu's matrix product too

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))
sys.path.insert(0, str(REPO))


def sources(data: Path, count: int, size: int) -> list[list[str]]:
    folder = data / "newstest2021" / "en-de" / "sys"
    systems = [p.read_text(encoding="utf-8").splitlines() for p in sorted(folder.glob("*.txt"))]
    rng = random.Random(2024)
    groups = []
    for line in range(10, 10 + count):
        translations = [s[line].split() for s in systems if line < len(s) and s[line].strip()]
        samples = []
        for _ in range(size):
            words = list(rng.choice(translations))
            for _ in range(rng.randint(0, 3)):
                i = rng.randrange(len(words))
                action = rng.random()
                if action < 0.4 and len(words) > 1:
                    del words[i]
                elif action < 0.7:
                    j = rng.randrange(len(words))
                    words[i], words[j] = words[j], words[i]
                else:
                    words.insert(i, words[i])
            samples.append(" ".join(words))
        groups.append(samples)
    return groups


def tools() -> dict[str, Callable[[list[str]], Any]]:
    import fastchrf  # noqa: PLC0415
    from tests.oracles.mbrs_bleu import aggregated_bleu  # noqa: PLC0415

    from parbleu import pairwise  # noqa: PLC0415

    return {
        "chrF matrix / parbleu": lambda c: pairwise.matrix(c).tolist(),
        "chrF matrix / fastchrf": lambda c: fastchrf.pairwise_chrf([c], [c])[0],
        "chrF aggregate / parbleu": lambda c: pairwise.aggregate(c).tolist(),
        "chrF aggregate / fastchrf": lambda c: fastchrf.aggregate_chrf([c], [c])[0],
        "BLEU aggregate / parbleu": lambda c: pairwise.aggregate(c, metric="bleu").tolist(),
        "BLEU aggregate / mbrs (restated)": lambda c: aggregated_bleu(c, c),
    }


def status(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field):
            return int(line.split()[1]) * 1024
    return 0


def child(data: Path, count: int, size: int, name: str) -> None:
    """In a fresh process: the memory one tool adds while deciding every source."""
    groups = sources(data, count, size)
    function = tools()[name]
    function(groups[0][:8])  # imports and first-call set-up
    Path("/proc/self/clear_refs").write_text("5")  # reset VmHWM to the current RSS
    before = status("VmRSS:")
    for group in groups:
        function(group)
    print(json.dumps({"added": status("VmHWM:") - before}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sources", type=int, default=3)
    parser.add_argument("--candidates", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.data, args.sources, args.candidates, args.child)
        return
    groups = sources(args.data, args.sources, args.candidates)
    functions = tools()
    results = {name: [function(g) for g in groups] for name, function in functions.items()}
    names = list(functions)
    for ours, theirs in zip(names[::2], names[1::2], strict=True):
        same = results[ours] == results[theirs]
        print(f"{ours} == {theirs}: {'identical' if same else 'DIFFERENT'}")
    seconds = dict.fromkeys(names, float("inf"))
    for _ in range(args.repeat):
        for name, function in functions.items():
            start = time.perf_counter()
            for group in groups:
                function(group)
            seconds[name] = min(seconds[name], time.perf_counter() - start)
    print(f"\n{args.sources} sources x {args.candidates} candidates, best of {args.repeat}")
    print("| task / tool | time per source | memory added (peak) | parbleu is |")
    print("|---|---|---|---|")
    for ours, theirs in zip(names[::2], names[1::2], strict=True):
        for name in (ours, theirs):
            done = subprocess.run(
                [
                    sys.executable,
                    __file__,
                    "--child",
                    name,
                    "--sources",
                    str(args.sources),
                    "--candidates",
                    str(args.candidates),
                    "--data",
                    str(args.data),
                ],
                capture_output=True,
                text=True,
                check=True,
                env={**os.environ, "PYTHONPATH": str(REPO / "src")},
            )
            added = json.loads(done.stdout.strip().splitlines()[-1])["added"] / 2**20
            ratio = "" if name == ours else f"{seconds[name] / seconds[ours]:.1f}x faster"
            per_source = seconds[name] / args.sources * 1000
            print(f"| {name} | {per_source:,.0f} ms | {added:,.0f} MiB | {ratio} |")


if __name__ == "__main__":
    main()
