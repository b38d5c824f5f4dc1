"""BLEU options as one validated, frozen value, and the signature fields they produce."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from parbleu.errors import OptionError
from parbleu.tokenizers import TokenizerName

__all__ = ["BleuOptions", "RefLength", "SmoothVariant", "Smoothing"]


class Smoothing(str, Enum):
    """How zero n-gram precisions are smoothed (Chen and Cherry 2014 number them 1-7).

    ``floor`` is their method 1 (add epsilon to zero match counts), ``add-k`` their method 2
    (Lin and Och 2004, add k to the matches and totals of n >= 2), ``exp`` their method 3
    (mteval-v13a: halve the smoothed count at each further zero order); these three are
    sacreBLEU's. ``cc4`` to ``cc7`` are their methods 4-7 (`parbleu.metrics.bleu.smoothing`).
    """

    NONE = "none"
    FLOOR = "floor"
    ADD_K = "add-k"
    EXP = "exp"
    CC4 = "cc4"
    CC5 = "cc5"
    CC6 = "cc6"
    CC7 = "cc7"

    def __str__(self) -> str:
        return self.value


class SmoothVariant(str, Enum):
    """Whose arithmetic the smoothing follows.

    ``paper``: Chen and Cherry (2014) for ``cc4``-``cc7`` and sacreBLEU 2.6.0 for the other
    methods. ``nltk``: ``nltk.translate.bleu_score.sentence_bleu`` with
    ``SmoothingFunction().method0`` (``none``) to ``method7`` (``cc7``), deviations included.
    """

    PAPER = "paper"
    NLTK = "nltk"

    def __str__(self) -> str:
        return self.value


#: Default smoothing value of the methods that take one: sacreBLEU's epsilon and k, and the
#: K (methods 4, 7) and alpha (method 6) of Chen and Cherry (2014), which NLTK also uses.
SMOOTHING_DEFAULTS: dict[Smoothing, float] = {
    Smoothing.FLOOR: 0.1,
    Smoothing.ADD_K: 1,
    Smoothing.CC4: 5,
    Smoothing.CC6: 5,
    Smoothing.CC7: 5,
}

#: Methods whose parameter (K or alpha) must be positive.
_POSITIVE_VALUE = (Smoothing.CC4, Smoothing.CC6, Smoothing.CC7)

#: Methods that average in the matches of order N + 1 (Chen and Cherry's smoothing 5).
NEXT_ORDER_METHODS = (Smoothing.CC5, Smoothing.CC7)


class RefLength(str, Enum):
    """Which reference length enters the brevity penalty of a segment with several references.

    ``closest`` is the paper's "best match length" (ties go to the shorter reference), as in
    mteval-v13a and sacreBLEU; ``shortest`` is what NIST's mteval used before v13 (2009).
    """

    CLOSEST = "closest"
    SHORTEST = "shortest"

    def __str__(self) -> str:
        return self.value


def _coerce(enum: type[Enum], value: object, option: str) -> Enum:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in enum)
        raise OptionError(f"{option} must be one of {choices}; got {value!r}") from None


@dataclass(frozen=True)
class BleuOptions:
    """Every setting that changes a BLEU score. Build it with `BleuOptions.create`."""

    tokenize: TokenizerName = TokenizerName.MTEVAL_13A
    lowercase: bool = False
    smooth_method: Smoothing = Smoothing.EXP
    smooth_value: float | None = None
    max_ngram_order: int = 4
    weights: tuple[float, ...] | None = None
    effective_order: bool = False
    ref_length: RefLength = RefLength.CLOSEST
    smooth_variant: SmoothVariant = SmoothVariant.PAPER

    @classmethod
    def create(
        cls,
        *,
        tokenize: str | TokenizerName = TokenizerName.MTEVAL_13A,
        lowercase: bool = False,
        smooth_method: str | Smoothing = Smoothing.EXP,
        smooth_value: float | None = None,
        max_ngram_order: int | None = None,
        weights: Sequence[float] | None = None,
        effective_order: bool = False,
        ref_length: str | RefLength = RefLength.CLOSEST,
        smooth_variant: str | SmoothVariant = SmoothVariant.PAPER,
    ) -> BleuOptions:
        """Validate user-facing option values and normalize them.

        ``weights`` (positive, summing to 1, one per order) set the maximum order when
        ``max_ngram_order`` is not given; equal weights are the default and are stored as
        ``None`` so that the score is computed exactly as sacreBLEU computes it.

        Raises:
            OptionError: naming the option, the accepted values and the value received.
        """
        method = _coerce(Smoothing, smooth_method, "smooth_method")
        variant = _coerce(SmoothVariant, smooth_variant, "smooth_variant")
        assert isinstance(method, Smoothing)
        assert isinstance(variant, SmoothVariant)
        _check_smooth_value(method, smooth_value)
        if variant is SmoothVariant.NLTK and effective_order:
            raise OptionError(
                "effective_order does not exist in NLTK, whose arithmetic smooth_variant='nltk' "
                "reproduces; use smooth_variant='paper' with effective_order"
            )
        order, normalized = _order_and_weights(max_ngram_order, weights)
        tokenizer = _coerce(TokenizerName, tokenize, "tokenize")
        length = _coerce(RefLength, ref_length, "ref_length")
        assert isinstance(tokenizer, TokenizerName)
        assert isinstance(length, RefLength)
        return cls(
            tokenize=tokenizer,
            lowercase=bool(lowercase),
            smooth_method=method,
            smooth_value=smooth_value,
            max_ngram_order=order,
            weights=normalized,
            effective_order=bool(effective_order),
            ref_length=length,
            smooth_variant=variant,
        )

    @property
    def counted_orders(self) -> int:
        """N-gram orders the statistics must carry: N, or one more for smoothing 5 and 7.

        NLTK's methods 5 and 7 take order 5 as order N + 1 whatever N is.
        """
        order = self.max_ngram_order
        if self.smooth_method not in NEXT_ORDER_METHODS:
            return order
        return max(order, 5) if self.smooth_variant is SmoothVariant.NLTK else order + 1

    @property
    def smooth_value_or_default(self) -> float:
        """The smoothing value in use (0 for methods that take none)."""
        if self.smooth_value is not None:
            return self.smooth_value
        return SMOOTHING_DEFAULTS.get(self.smooth_method, 0.0)

    def signature_fields(self, tokenizer_signature: str) -> list[tuple[str, str, str]]:
        """(name, short name, value) of the BLEU fields, sacreBLEU's first, in its order."""
        smooth = str(self.smooth_method)
        if self.smooth_variant is SmoothVariant.NLTK:
            smooth = f"nltk-{smooth}"
        if self.smooth_method in SMOOTHING_DEFAULTS:
            smooth += f"[{self.smooth_value_or_default:.2f}]"
        fields = [
            ("case", "c", "lc" if self.lowercase else "mixed"),
            ("eff", "e", "yes" if self.effective_order else "no"),
            ("tok", "tok", tokenizer_signature),
            ("smooth", "s", smooth),
        ]
        # Settings sacreBLEU cannot express get fields of their own, so that equal signatures
        # always mean equal arithmetic.
        if self.max_ngram_order != 4:
            fields.append(("order", "n", str(self.max_ngram_order)))
        if self.weights is not None:
            fields.append(("weights", "w", ",".join(f"{w:g}" for w in self.weights)))
        if self.ref_length is not RefLength.CLOSEST:
            fields.append(("reflen", "rl", str(self.ref_length)))
        return fields


