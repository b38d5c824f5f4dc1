"""Peak memory of parbleu and sacreBLEU on inputs that stress memory (issue 16), run by hand.

    python benchmarks/memory.py                      # every case
    python benchmarks/memory.py --case references --case ter-25
    python benchmarks/memory.py --timeout 120 --limit-gib 8

Each case runs each tool in a fresh child process that makes the input (deterministic, from
a seeded generator), reads its peak resident memory (``VmHWM`` of ``/proc/self/status``;
``ru_maxrss`` survives ``exec`` on Linux, so a child would report its parent's peak), scores,
and reads it again: "added" is what scoring needed beyond holding the input. The children run
alternately (parbleu, sacreBLEU) under an address-space limit (``--limit-gib``: a tool that
needs more fails with ``MemoryError`` instead of taking the machine) and a time limit
(``--timeout``). Both tools must give the same score where both finish.

Cases:

* ``references``: corpus BLEU, 1,000 reference streams x 100 segments of 20 words.
* ``long-line``: corpus BLEU (13a) of one 50 MB line against another.
* ``short-lines``: corpus BLEU of 1,000,000 lines of three words.
* ``ter-25``, ``ter-100``, ``ter-200``: TER of one segment of 25, 100 or 200 KB against a
  shuffle of its words (tercom's shifts; sacreBLEU needs minutes to hours here).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

VOCABULARY = [f"w{i}" for i in range(5000)]

CASES = ("references", "long-line", "short-lines", "ter-25", "ter-100", "ter-200")
TOOLS = ("parbleu", "sacrebleu")


def peak_mib() -> float:
    """This process's peak resident memory in MiB (VmHWM)."""
    status = Path("/proc/self/status").read_text(encoding="ascii").splitlines()
    return int(next(line for line in status if line.startswith("VmHWM:")).split()[1]) / 1024


def words(rng: random.Random, size: int) -> list[str]:
    """Random words from `VOCABULARY` until their text has `size` characters."""
    out: list[str] = []
    length = 0
    while length < size:
        out.append(rng.choice(VOCABULARY))
        length += len(out[-1]) + 1
    return out


def make_input(case: str) -> tuple[str, list[str], list[list[str]]]:
    """The metric, hypotheses and reference streams of a case."""
    rng = random.Random(1)
    if case == "references":
        hypotheses = [" ".join(words(rng, 120)) for _ in range(100)]
        streams = [[" ".join(words(rng, 120)) for _ in range(100)] for _ in range(1000)]
        return "bleu", hypotheses, streams
    if case == "long-line":
        line = words(rng, 50_000_000)
        return "bleu", [" ".join(reversed(line))], [[" ".join(line)]]
    if case == "short-lines":
        hypotheses = [" ".join(words(rng, 12)) for _ in range(1_000_000)]
        return "bleu", hypotheses, [[" ".join(words(rng, 12)) for _ in range(1_000_000)]]
    kilobytes = int(case.removeprefix("ter-"))
    reference = words(rng, kilobytes * 1000)
    return "ter", [" ".join(rng.sample(reference, len(reference)))], [[" ".join(reference)]]


def score(tool: str, metric: str, hypotheses: list[str], references: list[list[str]]) -> float:
    """The corpus score of one tool."""
    # Imported in the child only, so that the other tool's import is not in its peak.
    module = importlib.import_module("parbleu" if tool == "parbleu" else "sacrebleu")
    scorer = getattr(module, f"corpus_{metric}")
    return float(scorer(hypotheses, references).score)


def child(case: str, tool: str, limit_gib: float) -> None:
    """One measurement, printed as a JSON line."""
    limit = int(limit_gib * 2**30)
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    metric, hypotheses, references = make_input(case)
    before = peak_mib()
    start = time.perf_counter()
    try:
        value: float | str = score(tool, metric, hypotheses, references)
    except MemoryError:
        value = f"MemoryError above {limit_gib:g} GiB"
    seconds = time.perf_counter() - start
    print(json.dumps({"before": before, "peak": peak_mib(), "seconds": seconds, "score": value}))


def measure(case: str, tool: str, limit_gib: float, timeout: float) -> dict[str, Any]:
    """Run `child` in a fresh interpreter."""
    argv = [sys.executable, __file__, "--child", case, tool, "--limit-gib", str(limit_gib)]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return {"score": f"not finished in {timeout:g} s"}
    if done.returncode:
        return {"score": f"failed: {done.stderr.strip().splitlines()[-1:]}"}
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--case", action="append", choices=CASES, help="(repeatable)")
    parser.add_argument("--tool", action="append", choices=TOOLS, help="(repeatable)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per child")
    parser.add_argument("--limit-gib", type=float, default=8.0, help="address space per child")
    parser.add_argument("--child", nargs=2, metavar=("CASE", "TOOL"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], args.child[1], args.limit_gib)
        return
    print(f"{'case':<12} {'tool':<10} {'input MiB':>9} {'peak MiB':>9} {'added':>8} {'s':>7} score")
    for case in args.case or CASES:
        for tool in args.tool or TOOLS:
            result = measure(case, tool, args.limit_gib, args.timeout)
            if "peak" in result:
                added = result["peak"] - result["before"]
                print(
                    f"{case:<12} {tool:<10} {result['before']:>9.0f} {result['peak']:>9.0f} "
                    f"{added:>8.0f} {result['seconds']:>7.1f} {result['score']}",
                    flush=True,
                )
            else:
                print(f"{case:<12} {tool:<10} {'':>9} {'':>9} {'':>8} {'':>7} {result['score']}")


if __name__ == "__main__":
    main()
