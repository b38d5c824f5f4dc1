"""The result of a METEOR computation: a frozen value that formats like the other metrics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.metrics.result import Scored
from parbleu.signature import Signature

__all__ = ["MeteorScore"]


@dataclass(frozen=True)
class MeteorScore(Scored):
    """The mean METEOR of the segments, with the statistics behind it.

    ``meteor`` is in [0, 1], as NLTK's; ``score`` is ``100 * meteor``, on the scale of
    parbleu's other metrics. ``statistics`` are the summed statistics (matches, chunks,
    lengths of the chosen references, summed segment scores, segments).
    """

    score: float
    meteor: float
    statistics: tuple[float, ...]
    signature: Signature
    name: str = "METEOR"

    def details(self) -> dict[str, Any]:
        """METEOR in [0, 1] and the summed statistics."""
        return {"meteor": self.meteor, "statistics": list(self.statistics)}
