"""The result of a TER computation: a frozen value that formats like sacreBLEU's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.signature import Signature

__all__ = ["TerScore"]


@dataclass(frozen=True)
class TerScore:
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

    def format(self, width: int = 2, *, signature: bool = False, short: bool = False) -> str:
        """SacreBLEU's text line, e.g. ``TER|nrefs:1|case:lc|...|version:... = 63.25``."""
        head = f"{self.name}|{self.signature.format(short=short)}" if signature else self.name
        return f"{head} = {self.score:.{width}f}"

    def to_dict(self, width: int = 2) -> dict[str, Any]:
        """SacreBLEU's JSON keys plus the full statistics and the unrounded score."""
        return {
            "name": self.name,
            "score": float(f"{self.score:.{width}f}"),
            "signature": self.signature.format(),
            **self.signature.as_dict(),
            "score_unrounded": self.score,
            "num_edits": self.num_edits,
            "ref_length": self.ref_length,
        }

    def __str__(self) -> str:
        return self.format()
