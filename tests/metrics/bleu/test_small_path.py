"""BLEU's small-input path against its batch path and sacreBLEU 2.6.0 (the oracles).

The small path (`parbleu.metrics.bleu.small`, `parbleu.metrics.bleu.scalar`) must give the
batch path's statistics row for row and the array formula's score bit for bit; both are
checked against sacreBLEU's ``_extract_corpus_statistics`` and ``compute_bleu``, on random
segments (hypothesis: empty strings, astral characters, odd whitespace, entities) and on
real WMT21 segments.
"""

from __future__ import annotations

import math
import pickle
from dataclasses import fields

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

import parbleu
from parbleu.metrics.bleu.formula import bleu_from_totals
from parbleu.metrics.bleu.options import BleuOptions, RefLength, Smoothing
from parbleu.metrics.bleu.scalar import scalar_bleu
from parbleu.metrics.sentence_cache import SentenceCache
from parbleu.references import ReferenceSet, resolve_references
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.strategies import mt_line, parallel_corpus
from tests.wmt import WmtData

TOKENIZERS = ["13a", "intl", "zh", "char", "none"]
SMOOTHING = ["none", "floor", "add-k", "exp"]


def _both(metric: parbleu.BLEU, hyps: list[str], streams: list[list[str | None]]) -> tuple:
    references = resolve_references(len(hyps), streams)
    small = metric._small_rows(hyps, references)
    batch = metric._statistics(hyps, metric.prepare(references)).values.tolist()
    return small, batch


@settings(max_examples=30, deadline=None)
@given(
    corpus=parallel_corpus(missing=True),
    tokenize=st.sampled_from(TOKENIZERS),
    lowercase=st.booleans(),
    order=st.integers(min_value=1, max_value=5),
)
def test_rows_are_the_batch_rows_and_sacrebleus(
    corpus: tuple[list[str], list[list[str | None]]], tokenize: str, lowercase: bool, order: int
) -> None:
    hyps, streams = corpus
    metric = parbleu.BLEU(tokenize=tokenize, lowercase=lowercase, max_ngram_order=order)
    small, batch = _both(metric, hyps, streams)
    assert small == batch
    oracle = SacreBLEU(tokenize=tokenize, lowercase=lowercase, max_ngram_order=order)
    assert small == oracle._extract_corpus_statistics(hyps, streams)


@settings(max_examples=20, deadline=None)
@given(corpus=parallel_corpus(max_refs=2), method=st.sampled_from(["cc4", "cc5", "cc7"]))
def test_rows_carry_the_orders_chen_and_cherry_need(
    corpus: tuple[list[str], list[list[str | None]]], method: str
) -> None:
    hyps, streams = corpus
    metric = parbleu.BLEU(smooth_method=method)
    small, batch = _both(metric, hyps, streams)
    assert small == batch


@settings(max_examples=150, deadline=None)
@given(
    data=st.data(),
    method=st.sampled_from(SMOOTHING),
    effective=st.booleans(),
    order=st.integers(min_value=1, max_value=5),
)
def test_scalar_formula_is_the_array_formula_and_sacrebleus(
    data: st.DataObject, method: str, effective: bool, order: int
) -> None:
    counts = st.integers(min_value=0, max_value=60)
    sys_len = data.draw(counts)
    totals = [max(sys_len - n, 0) for n in range(order)]
    matches = [data.draw(st.integers(min_value=0, max_value=t)) for t in totals]
    ref_len = data.draw(counts)
    value = data.draw(st.sampled_from([None, 0.0, 0.01, 1, 2.5]))
    value = None if method in ("none", "exp") else value
    options = BleuOptions(
        smooth_method=method, smooth_value=value, effective_order=effective, max_ngram_order=order
    )
    one = scalar_bleu(sys_len, ref_len, matches, totals, options)
    row = [sys_len, ref_len, *matches, *totals]
    arrays = bleu_from_totals(row, options)
    assert one.score == arrays.scores[0]
    assert list(one.precisions) == arrays.precisions[0].tolist()
    assert one.bp == arrays.brevity_penalties[0]
    oracle = SacreBLEU.compute_bleu(
        list(matches), list(totals), sys_len, ref_len, method, value, effective, order
    )
    assert (one.score, list(one.precisions), one.bp) == (
        oracle.score,
        oracle.precisions,
        oracle.bp,
    )


