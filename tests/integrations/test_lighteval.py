"""lighteval's corpus-level translation metric. Oracle: sacreBLEU 2.6.0 with the metric objects
lighteval builds (``metrics_corpus.py``, ``CorpusLevelTranslationMetric.get_metric``), given the
references in the shape sacreBLEU means (streams); lighteval is not installable here without
torch, so its ``compute_corpus`` is restated in `lighteval_call`."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
import sacrebleu

from parbleu.errors import InputError, OptionError
from parbleu.integrations.lighteval import CorpusLevelTranslationMetric


@dataclass
class Item:  # lighteval's GenerativeCorpusMetricInput: golds and preds
    golds: list[str]
    preds: list[str]


PREDS = ["The cat sat on the mat.", "A dog barked loudly.", "It is raining today.", "Hello."]
GOLDS = [
    ["The cat sat on the mat.", "A cat sat on the mat."],
    ["The dog barked.", "A dog was barking loudly."],
    ["It rains today.", "Today it is raining."],
    ["Hello!", "Hi."],
]
ITEMS = [Item(g, [p, "ignored second prediction"]) for g, p in zip(GOLDS, PREDS, strict=True)]
STREAMS = [list(stream) for stream in zip(*GOLDS, strict=True)]


def lighteval_call(metric, items: list[Item]) -> float:
    """lighteval's compute_corpus as written: golds passed as if they were streams."""
    golds = [i.golds for i in items]
    preds = [i.preds[0] for i in items]
    return metric.corpus_score(hypotheses=preds, references=golds).score


@pytest.mark.parametrize(
    ("metric_type", "oracle"),
    [
        ("chrf", sacrebleu.CHRF()),
        ("chrf++", sacrebleu.CHRF(word_order=2)),
        ("ter", sacrebleu.TER()),
    ],
)
def test_chrf_and_ter_use_each_samples_golds(metric_type: str, oracle) -> None:
    got = CorpusLevelTranslationMetric(metric_type).compute_corpus(ITEMS)
    assert got == oracle.corpus_score(PREDS, STREAMS).score
    # lighteval's own call reads 4 samples of 2 golds as 4 streams of 2 segments: only the
    # first 2 predictions are scored, each against the matching gold of every sample
    assert lighteval_call(oracle, ITEMS) == oracle.corpus_score(PREDS[:2], GOLDS).score
    assert lighteval_call(oracle, ITEMS) != got


def test_bleu_keeps_the_first_gold_as_lighteval_does() -> None:
    got = CorpusLevelTranslationMetric("bleu").compute_corpus(ITEMS)
    assert got == sacrebleu.BLEU().corpus_score(PREDS, [[g[0] for g in GOLDS]]).score


def test_lang_picks_the_tokenizer_and_asian_support() -> None:
    items = [Item(["我们在这里。"], ["我们在这里"]), Item(["你好世界"], ["你好，世界"])]
    assert CorpusLevelTranslationMetric("bleu", "zh").compute_corpus(items) == (
        sacrebleu.BLEU(trg_lang="zh")
        .corpus_score(["我们在这里", "你好，世界"], [["我们在这里。", "你好世界"]])
        .score
    )
    assert CorpusLevelTranslationMetric("ter", "zh").compute_corpus(items) == (
        sacrebleu.TER(asian_support=True)
        .corpus_score(["我们在这里", "你好，世界"], [["我们在这里。", "你好世界"]])
        .score
    )


def test_bad_items_and_types_are_refused() -> None:
    with pytest.raises(OptionError, match="metric_type"):
        CorpusLevelTranslationMetric("meteor")
    with pytest.raises(InputError, match=r"items\[0\]"):
        CorpusLevelTranslationMetric("chrf").compute_corpus([Item([], ["x"])])
    with pytest.raises(InputError, match="no items"):
        CorpusLevelTranslationMetric("chrf").compute_corpus([])
