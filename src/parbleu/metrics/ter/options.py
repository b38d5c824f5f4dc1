"""TER options: sacreBLEU's four settings, validated once into a frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.options import check_flag

__all__ = ["TerOptions"]


@dataclass(frozen=True)
class TerOptions:
    """Every setting that changes a TER score, checked when the value is made.

    Attributes:
        normalized: tercom's normalization of punctuation, entities and hyphenation.
        no_punct: delete punctuation before aligning.
        asian_support: with ``normalized``, split CJK characters and punctuation into tokens;
            with ``no_punct``, delete CJK and full-width punctuation too.
        case_sensitive: compare words without lowercasing them.

    Raises:
        OptionError: when an option is not a bool, naming the option and the value.
    """

    normalized: bool = False
    no_punct: bool = False
    asian_support: bool = False
    case_sensitive: bool = False

    def __post_init__(self) -> None:
        for name in ("normalized", "no_punct", "asian_support", "case_sensitive"):
            object.__setattr__(self, name, check_flag(getattr(self, name), name))

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """(name, short name, value) of sacreBLEU's TER fields, in its order."""

        def yes_no(flag: bool) -> str:
            return "yes" if flag else "no"

        return [
            ("case", "c", "mixed" if self.case_sensitive else "lc"),
            ("tok", "t", "tercom"),
            ("norm", "nr", yes_no(self.normalized)),
            ("punct", "pn", yes_no(not self.no_punct)),
            ("asian", "as", yes_no(self.asian_support)),
        ]
