"""Oracles: sacreBLEU 2.6.0, the official WMT21 chrF and chrF++.py, on real WMT data.

Every system of every WMT21 pair in ../shared/data is scored against each reference alone and
against all references together, and every WMT17 en-de system against its reference:

* per-segment statistics identical to sacreBLEU's (chrF everywhere; chrF++ with all
  references together, and on WMT17), corpus scores bit-identical;
* the official WMT21 chrF (``chrf-A`` ... ``chrf-all`` in official_auto_scores.tsv, sacreBLEU
  defaults ``case:mixed|eff:yes|nc:6|nw:0|space:no``) reproduced to the last digit;
* the chrF++.py values of known_answers.tsv (``chrf_eps``, ``chrfpp_eps``) at their 4 decimals.

sacreBLEU's statistics are computed once per session and shared by the tests (and, through
`tests.oracles.sacrebleu_statistics`, with the other modules that compare with them).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt
import pytest
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.metrics.chrf.metric import CHRF
from tests.oracles.sacrebleu_statistics import statistics_array
from tests.wmt import Pair, WmtData

WMT21_PAIRS = ["de-en", "en-de", "en-ja", "en-zh", "ja-en", "zh-en"]

pytestmark = [pytest.mark.slow, pytest.mark.shared_data]

Key = tuple[str, tuple[str, ...], int]
OracleStats = dict[str, npt.NDArray[np.int64]]


class SacreOracle:
    """sacreBLEU's per-segment statistics of every system, computed at most once each."""

    def __init__(self) -> None:
        self._cache: dict[Key, OracleStats] = {}

    def statistics(self, pair: Pair, letters: tuple[str, ...], word_order: int) -> OracleStats:
        key = (pair.name, letters, word_order)
        if key not in self._cache:
            streams = [pair.references[x] for x in letters]
            self._cache[key] = {
                name: statistics_array("chrf", lines, streams, word_order=word_order)
                for name, lines in pair.systems.items()
            }
        return self._cache[key]


@pytest.fixture(scope="session")
def sacre_oracle() -> SacreOracle:
    return SacreOracle()


def _combinations(pair: Pair) -> list[tuple[str, ...]]:
    letters = tuple(pair.reference_names)
    singles = [(letter,) for letter in letters]
    return [*singles, letters] if len(letters) > 1 else singles


def _differences(
    pair: Pair, letters: tuple[str, ...], word_order: int, oracle: SacreOracle
) -> list[str]:
    """Systems whose statistics or score differ from sacreBLEU's."""
    expected_stats = oracle.statistics(pair, letters, word_order)
    sacre = SacreCHRF(word_order=word_order)
    ours = CHRF([pair.references[x] for x in letters], word_order=word_order)
    problems = []
    for name, lines in pair.systems.items():
        stats = ours.statistics(lines)
        expected = expected_stats[name]
        label = f"{pair.name} {name} refs={'+'.join(letters)} nw={word_order}"
        if not np.array_equal(stats.values, expected):
            bad = np.flatnonzero((stats.values != expected).any(axis=1))
            problems.append(f"{label}: segments {bad[:5].tolist()}")
            continue
        score = ours.score_totals(stats.total()).score
        sacre_score = sacre._compute_score_from_stats(expected.sum(axis=0).tolist()).score
        if score != sacre_score:
            problems.append(f"{label}: {score} != {sacre_score}")
    return problems


@pytest.mark.parametrize("pair_name", WMT21_PAIRS)
def test_wmt21_chrf_statistics_identical_to_sacrebleu(
    shared_data: WmtData, sacre_oracle: SacreOracle, pair_name: str
) -> None:
    pair = shared_data.pair(pair_name)
    problems = [
        problem
        for letters in _combinations(pair)
        for problem in _differences(pair, letters, 0, sacre_oracle)
    ]
    assert problems == []


@pytest.mark.parametrize("pair_name", WMT21_PAIRS)
def test_wmt21_chrf_plus_plus_all_references(
    shared_data: WmtData, sacre_oracle: SacreOracle, pair_name: str
) -> None:
    pair = shared_data.pair(pair_name)
    letters = tuple(pair.reference_names)
    assert _differences(pair, letters, 2, sacre_oracle) == []


@pytest.mark.parametrize("word_order", [0, 2])
def test_wmt17_statistics_identical_to_sacrebleu(
    shared_data: WmtData, sacre_oracle: SacreOracle, word_order: int
) -> None:
    pair = shared_data.wmt17_ende
    assert _differences(pair, ("A",), word_order, sacre_oracle) == []


@pytest.mark.parametrize("pair_name", WMT21_PAIRS)
def test_official_wmt21_chrf(shared_data: WmtData, pair_name: str) -> None:
    """official_auto_scores.tsv: chrf-A, chrf-B, ..., chrf-all, reproduced to the last digit."""
    pair = shared_data.pair(pair_name)
    metrics = {
        "-".join(letters) if len(letters) == 1 else "all": CHRF(
            [pair.references[x] for x in letters]
        )
        for letters in _combinations(pair)
    }
    if len(pair.reference_names) == 1:
        metrics["all"] = metrics[pair.reference_names[0]]
    checked, problems = 0, []
    for row in pair.official_scores():
        if not row["metric"].startswith("chrf-") or row["system"] not in pair.system_names:
            continue
        label = row["metric"].removeprefix("chrf-")
        score = metrics[label].corpus_score(pair.systems[row["system"]]).score
        if score != float(row["score"]):
            problems.append(f"{row['system']} {row['metric']}: {score} != {row['score']}")
        checked += 1
    assert problems == []
    assert checked >= len(pair.system_names) * len(metrics)


@pytest.mark.parametrize(("column", "word_order"), [("chrf_eps", 0), ("chrfpp_eps", 2)])
def test_wmt17_chrf_py_known_answers(shared_data: WmtData, column: str, word_order: int) -> None:
    """chrF++.py (Popović) chrF and chrF++, 4 decimals: sacreBLEU's eps_smoothing=True."""
    pair = shared_data.wmt17_ende
    metric = CHRF([pair.references["A"]], word_order=word_order, eps_smoothing=True)
    rows = [row for row in pair.known_answers() if row[column] != "NA"]
    assert len(rows) == 2
    for row in rows:
        score = metric.corpus_score(pair.systems[row["system"]]).score
        assert math.isclose(score, float(row[column]), abs_tol=0.5e-4), row["system"]
