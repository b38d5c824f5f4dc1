"""Hypotheses sharing references (GRPO groups): each distinct reference set prepared once.

Oracle: sacreBLEU 2.6.0's per-segment chrF / chrF++ statistics of each hypothesis against
its own present references (``CHRF._extract_corpus_statistics``), on WMT21: 150 segments,
two systems each, in a shuffled order (groups not consecutive), two references with the
second absent from every third segment. In en-de the characters of 150 references fill two
of the engine's chunks; en-zh's Chinese characters take per-segment alphabets
(`IdMode.SEGMENT`). `ReferenceNgrams.matches` (the path that prepares every segment's
references) is made to fail, so the rows can only come from the grouped path.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.engine.sorted_ngrams import ReferenceNgrams
from parbleu.metrics.chrf import metric as chrf_metric
from parbleu.metrics.chrf.metric import CHRF, distinct_references
from parbleu.metrics.chrf.word_ids import FEW_LINES
from parbleu.references import ReferenceSet
from tests.wmt import WmtData

SEGMENTS = range(300, 450)
SYSTEMS = 2

Batch = tuple[list[str], list[str], list[str | None]]


@pytest.fixture(scope="module", params=[("en-de", "C"), ("en-zh", "B")], ids=["en-de", "en-zh"])
def batch(shared_data: WmtData, request: pytest.FixtureRequest) -> Batch:
    """Hypotheses, and two reference streams (the second absent every third segment)."""
    pair = shared_data.pair(request.param[0])
    ref_a, ref_c = pair.reference("A"), pair.reference(request.param[1])
    systems = [pair.system(name) for name in pair.system_names[:SYSTEMS]]
    items = [
        (system[i], ref_a[i], None if i % 3 == 0 else ref_c[i])
        for i in SEGMENTS
        for system in systems
    ]
    random.Random(28).shuffle(items)
    hyps, stream_a, stream_c = (list(column) for column in zip(*items, strict=True))
    return hyps, stream_a, stream_c


def _refuse_ungrouped(*args: object, **kwargs: object) -> None:
    raise AssertionError("the grouped path should have counted these hypotheses")


@pytest.mark.shared_data
@pytest.mark.parametrize(
    ("word_order", "size"), [(0, 300), (2, 300), (2, FEW_LINES)], ids=["chrF", "chrF++", "few"]
)
def test_grouped_rows_are_sacrebleus_statistics(
    batch: Batch, word_order: int, size: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """300 hypotheses: chrF++'s words numbered by the engine; `FEW_LINES`: by a dictionary."""
    hyps, stream_a, stream_c = (column[:size] for column in batch)
    sacre = SacreCHRF(word_order=word_order)
    if size <= FEW_LINES:
        monkeypatch.setattr(chrf_metric, "WordEncoder", _refuse_ungrouped)
    else:
        monkeypatch.setattr(chrf_metric, "WordIds", _refuse_ungrouped)
    expected = [
        sacre._extract_corpus_statistics([hyp], [[a]] + ([[c]] if c is not None else []))[0]
        for hyp, a, c in zip(hyps, stream_a, stream_c, strict=True)
    ]
    monkeypatch.setattr(ReferenceNgrams, "matches", _refuse_ungrouped)
    stats = CHRF(word_order=word_order).chunk_statistics(hyps, [stream_a, stream_c])
    assert np.array_equal(stats.values, np.array(expected, dtype=np.int64))


@pytest.mark.shared_data
def test_grouped_rewards_are_sentence_chrf(batch: Batch) -> None:
    """One call's sentence scores, bit for bit sacreBLEU's ``sentence_chrf`` (one reference)."""
    hyps, stream_a = batch[0][:64], batch[1][:64]
    scores = CHRF().sentence_scores(hyps, ref_streams=[stream_a])
    sacre = SacreCHRF()
    expected = [sacre.sentence_score(h, [a]).score for h, a in zip(hyps, stream_a, strict=True)]
    assert scores.tolist() == expected


def test_distinct_references_by_every_stream() -> None:
    """Hand-made: a set is shared only where every stream (absences too) is the same."""
    references = ReferenceSet((("a", "b", "a", "a", "b"), ("x", "y", "x", None, "y")))
    segment_of, distinct = distinct_references(references)
    assert segment_of.tolist() == [0, 1, 0, 2, 1]
    assert distinct.streams == (("a", "b", "a"), ("x", "y", None))


@pytest.mark.parametrize("lowercase", [False, True])
def test_few_words_split_and_numbered_as_sacrebleu(lowercase: bool) -> None:
    """Hand-made words at the edges of chrF++'s rule (one punctuation character off one end,
    Unicode whitespace, a case difference), in a grouped call of a few hypotheses: the rows of
    sacreBLEU 2.6.0's ``CHRF(word_order=2)`` (``_extract_corpus_statistics``)."""
    references = ["(hi) there.. A\u00a0b", "x - y,z ,a 'q'", "House\u3000is\tsmall!"]
    hypotheses = ["(hi there. a b", "hi) There.. a\u2003b", "x - y,z , a q'", "'q' ,a y,z"]
    hypotheses += ["house is small !", "House is small!", "", "!!"]
    refs = [references[i % 3] for i in range(len(hypotheses))]
    sacre = SacreCHRF(word_order=2, lowercase=lowercase)
    pairs = zip(hypotheses, refs, strict=True)
    expected = [sacre._extract_corpus_statistics([h], [[r]])[0] for h, r in pairs]
    stats = CHRF(word_order=2, lowercase=lowercase).chunk_statistics(hypotheses * 2, [refs * 2])
    assert np.array_equal(stats.values, np.array(expected * 2, dtype=np.int64))
