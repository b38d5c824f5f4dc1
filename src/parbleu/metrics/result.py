"""What every metric result shares: sacreBLEU's text line and its JSON keys.

A result is a frozen dataclass with ``name``, ``score`` and ``signature``; it adds its own
``verbose`` text (BLEU's precisions and lengths, say) and its own statistics (`details`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from parbleu.signature import Signature

__all__ = ["Scored"]


class Scored:
    """Formatting shared by BLEU, chrF, TER, NIST and external results."""

    name: str
    score: float
    signature: Signature

    #: Decimals of the score when none are asked for (sacreBLEU's 2; mteval's 4 for NIST).
    default_width: ClassVar[int] = 2

    @property
    def verbose(self) -> str:
        """Details printed after the score (none by default)."""
        return ""

    def details(self) -> dict[str, Any]:
        """The result's own statistics, for JSON."""
        return {}

    def format(
        self, width: int | None = None, *, signature: bool = False, short: bool = False
    ) -> str:
        """SacreBLEU's text line, e.g. ``BLEU|nrefs:1|...|version:... = 48.53 82.4/...``."""
        width = self.default_width if width is None else width
        head = f"{self.name}|{self.signature.format(short=short)}" if signature else self.name
        line = f"{head} = {self.score:.{width}f}"
        return f"{line} {self.verbose}" if self.verbose else line

    def to_dict(self, width: int | None = None) -> dict[str, Any]:
        """SacreBLEU's JSON keys, then the unrounded score and the statistics."""
        width = self.default_width if width is None else width
        verbose = {"verbose_score": self.verbose} if self.verbose else {}
        return {
            "name": self.name,
            "score": float(f"{self.score:.{width}f}"),
            "signature": self.signature.format(),
            **verbose,
            **self.signature.as_dict(),
            "score_unrounded": self.score,
            **self.details(),
        }

    def __str__(self) -> str:
        return self.format()

    def _repr_html_(self) -> str:
        """Jupyter's view: the score, its details and signature as a small table."""
        from parbleu.io.html_table import html_table  # noqa: PLC0415 (notebooks only)

        row = [self.name, f"{self.score:.{self.default_width}f}", self.verbose]
        return html_table(
            self.name, ["metric", "score", "details"], [row], [self.signature.format()]
        )
