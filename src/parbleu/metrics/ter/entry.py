"""TER's entry in the metric registry (`parbleu.metrics.registry`): lower is better."""

from __future__ import annotations

from parbleu.metrics.registry import Flag, Float32Rule, MetricEntry, SegmentView
from parbleu.metrics.ter.options import TerOptions

__all__ = ["ENTRY"]

ENTRY = MetricEntry(
    name="ter",
    title="TER",
    metric="parbleu.metrics.ter.metric:TER",
    options=TerOptions,
    group_title="TER (defaults replicate tercom)",
    flags=(
        Flag(("--ter-case-sensitive",), "case_sensitive", "do not lowercase"),
        Flag(("--ter-asian-support",), "asian_support", "tercom's CJK rules"),
        Flag(("--ter-no-punct",), "no_punct", "remove punctuation"),
        Flag(("--ter-normalized",), "normalized", "tercom's normalization"),
    ),
    higher_is_better=False,
    float32=Float32Rule(),
    segment_view=SegmentView.EDITS,
    takes_jobs=True,
)
