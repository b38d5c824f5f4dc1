"""BLEU options: every setting that changes a BLEU score, validated once into a frozen value."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from parbleu.errors import OptionError
from parbleu.options import (
    MAX_NGRAM_ORDER,
    Choice,
    check_flag,
    check_int,
    check_number,
    coerce_enum,
)
from parbleu.tokenizers import SENTENCEPIECE_TOKENIZERS, TokenizerName, check_spm_model

__all__ = [
    "DEFAULT_ORDER",
    "SACREBLEU_SMOOTHING",
    "BleuOptions",
    "RefLength",
    "SmoothVariant",
    "Smoothing",
]

#: The paper's N (Papineni et al. 2002, section 3: "N = 4").
DEFAULT_ORDER = 4


class Smoothing(Choice):
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


class SmoothVariant(Choice):
    """Whose arithmetic the smoothing follows.

    ``paper``: Chen and Cherry (2014) for ``cc4``-``cc7`` and sacreBLEU 2.6.0 for the other
    methods. ``nltk``: ``nltk.translate.bleu_score.sentence_bleu`` with
    ``SmoothingFunction().method0`` (``none``) to ``method7`` (``cc7``), deviations included.
    """

    PAPER = "paper"
    NLTK = "nltk"


class RefLength(Choice):
    """Which reference length enters the brevity penalty of a segment with several references.

    ``closest`` is the paper's "best match length" (ties go to the shorter reference), as in
    mteval-v13a and sacreBLEU; ``shortest`` is what NIST's mteval used before v13 (2009).
    """

    CLOSEST = "closest"
    SHORTEST = "shortest"


#: The smoothing methods sacreBLEU has (the others have no float32 resampling arithmetic).
SACREBLEU_SMOOTHING = (Smoothing.NONE, Smoothing.FLOOR, Smoothing.ADD_K, Smoothing.EXP)

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

_PAPER = SmoothVariant.PAPER

#: Methods that average in the matches of order N + 1 (Chen and Cherry's smoothing 5).
NEXT_ORDER_METHODS = (Smoothing.CC5, Smoothing.CC7)


@dataclass(frozen=True)
class BleuOptions:
    """Every setting that changes a BLEU score, checked when the value is made.

    Attributes:
        tokenize: ``13a`` (default), ``intl``, ``zh``, ``zh-fixed``, ``char``, ``none``,
            ``ja-mecab``, ``ko-mecab``, and spBLEU's ``flores101``, ``flores200``, ``spm``,
            ``spBLEU-1K`` (which need ``spm_model``).
        lowercase: compare lowercased text.
        smooth_method: ``exp`` (default), ``floor``, ``add-k``, ``none``, or Chen and Cherry's
            (2014) methods 4-7 ``cc4`` .. ``cc7`` (docs/smoothing.md).
        smooth_value: the value of ``floor`` (0.1), ``add-k`` (1), K of ``cc4``/``cc7`` (5) or
            alpha of ``cc6`` (5); None for the default.
        max_ngram_order: largest n-gram order N; 0 or None (the default) means the number of
            weights, or 4. Always the resolved N once the value is made.
        weights: positive weights summing to 1, one per order (default uniform). Equal weights
            are stored as None, so that the score is computed exactly as sacreBLEU does.
        effective_order: average only over the orders the hypothesis has n-grams of (for
            sentence-level BLEU).
        ref_length: ``closest`` (default) or ``shortest`` reference length in the brevity
            penalty.
        smooth_variant: ``paper`` (default: Chen and Cherry for ``cc4``-``cc7``, sacreBLEU
            for the others) or ``nltk`` (NLTK's ``sentence_bleu`` with ``method0``-``method7``).
        spm_model: the SentencePiece model file of the spBLEU tokenizers (a path, stored as a
            string; `parbleu.tokenizers.spm`); parbleu never downloads it. Like sacreBLEU's,
            the signature names the tokenizer only (``tok:flores101``), not the file.

    Raises:
        OptionError: naming the option, the accepted values and the value received.
    """

    tokenize: TokenizerName = TokenizerName.MTEVAL_13A
    lowercase: bool = False
    smooth_method: Smoothing = Smoothing.EXP
    smooth_value: float | None = None
    max_ngram_order: int = 0
    weights: tuple[float, ...] | None = None
    effective_order: bool = False
    ref_length: RefLength = RefLength.CLOSEST
    smooth_variant: SmoothVariant = SmoothVariant.PAPER
    spm_model: str | None = None

    def __post_init__(self) -> None:
        fields = vars(self)  # the frozen fields, each set once here (as object.__setattr__)
        # Choices given by value (``tokenize="intl"``) become members first, one dictionary
        # look-up each; then the usual options need no further check.
        if not (
            type(self.smooth_method) is Smoothing
            and type(self.smooth_variant) is SmoothVariant
            and type(self.tokenize) is TokenizerName
            and type(self.ref_length) is RefLength
        ):
            for name, kind in _CHOICES:
                fields[name] = coerce_enum(kind, fields[name], name)
        if _already_checked(self):
            if self.max_ngram_order == 0:  # the default order, given no weights
                fields["max_ngram_order"] = DEFAULT_ORDER
            return
        method = coerce_enum(Smoothing, self.smooth_method, "smooth_method")
        variant = coerce_enum(SmoothVariant, self.smooth_variant, "smooth_variant")
        value = _smooth_value(method, self.smooth_value)
        if variant is SmoothVariant.NLTK and check_flag(self.effective_order, "effective_order"):
            raise OptionError(
                "effective_order does not exist in NLTK, whose arithmetic smooth_variant='nltk' "
                "reproduces; use smooth_variant='paper' with effective_order"
            )
        order, weights = _order_and_weights(self.max_ngram_order, self.weights)
        tokenize = coerce_enum(TokenizerName, self.tokenize, "tokenize")
        values = {
            "tokenize": tokenize,
            "lowercase": check_flag(self.lowercase, "lowercase"),
            "smooth_method": method,
            "smooth_value": value,
            "max_ngram_order": order,
            "weights": weights,
            "effective_order": check_flag(self.effective_order, "effective_order"),
            "ref_length": coerce_enum(RefLength, self.ref_length, "ref_length"),
            "smooth_variant": variant,
            "spm_model": check_spm_model(tokenize, self.spm_model),
        }
        fields.update(values)

    @property
    def name(self) -> str:
        """The score's display name: ``BLEU``, ``BLEU-2``, or ``BLEU[0.7/0.3]``.

        ``BLEU-N`` has uniform weights of N orders (not 4); ``BLEU[...]`` names its weights:
        scores of several weight sets differ by name.
        """
        if self.weights is not None:
            return "BLEU[" + "/".join(map(repr, self.weights)) + "]"  # distinct weights differ
        if self.max_ngram_order == DEFAULT_ORDER:
            return "BLEU"
        return f"BLEU-{self.max_ngram_order}"

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
        if self.max_ngram_order != DEFAULT_ORDER:
            fields.append(("order", "n", str(self.max_ngram_order)))
        if self.weights is not None:
            fields.append(("weights", "w", ",".join(f"{w:g}" for w in self.weights)))
        if self.ref_length is not RefLength.CLOSEST:
            fields.append(("reflen", "rl", str(self.ref_length)))
        return fields


#: The options that are members of an enum, in the order they are checked.
_CHOICES = (
    ("smooth_method", Smoothing),
    ("smooth_variant", SmoothVariant),
    ("tokenize", TokenizerName),
    ("ref_length", RefLength),
)


def _already_checked(options: BleuOptions) -> bool:
    """Whether every field already holds what the checks would make of it (the usual case).

    With the choices already members: True or False, an order of 0 to `MAX_NGRAM_ORDER` and
    no weights, smoothing value, model or NLTK variant. The checks would keep each value as
    it is (the order 0 becomes `DEFAULT_ORDER`), so a metric made for each call
    (``sentence_bleu``) skips them. tests/metrics/bleu/test_small_path.py compares both ways.
    """
    order = options.max_ngram_order
    return (
        options.smooth_variant is _PAPER
        and type(options.lowercase) is bool
        and type(options.effective_order) is bool
        and type(order) is int
        and 0 <= order <= MAX_NGRAM_ORDER
        and options.smooth_value is None
        and options.weights is None
        and options.spm_model is None
        and options.tokenize not in SENTENCEPIECE_TOKENIZERS
    )


def _smooth_value(method: Smoothing, smooth_value: object) -> float | None:
    if smooth_value is None:
        return None
    if method not in SMOOTHING_DEFAULTS:
        names = ", ".join(str(m) for m in SMOOTHING_DEFAULTS)
        raise OptionError(f"smooth_value applies to {names} only; smooth_method is {method}")
    value = check_number(smooth_value, "smooth_value", minimum=0)
    if method in _POSITIVE_VALUE and value == 0:
        what = "alpha" if method is Smoothing.CC6 else "K"
        raise OptionError(f"smooth_value ({what} of {method}) must be > 0; got {smooth_value!r}")
    return value


def _order_and_weights(
    max_ngram_order: object, weights: object
) -> tuple[int, tuple[float, ...] | None]:
    given = None if max_ngram_order in (None, 0) else max_ngram_order
    order = (
        None
        if given is None
        else check_int(given, "max_ngram_order", minimum=1, maximum=MAX_NGRAM_ORDER)
    )
    if weights is None:
        return (DEFAULT_ORDER if order is None else order), None
    if not isinstance(weights, Sequence) or isinstance(weights, (str, bytes)):
        raise OptionError(f"weights must be a sequence of numbers; got {weights!r}")
    try:
        values = tuple(float(w) for w in weights)
    except (TypeError, ValueError):
        raise OptionError(f"weights must be a sequence of numbers; got {weights!r}") from None
    if not values or any(not math.isfinite(w) or w <= 0 for w in values):
        raise OptionError(f"weights must be positive numbers, one per order; got {weights!r}")
    if len(values) > MAX_NGRAM_ORDER:
        raise OptionError(
            f"weights give {len(values)} orders; at most {MAX_NGRAM_ORDER} are supported",
            option="weights",
            received=len(values),
        )
    if abs(sum(values) - 1.0) > 1e-6:
        raise OptionError(
            f"weights must sum to 1 (Papineni et al. 2002, eq. 1); got {weights!r}, "
            f"which sums to {sum(values):g}"
        )
    if order is not None and order != len(values):
        raise OptionError(
            f"max_ngram_order={order} but {len(values)} weights were given; "
            "give one weight per order"
        )
    if len(set(values)) == 1:
        return len(values), None
    return len(values), values
