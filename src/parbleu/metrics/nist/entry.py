"""NIST's entry in the metric registry (`parbleu.metrics.registry`): not a percentage."""

from __future__ import annotations

from parbleu.metrics.bleu.entry import LOWERCASE, TOKENIZE
from parbleu.metrics.nist.options import NistOptions
from parbleu.metrics.registry import Flag, MetricEntry
from parbleu.options import MAX_NGRAM_ORDER

__all__ = ["ENTRY"]

ENTRY = MetricEntry(
    name="nist",
    title="NIST",
    metric="parbleu.metrics.nist.metric:NIST",
    options=NistOptions,
    group_title="NIST (tokenized with -tok and -lc, as BLEU)",
    flags=(
        TOKENIZE,
        LOWERCASE,
        Flag(
            ("--nist-max-ngram-order",),
            "max_ngram_order",
            "largest order ({default})",
            minimum=1,
            maximum=MAX_NGRAM_ORDER,
        ),
        Flag(
            ("--nist-info-weights",),
            "info_weights",
            "mteval-v13a's weights, its '0'-prefix quirk included, or the formula as "
            "written (default: {default})",
        ),
    ),
    decimals=3,
    percent=False,
)
