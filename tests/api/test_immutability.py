"""Metrics and prepared references never change once made; inputs are never modified.

Oracle: the objects themselves, before and after (the same references prepared, the same
vocabulary size, the same input lists), and Python's frozen dataclasses refusing assignment.
"""

from __future__ import annotations

import copy
import dataclasses

import pytest

from parbleu import BLEU, CHRF, NIST, TER

REFS = [["the cat sat on the mat", "a dog barked at night"]]
OTHER_REFS = [["a completely different reference", "with other words"]]
HYPS = ["the cat sat on a mat", "a dog barked loudly at the moon"]
UNSEEN = ["zebra quokka axolotl", "never seen tokens"]

METRICS = {
    "bleu": lambda refs=None: BLEU(refs),
    "chrf++": lambda refs=None: CHRF(refs, word_order=2),
    "ter": lambda refs=None: TER(refs),
    "nist": lambda refs=None: NIST(refs),
}


@pytest.mark.parametrize("name", sorted(METRICS))
def test_references_given_to_a_call_leave_the_metric_as_it_was(name: str) -> None:
    metric = METRICS[name](REFS)
    prepared = metric.prepared
    before = metric.corpus_score(HYPS).score
    metric.corpus_score(HYPS, OTHER_REFS)
    metric.statistics(HYPS, ref_streams=OTHER_REFS)
    assert metric.prepared is prepared
    assert metric.corpus_score(HYPS).score == before


@pytest.mark.parametrize("name", sorted(METRICS))
def test_with_references_returns_a_new_metric(name: str) -> None:
    bare = METRICS[name]()
    bound = bare.with_references(REFS)
    assert bare.prepared is None
    assert bound is not bare
    assert bound.prepared is not None
    assert bound.corpus_score(HYPS).score == METRICS[name](REFS).corpus_score(HYPS).score
    rebound = bound.with_references(OTHER_REFS)
    assert bound.corpus_score(HYPS).score == METRICS[name](REFS).corpus_score(HYPS).score
    assert rebound.corpus_score(HYPS).score == METRICS[name](OTHER_REFS).corpus_score(HYPS).score


@pytest.mark.parametrize("name", sorted(METRICS))
def test_prepared_references_are_frozen(name: str) -> None:
    prepared = METRICS[name](REFS).prepared
    field = dataclasses.fields(prepared)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(prepared, field, None)


@pytest.mark.parametrize("name", ["bleu", "nist"])
def test_hypotheses_never_grow_the_reference_vocabulary(name: str) -> None:
    metric = METRICS[name](REFS)
    assert metric.prepared is not None
    lookup = metric.prepared.lookup
    size, stored = lookup.size, len(lookup.vocabulary)
    metric.statistics(UNSEEN)
    metric.statistics([" ".join(UNSEEN), "𝒜𝒜 astral 𝒜"])
    assert (lookup.size, len(lookup.vocabulary)) == (size, stored)
    assert len(lookup.token_ids()) == size


def test_the_ngram_table_is_frozen_with_its_indexes() -> None:
    metric = BLEU(REFS)
    assert metric.prepared is not None
    table = metric.prepared.table
    index = table.unigram_index
    metric.statistics(HYPS)
    assert table.unigram_index is index
    with pytest.raises(dataclasses.FrozenInstanceError):
        table.unigram_index = index  # type: ignore[misc]


@pytest.mark.parametrize("name", sorted(METRICS))
def test_inputs_are_not_modified(name: str) -> None:
    hyps, refs = copy.deepcopy(HYPS), copy.deepcopy(REFS)
    metric = METRICS[name]()
    metric.corpus_score(hyps, refs)
    metric.sentence_scores(hyps, refs)
    assert (hyps, refs) == (HYPS, REFS)


def test_with_weights_leaves_the_metric_as_it_was() -> None:
    bleu = BLEU(REFS)
    options = bleu.options
    two = bleu.with_weights([0.5, 0.5])
    assert bleu.options is options
    assert bleu.options.max_ngram_order == 4
    assert two.options.max_ngram_order == 2
    assert two.prepared is bleu.prepared
