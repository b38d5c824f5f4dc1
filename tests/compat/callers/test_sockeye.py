"""sockeye (awslabs/sockeye, commit at fetch time): its evaluation wrappers and reranker.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* ``sockeye/evaluate.py:37``: ``sacrebleu.BLEU.SMOOTH_DEFAULTS['floor']`` as the offset;
* ``evaluate.py:50``, ``61``, ``72-73``: ``sacrebleu.raw_corpus_bleu(hyps, [refs],
  smooth_value=offset).score / 100``, ``sacrebleu.corpus_chrf(hyps, [refs]).score`` and
  ``sacrebleu.metrics.TER().corpus_score(hyps, [refs]).score``;
* ``sockeye/rerank.py:54-56`` and ``75-76``: ``partial(sacrebleu.sentence_bleu,
  smooth_method='add-k')`` or ``sacrebleu.sentence_chrf`` over an n-best list against one
  reference, then the ranking (the per-call pattern of benchmarks/percall.py);
* ``test/unit/test_bleu.py:75``: ``sacrebleu.metrics.BLEU.compute_bleu(common, total, sys_len,
  ref_len)``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import numpy as np
import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both

pytestmark = pytest.mark.shared_data


def test_evaluate_wrappers(ende: Corpus) -> None:
    hyps = ende.systems[ende.names[2]]

    def pattern() -> list[float]:
        import sacrebleu  # noqa: PLC0415

        offset = sacrebleu.BLEU.SMOOTH_DEFAULTS["floor"]
        return [
            offset,
            sacrebleu.raw_corpus_bleu(hyps, [ende.ref], smooth_value=offset).score / 100.0,
            sacrebleu.raw_corpus_bleu(hyps, [ende.ref], smooth_value=0.01).score / 100.0,
            sacrebleu.corpus_chrf(hyps, [ende.ref]).score,
            sacrebleu.metrics.TER().corpus_score(hyps[:60], [ende.ref[:60]]).score,
        ]

    assert_identical(*run_both(pattern))


@pytest.mark.parametrize("metric", ["bleu", "chrf"])
def test_rerank_an_nbest_list(ende: Corpus, metric: str) -> None:
    lists = [([system[i] for system in ende.systems.values()], ende.ref[i]) for i in range(60)]

    def pattern() -> list[Any]:
        import sacrebleu  # noqa: PLC0415

        if metric == "bleu":
            scoring = partial(sacrebleu.sentence_bleu, smooth_method="add-k")
        else:
            scoring = sacrebleu.sentence_chrf
        out: list[Any] = []
        for translations, reference in lists:
            scores = [scoring(hypothesis, [reference]).score for hypothesis in translations]
            out.append((scores, list(np.argsort(scores, kind="mergesort")[::-1])))
        return out

    assert_identical(*run_both(pattern))


def test_compute_bleu_of_statistics() -> None:
    def pattern() -> list[float]:
        import sacrebleu  # noqa: PLC0415

        common, total = [5, 3, 1, 0], [7, 6, 5, 4]
        return [
            sacrebleu.metrics.BLEU.compute_bleu(common, total, 7, 9).score / 100,
            sacrebleu.metrics.BLEU.compute_bleu(
                common, total, 7, 9, smooth_method="floor", smooth_value=0.01
            ).score,
        ]

    assert_identical(*run_both(pattern))
