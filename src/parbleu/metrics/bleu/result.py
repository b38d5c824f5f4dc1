"""The result of a BLEU computation: a frozen value that formats like sacreBLEU's."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parbleu.metrics.result import Scored
from parbleu.signature import Signature

__all__ = ["BleuScore"]


@dataclass(frozen=True)
class BleuScore(Scored):
    """A BLEU score with the statistics behind it.

    ``score`` is in [0, 100] and ``precisions`` are percentages, as in sacreBLEU; ``counts``
    are the clipped n-gram matches and ``totals`` the hypothesis n-gram counts per order.
    """

    score: float
    counts: tuple[int, ...]
    totals: tuple[int, ...]
    precisions: tuple[float, ...]
    bp: float
    sys_len: int
    ref_len: int
    signature: Signature
    name: str = "BLEU"

    @property
    def ratio(self) -> float:
        """Hypothesis length over reference length (0 without reference tokens)."""
        return self.sys_len / self.ref_len if self.ref_len else 0.0

    @property
    def verbose(self) -> str:
        """SacreBLEU's detail string: precisions, brevity penalty, ratio and lengths."""
        precisions = "/".join(f"{p:.1f}" for p in self.precisions)
        return (
            f"{precisions} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len:d} ref_len = {self.ref_len:d})"
        )

    def details(self) -> dict[str, Any]:
        """Counts, totals and precisions per order, the brevity penalty and the lengths."""
        return {
            "counts": list(self.counts),
            "totals": list(self.totals),
            "precisions": list(self.precisions),
            "bp": self.bp,
            "ratio": self.ratio,
            "sys_len": self.sys_len,
            "ref_len": self.ref_len,
        }