@settings(max_examples=60, deadline=None)
@given(
    segment=parallel_corpus(max_segments=1, max_refs=3),
    tokenize=st.sampled_from(TOKENIZERS),
    method=st.sampled_from(SMOOTHING),
    effective=st.booleans(),
    lowercase=st.booleans(),
    order=st.integers(min_value=1, max_value=5),
)
def test_sentence_scores_are_sacrebleus_for_every_option(
    segment: tuple[list[str], list[list[str | None]]],
    tokenize: str,
    method: str,
    effective: bool,
    lowercase: bool,
    order: int,
) -> None:
    hyps, streams = segment
    refs = [stream[0] for stream in streams if stream[0] is not None]
    options = {"tokenize": tokenize, "lowercase": lowercase, "max_ngram_order": order}
    oracle = SacreBLEU(**options, smooth_method=method, effective_order=effective)
    theirs = oracle.sentence_score(hyps[0], refs)
    metric = parbleu.BLEU(**options, smooth_method=method, effective_order=effective)
    for ours in (
        metric.sentence_score(hyps[0], refs),
        metric.sentence_score(hyps[0], refs),  # counted n-grams from the metric's memo
        parbleu.sentence_bleu(
            hyps[0], refs, **options, smooth_method=method, effective_order=effective
        ),
    ):
        assert (ours.score, list(ours.precisions), ours.bp) == (
            theirs.score,
            theirs.precisions,
            theirs.bp,
        )
        assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)
        if method != "add-k":  # sacreBLEU adds k to the counts it returns
            assert (list(ours.counts), list(ours.totals)) == (theirs.counts, theirs.totals)


@settings(max_examples=60, deadline=None)
@given(
    tokenize=st.sampled_from(TOKENIZERS),
    method=st.sampled_from(["none", "floor", "add-k", "exp", "cc4", "cc5", "cc6", "cc7"]),
    ref_length=st.sampled_from(["closest", "shortest"]),
    order=st.integers(min_value=0, max_value=6),
    flags=st.tuples(st.booleans(), st.booleans()),
)
def test_options_already_checked_are_those_the_checks_make(
    tokenize: str, method: str, ref_length: str, order: int, flags: tuple[bool, bool]
) -> None:
    """Members and plain values skip the checks (`_already_checked`); the checks (oracle:
    the same values as NumPy scalars, which only they accept) give an equal value."""
    lowercase, effective = flags
    members = BleuOptions(
        tokenize=TokenizerName(tokenize),
        smooth_method=Smoothing(method),
        ref_length=RefLength(ref_length),
        max_ngram_order=order,
        lowercase=lowercase,
        effective_order=effective,
    )
    by_value = BleuOptions(
        tokenize=tokenize,
        smooth_method=method,
        ref_length=ref_length,
        max_ngram_order=order,
        lowercase=lowercase,
        effective_order=effective,
    )
    checked = BleuOptions(
        tokenize=tokenize,
        smooth_method=method,
        ref_length=ref_length,
        max_ngram_order=np.int64(order),
        lowercase=np.bool_(lowercase),
        effective_order=np.bool_(effective),
    )
    assert members == by_value == checked
    for options in (members, by_value):
        assert [type(getattr(options, f.name)) for f in fields(options)] == [
            type(getattr(checked, f.name)) for f in fields(checked)
        ]


def test_options_outside_the_usual_values_are_still_checked() -> None:
    with pytest.raises(parbleu.OptionError, match="max_ngram_order"):
        BleuOptions(max_ngram_order=101)
    with pytest.raises(parbleu.OptionError, match="lowercase"):
        BleuOptions(lowercase="no")  # type: ignore[arg-type]
    with pytest.raises(parbleu.OptionError, match="smooth_method"):
        BleuOptions(smooth_method="expo")  # type: ignore[arg-type]
    with pytest.raises(parbleu.OptionError, match="effective_order"):
        BleuOptions(smooth_variant="nltk", effective_order=True)  # type: ignore[arg-type]
    with pytest.raises(parbleu.OptionError, match="max_ngram_order"):
        BleuOptions(max_ngram_order=True)
    assert BleuOptions(max_ngram_order=0).max_ngram_order == 4  # the paper's N
    assert BleuOptions(weights=(0.5, 0.5)).max_ngram_order == 2


