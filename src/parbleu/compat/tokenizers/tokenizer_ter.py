"""sacreBLEU 2.6.0's ``TercomTokenizer``: TER's normalization, called on one line.

>>> TercomTokenizer(normalized=True)("Jim's car.")
"jim 's car ."
"""

from __future__ import annotations

from parbleu.compat.tokenizers.bleu_tokenizers import BaseTokenizer
from parbleu.tokenizers.tercom import TercomTokenizer as _Tercom

__all__ = ["TercomTokenizer"]


class TercomTokenizer(BaseTokenizer):
    """tercom's normalization with sacreBLEU's four options (`parbleu.tokenizers.tercom`).

    Args:
        normalized: tercom's normalization (punctuation, entities, hyphenation).
        no_punct: remove punctuation.
        asian_support: with the two above, treat CJK characters and punctuation as tercom.
        case_sensitive: do not lowercase.
    """

    def __init__(
        self,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
    ) -> None:
        self._tokenizer = _Tercom(
            normalized=normalized,
            no_punct=no_punct,
            asian_support=asian_support,
            case_sensitive=case_sensitive,
        )

    def signature(self) -> str:
        """``tercom``."""
        return "tercom"

    def __call__(self, sent: str) -> str:
        """The normalized words of `sent`, separated by single spaces."""
        return self._tokenizer.tokenize(sent)
