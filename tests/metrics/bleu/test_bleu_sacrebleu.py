"""Oracle: sacreBLEU 2.6.0's BLEU on generated corpora, for every tokenizer and smoothing.

Statistics must be identical and scores bit-identical, including several references per
segment, absent references (``None``) and empty lines.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU as SacreBLEU

from parbleu import BLEU
from tests.strategies import mt_line, parallel_corpus

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOKENIZERS = ["13a", "intl", "zh", "char", "none"]
SMOOTHING = [
    ("exp", None),
    ("none", None),
    ("floor", None),
    ("floor", 0.5),
    ("add-k", None),
    ("add-k", 2.0),
]


def _options(
    tokenize: str, smoothing: tuple[str, float | None], lowercase: bool, effective: bool
) -> dict[str, object]:
    method, value = smoothing
    return {
        "tokenize": tokenize,
        "smooth_method": method,
        "smooth_value": value,
        "lowercase": lowercase,
        "effective_order": effective,
    }


def _signature_without_version(signature: str) -> str:
    """Everything but the last field, the version (parbleu's differs by design)."""
    return signature.rsplit("|", 1)[0]


@pytest.mark.parametrize("tokenize", TOKENIZERS)
@pytest.mark.parametrize("smoothing", SMOOTHING)
@SETTINGS
@given(corpus=parallel_corpus(missing=True), lowercase=st.booleans(), effective=st.booleans())
def test_corpus_bleu_matches_sacrebleu(
    tokenize: str,
    smoothing: tuple[str, float | None],
    corpus: tuple[list[str], list[list[str | None]]],
    lowercase: bool,
    effective: bool,
) -> None:
    hyps, streams = corpus
    options = _options(tokenize, smoothing, lowercase, effective)
    oracle = SacreBLEU(**options)  # type: ignore[arg-type]
    expected = oracle.corpus_score(hyps, streams)
    expected_stats = np.array(oracle._extract_corpus_statistics(hyps, streams))
    ours = BLEU(**options)  # type: ignore[arg-type]
    assert np.array_equal(ours.statistics(hyps, streams).values, expected_stats)
    got = ours.corpus_score(hyps, streams)
    assert got.score == expected.score
    assert got.bp == expected.bp
    assert got.format() == f"BLEU = {expected.score:.2f} {expected._verbose}"
    assert _signature_without_version(got.signature.format()) == _signature_without_version(
        str(oracle.get_signature())
    )
    assert _signature_without_version(got.signature.format(short=True)) == (
        _signature_without_version(oracle.get_signature().format(short=True))
    )


@pytest.mark.parametrize("tokenize", TOKENIZERS)
@pytest.mark.parametrize("smoothing", SMOOTHING)
@SETTINGS
@given(hyp=mt_line(), refs=st.lists(mt_line(), min_size=1, max_size=3))
def test_sentence_bleu_matches_sacrebleu(
    tokenize: str, smoothing: tuple[str, float | None], hyp: str, refs: list[str]
) -> None:
    options = _options(tokenize, smoothing, lowercase=False, effective=True)
    expected = SacreBLEU(**options).sentence_score(hyp, refs)  # type: ignore[arg-type]
    assert BLEU(**options).sentence_score(hyp, refs).score == expected.score  # type: ignore[arg-type]


@SETTINGS
@given(corpus=parallel_corpus(max_segments=10, missing=True), order=st.integers(1, 7))
def test_sentence_scores_array_matches_sentence_by_sentence(
    corpus: tuple[list[str], list[list[str | None]]], order: int
) -> None:
    hyps, streams = corpus
    oracle = SacreBLEU(effective_order=True, max_ngram_order=order)
    expected = [
        oracle.sentence_score(hyp, [s[i] for s in streams if s[i] is not None]).score
        for i, hyp in enumerate(hyps)
    ]
    got = BLEU(effective_order=True, max_ngram_order=order).sentence_scores(hyps, streams)
    assert got.tolist() == expected


@SETTINGS
@given(corpus=parallel_corpus(missing=True))
def test_segment_refs_equal_reference_streams(
    corpus: tuple[list[str], list[list[str | None]]],
) -> None:
    hyps, streams = corpus
    per_segment = [[s[i] for s in streams if s[i] is not None] for i in range(len(hyps))]
    by_streams = BLEU().corpus_score(hyps, ref_streams=streams)
    by_segments = BLEU().corpus_score(hyps, segment_refs=per_segment)
    assert by_streams == by_segments


def test_variable_number_of_references_signature() -> None:
    hyps = ["a b c", "d e f"]
    streams = [["a b c", "d e"], ["a b", None]]
    ours = BLEU().corpus_score(hyps, streams)
    oracle = SacreBLEU()
    expected = oracle.corpus_score(hyps, streams)
    assert ours.score == expected.score
    assert ours.signature.as_dict()["nrefs"] == "var" == str(oracle.get_signature().info["nrefs"])


def test_empty_string_reference_counts_as_a_reference() -> None:
    """sacreBLEU semantics: "" is a reference of length 0; None is no reference."""
    hyps = ["a b c d"]
    with_empty = BLEU().corpus_score(hyps, [["a b c d"], [""]])
    expected = SacreBLEU().corpus_score(hyps, [["a b c d"], [""]])
    assert with_empty.score == expected.score
    assert with_empty.signature.as_dict()["nrefs"] == "2"
    with_none = BLEU().corpus_score(hyps, [["a b c d"], [None]])
    assert with_none.signature.as_dict()["nrefs"] == "1"


def test_inputs_are_not_mutated() -> None:
    hyps = ["The cat.", "A dog."]
    streams = [["The cat.", "A dog!"], ["A cat.", None]]
    snapshot = (list(hyps), [list(s) for s in streams])
    BLEU(streams).corpus_score(hyps)
    BLEU().corpus_score(hyps, streams)
    assert (hyps, streams) == snapshot
