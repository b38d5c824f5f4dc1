"""The one-call functions take the chunked path, and it gives what the prepared path gives.

`parbleu.corpus_bleu` and its siblings give their references to one call, which scores
them chunk by chunk through the metric's `chunk_statistics` (`Metric.call_statistics`).
Oracles: sacreBLEU 2.6.0's corpus scores and statistics on WMT17 en-de and WMT21 en-de
(several references, some absent), and the rows of the same metric with the references
prepared once (`BLEU(ref_streams=...).statistics`), which must be identical row by row.
``CALL_CHUNK_LINES`` is lowered so that every call here is cut into several chunks.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import sacrebleu

import parbleu
from parbleu.metrics import base
from tests.wmt import WmtData

pytestmark = pytest.mark.shared_data

#: Lines per chunk in these tests: the 1,500 WMT17 lines make three chunks of 400 and a rest.
SMALL_CHUNKS = 400


@pytest.fixture(autouse=True)
def _small_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "CALL_CHUNK_LINES", SMALL_CHUNKS)


@pytest.fixture(scope="module")
def wmt17(shared_data: WmtData) -> tuple[list[str], list[str]]:
    pair = shared_data.wmt17_ende
    return pair.system(pair.system_names[0])[:1500], pair.reference("A")[:1500]


def test_corpus_bleu_equals_sacrebleu(wmt17: tuple[list[str], list[str]]) -> None:
    hyps, ref = wmt17
    ours, oracle = parbleu.corpus_bleu(hyps, [ref]), sacrebleu.corpus_bleu(hyps, [ref])
    assert ours.score == oracle.score
    assert (list(ours.counts), list(ours.totals)) == (oracle.counts, oracle.totals)
    assert (ours.sys_len, ours.ref_len) == (oracle.sys_len, oracle.ref_len)


@pytest.mark.parametrize("word_order", [0, 2])
def test_corpus_chrf_equals_sacrebleu(wmt17: tuple[list[str], list[str]], word_order: int) -> None:
    hyps, ref = wmt17
    oracle = sacrebleu.corpus_chrf(hyps, [ref], word_order=word_order)
    assert parbleu.corpus_chrf(hyps, [ref], word_order=word_order).score == oracle.score


def test_corpus_ter_equals_sacrebleu(wmt17: tuple[list[str], list[str]]) -> None:
    hyps, ref = (lines[:500] for lines in wmt17)  # 400 + 100: two chunks, rows kept in order
    assert parbleu.corpus_ter(hyps, [ref]).score == sacrebleu.corpus_ter(hyps, [ref]).score


def _several_references(shared_data: WmtData) -> tuple[list[str], list[list[str | None]]]:
    """WMT21 en-de, one system, references A, C and D with some of them removed."""
    pair = shared_data.pair("en-de")
    hyps = pair.system(pair.system_names[0])
    streams: list[list[str | None]] = [list(pair.reference(k)) for k in ("A", "C", "D")]
    assert len(hyps) > 2 * SMALL_CHUNKS
    for i in range(0, len(hyps), 3):
        streams[1][i] = None
    for i in range(0, len(hyps), 5):
        streams[2][i] = None
    return hyps, streams


@pytest.mark.parametrize(
    ("metric", "options"),
    [("BLEU", {}), ("BLEU", {"tokenize": "intl", "lowercase": True}), ("CHRF", {})],
)
def test_chunked_rows_equal_prepared_rows(
    shared_data: WmtData, metric: str, options: dict[str, Any]
) -> None:
    hyps, streams = _several_references(shared_data)
    made = getattr(parbleu, metric)(**options)
    chunked = made.statistics(hyps, ref_streams=streams)
    prepared = getattr(parbleu, metric)(ref_streams=streams, **options).statistics(hyps)
    assert chunked.columns == prepared.columns
    np.testing.assert_array_equal(chunked.values, prepared.values)


def test_several_references_equal_sacrebleu(shared_data: WmtData) -> None:
    hyps, streams = _several_references(shared_data)
    segment_refs = [[r for r in refs if r is not None] for refs in zip(*streams, strict=True)]
    ours = parbleu.corpus_bleu(hyps, segment_refs=segment_refs)
    oracle = sacrebleu.corpus_bleu(hyps, streams)  # type: ignore[arg-type]  # skips None
    assert ours.score == oracle.score
    assert (list(ours.counts), ours.ref_len) == (oracle.counts, oracle.ref_len)


def test_nist_is_not_chunked(wmt17: tuple[list[str], list[str]]) -> None:
    """NIST's weights need every reference: the one call prepares them all at once."""
    hyps, ref = wmt17
    ours = parbleu.corpus_nist(hyps, [ref])
    assert ours.score == parbleu.NIST(ref_streams=[ref]).corpus_score(hyps).score


def test_corpus_score_of_a_metric_object(wmt17: tuple[list[str], list[str]]) -> None:
    """`Metric.corpus_score` with references given to the call is the same path."""
    hyps, ref = wmt17
    bleu = parbleu.BLEU(smooth_method="floor", max_ngram_order=3)
    oracle = sacrebleu.BLEU(smooth_method="floor", max_ngram_order=3)
    assert bleu.corpus_score(hyps, [ref]).score == oracle.corpus_score(hyps, [ref]).score
