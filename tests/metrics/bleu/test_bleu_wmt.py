"""Oracles: sacreBLEU 2.6.0, the official WMT21 scores and mteval-v13a/v14, on real WMT data.

Every system of every pair in ../shared/data is scored against each reference alone and
against all references together. The statistics must be identical to sacreBLEU's (every
count of every segment) and the corpus score bit-identical; the official WMT21 BLEU in
official_auto_scores.tsv and the mteval values in known_answers.tsv must be reproduced.
sacreBLEU's statistics come from `tests.oracles.sacrebleu_statistics`, extracted once per
session for this module and the others that compare with the same counts.
"""

from __future__ import annotations

import numpy as np
import pytest
from sacrebleu.metrics import BLEU as SacreBLEU

from parbleu import BLEU
from tests.oracles.sacrebleu_statistics import statistics_array
from tests.wmt import OFFICIAL_BLEU_TOKENIZER, Pair, WmtData

WMT21_PAIRS = ["de-en", "en-de", "en-ja", "en-zh", "ja-en", "zh-en"]

pytestmark = [pytest.mark.slow, pytest.mark.shared_data]


def _combinations(pair: Pair) -> list[tuple[str, list[str]]]:
    singles = [(letter, [letter]) for letter in pair.reference_names]
    return [*singles, ("all", list(pair.reference_names))] if len(singles) > 1 else singles


def _check_pair(pair: Pair, tokenize: str) -> list[str]:
    """Compare parbleu with sacreBLEU on every system and reference combination of a pair."""
    problems = []
    for label, letters in _combinations(pair):
        streams = [pair.references[letter] for letter in letters]
        oracle = SacreBLEU(tokenize=tokenize)  # scores summed statistics; needs no references
        ours = BLEU(streams, tokenize=tokenize)
        for name, lines in pair.systems.items():
            expected_stats = statistics_array("bleu", lines, streams, tokenize=tokenize)
            stats = ours.statistics(lines)
            if not np.array_equal(stats.values, expected_stats):
                bad = np.flatnonzero((stats.values != expected_stats).any(axis=1))
                problems.append(f"{pair.name} {name} refs={label}: segments {bad[:5].tolist()}")
                continue
            expected = oracle._compute_score_from_stats(expected_stats.sum(0).tolist())
            got = ours.score_totals(stats.total())
            if got.score != expected.score or got.bp != expected.bp:
                problems.append(f"{pair.name} {name} refs={label}: {got.score} != {expected.score}")
    return problems


@pytest.mark.parametrize("pair_name", WMT21_PAIRS)
def test_wmt21_statistics_identical_to_sacrebleu(shared_data: WmtData, pair_name: str) -> None:
    pair = shared_data.pair(pair_name)
    assert _check_pair(pair, OFFICIAL_BLEU_TOKENIZER[pair.target]) == []


@pytest.mark.parametrize("tokenize", ["13a", "intl", "char", "none"])
def test_wmt17_statistics_identical_to_sacrebleu(shared_data: WmtData, tokenize: str) -> None:
    assert _check_pair(shared_data.wmt17_ende, tokenize) == []


@pytest.mark.parametrize("pair_name", ["en-zh", "zh-en"])
def test_wmt21_chinese_with_intl_and_13a(shared_data: WmtData, pair_name: str) -> None:
    pair = shared_data.pair(pair_name)
    assert _check_pair(pair, "intl") == []
    assert _check_pair(pair, "13a" if pair.target == "zh" else "zh") == []


@pytest.mark.parametrize("pair_name", WMT21_PAIRS)
def test_official_wmt21_bleu(shared_data: WmtData, pair_name: str) -> None:
    """official_auto_scores.tsv: bleu-A, bleu-B, ..., bleu-all, reproduced to the last digit."""
    pair = shared_data.pair(pair_name)
    tokenize = OFFICIAL_BLEU_TOKENIZER[pair.target]
    combinations = [*_combinations(pair), ("all", list(pair.reference_names))]
    metrics = {
        label: BLEU([pair.references[letter] for letter in letters], tokenize=tokenize)
        for label, letters in dict(combinations).items()
    }
    checked = 0
    for row in pair.official_scores():
        if not row["metric"].startswith("bleu-") or row["system"] not in pair.system_names:
            continue
        label = row["metric"].removeprefix("bleu-")
        score = metrics[label].corpus_score(pair.systems[row["system"]]).score
        assert score == pytest.approx(float(row["score"]), abs=1e-9), (row["system"], label)
        checked += 1
    assert checked >= len(pair.system_names)


def test_wmt17_mteval_v13a_and_v14_intl(shared_data: WmtData) -> None:
    """known_answers.tsv: mteval-v13a.pl -c for 16 systems, mteval-v14 intl for LIUM-NMT."""
    pair = shared_data.wmt17_ende
    default = BLEU([pair.reference("A")])
    intl = BLEU([pair.reference("A")], tokenize="intl")
    rows = pair.known_answers()
    assert len(rows) == 16
    for row in rows:
        lines = pair.system(row["system"])
        expected = float(row["mteval_v13a_bleu"])  # printed with 2 decimals
        assert f"{default.corpus_score(lines).score:.2f}" == f"{expected:.2f}", row["system"]
        if row["mteval_v14_intl_bleu"] != "NA":
            expected = float(row["mteval_v14_intl_bleu"])
            assert f"{intl.corpus_score(lines).score:.2f}" == f"{expected:.2f}"
