"""TER on the shared WMT data against sacreBLEU 2.6.0 and tercom 0.7.25.

Oracles:

* tercom 7.25 (the ``tercom_ter`` column of newstest2017/en-de/known_answers.tsv, fractions
  printed with 3 decimals): the full corpus score of all 16 WMT17 en-de systems.
* sacreBLEU 2.6.0 (``TER.sentence_score``): per-segment statistics of every system of every
  pair (WMT21 de-en, en-de, en-ja, en-zh, ja-en, zh-en with all their references together and
  with each reference alone, and WMT17 en-de). sacreBLEU needs about an hour for all of it
  here (its long zh-en segments take seconds each), so it checks a deterministic sample: the
  segments ``i`` with ``(i + system index) % stride == 0``. The stride is the pair's number
  of systems (zh-en: 50, en-ja and en-zh: 1), so that each segment is compared once per
  reference set, by one system or another; parbleu scores those segments, with their
  references, as a corpus of their own (a segment's statistics depend on it alone).
"""

from __future__ import annotations

import csv
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import pytest
from sacrebleu.metrics import TER as SacreTER

from parbleu.metrics.ter.metric import TER
from parbleu.tokenizers.tercom import TercomTokenizer
from tests.wmt import Pair, WmtData

pytestmark = [pytest.mark.slow, pytest.mark.shared_data]

#: Sample stride per pair for the sacreBLEU comparison (1: every segment): the number of
#: systems, so that the systems' offsets cover every segment once per reference set.
STRIDES = {
    "newstest2021/de-en": 19,
    "newstest2021/en-de": 20,
    "newstest2021/en-ja": 1,
    "newstest2021/en-zh": 1,
    "newstest2021/ja-en": 16,
    "newstest2021/zh-en": 50,
    "newstest2017/en-de": 16,
}


@dataclass(frozen=True)
class Check:
    """One system scored against one set of references, on the sampled segments."""

    system: str
    references: str  # "all" or a reference letter
    segments: list[int]
    ours: list[tuple[float, float]]
    expected: list[tuple[float, float]]


def reference_sets(pair: Pair) -> dict[str, list[list[str]]]:
    """All references together, and each alone when there are several."""
    streams = pair.references
    sets = {"all": list(streams.values())}
    if len(streams) > 1:
        sets.update({letter: [stream] for letter, stream in streams.items()})
    return sets


def run_checks(pair: Pair) -> Iterator[Check]:
    stride = STRIDES[pair.name]
    systems = pair.system_names
    for set_index, (name, streams) in enumerate(reference_sets(pair).items()):
        for index, system in enumerate(systems):
            hypotheses = pair.system(system)
            offset = index + set_index * len(systems)
            segments = [i for i in range(len(hypotheses)) if (i + offset) % stride == 0]
            sampled = [[stream[i] for i in segments] for stream in streams]
            stats = TER(sampled).statistics([hypotheses[i] for i in segments]).values
            oracle = SacreTER()
            expected = []
            for i in segments:
                score = oracle.sentence_score(hypotheses[i], [s[i] for s in streams])
                expected.append((float(score.num_edits), score.ref_length))
            ours = [(float(row[0]), float(row[1])) for row in stats]
            yield Check(system, name, segments, ours, expected)


@pytest.fixture(scope="module")
def wmt_checks(shared_data: WmtData) -> Callable[[str], list[Check]]:
    """sacreBLEU's sampled statistics and parbleu's for a pair, computed once per pair."""
    pairs = [*shared_data.wmt21_pairs, shared_data.wmt17_ende]
    assert [p.name for p in pairs] == list(STRIDES)
    cache: dict[str, list[Check]] = {}

    def checks(name: str) -> list[Check]:
        if name not in cache:
            cache[name] = list(run_checks(shared_data.pair(name)))
        return cache[name]

    return checks


@pytest.mark.parametrize("pair_name", list(STRIDES))
def test_statistics_identical_to_sacrebleu(
    wmt_checks: Callable[[str], list[Check]], shared_data: WmtData, pair_name: str
) -> None:
    checks = wmt_checks(pair_name)
    pair = shared_data.pair(pair_name)
    assert {c.system for c in checks} == set(pair.system_names)  # every system
    assert {c.references for c in checks} == set(reference_sets(pair))
    n_segments = len(pair.reference(pair.reference_names[0]))
    stride = STRIDES[pair_name]
    for references in reference_sets(pair):
        covered = {i for c in checks if c.references == references for i in c.segments}
        if stride <= len(pair.system_names):  # every segment once per reference set
            assert covered == set(range(n_segments)), references
        else:
            assert len(covered) >= len(pair.system_names) * (n_segments // stride)
    mismatches = [
        (c.system, c.references, i, ours, expected)
        for c in checks
        for i, ours, expected in zip(c.segments, c.ours, c.expected, strict=True)
        if ours != expected
    ]
    assert not mismatches[:10], f"{len(mismatches)} segments differ"


def test_wmt17_corpus_ter_matches_tercom(shared_data: WmtData) -> None:
    """All 16 WMT17 en-de systems, whole corpus: tercom's TER at its 3 printed decimals."""
    pair = shared_data.wmt17_ende
    with (pair.folder / "known_answers.tsv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    assert len(rows) == 16
    ter = TER(list(pair.references.values()))
    for row in rows:
        score = ter.corpus_score(pair.system(row["system"])).score
        assert f"{score / 100:.3f}" == f"{float(row['tercom_ter']):.3f}", row["system"]


def test_worker_processes_give_the_same_statistics(shared_data: WmtData) -> None:
    pair = shared_data.wmt17_ende
    references = list(pair.references.values())
    hypotheses = pair.system(pair.system_names[0])
    single = TER(references).statistics(hypotheses).values
    parallel = TER(references, n_jobs=2).statistics(hypotheses).values
    assert np.array_equal(single, parallel)


OPTION_NAMES = ("normalized", "no_punct", "asian_support", "case_sensitive")


@pytest.mark.parametrize(
    "flags",
    list(itertools.product([False, True], repeat=4)),
    ids=lambda f: "".join(map(str, map(int, f))),
)
def test_tokens_of_every_line_for_every_option(
    shared_data: WmtData, flags: tuple[bool, ...]
) -> None:
    """Every reference line of every pair (as sacreBLEU caches references, which normalizes
    them twice) and the first system's lines (normalized once), for each of the 16 option sets."""
    options = dict(zip(OPTION_NAMES, flags, strict=True))
    ours = TercomTokenizer(**options)
    differing = []
    for pair in [*shared_data.wmt21_pairs, shared_data.wmt17_ende]:
        for letter, stream in pair.references.items():
            oracle = SacreTER(**options)._cache_references([stream])
            for i, (line, cached) in enumerate(zip(stream, oracle, strict=True)):
                if ours.reference_words(line) != cached["ref_words"][0]:
                    differing.append((pair.name, f"ref.{letter}", i))
        system = pair.system_names[0]
        sacre = SacreTER(**options)
        for i, line in enumerate(pair.system(system)):
            if ours.words(line) != sacre._preprocess_segment(line).split():
                differing.append((pair.name, system, i))
    assert not differing[:10], f"{len(differing)} lines tokenized differently"
