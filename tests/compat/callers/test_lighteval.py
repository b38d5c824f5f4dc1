"""lighteval (huggingface/lighteval, commit 3fd1526): corpus-level translation metrics.

``src/lighteval/metrics/metrics_corpus.py:127-161`` (``CorpusLevelTranslationMetric``) builds
``sacrebleu.BLEU(trg_lang=lang)``, ``sacrebleu.CHRF()``, ``sacrebleu.CHRF(word_order=2)`` or
``sacrebleu.TER(asian_support=...)`` and calls ``metric.corpus_score(hypotheses=preds,
references=golds)`` with ``golds = [i.golds for i in items]``; for BLEU only it first makes one
stream of the first golds (line 156). Oracle: the same pattern with sacreBLEU 2.6.0.

* BLEU (any ``lang``): identical.
* chrF, chrF++ and TER: a documented refusal. ``golds`` is one list per item, so sacreBLEU
  reads N streams of one segment, scores the first prediction against every item's gold and
  drops the rest; parbleu raises `parbleu.ReferenceShapeError` ("references look
  transposed"). The fix for lighteval is the BLEU branch's line for every metric. Inside
  `parbleu.compat.allow_truncation` the number is sacreBLEU's, with a warning.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import parbleu
import parbleu.compat
from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical, run_both, sacrebleu_is

pytestmark = pytest.mark.shared_data

N = 40


def _metric(sacrebleu: Any, kind: str, lang: str) -> Any:
    if kind == "bleu":
        return sacrebleu.BLEU(trg_lang=lang)
    if kind == "chrf":
        return sacrebleu.CHRF()
    if kind == "chrf++":
        return sacrebleu.CHRF(word_order=2)
    return sacrebleu.TER(asian_support=lang != "")


def _pattern(corpus: Corpus, kind: str, lang: str) -> Any:
    preds = corpus.systems[corpus.names[0]][:N]
    golds = [[corpus.ref[i]] for i in range(N)]

    def pattern() -> float:
        import sacrebleu  # noqa: PLC0415

        metric = _metric(sacrebleu, kind, lang)
        references = [[gold[0] for gold in golds]] if kind == "bleu" else golds
        return float(metric.corpus_score(hypotheses=preds, references=references).score)

    return pattern


@pytest.mark.parametrize("lang", ["", "zh"])
def test_bleu(enzh: Corpus, lang: str) -> None:
    assert_identical(*run_both(_pattern(enzh, "bleu", lang)))


@pytest.mark.parametrize("kind", ["chrf", "chrf++", "ter"])
def test_chrf_and_ter_golds_are_refused_unless_truncation_is_allowed(
    ende: Corpus, kind: str
) -> None:
    pattern = _pattern(ende, kind, "")
    theirs = pattern()
    with sacrebleu_is("parbleu"):
        with pytest.raises(parbleu.ReferenceShapeError, match="transposed"):
            pattern()
        with parbleu.compat.allow_truncation(), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            ours = pattern()
    assert_identical(theirs, ours)
    (warning,) = [w for w in caught if w.category is parbleu.compat.TruncationWarning]
    assert f"dropped hypotheses 2-{N} ({N - 1} of {N})" in str(warning.message)
