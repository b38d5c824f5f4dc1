"""The result of a NIST computation: a frozen value that formats like parbleu's BLEU result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from parbleu.metrics.result import Scored
from parbleu.signature import Signature

__all__ = ["NistScore"]


def _length(value: float) -> str:
    """A length as an integer when it is one, else with two decimals (an average of refs)."""
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.2f}"


@dataclass(frozen=True)
class NistScore(Scored):
    """A NIST score with the statistics behind it.

    ``score`` is the sum over orders of ``precisions`` times ``bp``; ``precisions`` are the
    information per hypothesis n-gram of each order (mteval's individual scores before the
    length penalty), ``info`` their numerators, ``counts`` the clipped n-gram matches and
    ``totals`` the hypothesis n-gram counts. ``ref_len`` is the average reference length,
    which need not be an integer.
    """

    score: float
    precisions: tuple[float, ...]
    info: tuple[float, ...]
    counts: tuple[int, ...]
    totals: tuple[int, ...]
    bp: float
    sys_len: int
    ref_len: float
    signature: Signature
    name: str = "NIST"

    #: mteval-v13a prints NIST scores with four decimals.
    default_width: ClassVar[int] = 4

    @property
    def ratio(self) -> float:
        """Hypothesis length over average reference length (0 without reference tokens)."""
        return self.sys_len / self.ref_len if self.ref_len else 0.0

    @property
    def verbose(self) -> str:
        """Per-order precisions, length penalty, ratio and lengths."""
        precisions = "/".join(f"{p:.4f}" for p in self.precisions)
        return (
            f"{precisions} (BP = {self.bp:.3f} ratio = {self.ratio:.3f} "
            f"hyp_len = {self.sys_len:d} ref_len = {_length(self.ref_len)})"
        )

    def details(self) -> dict[str, Any]:
        """Precisions, information, counts and totals per order, the penalty and lengths."""
        return {
            "precisions": list(self.precisions),
            "info": list(self.info),
            "counts": list(self.counts),
            "totals": list(self.totals),
            "bp": self.bp,
            "ratio": self.ratio,
            "sys_len": self.sys_len,
            "ref_len": self.ref_len,
        }
