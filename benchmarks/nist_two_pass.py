"""Is a two-pass NIST over partitions identical to NIST(references).corpus_score? (evidence)

NIST weights every n-gram by its information in the references of the whole corpus, so a
partition cannot be scored alone. Reference n-gram counts are additive, so a distributed NIST
could take two passes: (1) every partition counts its reference n-grams, the counts are added;
(2) every partition computes its statistics with the information weights of the whole
corpus. This script builds that second pass out of parbleu's own NIST (its n-gram types
re-counted with the corpus-wide counts) and compares, for every WMT17 en-de system:

* the per-segment statistics with ``NIST(refs).statistics(hyps)``;
* the score from partition sums added (what a distributed reduction does) and from all rows
  gathered in segment order (the best a distributed run could do), with
  ``NIST(refs).corpus_score(hyps)``.

    python benchmarks/nist_two_pass.py                   # 8 partitions
    python benchmarks/nist_two_pass.py --partitions 32

It uses NIST's internals (`parbleu.metrics.nist.weights`, the fields of the prepared
references) and is evidence for docs/distributed.md, not an API.
"""

from __future__ import annotations

import argparse
import dataclasses
from collections import Counter
from pathlib import Path

import numpy as np

from parbleu import NIST
from parbleu.engine.ranges import even_ranges
from parbleu.metrics.nist.metric import MTEVAL_FALSE_TOKEN, PreparedNistReferences
from parbleu.metrics.nist.weights import information_weights, key_types
from parbleu.references import resolve_references
from parbleu.stats import Stats

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def read_lines(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


def type_strings(prepared: PreparedNistReferences) -> list[list[str]]:
    """Every reference n-gram type of a partition as text, per order (ids differ by partition)."""
    strings = prepared.lookup.vocabulary.strings()
    types = prepared.types
    by_order: list[list[str]] = []
    for order, keys in enumerate(types.keys):
        if order == 0:
            by_order.append([strings[key] for key in keys.tolist()])
        else:
            prefixes = by_order[-1]
            by_order.append(
                [f"{prefixes[k // types.base]} {strings[k % types.base]}" for k in keys.tolist()]
            )
    return by_order


def first_pass(nist: NIST, refs: list[list[str]]) -> tuple[Counter[str], int]:
    """A partition's reference n-gram counts and number of reference words."""
    prepared = nist.prepare(resolve_references(len(refs[0]), refs))
    counts: Counter[str] = Counter()
    for strings, numbers in zip(type_strings(prepared), prepared.types.counts, strict=True):
        counts.update(dict(zip(strings, numbers.tolist(), strict=True)))
    return counts, prepared.types.total_words


def second_pass(
    nist: NIST, hyps: list[str], refs: list[list[str]], counts: Counter[str], words: int
) -> Stats:
    """A partition's statistics with the information weights of the whole corpus."""
    prepared = nist.prepare(resolve_references(len(hyps), refs))
    corpus_counts = tuple(
        np.array([counts[text] for text in strings], dtype=np.int64)
        for strings in type_strings(prepared)
    )
    types = dataclasses.replace(prepared.types, counts=corpus_counts, total_words=words)
    type_info = information_weights(types, false_prefix=prepared.token_ids.get(MTEVAL_FALSE_TOKEN))
    key_info = [w[i] for w, i in zip(type_info, key_types(prepared.table, types), strict=True)]
    prepared = dataclasses.replace(
        prepared, types=types, type_info=tuple(type_info), key_info=tuple(key_info)
    )
    return nist.with_prepared(prepared).statistics(hyps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--partitions", type=int, default=8)
    args = parser.parse_args()
    folder = args.data / "newstest2017" / "en-de"
    refs = [read_lines(folder / "ref.A.txt")]
    nist = NIST()
    ranges = list(even_ranges(len(refs[0]), args.partitions))
    total: Counter[str] = Counter()
    words = 0
    for start, stop in ranges:
        counts, partition_words = first_pass(nist, [r[start:stop] for r in refs])
        total.update(counts)
        words += partition_words
    print(f"WMT17 en-de, {len(refs[0])} segments, {args.partitions} partitions")
    print("system                          rows differ  max |diff|   summed == ?  ordered == ?")
    same_summed = same_ordered = 0
    systems = sorted((folder / "sys").glob("*.txt"))
    for path in systems:
        hyps = read_lines(path)
        parts = [
            second_pass(nist, hyps[a:b], [r[a:b] for r in refs], total, words) for a, b in ranges
        ]
        rows = Stats.concat(parts)
        expected = NIST(refs)
        full = expected.statistics(hyps)
        differ = int((rows.values != full.values).any(axis=1).sum())
        largest = float(np.abs(rows.values - full.values).max())
        score = expected.corpus_score(hyps).score
        summed = nist.score_totals(np.sum([p.total() for p in parts], axis=0)).score
        ordered = nist.score_totals(nist.corpus_totals(rows)).score
        same_summed += summed == score
        same_ordered += ordered == score
        print(
            f"{path.stem[:30]:30}  {differ:5}/{len(hyps)}  {largest:10.1e}  "
            f"{summed == score!s:>11}  {ordered == score!s:>12}   ({summed!r} vs {score!r})"
        )
    print(
        f"identical scores: {same_summed}/{len(systems)} with partition sums, "
        f"{same_ordered}/{len(systems)} with rows gathered in order"
    )


if __name__ == "__main__":
    main()
