"""The result of a chrF computation: a frozen value that formats like sacreBLEU's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.signature import Signature

__all__ = ["ChrfScore"]


@dataclass(frozen=True)
class ChrfScore:
    """A chrF (or chrF++) score with the statistics behind it.

    ``score`` is in [0, 100], as in sacreBLEU. ``statistics`` are the summed
    ``[hyp, ref, match]`` n-gram counts per order, character orders first.
    """

    score: float
    name: str
    char_order: int
    word_order: int
    beta: int
    statistics: tuple[int, ...]
    signature: Signature

    def format(self, width: int = 2, *, signature: bool = False, short: bool = False) -> str:
        """SacreBLEU's text line, e.g. ``chrF2|nrefs:1|...|version:... = 58.43``."""
        head = f"{self.name}|{self.signature.format(short=short)}" if signature else self.name
        return f"{head} = {self.score:.{width}f}"

    def to_dict(self, width: int = 2) -> dict[str, Any]:
        """SacreBLEU's JSON keys plus the statistics and the unrounded score."""
        return {
            "name": self.name,
            "score": float(f"{self.score:.{width}f}"),
            "signature": self.signature.format(),
            **self.signature.as_dict(),
            "score_unrounded": self.score,
            "char_order": self.char_order,
            "word_order": self.word_order,
            "beta": self.beta,
            "statistics": list(self.statistics),
        }

    def __str__(self) -> str:
        return self.format()
