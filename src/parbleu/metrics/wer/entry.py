"""WER's and CER's entries in the metric registry (`parbleu.metrics.registry`).

Both are edit rates in percent, lower is better, as TER; their segments are shown by score
(TER's edit view aligns tercom's tokens, not jiwer's). One flag serves both.
"""

from __future__ import annotations

from parbleu.metrics.registry import Flag, MetricEntry
from parbleu.metrics.wer.options import WerOptions

__all__ = ["CER", "WER"]

_LOWERCASE = Flag(("--wer-lowercase",), "lowercase", "case-insensitive WER and CER")

WER = MetricEntry(
    name="wer",
    title="WER",
    metric="parbleu.metrics.wer.metric:WER",
    options=WerOptions,
    group_title="WER and CER (as jiwer 4.0's wer and cer, in percent)",
    flags=(_LOWERCASE,),
    higher_is_better=False,
)

CER = MetricEntry(
    name="cer",
    title="CER",
    metric="parbleu.metrics.wer.metric:CER",
    options=WerOptions,
    group_title="WER and CER (as jiwer 4.0's wer and cer, in percent)",
    flags=(_LOWERCASE,),
    higher_is_better=False,
)
