"""The result of a TER computation: a frozen value that formats like sacreBLEU's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.metrics.result import Scored
from parbleu.signature import Signature

__all__ = ["TerScore"]


@dataclass(frozen=True)
class TerScore(Scored):
    """A TER score with the statistics behind it.

    ``score`` is a percentage (100 edits per 100 reference words is 100.0; it can exceed
    100). ``num_edits`` is the total of the fewest edits of each segment over its references,
    ``ref_length`` the total of the segments' average reference lengths.
    """

    score: float
    num_edits: int
    ref_length: float
    signature: Signature
    name: str = "TER"

    def details(self) -> dict[str, Any]:
        """The summed edits and reference lengths."""
        return {"num_edits": self.num_edits, "ref_length": self.ref_length}
