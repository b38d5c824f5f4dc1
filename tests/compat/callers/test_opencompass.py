"""OpenCompass (open-compass/opencompass): PMMEval's FLORES evaluator.

``opencompass/datasets/PMMEval/flores.py:8-10`` imports ``BLEU`` from ``sacrebleu.metrics``
and ``Tokenizer13a``, ``TokenizerZh`` from ``sacrebleu.tokenizers.tokenizer_13a`` and
``tokenizer_zh``; ``flores.py:27-52`` tokenizes both sides (``TokenizerZh`` or a space
tokenizer, then ``Tokenizer13a``), builds ``BLEU(tokenize='13a', effective_order=True)`` per
segment and keeps the best ``sentence_score`` over regions of the generated lines;
``flores.py:139-160`` sums the kept scores' ``counts``, ``totals``, ``sys_len`` and
``ref_len`` and calls ``BLEU.compute_bleu``. Oracle: the same pattern with sacreBLEU 2.6.0.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both

pytestmark = pytest.mark.shared_data


def _evaluate(pairs: list[tuple[str, str]], chinese: bool) -> list[Any]:
    from sacrebleu.metrics import BLEU  # noqa: PLC0415
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a  # noqa: PLC0415
    from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh  # noqa: PLC0415

    def tokenize(sent: str) -> str:
        first = TokenizerZh()(sent.strip()) if chinese else " ".join(sent.strip().split())
        return Tokenizer13a()(first)

    results = []
    for gen, ref in pairs:
        gens = [tokenize(line) for line in (x.strip() for x in gen.split("\n")) if line]
        ref_tokens = tokenize(ref)
        scorer = BLEU(tokenize="13a", effective_order=True)
        best, best_score = None, -100.0
        for i in range(len(gens)):
            for j in range(i, len(gens)):
                scored = scorer.sentence_score(" ".join(gens[i : j + 1]), [ref_tokens])
                if scored.score > best_score:
                    best, best_score = scored, scored.score
        results.append(best if best is not None else scorer.sentence_score("", [ref_tokens]))
    counts = sum(np.array(x.counts) for x in results).tolist()
    totals = sum(np.array(x.totals) for x in results).tolist()
    total = BLEU.compute_bleu(
        correct=counts,
        total=totals,
        sys_len=sum(x.sys_len for x in results),
        ref_len=sum(x.ref_len for x in results),
    )
    return [*results, {"BLEU": round(total.score, 2)}, total]


@pytest.mark.parametrize("pair", ["ende", "enzh"])
def test_flores_evaluator(pair: str, request: pytest.FixtureRequest) -> None:
    corpus: Corpus = request.getfixturevalue(pair)
    systems = list(corpus.systems.values())
    pairs = [(f"{systems[0][i]}\n{systems[1][i]}", corpus.ref[i]) for i in range(60)]
    assert_identical(*run_both(lambda: _evaluate(pairs, chinese=pair == "enzh")))
