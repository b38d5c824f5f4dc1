"""lighteval's corpus-level translation metric, in its own signature, scored by parbleu.

lighteval (huggingface/lighteval, ``src/lighteval/metrics/metrics_corpus.py``,
``CorpusLevelTranslationMetric``) builds ``sacrebleu.BLEU(trg_lang=lang)``, ``CHRF()``,
``CHRF(word_order=2)`` or ``TER(asian_support=lang != "")`` and scores
``compute_corpus(items)``, where each item (``sample_preparator.GenerativeCorpusMetricInput``)
has ``golds`` (the references of one sample) and ``preds`` (its predictions; the first is
scored). For BLEU it keeps the first gold of each sample as one reference stream.

For chrF, chrF++ and TER lighteval passes ``references=golds``, the list of per-sample gold
lists, where sacreBLEU expects reference *streams* (one list per reference, each as long as
the predictions): N samples with K golds each are read as N streams of K segments, and
sacreBLEU's ``zip`` then scores only the first K predictions (the first one alone when each
sample has one gold), each against the k-th gold of every sample. Here every
sample keeps its own golds as its references (``segment_refs``), the shape sacreBLEU's
``corpus_score`` means; BLEU keeps lighteval's first-gold rule. The scores equal sacreBLEU's
with the intended shapes, bit for bit (tests/integrations/test_lighteval.py).

``lang`` picks BLEU's tokenizer as sacreBLEU's ``trg_lang`` does (``zh``: zh, ``ja``:
ja-mecab, ``ko``: ko-mecab, else 13a) and turns on TER's Asian support when given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parbleu.errors import InputError, OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.ter.metric import TER

__all__ = ["CorpusLevelTranslationMetric"]

#: sacreBLEU's BLEU tokenizer for a target language (``BLEU.__init__`` with ``trg_lang``).
_BLEU_TOKENIZERS = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}


def _metric(metric_type: str, lang: str) -> AnyMetric:
    if metric_type == "bleu":
        return BLEU(tokenize=_BLEU_TOKENIZERS.get(lang, "13a"))
    if metric_type in ("chrf", "chrf++"):
        return CHRF(word_order=2 if metric_type == "chrf++" else 0)
    if metric_type == "ter":
        return TER(asian_support=lang != "")
    raise OptionError(
        f"metric_type must be one of bleu, chrf, chrf++, ter; got {metric_type!r}",
        option="metric_type",
    )


def _golds_and_pred(item: Any, index: int) -> tuple[list[str], str]:
    golds, preds = getattr(item, "golds", None), getattr(item, "preds", None)
    golds = [golds] if isinstance(golds, str) else golds
    preds = [preds] if isinstance(preds, str) else preds
    ok_golds = isinstance(golds, Sequence) and golds and all(isinstance(g, str) for g in golds)
    ok_preds = isinstance(preds, Sequence) and preds and isinstance(preds[0], str)
    if not ok_golds or not ok_preds or golds is None or preds is None:
        raise InputError(
            f"items[{index}]: expected .golds (strings) and .preds (at least one string); got "
            f"golds={golds!r:.60}, preds={preds!r:.60}"
        )
    return list(golds), preds[0]


@dataclass(frozen=True)
class CorpusLevelTranslationMetric:
    """lighteval's ``CorpusLevelTranslationMetric(metric_type, lang)``."""

    metric_type: str
    lang: str = ""

    def __post_init__(self) -> None:
        _metric(self.metric_type, self.lang)  # refuse an unknown type when made

    def compute_corpus(self, items: Sequence[Any]) -> float:
        """The corpus score of the items (each with ``.golds`` and ``.preds``)."""
        pairs = [_golds_and_pred(item, i) for i, item in enumerate(items)]
        if not pairs:
            raise InputError("no items to score")
        preds = [pred for _, pred in pairs]
        if self.metric_type == "bleu":  # lighteval: the first gold of each sample
            refs = [[golds[0]] for golds, _ in pairs]
        else:
            refs = [golds for golds, _ in pairs]
        metric = _metric(self.metric_type, self.lang)
        return float(metric.corpus_score(preds, segment_refs=refs).score)
