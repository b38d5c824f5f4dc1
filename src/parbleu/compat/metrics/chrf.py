"""sacreBLEU 2.6.0's ``CHRF`` and ``CHRFScore``, computed by `parbleu.CHRF`.

Same constructor (``char_order``, ``word_order``, ``beta``, ``lowercase``, ``whitespace``,
``eps_smoothing``, ``references``) and class constants; scores are bit-identical.

    >>> CHRF().corpus_score(["a b c"], [["a b c"]]).score
    100.0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import parbleu
from parbleu.compat.metrics.base import Metric
from parbleu.compat.metrics.score import CHRFScore
from parbleu.compat.metrics.signature import CHRFSignature, Signature
from parbleu.metrics.chrf import ChrfOptions

__all__ = ["CHRF", "CHRFScore", "CHRFSignature"]


class CHRF(Metric):
    """chrF (Popović 2015) and chrF++ (Popović 2017) with sacreBLEU's interface."""

    CHAR_ORDER: ClassVar[int] = 6
    WORD_ORDER: ClassVar[int] = 0
    BETA: ClassVar[int] = 2
    _SIGNATURE_TYPE: ClassVar[type[Signature]] = CHRFSignature

    def __init__(
        self,
        char_order: int = CHAR_ORDER,
        word_order: int = WORD_ORDER,
        beta: int = BETA,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
        references: Sequence[Sequence[str]] | None = None,
    ) -> None:
        options = ChrfOptions(
            char_order=char_order,
            word_order=word_order,
            beta=beta,
            lowercase=lowercase,
            whitespace=whitespace,
            eps_smoothing=eps_smoothing,
        )
        self._options = options
        super().__init__(parbleu.CHRF(references, options=options), cached=references is not None)

    @property
    def char_order(self) -> int:
        """Largest character n-gram order."""
        return self._options.char_order

    @property
    def word_order(self) -> int:
        """Largest word n-gram order (2 for chrF++)."""
        return self._options.word_order

    @property
    def beta(self) -> int:
        """Recall weighs beta times as much as precision."""
        return self._options.beta

    @property
    def order(self) -> int:
        """Character and word orders together."""
        return self.char_order + self.word_order

    @property
    def lowercase(self) -> bool:
        """Compare lowercased text."""
        return self._options.lowercase

    @property
    def whitespace(self) -> bool:
        """Keep whitespace in character n-grams."""
        return self._options.whitespace

    @property
    def eps_smoothing(self) -> bool:
        """chrF++.py's epsilon smoothing instead of the effective order."""
        return self._options.eps_smoothing

    def _to_score(self, result: Any) -> CHRFScore:
        return CHRFScore.from_parbleu(result)
