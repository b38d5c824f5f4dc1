"""Segment scores computed elsewhere (COMET, BERTScore, human judgments) as statistics."""

from parbleu.metrics.external.metric import ExternalReferences, ExternalScore, ExternalScores

__all__ = ["ExternalReferences", "ExternalScore", "ExternalScores"]
