"""Oracle: rouge_score 0.1.2 on every system of WMT17 en-de (16 x 3,004 segments).

Every segment's precision, recall and F of ROUGE-1, -2, -L and -Lsum, with and without
stemming, must be bit-identical to ``RougeScorer.score``; the corpus ``mean`` must be the
mean as rouge_score's ``BootstrapAggregator`` takes it, ``numpy.mean(scores, axis=0)`` over
the matrix of segment (precision, recall, F).

rouge_score's own tokenizer does the tokenizing, remembered per text and its Porter stemmer
per word (both pure functions): the reference is tokenized once instead of once per system,
which halves the oracle's time and changes none of its tokens.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from nltk.stem import porter
from rouge_score import rouge_scorer, tokenizers

from parbleu.metrics.rouge.family import DEFAULT_TYPES, RougeFamily
from tests.wmt import WmtData

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]
MEASURES = ("precision_sum", "recall_sum", "f_sum")


class RememberingTokenizer(tokenizers.DefaultTokenizer):
    """rouge_score's default tokenizer, each text's tokens and each word's stem computed once."""

    def __init__(self, use_stemmer: bool) -> None:
        super().__init__(use_stemmer)
        if use_stemmer:
            self._stemmer = porter.PorterStemmer()
            self._stemmer.stem = functools.lru_cache(maxsize=None)(self._stemmer.stem)
        self.tokenize = functools.lru_cache(maxsize=None)(super().tokenize)


@pytest.mark.parametrize("stem", [False, True], ids=["plain", "stemmed"])
def test_every_system_identical(shared_data: WmtData, stem: bool) -> None:
    pair = shared_data.wmt17_ende
    reference = pair.reference("A")
    scorer = rouge_scorer.RougeScorer(list(DEFAULT_TYPES), tokenizer=RememberingTokenizer(stem))
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
