"""chrF options as one validated, frozen value, and the signature fields they produce."""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.errors import OptionError

__all__ = ["ChrfOptions"]


def _check_int(value: object, option: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise OptionError(f"{option} must be an integer >= {minimum}; got {value!r}")
    return value


@dataclass(frozen=True)
class ChrfOptions:
    """Every setting that changes a chrF score. Build it with `ChrfOptions.create`.

    ``char_order`` and ``word_order`` are the largest character and word n-gram orders
    (Popović 2015 and 2017: chrF is 6 and 0, chrF++ 6 and 2); ``beta`` weighs recall
    ``beta`` times as much as precision. ``eps_smoothing`` selects the score of the original
    chrF++.py script (every order counts; empty orders score a tiny epsilon) instead of
    sacreBLEU's default, which averages precision and recall over the orders that the
    hypothesis and the reference both have.
    """

    char_order: int = 6
    word_order: int = 0
    beta: int = 2
    lowercase: bool = False
    whitespace: bool = False
    eps_smoothing: bool = False

    @classmethod
    def create(
        cls,
        *,
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
    ) -> ChrfOptions:
        """Validate user-facing option values.

        Raises:
            OptionError: naming the option, the accepted values and the value received.
        """
        char_order = _check_int(char_order, "char_order", 0)
        word_order = _check_int(word_order, "word_order", 0)
        beta = _check_int(beta, "beta", 0)
        if char_order + word_order == 0:
            raise OptionError("char_order and word_order are both 0: there is nothing to count")
        return cls(
            char_order=char_order,
            word_order=word_order,
            beta=beta,
            lowercase=bool(lowercase),
            whitespace=bool(whitespace),
            eps_smoothing=bool(eps_smoothing),
        )

    @property
    def order(self) -> int:
        """Number of orders: character orders, then word orders."""
        return self.char_order + self.word_order

    @property
    def name(self) -> str:
        """The score's name in sacreBLEU: ``chrF2``, ``chrF2++`` (one ``+`` per word order)."""
        return f"chrF{self.beta}" + "+" * self.word_order

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """(name, short name, value) of sacreBLEU's chrF fields, in its order.

        As in sacreBLEU, ``beta`` is not a field: it is part of the score's name.
        """
        return [
            ("case", "c", "lc" if self.lowercase else "mixed"),
            ("eff", "e", "no" if self.eps_smoothing else "yes"),
            ("nc", "nc", str(self.char_order)),
            ("nw", "nw", str(self.word_order)),
            ("space", "s", "yes" if self.whitespace else "no"),
        ]
