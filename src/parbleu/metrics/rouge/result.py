"""The result of a ROUGE computation: a frozen value that formats like the other metrics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.metrics.result import Scored
from parbleu.signature import Signature

__all__ = ["RougeScore"]


@dataclass(frozen=True)
class RougeScore(Scored):
    """A corpus (or sentence) ROUGE score with the statistics behind it.

    ``precision``, ``recall`` and ``fmeasure`` are in [0, 1], as rouge_score returns them;
    ``score`` is ``100 * fmeasure``, on the scale of parbleu's other metrics. ``aggregate``
    says whether they are means of segment values or come from summed counts (``micro``).
    ``statistics`` are the summed statistics: counts, summed segment measures, segments.
    """

    name: str
    score: float
    precision: float
    recall: float
    fmeasure: float
    aggregate: str
    statistics: tuple[float, ...]
    signature: Signature

    def details(self) -> dict[str, Any]:
        """Precision, recall and F in [0, 1], the aggregate and the summed statistics."""
        return {
            "precision": self.precision,
            "recall": self.recall,
            "fmeasure": self.fmeasure,
            "aggregate": self.aggregate,
            "statistics": list(self.statistics),
        }
