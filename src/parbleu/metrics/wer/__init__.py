"""WER and CER (word and character error rates, as jiwer 4.0.0): metric, options, results."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.wer.alignment import EditAlignment
    from parbleu.metrics.wer.metric import CER, WER, ErrorRate, PreparedEditReferences
    from parbleu.metrics.wer.options import WerOptions
    from parbleu.metrics.wer.result import CerScore, WerScore

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "CER": "parbleu.metrics.wer.metric",
        "WER": "parbleu.metrics.wer.metric",
        "ErrorRate": "parbleu.metrics.wer.metric",
        "PreparedEditReferences": "parbleu.metrics.wer.metric",
        "EditAlignment": "parbleu.metrics.wer.alignment",
        "WerOptions": "parbleu.metrics.wer.options",
        "CerScore": "parbleu.metrics.wer.result",
        "WerScore": "parbleu.metrics.wer.result",
    },
)

__all__ = [
    "CER",
    "WER",
    "CerScore",
    "EditAlignment",
    "ErrorRate",
    "PreparedEditReferences",
    "WerOptions",
    "WerScore",
]