def _check_smooth_value(method: Smoothing, smooth_value: float | None) -> None:
    if smooth_value is None:
        return
    if method not in SMOOTHING_DEFAULTS:
        names = ", ".join(str(m) for m in SMOOTHING_DEFAULTS)
        raise OptionError(f"smooth_value applies to {names} only; smooth_method is {method}")
    if not math.isfinite(smooth_value) or smooth_value < 0:
        raise OptionError(f"smooth_value must be finite and >= 0; got {smooth_value!r}")
    if method in _POSITIVE_VALUE and smooth_value == 0:
        what = "alpha" if method is Smoothing.CC6 else "K"
        raise OptionError(f"smooth_value ({what} of {method}) must be > 0; got {smooth_value!r}")


def _order_and_weights(
    max_ngram_order: int | None, weights: object
) -> tuple[int, tuple[float, ...] | None]:
    if max_ngram_order is not None and (
        isinstance(max_ngram_order, bool)
        or not isinstance(max_ngram_order, int)
        or max_ngram_order < 1
    ):
        raise OptionError(f"max_ngram_order must be an integer >= 1; got {max_ngram_order!r}")
    if weights is None:
        return (4 if max_ngram_order is None else max_ngram_order), None
    if not isinstance(weights, Sequence) or isinstance(weights, (str, bytes)):
        raise OptionError(f"weights must be a sequence of numbers; got {weights!r}")
    values = tuple(float(w) for w in weights)
    if not values or any(not math.isfinite(w) or w <= 0 for w in values):
        raise OptionError(f"weights must be positive numbers, one per order; got {weights!r}")
    if abs(sum(values) - 1.0) > 1e-6:
        raise OptionError(
            f"weights must sum to 1 (Papineni et al. 2002, eq. 1); got {weights!r}, "
            f"which sums to {sum(values):g}"
        )
    if max_ngram_order is not None and max_ngram_order != len(values):
        raise OptionError(
            f"max_ngram_order={max_ngram_order} but {len(values)} weights were given; "
            "give one weight per order"
        )
    if len(set(values)) == 1:
        return len(values), None
    return len(values), values
