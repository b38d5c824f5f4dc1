"""TER (Snover et al., 2006): the metric, tercom's shifts and edit distance, options."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.ter.metric import TER, PreparedTerReferences
    from parbleu.metrics.ter.options import TerOptions
    from parbleu.metrics.ter.result import TerScore

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "TER": "parbleu.metrics.ter.metric",
        "PreparedTerReferences": "parbleu.metrics.ter.metric",
        "TerOptions": "parbleu.metrics.ter.options",
        "TerScore": "parbleu.metrics.ter.result",
    },
)

__all__ = ["TER", "PreparedTerReferences", "TerOptions", "TerScore"]
