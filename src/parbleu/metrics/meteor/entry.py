"""METEOR's entry in the metric registry (`parbleu.metrics.registry`).

The library has no default WordNet; the command line reads Debian's ``wordnet-base``.
"""

from __future__ import annotations

from parbleu.metrics.meteor.options import DEBIAN_WORDNET_FOLDER, MeteorOptions
from parbleu.metrics.registry import Flag, MetricEntry

__all__ = ["ENTRY"]

ENTRY = MetricEntry(
    name="meteor",
    title="METEOR",
    metric="parbleu.metrics.meteor.metric:METEOR",
    options=MeteorOptions,
    group_title="METEOR (as NLTK 3.10's meteor_score)",
    flags=(
        Flag(
            ("--meteor-wordnet",),
            "wordnet",
            "folder of a WordNet 3.0 database (default: {default}, where Debian's "
            "wordnet-base installs it)",
        ),
        Flag(("--meteor-tokenize",), "tokenize", "tokenizer of the words (default: {default})"),
        Flag(("--meteor-alpha",), "alpha", "weight of precision ({default})"),
        Flag(("--meteor-beta",), "beta", "shape of the fragmentation penalty ({default})"),
        Flag(("--meteor-gamma",), "gamma", "weight of the fragmentation penalty ({default})"),
    ),
    command_defaults={"wordnet": DEBIAN_WORDNET_FOLDER},
)
