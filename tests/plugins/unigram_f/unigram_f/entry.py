"""The plug-in's entry: all parbleu needs to know to offer, build and show the metric."""

from __future__ import annotations

from parbleu.metrics.registry import Flag, MetricEntry
from unigram_f.options import UnigramOptions

ENTRY = MetricEntry(
    name="unigram_f",
    title="UniF",
    metric="unigram_f.metric:UnigramF",
    options=UnigramOptions,
    group_title="unigram F (a metric plug-in)",
    flags=(
        Flag(("--unigram-f-lowercase",), "lowercase", "compare lowercased words"),
        Flag(("--unigram-f-measure",), "measure", "the ratio reported (default: {default})"),
    ),
    aliases={"unigram_p": {"measure": "precision"}},
    decimals=1,
    note="words are split on whitespace",
)
