"""TER's small-input path against its batch path and sacreBLEU 2.6.0 (the oracles).

The small path (`parbleu.metrics.ter.small`) must give the batch path's rows (edits and
average reference length) for every combination of TER's options, with several or absent
references, and the sentence and corpus scores sacreBLEU gives.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.metrics import TER as SacreTER

import parbleu
from parbleu.references import resolve_references
from tests.strategies import parallel_corpus

FLAGS = st.fixed_dictionaries(
    {name: st.booleans() for name in ("normalized", "no_punct", "asian_support", "case_sensitive")}
)


@settings(max_examples=30, deadline=None)
@given(corpus=parallel_corpus(max_segments=4, missing=True), options=FLAGS)
def test_rows_are_the_batch_rows_and_sacrebleus(
    corpus: tuple[list[str], list[list[str | None]]], options: dict[str, bool]
) -> None:
    hyps, streams = corpus
    metric = parbleu.TER(**options)
    references = resolve_references(len(hyps), streams)
    small = metric._small_rows(hyps, references)
    assert small == metric._statistics(hyps, metric.prepare(references)).values.tolist()
    oracle = SacreTER(**options)
    assert small == oracle._extract_corpus_statistics(hyps, streams)
    assert metric.corpus_score(hyps, streams).score == oracle.corpus_score(hyps, streams).score


def test_a_sentence_is_sacrebleus_sentence() -> None:
    hyp, refs = "d e f g h a b c", ["a b c d e f g h", "x y"]
    assert (
        parbleu.TER().sentence_score(hyp, refs).score == SacreTER().sentence_score(hyp, refs).score
    )
