"""METEOR (Banerjee and Lavie 2005) exactly as NLTK's ``meteor_score`` computes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.meteor.lexicon import Lexicon
    from parbleu.metrics.meteor.metric import METEOR, MeteorReferences
    from parbleu.metrics.meteor.options import MeteorOptions
    from parbleu.metrics.meteor.result import MeteorScore
    from parbleu.metrics.meteor.wordnet import DEBIAN_WORDNET, WordNet

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Lexicon": "parbleu.metrics.meteor.lexicon",
        "METEOR": "parbleu.metrics.meteor.metric",
        "MeteorReferences": "parbleu.metrics.meteor.metric",
        "MeteorOptions": "parbleu.metrics.meteor.options",
        "MeteorScore": "parbleu.metrics.meteor.result",
        "DEBIAN_WORDNET": "parbleu.metrics.meteor.wordnet",
        "WordNet": "parbleu.metrics.meteor.wordnet",
    },
)

__all__ = [
    "DEBIAN_WORDNET",
    "METEOR",
    "Lexicon",
    "MeteorOptions",
    "MeteorReferences",
    "MeteorScore",
    "WordNet",
]
