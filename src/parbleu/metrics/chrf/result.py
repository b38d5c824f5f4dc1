"""The result of a chrF computation: a frozen value that formats like sacreBLEU's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.metrics.result import Scored
from parbleu.signature import Signature

__all__ = ["ChrfScore"]


@dataclass(frozen=True)
class ChrfScore(Scored):
    """A chrF (or chrF++) score with the statistics behind it.

    ``score`` is in [0, 100], as in sacreBLEU. ``statistics`` are the summed
    ``[hyp, ref, match]`` n-gram counts per order, character orders first.
    """

    score: float
    name: str
    char_order: int
    word_order: int
    beta: float
    statistics: tuple[int, ...]
    signature: Signature

    def details(self) -> dict[str, Any]:
        """The orders, beta and the summed statistics."""
        return {
            "char_order": self.char_order,
            "word_order": self.word_order,
            "beta": self.beta,
            "statistics": list(self.statistics),
        }
