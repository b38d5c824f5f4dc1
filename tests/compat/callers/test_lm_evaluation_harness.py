"""lm-evaluation-harness (EleutherAI/lm-evaluation-harness, commit 4e7e0d4): corpus metrics.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* ``lm_eval/api/metrics.py:84-129`` with ``_sacreformat`` (``443-470``): per-item references
  zipped into streams, ``sacrebleu.corpus_bleu(preds, refs).score``, ``corpus_chrf`` and
  ``corpus_ter``;
* ``lm_eval/tasks/truthfulqa/utils.py:76`` and ``126-146``: ``bleu([[ref]], [completion])`` for
  every true and false reference, that is ``corpus_bleu`` of one segment with ``intl``,
  ``smooth_value=0.0`` and the other keywords spelled out (the per-call pattern of
  benchmarks/percall.py).
"""

from __future__ import annotations

import pytest

from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both

pytestmark = pytest.mark.shared_data


def _sacreformat(
    refs: list[list[str]], preds: list[str]
) -> tuple[list[tuple[str, ...]], list[str]]:
    """The harness' shapes: references as streams (zip of the per-item lists)."""
    return list(zip(*refs, strict=True)), preds


@pytest.mark.parametrize("function", ["corpus_bleu", "corpus_chrf", "corpus_ter"])
def test_corpus_aggregations(ende: Corpus, function: str) -> None:
    n = 60 if function == "corpus_ter" else len(ende.ref)
    items = [
        ([ende.refs["A"][i], ende.refs["D"][i]], ende.systems[ende.names[0]][i]) for i in range(n)
    ]

    def pattern() -> float:
        import sacrebleu  # noqa: PLC0415

        refs, preds = _sacreformat([r for r, _ in items], [p for _, p in items])
        return getattr(sacrebleu, function)(preds, refs).score

    assert_identical(*run_both(pattern))


def test_truthfulqa_bleu_of_each_reference(ende: Corpus) -> None:
    docs = []
    for i in range(40):
        true_refs = [refs[i] for refs in ende.refs.values()]
        false_refs = [system[i] for system in list(ende.systems.values())[1:]]
        docs.append((ende.systems[ende.names[0]][i], true_refs + false_refs))

    def pattern() -> list[float]:
        import sacrebleu  # noqa: PLC0415

        def bleu(refs: list[list[str]], preds: list[str]) -> float:
            return sacrebleu.corpus_bleu(
                preds,
                refs,
                smooth_method="exp",
                smooth_value=0.0,
                force=False,
                lowercase=False,
                tokenize="intl",
                use_effective_order=False,
            ).score

        return [bleu([[ref]], [completion]) for completion, refs in docs for ref in refs]

    assert_identical(*run_both(pattern))
