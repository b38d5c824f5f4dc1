"""fairseq (facebookresearch/fairseq, commit at fetch time): scripts that call sacreBLEU.

Reproduced patterns (oracle: the same pattern run with sacreBLEU 2.6.0):

* ``examples/discriminative_reranking_nmt/drnmt_rerank.py:199-204``: ``sacrebleu.corpus_bleu(
  hypos, [ref]).score`` or ``corpus_ter``;
* ``examples/discriminative_reranking_nmt/scripts/prep_data.py:18-30``: one segment,
  ``corpus_bleu([hyp], [[ref]])`` with ``score, sys_len, ref_len, counts, totals`` joined into
  a line, and ``corpus_ter([hyp], [[ref]])`` with ``score, num_edits, ref_length``;
* ``examples/translation_moe/score.py:112-114`` (``corpus_bleu(sys, refs, tokenize="none")``):
  identical; ``score.py:117-129`` (``sentence_bleu``): a documented refusal. It calls
  ``_corpus_bleu(hypothesis, reference)`` with two strings: sacreBLEU reads the hypothesis
  as a list of characters and the reference string as one stream per character, and scores
  the first character against the reference's characters; parbleu raises
  `parbleu.ReferenceShapeError`. fairseq should call ``corpus_bleu([hypothesis],
  [[reference]])``. Inside `parbleu.compat.allow_truncation` the number is sacreBLEU's, with
  a warning naming what was dropped.
"""

from __future__ import annotations

import warnings

import pytest

import parbleu
import parbleu.compat
from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both, sacrebleu_is

pytestmark = pytest.mark.shared_data


@pytest.mark.parametrize("metric", ["bleu", "ter"])
def test_drnmt_rerank_eval_metric(ende: Corpus, metric: str) -> None:
    hypos = ende.systems[ende.names[0]][:80]

    def pattern() -> float:
        import sacrebleu  # noqa: PLC0415

        if metric == "bleu":
            return sacrebleu.corpus_bleu(hypos, [ende.ref[:80]]).score
        return sacrebleu.corpus_ter(hypos, [ende.ref[:80]]).score

    assert_identical(*run_both(pattern))


def test_prep_data_lines(ende: Corpus) -> None:
    pairs = list(zip(ende.systems[ende.names[1]][:50], ende.ref[:50], strict=True))

    def pattern() -> list[str]:
        import sacrebleu  # noqa: PLC0415

        out = []
        for in_sent, target_sent in pairs:
            bleu = sacrebleu.corpus_bleu([in_sent], [[target_sent]])
            fields = [bleu.score, bleu.sys_len, bleu.ref_len, *bleu.counts, *bleu.totals]
            out.append(" ".join(map(str, fields)))
            ter = sacrebleu.corpus_ter([in_sent], [[target_sent]])
            out.append(" ".join(map(str, [ter.score, ter.num_edits, ter.ref_length])))
        return out

    assert_identical(*run_both(pattern))


def test_translation_moe_corpus_bleu(ende: Corpus) -> None:
    def pattern() -> float:
        from sacrebleu import corpus_bleu  # noqa: PLC0415

        streams = [ende.refs["A"], ende.refs["C"]]
        return corpus_bleu(ende.systems[ende.names[0]], streams, tokenize="none").score

    assert_identical(*run_both(pattern))


def _moe_sentence_bleu(hypothesis: str, reference: str) -> float:
    """``score.py``'s sentence BLEU: two strings, then +1 smoothing and ``compute_bleu``."""
    import sacrebleu  # noqa: PLC0415
    from sacrebleu import corpus_bleu  # noqa: PLC0415

    bleu = corpus_bleu(hypothesis, reference)
    for i in range(1, 4):
        bleu.counts[i] += 1
        bleu.totals[i] += 1
    rescored = sacrebleu.BLEU.compute_bleu(
        bleu.counts, bleu.totals, bleu.sys_len, bleu.ref_len, smooth_method="exp"
    )
    return rescored.score


def test_translation_moe_sentence_bleu_is_refused_unless_truncation_is_allowed(
    ende: Corpus,
) -> None:
    pairs = list(zip(ende.systems[ende.names[0]][:20], ende.ref[:20], strict=True))
    theirs = [_moe_sentence_bleu(h, r) for h, r in pairs]
    with sacrebleu_is("parbleu"):
        with pytest.raises(parbleu.ReferenceShapeError, match="not a single string"):
            _moe_sentence_bleu(*pairs[0])
        with parbleu.compat.allow_truncation(), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ours = [_moe_sentence_bleu(h, r) for h, r in pairs]
    assert_identical(theirs, ours)
    first = next(w for w in caught if w.category is parbleu.compat.TruncationWarning)
    length = len(pairs[0][0])
    assert f"dropped hypotheses 2-{length} ({length - 1} of {length})" in str(first.message)
