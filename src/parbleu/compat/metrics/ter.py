"""sacreBLEU 2.6.0's ``TER`` and ``TERScore``, computed by `parbleu.TER`.

Same constructor (``normalized``, ``no_punct``, ``asian_support``, ``case_sensitive``,
``references``); scores are bit-identical. The internals have sacreBLEU's layouts:
``[num_edits, average reference length]`` per segment, ``ref_words`` as the reference info
(references normalized twice, as sacreBLEU does).

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
from parbleu.metrics.ter.align import ReferenceWords
from parbleu.metrics.ter.metric import best_edits
from parbleu.stats import Stats

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

    # -- sacreBLEU's internals, in its layouts ------------------------------------------------

    def _rows(self, stats: Stats) -> list[list[Any]]:
        layout = self._engine.layout
        edits, lengths = (
            layout.column(stats.values, "num_edits"),
            layout.column(stats.values, "ref_length"),
        )
        return [[int(e), float(n)] for e, n in zip(edits.tolist(), lengths.tolist(), strict=True)]

    def _preprocess_segment(self, sent: str) -> str:
        """Tercom's normalization of the right-stripped segment."""
        return self.tokenizer(sent.rstrip())

    def _extract_reference_info(self, refs: Sequence[str]) -> dict[str, Any]:
        """``ref_words``: each reference normalized (again) and split into words."""
        return {"ref_words": [self._preprocess_segment(ref).split() for ref in refs]}

    def _compute_segment_statistics(self, hypothesis: str, ref_kwargs: dict[str, Any]) -> list[Any]:
        """``[fewest edits over the references, average reference length]``."""
        refs = ref_kwargs["ref_words"]
        indexed = tuple(ReferenceWords.from_words(words) for words in refs)
        (edits,) = best_edits([hypothesis.split()], [indexed])
        return [edits, sum(len(words) for words in refs) / len(refs)]

    def _compute_score_from_stats(self, stats: Sequence[Any]) -> TERScore:
        """TER of summed ``[edits, reference length]``; 100 (or 0) without reference words."""
        edits, length = stats[0], stats[1]
        rate = edits / length if length > 0 else (1.0 if edits > 0 else 0.0)
        return TERScore(100 * rate, edits, length)
