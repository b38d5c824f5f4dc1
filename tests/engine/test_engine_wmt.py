"""Oracle: sacreBLEU 2.6.0 on every system of ../shared/data, through the fast paths.

`test_bleu_wmt.py` checks ``BLEU.statistics`` (prepared references). Here the same systems go
through the other roads to the same numbers: the one-pass counts of chunked scoring
(`parbleu.scaling.chunks`, small chunks so that chunk edges fall everywhere), lowercased text, and
files read by `parbleu.scaling.files` and `parbleu.scaling.processes`. sacreBLEU's statistics
are extracted once per session (`tests.oracles.sacrebleu_statistics`, shared with
`test_bleu_wmt.py`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from parbleu import BLEU
from parbleu.scaling.chunks import chunked_statistics
from parbleu.scaling.files import stream_statistics
from parbleu.scaling.processes import parallel_statistics
from tests.oracles.sacrebleu_statistics import statistics_array
from tests.wmt import OFFICIAL_BLEU_TOKENIZER, Pair, WmtData

WMT21_PAIRS = ["de-en", "en-de", "en-ja", "en-zh", "ja-en", "zh-en"]

pytestmark = [pytest.mark.slow, pytest.mark.shared_data]


def _oracle(pair: Pair, tokenize: str, *, lowercase: bool) -> dict[str, npt.NDArray[np.int64]]:
    """sacreBLEU's statistics of every system against all references (once per session)."""
    streams = [pair.references[letter] for letter in pair.reference_names]
    return {
        name: statistics_array("bleu", lines, streams, tokenize=tokenize, lowercase=lowercase)
        for name, lines in pair.systems.items()
    }


def _mismatches(pair: Pair, tokenize: str, *, lowercase: bool = False) -> list[str]:
    oracle = _oracle(pair, tokenize, lowercase=lowercase)
    streams = [pair.references[letter] for letter in pair.reference_names]
    metric = BLEU(tokenize=tokenize, lowercase=lowercase)
    problems = []
    for name, lines in pair.systems.items():
        result = chunked_statistics(metric, lines, streams, chunk_lines=257, rows=True)
        assert result.rows is not None
        if not np.array_equal(result.rows.values, oracle[name]):
            problems.append(f"{pair.name} {name}")
    return problems


@pytest.mark.parametrize("pair_name", WMT21_PAIRS)
def test_one_pass_statistics_identical_to_sacrebleu(shared_data: WmtData, pair_name: str) -> None:
    pair = shared_data.pair(pair_name)
    assert _mismatches(pair, OFFICIAL_BLEU_TOKENIZER[pair.target]) == []


@pytest.mark.parametrize("tokenize", ["13a", "none", "char", "intl"])
@pytest.mark.parametrize("lowercase", [False, True])
def test_wmt17_one_pass_and_prepared(shared_data: WmtData, tokenize: str, lowercase: bool) -> None:
    pair = shared_data.wmt17_ende
    assert _mismatches(pair, tokenize, lowercase=lowercase) == []
    if lowercase:  # the prepared-references path with lowercasing (test_bleu_wmt covers cased)
        oracle = _oracle(pair, tokenize, lowercase=lowercase)
        metric = BLEU([pair.reference("A")], tokenize=tokenize, lowercase=True)
        for name, lines in pair.systems.items():
            assert np.array_equal(metric.statistics(lines).values, oracle[name]), name


@pytest.mark.parametrize("jobs", [1, 2])
def test_files_streamed_and_in_processes(shared_data: WmtData, jobs: int) -> None:
    pair = shared_data.pair("en-de")
    oracle = _oracle(pair, "13a", lowercase=False)
    references = [pair.folder / f"ref.{letter}.txt" for letter in pair.reference_names]
    for name in pair.system_names[:4]:
        hypotheses = pair.folder / "sys" / f"{name}.txt"
        if jobs == 1:
            result = stream_statistics(BLEU(), hypotheses, references, chunk_lines=300, rows=True)
        else:
            result = parallel_statistics(
                BLEU(), hypotheses, references, jobs=jobs, chunk_lines=300, rows=True
            )
        assert result.rows is not None
        assert np.array_equal(result.rows.values, oracle[name]), name
        assert np.array_equal(result.totals, oracle[name].sum(axis=0))
