"""BLEU (Papineni et al., 2002): the metric, its formula, options, smoothing and result."""

from parbleu.metrics.bleu.metric import BLEU, PreparedReferences
from parbleu.metrics.bleu.options import BleuOptions, RefLength, Smoothing, SmoothVariant
from parbleu.metrics.bleu.result import BleuScore

__all__ = [
    "BLEU",
    "BleuOptions",
    "BleuScore",
    "PreparedReferences",
    "RefLength",
    "SmoothVariant",
    "Smoothing",
]
