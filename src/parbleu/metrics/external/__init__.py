"""Segment scores computed elsewhere (COMET, BERTScore, human judgments) as statistics."""

from parbleu.metrics.external.metric import (
    EXTERNAL_LAYOUT,
    ExternalReferences,
    ExternalScore,
    ExternalScores,
    external_means,
)

__all__ = [
    "EXTERNAL_LAYOUT",
    "ExternalReferences",
    "ExternalScore",
    "ExternalScores",
    "external_means",
]
