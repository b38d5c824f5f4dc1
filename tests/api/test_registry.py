"""Every entry of the metric registry says what its metric does, checked on the metric.

A new metric is covered here as soon as its entry is registered: its names resolve, its
declared direction, scale, sentence-level variant, float32 rule and segment view hold for the
metric it builds. Oracles: the metrics' definitions (a perfect hypothesis scores 100 on a
percentage where higher is better, 0 where lower is better; sacreBLEU's sentence BLEU has
effective order on), and what each segment view reads (`SegmentView`).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from parbleu.errors import OptionError
from parbleu.metrics.meteor import WordNet
from parbleu.metrics.plugins import check_entry
from parbleu.metrics.registry import (
    BUILTIN_ENTRIES,
    MetricEntry,
    SegmentView,
    builtin_entries,
    entry_for,
    float32_scorer,
    metric_entry,
)

REFS = [["the cat sat on the mat .", "a dog barked at the moon"]]


def _built(entry: MetricEntry, wordnet: WordNet) -> Any:
    """The entry's metric with its command-line defaults (METEOR: the shared WordNet)."""
    settings = {**entry.command_defaults}
    if "wordnet" in settings:
        settings = {"wordnet": wordnet.folder}
    return entry.build(entry.make_options(settings))


@pytest.fixture(params=builtin_entries(), ids=lambda e: e.name)
def entry(request: pytest.FixtureRequest) -> MetricEntry:
    value: MetricEntry = request.param
    return value


def test_entries_are_valid(entry: MetricEntry) -> None:
    assert check_entry(entry) is entry


def test_an_invalid_entry_is_refused() -> None:
    """What the plug-in loader refuses (`check_entry`)."""
    bleu = builtin_entries()[0]
    for changes, message in [
        ({"name": "Bleu"}, "expected lower case"),
        ({"name": "2x"}, "expected lower case"),
        ({"metric": "no.colon"}, "must be 'module:Class'"),
        ({"sentence": {"no_such_field": 1}}, "no_such_field not among the fields"),
        ({"decimals": 30}, "decimals must be 0 to 20"),
        ({"segment_view": "ngrams"}, "must be a SegmentView"),
    ]:
        with pytest.raises(OptionError, match=message):
            check_entry(dataclasses.replace(bleu, **changes))


def test_names_are_unique_and_resolve() -> None:
    names = [name for entry in builtin_entries() for name in entry.names]
    assert len(names) == len(set(names))
    assert len(builtin_entries()) == len(BUILTIN_ENTRIES)
    assert "chrf++" in names  # chrF with word_order=2
    for entry in builtin_entries():
        for name in entry.names:
            assert metric_entry(name).metric == entry.metric
    with pytest.raises(OptionError, match="unknown metric 'blue'; choose from bleu, chrf, "):
        metric_entry("blue")


def test_the_entry_holds_for_its_metric(entry: MetricEntry, wordnet: WordNet) -> None:
    metric = _built(entry, wordnet)
    assert entry_for(metric) is entry
    assert metric.higher_is_better is entry.higher_is_better
    perfect = metric.with_references(REFS).corpus_score(REFS[0]).score
    if entry.percent:
        best = 100.0 if entry.higher_is_better else 0.0
        assert abs(perfect - best) < 0.5, (entry.name, perfect)  # METEOR's penalty: 99.9
    else:
        assert perfect > 1.0  # NIST: information, not a percentage


def test_sentence_variant(entry: MetricEntry, wordnet: WordNet) -> None:
    metric = _built(entry, wordnet)
    sentence = entry.sentence_metric(metric)
    for name, value in entry.sentence.items():
        assert getattr(sentence.options, name) == value
    assert entry.build(metric.options, sentence=True).options == sentence.options
    assert metric_entry("bleu").sentence == {"effective_order": True}  # sacreBLEU's


def test_float32_rule(entry: MetricEntry, wordnet: WordNet) -> None:
    """sacreBLEU's float32 resampling applies only where the entry's rule says so."""
    metric = _built(entry, wordnet)
    assert (float32_scorer(metric) is not None) is (entry.float32 is not None)
    assert [e.name for e in builtin_entries() if e.float32] == ["bleu", "chrf", "ter"]


#: What each view reads of the metric (`SegmentView`).
VIEW_NEEDS = {
    SegmentView.NGRAMS: ("tokenize", "lowercase", "max_ngram_order", "ref_length"),
    SegmentView.CHARACTERS: ("char_order", "word_order", "beta", "lowercase", "whitespace"),
    SegmentView.EDITS: (),
    SegmentView.SCORE: (),
}


def test_segment_view_reads_what_the_metric_has(entry: MetricEntry, wordnet: WordNet) -> None:
    metric = _built(entry, wordnet)
    fields = {f.name for f in dataclasses.fields(metric.options)}
    assert set(VIEW_NEEDS[entry.segment_view]) <= fields
    if entry.segment_view is SegmentView.NGRAMS:
        assert {"sys_len", "ref_len", "match_1", "total_1"} <= set(metric.layout.columns)
    if entry.segment_view is SegmentView.EDITS:
        for name in ("words", "reference_words", "case_sensitive"):
            assert hasattr(metric.tokenizer, name)
