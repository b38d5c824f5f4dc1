"""chrF (Popović 2015) and chrF++ (Popović 2017): the metric, its formula, options and result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.chrf.metric import CHRF, ChrfReferences
    from parbleu.metrics.chrf.options import ChrfOptions
    from parbleu.metrics.chrf.result import ChrfScore

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "CHRF": "parbleu.metrics.chrf.metric",
        "ChrfReferences": "parbleu.metrics.chrf.metric",
        "ChrfOptions": "parbleu.metrics.chrf.options",
        "ChrfScore": "parbleu.metrics.chrf.result",
    },
)

__all__ = ["CHRF", "ChrfOptions", "ChrfReferences", "ChrfScore"]
