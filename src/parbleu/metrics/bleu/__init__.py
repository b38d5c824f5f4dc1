"""BLEU (Papineni et al., 2002): the metric, its formula, options, smoothing and result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.bleu.metric import BLEU, PreparedReferences
    from parbleu.metrics.bleu.options import BleuOptions, RefLength, Smoothing, SmoothVariant
    from parbleu.metrics.bleu.result import BleuScore

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "BLEU": "parbleu.metrics.bleu.metric",
        "PreparedReferences": "parbleu.metrics.bleu.metric",
        "BleuOptions": "parbleu.metrics.bleu.options",
        "RefLength": "parbleu.metrics.bleu.options",
        "Smoothing": "parbleu.metrics.bleu.options",
        "SmoothVariant": "parbleu.metrics.bleu.options",
        "BleuScore": "parbleu.metrics.bleu.result",
    },
)

__all__ = [
    "BLEU",
    "BleuOptions",
    "BleuScore",
    "PreparedReferences",
    "RefLength",
    "SmoothVariant",
    "Smoothing",
]
