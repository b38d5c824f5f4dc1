"""Time parbleu's ROUGE against Google's rouge_score 0.1.2 on the same input, in the same run.

Both score WMT17 en-de systems (16 by default) against the newstest2017 reference. rouge_score
has no prepared references: its fastest use is one ``RougeScorer`` per job, called on every
(reference, hypothesis) pair. parbleu prepares the references once per job (that time counts).
Jobs: each variant alone (``RougeScorer([t])`` against ``ROUGE(rouge_type=t)``), then the four
together as HF evaluate asks for them (``RougeScorer([rouge1, rouge2, rougeL, rougeLsum])``
against `RougeFamily`), without and with stemming. The script checks that every segment's
precision, recall and F are identical, then prints CPU seconds and the ratios. Runs alternate
between the tools system by system, and each job is timed ``--repeat`` times (the best kept),
so that both see the same load on a shared machine.

    python benchmarks/rouge.py                   # all 16 systems (rouge_score: a few minutes)
    python benchmarks/rouge.py --systems 4 --repeat 1
    python benchmarks/rouge.py --types rouge1 rouge2 --no-stem   # the ROUGE-N jobs only
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from rouge_score import rouge_scorer

from parbleu.metrics.rouge import ROUGE
from parbleu.metrics.rouge.family import DEFAULT_TYPES, RougeFamily
from parbleu.stats import Stats

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MEASURES = ("precision_sum", "recall_sum", "f_sum")


def read_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def oracle_job(types: Sequence[str], *, stem: bool) -> Callable[[list[str], list[str]], object]:
    scorer = rouge_scorer.RougeScorer(list(types), use_stemmer=stem)

    def run(reference: list[str], system: list[str]) -> object:
        return [scorer.score(ref, hyp) for ref, hyp in zip(reference, system, strict=True)]

    return run


def check(oracle: object, ours: dict[str, Stats], types: Sequence[str]) -> None:
    assert isinstance(oracle, list)
    for name in types:
        expected = np.array([tuple(scores[name]) for scores in oracle])
        got = np.stack([ours[name].column(column) for column in MEASURES], axis=1)
        if not np.array_equal(expected, got):
            raise SystemExit(f"{name}: segment scores differ from rouge_score")


def run_job(
    types: Sequence[str], reference: list[str], systems: dict[str, list[str]], *, stem: bool
) -> tuple[float, float]:
    """Best-of-repeat CPU seconds of (rouge_score, parbleu) for one job over all systems."""
    timings = {"rouge_score": 0.0, "parbleu": 0.0}
    cpu = time.process_time()
    oracle = oracle_job(types, stem=stem)
    timings["rouge_score"] += time.process_time() - cpu
    cpu = time.process_time()
    if len(types) == 1:
        metric = ROUGE([reference], rouge_type=types[0], stem=stem)

        def ours(system: list[str]) -> dict[str, Stats]:
            return {types[0]: metric.statistics(system)}
    else:
        family = RougeFamily([reference], rouge_types=types, stem=stem)
        ours = family.statistics
    timings["parbleu"] += time.process_time() - cpu
    for system in systems.values():
        cpu = time.process_time()
        expected = oracle(reference, system)
        timings["rouge_score"] += time.process_time() - cpu
        cpu = time.process_time()
        got = ours(system)
        timings["parbleu"] += time.process_time() - cpu
        check(expected, got, types)
    return timings["rouge_score"], timings["parbleu"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared data folder")
    parser.add_argument("--systems", type=int, default=16, help="how many systems (max 16)")
    parser.add_argument("--repeat", type=int, default=3, help="timings per job (best kept)")
    parser.add_argument(
        "--types",
        nargs="+",
        choices=DEFAULT_TYPES,
        default=None,
        help="only these variants, alone (default: each alone, then the four together)",
    )
    parser.add_argument("--no-stem", action="store_true", help="skip the stemmed jobs")
    args = parser.parse_args()

    folder = args.data / "newstest2017" / "en-de"
    reference = read_lines(folder / "ref.A.txt")
    names = sorted(p.stem for p in (folder / "sys").glob("*.txt"))[: args.systems]
    systems = {name: read_lines(folder / "sys" / f"{name}.txt") for name in names}
    print(f"WMT17 en-de: {len(systems)} systems x {len(reference)} segments, CPU seconds")
    print(f"{'job':<36} {'rouge_score':>11} {'parbleu':>8} {'ratio':>6}")
    jobs = [(t,) for t in args.types] if args.types else [(t,) for t in DEFAULT_TYPES]
    if not args.types:
        jobs.append(DEFAULT_TYPES)
    for stem in (False,) if args.no_stem else (False, True):
        for types in jobs:
            runs = [run_job(types, reference, systems, stem=stem) for _ in range(args.repeat)]
            oracle = min(run[0] for run in runs)
            ours = min(run[1] for run in runs)
            label = ("+".join(types) if len(types) > 1 else types[0]) + (" stem" if stem else "")
            print(f"{label:<36} {oracle:>11.2f} {ours:>8.3f} {oracle / ours:>5.1f}x", flush=True)
    print("segment precision, recall and F identical to rouge_score in every job")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
