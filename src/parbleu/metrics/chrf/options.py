"""chrF options: every setting that changes a chrF score, validated once into a frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.errors import OptionError
from parbleu.options import MAX_F_BETA, MAX_NGRAM_ORDER, check_flag, check_int, check_number

__all__ = ["ChrfOptions"]


@dataclass(frozen=True)
class ChrfOptions:
    """Every setting that changes a chrF score, checked when the value is made.

    Attributes:
        char_order: largest character n-gram order (Popović 2015: 6).
        word_order: largest word n-gram order (0 for chrF, 2 for chrF++, Popović 2017).
        beta: recall weighs ``beta`` times as much as precision (2); a number >= 0, kept an
            integer when it is one (sacreBLEU accepts ``1.5`` too: the score's name is then
            ``chrF1.5``).
        lowercase: compare lowercased text.
        whitespace: keep whitespace in character n-grams.
        eps_smoothing: the score of the original chrF++.py script (every order counts; empty
            orders score a tiny epsilon) instead of sacreBLEU's default, which averages
            precision and recall over the orders that the hypothesis and the reference both
            have.

    Raises:
        OptionError: naming the option, the accepted values and the value received.
    """

    char_order: int = 6
    word_order: int = 0
    beta: float = 2
    lowercase: bool = False
    whitespace: bool = False
    eps_smoothing: bool = False

    def __post_init__(self) -> None:
        if _already_checked(self):
            return
        values = {
            "char_order": check_int(
                self.char_order, "char_order", minimum=0, maximum=MAX_NGRAM_ORDER
            ),
            "word_order": check_int(
                self.word_order, "word_order", minimum=0, maximum=MAX_NGRAM_ORDER
            ),
            "beta": _beta(self.beta),
            "lowercase": check_flag(self.lowercase, "lowercase"),
            "whitespace": check_flag(self.whitespace, "whitespace"),
            "eps_smoothing": check_flag(self.eps_smoothing, "eps_smoothing"),
        }
        if values["char_order"] + values["word_order"] == 0:
            raise OptionError("char_order and word_order are both 0: there is nothing to count")
        vars(self).update(values)  # the frozen fields, each set once (as object.__setattr__)

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


def _already_checked(options: ChrfOptions) -> bool:
    """Whether every field already holds what the checks would make of it (the usual case).

    Orders and beta that are integers (not bools) within their bounds, flags that are True or
    False: the checks would keep each value as it is, so a metric made for each call
    (``sentence_chrf``) skips them. tests/metrics/chrf/test_small_path.py compares both ways.
    """
    char_order, word_order, beta = options.char_order, options.word_order, options.beta
    return (
        type(char_order) is int
        and type(word_order) is int
        and type(beta) is int
        and 0 <= char_order <= MAX_NGRAM_ORDER
        and 0 <= word_order <= MAX_NGRAM_ORDER
        and char_order + word_order > 0
        and 0 <= beta <= MAX_F_BETA
        and type(options.lowercase) is bool
        and type(options.whitespace) is bool
        and type(options.eps_smoothing) is bool
    )


def _beta(value: object) -> float:
    """`value` if it is a number >= 0: an integer stays one (an integral float becomes one)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return check_int(value, "beta", minimum=0, maximum=MAX_F_BETA)
    beta = check_number(value, "beta", minimum=0, maximum=MAX_F_BETA)
    return int(beta) if beta.is_integer() else beta
