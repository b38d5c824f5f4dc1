"""chrF's entry in the metric registry (`parbleu.metrics.registry`); chrF++ is an alias."""

from __future__ import annotations

from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.registry import Flag, Float32Rule, MetricEntry, SegmentView
from parbleu.options import MAX_NGRAM_ORDER

__all__ = ["ENTRY"]

ENTRY = MetricEntry(
    name="chrf",
    title="chrF",
    metric="parbleu.metrics.chrf.metric:CHRF",
    options=ChrfOptions,
    flags=(
        Flag(
            ("--chrf-char-order", "-cc"),
            "char_order",
            "character order ({default})",
            minimum=1,
            maximum=MAX_NGRAM_ORDER,
        ),
        Flag(
            ("--chrf-word-order", "-cw"),
            "word_order",
            "word order ({default})",
            minimum=0,
            maximum=MAX_NGRAM_ORDER,
        ),
        Flag(("--chrf-beta",), "beta", "recall weighs beta times precision ({default})", minimum=0),
        Flag(("--chrf-whitespace",), "whitespace", "keep whitespace in character n-grams"),
        Flag(("--chrf-lowercase",), "lowercase", "case-insensitive chrF"),
        Flag(("--chrf-eps-smoothing",), "eps_smoothing", "chrF++.py's epsilon smoothing"),
    ),
    # Popović (2017): chrF++ adds word unigrams and bigrams.
    aliases={"chrf++": {"word_order": 2}},
    float32=Float32Rule(),
    segment_view=SegmentView.CHARACTERS,
)