@settings(max_examples=100, deadline=None)
@given(line=mt_line(newlines=True), name=st.sampled_from(["13a", "none", "char", "zh", "intl"]))
def test_tokens_are_the_tokenized_line_split(line: str, name: str) -> None:
    tokenizer = make_tokenizer(name)
    assert tokenizer.tokens(line) == tokenizer.tokenize(line).split()
    if name == "13a":
        assert tokenizer.tokens(line) == Tokenizer13a()(line).split()


@pytest.mark.shared_data
@pytest.mark.parametrize("method", SMOOTHING)
def test_sentence_scores_of_wmt21_are_sacrebleus(shared_data: WmtData, method: str) -> None:
    pair = shared_data.pair("newstest2021/en-de")
    refs, other = pair.reference("A")[:150], pair.reference("C")[:150]
    metric = parbleu.BLEU(smooth_method=method, effective_order=True)
    oracle = SacreBLEU(smooth_method=method, effective_order=True)
    for system in pair.system_names[:2]:
        for hyp, ref, ref2 in zip(pair.system(system)[:150], refs, other, strict=True):
            ours = metric.sentence_score(hyp, [ref, ref2])
            theirs = oracle.sentence_score(hyp, [ref, ref2])
            assert (ours.score, list(ours.precisions), ours.bp) == (
                theirs.score,
                theirs.precisions,
                theirs.bp,
            )
            assert (ours.sys_len, ours.ref_len) == (theirs.sys_len, theirs.ref_len)


def test_few_segments_take_the_small_path_and_more_the_batch_path() -> None:
    metric = parbleu.BLEU()
    limit = metric.small_input_limit
    hyps = [f"the cat {i} sat" for i in range(limit + 1)]
    refs = [[f"the cat {i} sat down" for i in range(limit + 1)]]
    few = metric.statistics(hyps[:limit], [refs[0][:limit]])
    many = metric.statistics(hyps, refs)
    assert few.values.tolist() == many.values.tolist()[:limit]
    assert len(metric._small.cache) == 2 * limit  # only the small path keeps strings


def test_strings_met_again_come_from_the_cache() -> None:
    metric = parbleu.BLEU(effective_order=True)
    first = metric.sentence_score("a b c d", ["a b c e"])
    assert len(metric._small.cache) == 2
    again = metric.sentence_score("a b c d", ["a b c e"])
    assert again == first
    assert len(metric._small.cache) == 2


def test_the_cache_is_bounded_and_not_pickled() -> None:
    cache: SentenceCache[int] = SentenceCache(max_characters=10, max_length=4)
    assert cache.get("abcd", len) == 4
    assert cache.get("abcdefgh", len) == 8  # too long: computed, not kept
    assert len(cache) == 1
    for text in ("efgh", "ijk"):
        cache.get(text, len)
    assert len(cache) == 1  # "abcd" + "efgh" + "ijk" would pass 10 characters: emptied first
    restored = pickle.loads(pickle.dumps(cache))
    assert len(restored) == 0
    assert restored.get("xy", len) == 2
    assert (restored.max_characters, restored.max_length) == (10, 4)


def test_with_weights_gets_a_small_path_of_its_own_orders() -> None:
    metric = parbleu.BLEU()
    metric.sentence_score("a b c d e", ["a b c d f"])
    two = metric.with_weights([0.5, 0.5])
    assert two._small is not metric._small
    ours = two.sentence_score("a b c d e", ["a b c d f"])
    assert (
        ours.score
        == parbleu.BLEU(weights=(0.5, 0.5)).corpus_score(["a b c d e"], [["a b c d f"]]).score
    )


def test_sentence_references_skip_the_stream_checks_only_when_plain() -> None:
    metric = parbleu.BLEU()
    with pytest.raises(parbleu.ReferenceShapeError):
        metric.sentence_score("a", ["b", None])  # type: ignore[list-item]
    with pytest.raises(parbleu.InputError, match="no reference"):
        metric.sentence_score("a", [])
    plain = metric.call_score(["a b"], ReferenceSet((("a b",),)))
    assert plain == metric.corpus_score(["a b"], [["a b"]])


def test_score_totals_takes_lists_and_arrays() -> None:
    metric = parbleu.BLEU()
    row = [5, 6, 4, 3, 2, 1, 5, 4, 3, 2]
    assert metric.score_totals(row) == metric.score_totals(np.array(row))
    assert math.isclose(metric.score_totals(row).score, metric.scores(np.array([row]))[0])
    with pytest.raises(parbleu.InputError, match="columns"):
        metric.score_totals(row[:-1])
