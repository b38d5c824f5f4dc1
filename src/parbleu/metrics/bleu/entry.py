"""BLEU's entry in the metric registry (`parbleu.metrics.registry`): name, display, options."""

from __future__ import annotations

from parbleu.metrics.bleu.options import SACREBLEU_SMOOTHING, BleuOptions, SmoothVariant
from parbleu.metrics.registry import Flag, Float32Rule, MetricEntry, SegmentView
from parbleu.options import MAX_NGRAM_ORDER

__all__ = ["ENTRY", "LOWERCASE", "TOKENIZE"]

#: ``-tok`` and ``-lc``: one flag for BLEU and NIST (sacreBLEU's names).
TOKENIZE = Flag(
    ("--tokenize", "-tok"), "tokenize", "tokenizer of BLEU and NIST (default: {default})"
)
LOWERCASE = Flag(("--lowercase", "-lc"), "lowercase", "case-insensitive BLEU and NIST")

ENTRY = MetricEntry(
    name="bleu",
    title="BLEU",
    metric="parbleu.metrics.bleu.metric:BLEU",
    options=BleuOptions,
    flags=(
        Flag(("--smooth-method", "-s"), "smooth_method", "smoothing (default: {default})"),
        Flag(
            ("--smooth-variant",),
            "smooth_variant",
            "cc4-cc7 as Chen & Cherry (2014) define them, or NLTK's way (default: {default})",
        ),
        Flag(
            ("--smooth-value", "-sv"),
            "smooth_value",
            "value for floor (0.1), add-k (1), cc4/cc7 (K = 5) or cc6 (alpha = 5)",
        ),
        TOKENIZE,
        LOWERCASE,
        Flag(
            ("--max-ngram-order",),
            "max_ngram_order",
            "largest n-gram order (default: 4, or the number of --weights)",
            minimum=1,
            maximum=MAX_NGRAM_ORDER,
        ),
        Flag(
            ("--weights",),
            "weights",
            "positive weights summing to 1, one per n-gram order (default: uniform); "
            "repeated, one BLEU per weight set (--weights 1 --weights 0.5 0.5: BLEU-1, BLEU-2)",
            several=True,
        ),
        Flag(
            ("--ref-length",),
            "ref_length",
            "reference length in the brevity penalty (default: {default})",
        ),
        Flag(
            ("--spm-model",),
            "spm_model",
            "SentencePiece model of -tok flores101, flores200, spm, spBLEU-1K (default: "
            "sacreBLEU's file in its cache, $SACREBLEU/models/)",
        ),
    ),
    note="sentence BLEU (segment scores, -sl) uses effective order, as sacreBLEU's sentence_bleu",
    # sacreBLEU turns effective order on for sentence-level BLEU (since 2.0).
    sentence={"effective_order": True},
    float32=Float32Rule(
        {
            "smooth_method": SACREBLEU_SMOOTHING,
            "smooth_variant": (SmoothVariant.PAPER,),
            "weights": (None,),
        }
    ),
    segment_view=SegmentView.NGRAMS,
)
