"""TensorFlow Model Analysis (tensorflow/model-analysis, commit at fetch time): BLEU combiners.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* ``tensorflow_model_analysis/metrics/bleu.py:25``: ``import sacrebleu.metrics as sacrebleu``,
  then ``sacrebleu.BLEU(**bleu_kwargs)`` (line 140) and ``sacrebleu.BLEUScore`` (336);
* ``bleu.py:171-176``: ``bleu_metric.lowercase`` and ``bleu_metric.tokenizer(line.rstrip())``;
* ``bleu.py:193-214`` and ``251-276``: reference and hypothesis n-grams with
  ``sacrebleu.helpers.extract_all_word_ngrams``, clipped counts in NumPy accumulators;
* ``bleu.py:311``: ``bleu_metric._force``;
* ``bleu.py:396-409`` and ``356-365``: accumulators merged with ``np.sum`` and scored with
  ``bleu_metric.compute_bleu(correct=..tolist(), total=..tolist(), ...)``;
* the combiner of earlier releases (as issue 23 describes it): per batch
  ``_extract_corpus_statistics`` rows, summed element-wise across batches, then
  ``_compute_score_from_stats``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both

pytestmark = pytest.mark.shared_data

#: Batches the combiners see (Beam's add_input calls).
BATCH = 25

OPTIONS = [
    {},
    {"lowercase": True, "smooth_method": "floor", "smooth_value": 0.2},
    {"tokenize": "intl", "smooth_method": "add-k", "effective_order": True},
    {"smooth_method": "none", "max_ngram_order": 3},
]


def _closest(hyp_len: int, ref_lens: list[int]) -> int:
    """The reference length nearest the hypothesis length, the shorter on a tie."""
    return min(ref_lens, key=lambda length: (abs(hyp_len - length), length))


@pytest.mark.parametrize("options", OPTIONS)
def test_combiner_of_ngram_accumulators(ende: Corpus, options: dict[str, Any]) -> None:
    hyps = ende.systems[ende.names[0]]
    refs = [ende.refs["A"], ende.refs["C"]]

    def pattern() -> Any:
        import sacrebleu.metrics as sacrebleu  # noqa: PLC0415

        bleu = sacrebleu.BLEU(**options)
        order = bleu.max_ngram_order

        def preprocess(sentence: str) -> str:
            if bleu.lowercase:
                sentence = sentence.lower()
            return bleu.tokenizer(sentence.rstrip())

        def accumulate(start: int) -> list[Any]:
            hyp_len_sum = ref_len_sum = 0
            matching = np.zeros(order, dtype=int)
            total = np.zeros(order, dtype=int)
            for i in range(start, min(start + BATCH, len(hyps))):
                ngrams, lens = None, []
                for ref in (stream[i] for stream in refs):
                    counts, length = sacrebleu.helpers.extract_all_word_ngrams(
                        preprocess(ref), 1, order
                    )
                    lens.append(length)
                    if ngrams is None:
                        ngrams = counts
                    else:
                        for ngram, count in counts.items():
                            ngrams[ngram] = max(ngrams[ngram], count)
                assert ngrams is not None
                hyp_ngrams, hyp_len = sacrebleu.helpers.extract_all_word_ngrams(
                    preprocess(hyps[i]), 1, order
                )
                for ngram, count in hyp_ngrams.items():
                    total[len(ngram) - 1] += count
                    if ngram in ngrams:
                        matching[len(ngram) - 1] += min(count, ngrams[ngram])
                hyp_len_sum += hyp_len
                ref_len_sum += _closest(hyp_len, lens)
            assert bleu._force is False
            return [matching, total, hyp_len_sum, ref_len_sum]

        merged = [np.zeros(order, dtype=int), np.zeros(order, dtype=int), 0, 0]
        for start in range(0, len(hyps), BATCH):
            part = accumulate(start)
            merged = [
                np.sum([merged[0], part[0]], axis=0),
                np.sum([merged[1], part[1]], axis=0),
                merged[2] + part[2],
                merged[3] + part[3],
            ]
        score = bleu.compute_bleu(
            correct=merged[0].tolist(),
            total=merged[1].tolist(),
            sys_len=merged[2],
            ref_len=merged[3],
            smooth_method=bleu.smooth_method,
            smooth_value=bleu.smooth_value,
            effective_order=bleu.effective_order,
            max_ngram_order=bleu.max_ngram_order,
        )
        assert isinstance(score, sacrebleu.BLEUScore)
        return score

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize("options", OPTIONS)
def test_combiner_of_corpus_statistics(ende: Corpus, options: dict[str, Any]) -> None:
    hyps = ende.systems[ende.names[1]]
    refs = [ende.refs["A"], ende.refs["D"]]

    def pattern() -> Any:
        import sacrebleu.metrics as sacrebleu  # noqa: PLC0415

        bleu = sacrebleu.BLEU(**options)
        batches = []
        for start in range(0, len(hyps), BATCH):
            rows = bleu._extract_corpus_statistics(
                hyps[start : start + BATCH], [stream[start : start + BATCH] for stream in refs]
            )
            batches.append([sum(column) for column in zip(*rows, strict=True)])
        as_lists = [sum(column) for column in zip(*batches, strict=True)]
        as_array = np.sum(np.array(batches), axis=0)
        return (
            batches[0],
            bleu._compute_score_from_stats(as_lists),
            bleu._compute_score_from_stats(list(as_array)),
            bleu._aggregate_and_compute(batches),
        )

    assert_identical(*run_both(pattern))
