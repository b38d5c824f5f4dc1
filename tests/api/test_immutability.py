"""Metrics and prepared references never change once made; inputs are never modified.

Oracle: the objects themselves, before and after (the same references prepared, the same
vocabulary size, the same input lists), and Python's frozen dataclasses refusing assignment.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from parbleu import BLEU, CER, CHRF, METEOR, NIST, ROUGE, TER, WER
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.rouge.family import RougeFamily

REFS = [["the cat sat on the mat", "a dog barked at night"]]
OTHER_REFS = [["a completely different reference", "with other words"]]
HYPS = ["the cat sat on a mat", "a dog barked loudly at the moon"]
UNSEEN = ["zebra quokka axolotl", "never seen tokens"]

METRICS = {
    "bleu": lambda refs=None: BLEU(refs),
    "chrf++": lambda refs=None: CHRF(refs, word_order=2),
    "ter": lambda refs=None: TER(refs),
    "wer": lambda refs=None: WER(refs),
    "cer-lc": lambda refs=None: CER(refs, lowercase=True),
    "nist": lambda refs=None: NIST(refs),
    "rouge2": lambda refs=None: ROUGE(refs, rouge_type="rouge2"),
    "rougeLsum-stem": lambda refs=None: ROUGE(refs, rouge_type="rougeLsum", stem=True),
}
#: Metrics that need WordNet (the `wordnet` fixture), built by `make`.
NAMES = [*METRICS, "meteor"]

Factory = Callable[..., AnyMetric]


@pytest.fixture
def make(request: pytest.FixtureRequest, name: str) -> Factory:
    """The factory of the metric called `name` (METEOR's with the shared WordNet)."""
    if name != "meteor":
        return METRICS[name]
    database = request.getfixturevalue("wordnet")
    return lambda refs=None: METEOR(refs, database=database)


@pytest.mark.parametrize("name", sorted(NAMES))
def test_references_given_to_a_call_leave_the_metric_as_it_was(make: Factory) -> None:
    metric = make(REFS)
    prepared = metric.prepared
    before = metric.corpus_score(HYPS).score
    metric.corpus_score(HYPS, OTHER_REFS)
    metric.statistics(HYPS, ref_streams=OTHER_REFS)
    assert metric.prepared is prepared
    assert metric.corpus_score(HYPS).score == before


@pytest.mark.parametrize("name", sorted(NAMES))
def test_with_references_returns_a_new_metric(make: Factory) -> None:
    bare = make()
    bound = bare.with_references(REFS)
    assert bare.prepared is None
    assert bound is not bare
    assert bound.prepared is not None
    assert bound.corpus_score(HYPS).score == make(REFS).corpus_score(HYPS).score
    rebound = bound.with_references(OTHER_REFS)
    assert bound.corpus_score(HYPS).score == make(REFS).corpus_score(HYPS).score
    assert rebound.corpus_score(HYPS).score == make(OTHER_REFS).corpus_score(HYPS).score


@pytest.mark.parametrize("name", sorted(NAMES))
def test_prepared_references_are_frozen(make: Factory) -> None:
    prepared = make(REFS).prepared
    field = dataclasses.fields(prepared)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(prepared, field, None)


def _lookup(metric: Any) -> Any:
    prepared = metric.prepared
    return prepared.vocabulary.lookup if isinstance(metric, ROUGE) else prepared.lookup


@pytest.mark.parametrize("name", ["bleu", "nist", "rouge2", "rougeLsum-stem", "wer"])
def test_hypotheses_never_grow_the_reference_vocabulary(name: str) -> None:
    metric = METRICS[name](REFS)
    assert metric.prepared is not None
    lookup = _lookup(metric)
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


@pytest.mark.parametrize("name", sorted(NAMES))
def test_inputs_are_not_modified(make: Factory) -> None:
    hyps, refs = copy.deepcopy(HYPS), copy.deepcopy(REFS)
    metric = make()
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


def test_rouge_stems_are_read_only() -> None:
    metric = ROUGE(REFS, rouge_type="rougeLsum", stem=True)
    assert metric.prepared is not None
    vocabulary = metric.prepared.vocabulary
    stems = dict(vocabulary.stems)
    metric.statistics(UNSEEN)
    assert dict(vocabulary.stems) == stems
    with pytest.raises(TypeError):
        vocabulary.stems["zebra"] = 0  # type: ignore[index]


def test_a_rouge_family_leaves_its_variants_references_shared() -> None:
    family = RougeFamily(REFS, rouge_types=("rouge1", "rougeL"))
    family.statistics(UNSEEN)
    assert all(metric.prepared is family.prepared for metric in family.metrics.values())
    assert {name: s.score for name, s in family.corpus_score(HYPS).items()} == {
        name: ROUGE(REFS, rouge_type=name).corpus_score(HYPS).score for name in ("rouge1", "rougeL")
    }


def test_meteor_options_keep_the_folder_of_the_database(wordnet: Any) -> None:
    metric = METEOR(REFS, database=wordnet)
    assert metric.options.wordnet == wordnet.folder
    assert metric.with_references(OTHER_REFS).wordnet is wordnet
