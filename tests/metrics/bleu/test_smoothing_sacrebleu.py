"""Oracle: sacreBLEU 2.6.0; its four smoothing methods stay bit-identical with the new options.

``none``, ``floor``, ``add-k`` and ``exp`` under the default ``smooth_variant="paper"`` must
give sacreBLEU's scores exactly (``==``), at corpus level (``sacrebleu.metrics.BLEU``) and at
sentence level with ``effective_order`` (``BLEU.sentence_score``), with the same statistics
columns and the same ``smooth:`` signature value.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu import metrics as sacrebleu_metrics

from parbleu.metrics.bleu.metric import BLEU
from tests.oracles.smoothing import Segment, corpora, joined
from tests.wmt import WmtData

SACREBLEU_METHODS = [
    ("none", None),
    ("floor", None),
    ("floor", 0.01),
    ("add-k", None),
    ("add-k", 0.5),
    ("exp", None),
]


def _signature_value(signature: str, field: str) -> str:
    return dict(part.split(":", 1) for part in signature.split("|"))[field]


@pytest.mark.parametrize(("method", "value"), SACREBLEU_METHODS)
def test_signature_and_columns_are_sacrebleus(method: str, value: float | None) -> None:
    oracle = sacrebleu_metrics.BLEU(smooth_method=method, smooth_value=value, references=[["x"]])
    ours = BLEU(smooth_method=method, smooth_value=value)
    expected = _signature_value(oracle.get_signature().format(), "smooth")
    assert _signature_value(ours.signature().format(), "smooth") == expected
    assert len(ours.columns) == 2 + 2 * 4


@pytest.mark.shared_data
@pytest.mark.parametrize(("method", "value"), SACREBLEU_METHODS)
@pytest.mark.parametrize("effective_order", [False, True])
def test_sentence_scores_bit_identical_on_wmt21(
    shared_data: WmtData, method: str, value: float | None, effective_order: bool
) -> None:
    pair = shared_data.pair("en-de")
    hyps = pair.system(pair.system_names[0])[:300]
    refs = [pair.reference(letter)[:300] for letter in pair.reference_names]
    oracle = sacrebleu_metrics.BLEU(
        smooth_method=method, smooth_value=value, effective_order=effective_order
    )
    ours = BLEU(refs, smooth_method=method, smooth_value=value, effective_order=effective_order)
    got = ours.sentence_scores(hyps)
    for i, hyp in enumerate(hyps):
        expected = oracle.sentence_score(hyp, [ref[i] for ref in refs]).score
        assert got[i] == expected, (i, hyp)
    assert ours.corpus_score(hyps).score == oracle.corpus_score(hyps, refs).score


@settings(max_examples=80, deadline=None)
@given(corpora(10), st.sampled_from(SACREBLEU_METHODS), st.booleans())
def test_random_sentences_bit_identical(
    segment_list: list[Segment], method_value: tuple[str, float | None], effective_order: bool
) -> None:
    method, value = method_value
    hyps, refs = joined(segment_list)
    streams = [list(stream) for stream in itertools.zip_longest(*refs)]  # None: absent
    oracle = sacrebleu_metrics.BLEU(
        tokenize="none", smooth_method=method, smooth_value=value, effective_order=effective_order
    )
    ours = BLEU(
        streams,
        tokenize="none",
        smooth_method=method,
        smooth_value=value,
        effective_order=effective_order,
    )
    got = ours.sentence_scores(hyps)
    for i, hyp in enumerate(hyps):
        assert got[i] == oracle.sentence_score(hyp, refs[i]).score, (hyp, refs[i])
    assert ours.corpus_score(hyps).score == oracle.corpus_score(hyps, streams).score
