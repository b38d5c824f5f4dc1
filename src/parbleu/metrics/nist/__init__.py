"""NIST (Doddington, 2002) as mteval-v13a scores it: metric, weights, formula, options, result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.metrics.nist.metric import NIST, PreparedNistReferences
    from parbleu.metrics.nist.options import InfoWeights, NistOptions
    from parbleu.metrics.nist.result import NistScore

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "NIST": "parbleu.metrics.nist.metric",
        "PreparedNistReferences": "parbleu.metrics.nist.metric",
        "InfoWeights": "parbleu.metrics.nist.options",
        "NistOptions": "parbleu.metrics.nist.options",
        "NistScore": "parbleu.metrics.nist.result",
    },
)

__all__ = ["NIST", "InfoWeights", "NistOptions", "NistScore", "PreparedNistReferences"]
