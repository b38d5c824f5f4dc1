"""chrF's small-input path against its batch path and sacreBLEU 2.6.0 (the oracles).

The small path (`parbleu.metrics.chrf.small`, `parbleu.metrics.chrf.scalar`) must give the
batch path's statistics row for row, for chrF and chrF++, whitespace kept or not,
lowercased or not, with several references (the best one chosen), and the array formula's
score bit for bit (effective order and epsilon smoothing, integer and fractional beta); all
checked against sacreBLEU's ``_extract_corpus_statistics`` and ``_compute_f_score``.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import CHRF as SacreCHRF

import parbleu
from parbleu.metrics.chrf.formula import chrf_from_totals
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.chrf.scalar import scalar_chrf
from parbleu.metrics.chrf.small import _python_character_matches, character_matches
from parbleu.references import resolve_references
from tests.strategies import parallel_corpus
from tests.wmt import WmtData

OPTIONS = st.fixed_dictionaries(
    {
        "char_order": st.integers(min_value=0, max_value=6),
        "word_order": st.sampled_from([0, 0, 1, 2]),
        "whitespace": st.booleans(),
        "lowercase": st.booleans(),
        "eps_smoothing": st.booleans(),
        "beta": st.sampled_from([1, 2, 3, 1.5]),
    }
).filter(lambda options: options["char_order"] + options["word_order"] > 0)


@settings(max_examples=40, deadline=None)
@given(corpus=parallel_corpus(missing=True), options=OPTIONS)
def test_rows_are_the_batch_rows_and_sacrebleus(
    corpus: tuple[list[str], list[list[str | None]]], options: dict[str, object]
) -> None:
    hyps, streams = corpus
    metric = parbleu.CHRF(**options)
    references = resolve_references(len(hyps), streams)
    small = metric._small_rows(hyps, references)
    assert small == metric._statistics(hyps, metric.prepare(references)).values.tolist()
    assert small == SacreCHRF(**options)._extract_corpus_statistics(hyps, streams)


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    orders=st.integers(min_value=1, max_value=8),
    beta=st.sampled_from([0, 1, 2, 3, 1.5, 0.25]),
    eps=st.booleans(),
)
def test_scalar_formula_is_the_array_formula_and_sacrebleus(
    data: st.DataObject, orders: int, beta: float, eps: bool
) -> None:
    triples = []
    for _ in range(orders):
        hyp, ref = data.draw(st.integers(0, 40)), data.draw(st.integers(0, 40))
        triples.append((hyp, ref, data.draw(st.integers(0, min(hyp, ref)))))
    options = ChrfOptions(char_order=orders, beta=beta, eps_smoothing=eps)
    flat = [value for triple in triples for value in triple]
    ours = scalar_chrf(triples, beta, eps_smoothing=eps)
    assert ours == chrf_from_totals(flat, options)[0]
    assert ours == SacreCHRF(char_order=orders, beta=beta, eps_smoothing=eps)._compute_f_score(flat)


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(st.text(max_size=30), min_size=2, max_size=4))
def test_character_matches_of_numbers_and_of_strings_agree(texts: list[str]) -> None:
    for order in (1, 3, 6):
        assert character_matches(texts, order) == _python_character_matches(texts, order)


def test_a_vocabulary_too_large_for_integers_counts_strings() -> None:
    many = "".join(chr(0x4E00 + i) for i in range(2000))
    texts = [many, many[::-1] + many[:10]]
    assert character_matches(texts, 6) == _python_character_matches(texts, 6)
    metric, oracle = parbleu.CHRF(), SacreCHRF()
    assert (
        metric.sentence_score(texts[0], [texts[1]]).score
        == oracle.sentence_score(texts[0], [texts[1]]).score
    )


@pytest.mark.shared_data
@pytest.mark.parametrize("word_order", [0, 2])
def test_sentence_scores_of_wmt21_are_sacrebleus(shared_data: WmtData, word_order: int) -> None:
    pair = shared_data.pair("newstest2021/en-zh")
    refs, other = pair.reference("A")[:100], pair.reference("B")[:100]
    metric, oracle = parbleu.CHRF(word_order=word_order), SacreCHRF(word_order=word_order)
    for hyp, ref, ref2 in zip(pair.system(pair.system_names[0])[:100], refs, other, strict=True):
        ours = metric.sentence_score(hyp, [ref, ref2]).score
        assert ours == oracle.sentence_score(hyp, [ref, ref2]).score
