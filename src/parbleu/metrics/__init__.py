"""The metrics, one folder each, all on the statistics spine (`parbleu.metrics.base.Metric`).

Every one prepares references, counts per-segment statistics and scores their sums. A
metric's folder holds its ``metric`` (the class), ``formula`` (the score of summed
statistics, with the statistics `Layout`), ``options`` (a frozen dataclass, every setting
declared once) and ``result``; and, where they belong, its alignment, weights, smoothing and
sacreBLEU's float32 resampling arithmetic, and its ``entry`` (the `MetricEntry` that tells
the rest of the program how to build and show it). `parbleu.metrics.registry` lists them:
adding a metric is its folder and a line there (docs/architecture.md); a line here (and in
``parbleu/__init__.py``) gives it a public name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.base import AnyMetric, Metric
    from parbleu.metrics.bleu import BLEU
    from parbleu.metrics.chrf import CHRF
    from parbleu.metrics.external import ExternalScores
    from parbleu.metrics.meteor import METEOR
    from parbleu.metrics.nist import NIST
    from parbleu.metrics.rouge import ROUGE
    from parbleu.metrics.ter import TER
    from parbleu.metrics.wer import CER, WER

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "AnyMetric": "parbleu.metrics.base",
        "Metric": "parbleu.metrics.base",
        "BLEU": "parbleu.metrics.bleu",
        "CHRF": "parbleu.metrics.chrf",
        "ExternalScores": "parbleu.metrics.external",
        "METEOR": "parbleu.metrics.meteor",
        "NIST": "parbleu.metrics.nist",
        "ROUGE": "parbleu.metrics.rouge",
        "TER": "parbleu.metrics.ter",
        "WER": "parbleu.metrics.wer",
        "CER": "parbleu.metrics.wer",
    },
)

__all__ = [
    "BLEU",
    "CER",
    "CHRF",
    "METEOR",
    "NIST",
    "ROUGE",
    "TER",
    "WER",
    "AnyMetric",
    "ExternalScores",
    "Metric",
]
