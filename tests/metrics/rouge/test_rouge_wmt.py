"""Oracle: rouge_score 0.1.2 on every system of WMT17 en-de (16 x 3,004 segments).

Every segment's precision, recall and F of ROUGE-1, -2, -L and -Lsum, with and without
stemming, must be bit-identical to ``RougeScorer.score``; the corpus ``mean`` must be the
mean as rouge_score's ``BootstrapAggregator`` takes it, ``numpy.mean(scores, axis=0)`` over
the matrix of segment (precision, recall, F).
"""

from __future__ import annotations

import numpy as np
import pytest
from rouge_score import rouge_scorer

from parbleu.metrics.rouge.family import DEFAULT_TYPES, RougeFamily
from tests.wmt import WmtData

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]
MEASURES = ("precision_sum", "recall_sum", "f_sum")


@pytest.mark.parametrize("stem", [False, True], ids=["plain", "stemmed"])
def test_every_system_identical(shared_data: WmtData, stem: bool) -> None:
    pair = shared_data.wmt17_ende
    reference = pair.reference("A")
    scorer = rouge_scorer.RougeScorer(list(DEFAULT_TYPES), use_stemmer=stem)
    family = RougeFamily([reference], stem=stem)
    assert len(pair.system_names) == 16
    for name, system in pair.systems.items():
        oracle = [scorer.score(ref, hyp) for ref, hyp in zip(reference, system, strict=True)]
        ours = family.statistics(system)
        scores = family.corpus_score(system)
        for rouge_type in DEFAULT_TYPES:
            expected = np.array([tuple(s[rouge_type]) for s in oracle])
            got = np.stack([ours[rouge_type].column(c) for c in MEASURES], axis=1)
            assert np.array_equal(got, expected), (name, rouge_type)
            mean = scores[rouge_type]
            assert (mean.precision, mean.recall, mean.fmeasure) == tuple(expected.mean(axis=0))
