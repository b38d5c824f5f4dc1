"""Time parbleu's WER and CER against jiwer 4.0.0's on the same input, in the same run.

Both score WMT21 systems against reference A of each pair: parbleu with one metric object
per measure and pair (references prepared once, counted in its time), jiwer with one
``process_words`` / ``process_characters`` call per system (jiwer has no object to reuse).
The two alternate system by system, so that both see the same load. The script checks that
every corpus rate and every count (hits, substitutions, deletions, insertions) is identical,
then prints CPU seconds and the speed ratio per measure and pair.

    python benchmarks/wer.py                          # en-de, zh-en, en-ja; 4 systems each
    python benchmarks/wer.py --pairs zh-en --systems 23
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import jiwer

from parbleu import CER, WER

T = TypeVar("T")

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
MEASURES: dict[str, tuple[Any, Callable[..., Any], str]] = {
    "WER": (WER, jiwer.process_words, "wer"),
    "CER": (CER, jiwer.process_characters, "cer"),
}
COUNTS = ("hits", "substitutions", "deletions", "insertions")


def read_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


class Clock:
    """CPU seconds of each tool, per measure and pair."""

    def __init__(self) -> None:
        self.seconds: dict[tuple[str, str, str], float] = {}

    def timed(self, key: tuple[str, str, str], work: Callable[[], T]) -> T:
        start = time.process_time()
        result = work()
        self.seconds[key] = self.seconds.get(key, 0.0) + time.process_time() - start
        return result


def run_pair(folder: Path, systems: int, clock: Clock) -> int:
    """Score the first `systems` systems of one pair with both tools; count mismatches."""
    pair = folder.name
    reference = read_lines(folder / "ref.A.txt")
    names = sorted(p.stem for p in (folder / "sys").glob("*.txt"))[:systems]
    failures = 0
    for measure, (metric_class, process, rate) in MEASURES.items():
        metric = clock.timed(("parbleu", measure, pair), lambda m=metric_class: m([reference]))
        for name in names:
            hyps = read_lines(folder / "sys" / f"{name}.txt")
            ours = clock.timed(
                ("parbleu", measure, pair), lambda h=hyps, m=metric: m.corpus_score(h)
            )
            theirs = clock.timed(
                ("jiwer", measure, pair), lambda h=hyps, p=process: p(reference, h)
            )
            same = ours.score == getattr(theirs, rate) * 100 and all(
                getattr(ours, c) == getattr(theirs, c) for c in COUNTS
            )
            if not same:
                failures += 1
                print(f"  {measure} {pair} {name}: {ours.score!r} != {getattr(theirs, rate)!r}")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="shared data folder")
    parser.add_argument("--pairs", nargs="+", default=["en-de", "zh-en", "en-ja"])
    parser.add_argument("--systems", type=int, default=4, help="systems per pair")
    args = parser.parse_args()

    clock = Clock()
    failures = 0
    for pair in args.pairs:
        folder = args.data / "newstest2021" / pair
        lines = len(read_lines(folder / "ref.A.txt"))
        print(f"WMT21 {pair}: {args.systems} systems x {lines} segments")
        failures += run_pair(folder, args.systems, clock)
    print(f"rates and counts identical: {failures == 0}")
    for measure in MEASURES:
        for pair in args.pairs:
            ours = clock.seconds["parbleu", measure, pair]
            theirs = clock.seconds["jiwer", measure, pair]
            print(
                f"{measure} {pair}: jiwer {theirs:6.2f} CPU s, parbleu {ours:6.2f} CPU s, "
                f"ratio {theirs / ours:.1f}x"
            )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
