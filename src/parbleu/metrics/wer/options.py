"""WER's and CER's options, validated once into a frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.options import check_flag

__all__ = ["WerOptions"]


@dataclass(frozen=True)
class WerOptions:
    """Every setting that changes a WER or CER score, checked when the value is made.

    The defaults are jiwer 4.0.0's default transforms (``wer_default``, ``cer_default``), which
    compare text as written; `parbleu.metrics.wer.words` and `parbleu.metrics.wer.chars` give
    their rules.

    Attributes:
        lowercase: compare lines after Python's ``str.lower()`` (jiwer's ``ToLowerCase()``
            put before its default transforms).

    Raises:
        OptionError: when an option is not a bool, naming the option and the value.
    """

    lowercase: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "lowercase", check_flag(self.lowercase, "lowercase"))

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """(name, short name, value) of the fields the options decide."""
        return [("case", "c", "lc" if self.lowercase else "mixed")]
