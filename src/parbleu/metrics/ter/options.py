"""TER options as one validated, frozen value, and the signature fields they produce."""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.errors import OptionError

__all__ = ["TerOptions"]


def _flag(value: object, option: str) -> bool:
    # sacreBLEU takes any truthy value; a string such as "no" would silently mean True.
    if isinstance(value, bool):
        return value
    raise OptionError(f"{option} must be True or False; got {value!r}")


@dataclass(frozen=True)
class TerOptions:
    """Every setting that changes a TER score (sacreBLEU's four). Build it with `create`.

    Attributes:
        normalized: tercom's normalization of punctuation, entities and hyphenation.
        no_punct: delete punctuation before aligning.
        asian_support: with ``normalized``, split CJK characters and punctuation into tokens;
            with ``no_punct``, delete CJK and full-width punctuation too.
        case_sensitive: compare words without lowercasing them.
    """

    normalized: bool = False
    no_punct: bool = False
    asian_support: bool = False
    case_sensitive: bool = False

    @classmethod
    def create(
        cls,
        *,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
    ) -> TerOptions:
        """Validate user-facing option values.

        Raises:
            OptionError: when an option is not a bool, naming the option and the value.
        """
        return cls(
            normalized=_flag(normalized, "normalized"),
            no_punct=_flag(no_punct, "no_punct"),
            asian_support=_flag(asian_support, "asian_support"),
            case_sensitive=_flag(case_sensitive, "case_sensitive"),
        )

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
