"""The result of a WER or CER computation: a frozen value with jiwer's counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.metrics.result import Scored
from parbleu.signature import Signature

__all__ = ["CerScore", "WerScore"]


@dataclass(frozen=True)
class WerScore(Scored):
    """A word error rate with the counts behind it.

    ``score`` is a percentage (jiwer's ``wer`` times 100; it can exceed 100). The counts are
    summed over segments, each segment's taken from its chosen reference: ``hits`` (tokens
    matched), ``substitutions``, ``deletions`` (reference tokens missing) and ``insertions``
    (hypothesis tokens in excess), as jiwer 4.0.0 counts them.
    """

    score: float
    hits: int
    substitutions: int
    deletions: int
    insertions: int
    signature: Signature
    name: str = "WER"

    @property
    def edits(self) -> int:
        """Substitutions, deletions and insertions."""
        return self.substitutions + self.deletions + self.insertions

    @property
    def ref_length(self) -> int:
        """Tokens of the chosen references."""
        return self.hits + self.substitutions + self.deletions

    @property
    def hyp_length(self) -> int:
        """Tokens of the hypotheses."""
        return self.hits + self.substitutions + self.insertions

    def details(self) -> dict[str, Any]:
        """The counts, and the reference length they are divided by."""
        return {
            "hits": self.hits,
            "substitutions": self.substitutions,
            "deletions": self.deletions,
            "insertions": self.insertions,
            "ref_length": self.ref_length,
        }


@dataclass(frozen=True)
class CerScore(WerScore):
    """A character error rate with the counts behind it (characters instead of words)."""

    name: str = "CER"
