"""Segment scores computed elsewhere (COMET, BERTScore, human judgments) as statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.external.metric import (
        EXTERNAL_LAYOUT,
        ExternalReferences,
        ExternalScore,
        ExternalScores,
        external_means,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "EXTERNAL_LAYOUT": "parbleu.metrics.external.metric",
        "ExternalReferences": "parbleu.metrics.external.metric",
        "ExternalScore": "parbleu.metrics.external.metric",
        "ExternalScores": "parbleu.metrics.external.metric",
        "external_means": "parbleu.metrics.external.metric",
    },
)

__all__ = [
    "EXTERNAL_LAYOUT",
    "ExternalReferences",
    "ExternalScore",
    "ExternalScores",
    "external_means",
]
