"""sacreBLEU 2.6.0's ``TER`` and ``TERScore``, computed by `parbleu.TER`.

Same constructor (``normalized``, ``no_punct``, ``asian_support``, ``case_sensitive``,
``references``); scores are bit-identical.

    >>> TER().corpus_score(["d e f g h a b c"], [["a b c d e f g h"]]).score
    12.5
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import parbleu
from parbleu.compat.metrics.base import Metric
from parbleu.compat.metrics.score import TERScore
from parbleu.compat.metrics.signature import Signature, TERSignature
from parbleu.compat.tokenizers.tokenizer_ter import TercomTokenizer
from parbleu.metrics.ter import TerOptions

__all__ = ["TER", "TERScore", "TERSignature"]


class TER(Metric):
    """Translation edit rate (Snover et al., 2006) with sacreBLEU's interface."""

    _SIGNATURE_TYPE: ClassVar[type[Signature]] = TERSignature

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        references: Sequence[Sequence[str]] | None = None,
    ) -> None:
        options = TerOptions(
            normalized=normalized,
            no_punct=no_punct,
            asian_support=asian_support,
            case_sensitive=case_sensitive,
        )
        self._options = options
        super().__init__(parbleu.TER(references, options=options), cached=references is not None)

    @property
    def normalized(self) -> bool:
        """Tercom's normalization."""
        return self._options.normalized

    @property
    def no_punct(self) -> bool:
        """Remove punctuation."""
        return self._options.no_punct

    @property
    def asian_support(self) -> bool:
        """CJK handling in normalization and punctuation removal."""
        return self._options.asian_support

    @property
    def case_sensitive(self) -> bool:
        """Do not lowercase."""
        return self._options.case_sensitive

    @property
    def tokenizer(self) -> TercomTokenizer:
        """The tercom tokenizer, callable on a line as sacreBLEU's is."""
        options = self._options
        return TercomTokenizer(
            options.normalized, options.no_punct, options.asian_support, options.case_sensitive
        )

    @property
    def tokenizer_signature(self) -> str:
        """``tercom``."""
        return "tercom"

    def _to_score(self, result: Any) -> TERScore:
        return TERScore.from_parbleu(result)
