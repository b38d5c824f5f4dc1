"""ROUGE (Lin 2004): ROUGE-N, ROUGE-L and ROUGE-Lsum, exactly as Google's rouge_score 0.1.2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.rouge.bootstrap import AggregateScore, bootstrap_aggregate
    from parbleu.metrics.rouge.formula import rouge_layout
    from parbleu.metrics.rouge.metric import ROUGE, RougeReferences
    from parbleu.metrics.rouge.options import Aggregate, MultiReference, RougeOptions, RougeScript
    from parbleu.metrics.rouge.result import RougeScore

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "AggregateScore": "parbleu.metrics.rouge.bootstrap",
        "bootstrap_aggregate": "parbleu.metrics.rouge.bootstrap",
        "rouge_layout": "parbleu.metrics.rouge.formula",
        "ROUGE": "parbleu.metrics.rouge.metric",
        "RougeReferences": "parbleu.metrics.rouge.metric",
        "Aggregate": "parbleu.metrics.rouge.options",
        "MultiReference": "parbleu.metrics.rouge.options",
        "RougeOptions": "parbleu.metrics.rouge.options",
        "RougeScript": "parbleu.metrics.rouge.options",
        "RougeScore": "parbleu.metrics.rouge.result",
    },
)

__all__ = [
    "ROUGE",
    "Aggregate",
    "AggregateScore",
    "MultiReference",
    "RougeOptions",
    "RougeReferences",
    "RougeScore",
    "RougeScript",
    "bootstrap_aggregate",
    "rouge_layout",
]
