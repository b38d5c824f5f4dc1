"""ROUGE's entry in the metric registry (`parbleu.metrics.registry`)."""

from __future__ import annotations

from parbleu.metrics.registry import Flag, MetricEntry
from parbleu.metrics.rouge.options import RougeOptions

__all__ = ["ENTRY"]

ENTRY = MetricEntry(
    name="rouge",
    title="ROUGE",
    metric="parbleu.metrics.rouge.metric:ROUGE",
    options=RougeOptions,
    group_title="ROUGE (as rouge_score 0.1.2)",
    flags=(
        Flag(
            ("--rouge-type",),
            "rouge_type",
            "rouge1, rouge2, ... rouge100, rougeL, or rougeLsum with sentences split "
            "on newlines; several, one ROUGE each (default: {default})",
            several=True,
        ),
        Flag(("--rouge-stem",), "stem", "Porter-stem tokens of 4+ characters (use_stemmer)"),
        Flag(
            ("--rouge-script",),
            "script",
            "ascii: rouge_score's tokens, [a-z0-9] runs; unicode: every script "
            "(default: {default})",
        ),
        Flag(
            ("--rouge-multi-reference",),
            "multi_reference",
            "several references: the best F (score_multi) or their average (default: {default})",
        ),
        Flag(
            ("--rouge-aggregate",),
            "aggregate",
            "corpus score: mean of segment scores or micro (summed counts) (default: {default})",
        ),
        Flag(("--rouge-beta",), "beta", "recall weighs beta times precision ({default})"),
    ),
)
