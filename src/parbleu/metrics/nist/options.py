"""NIST options: every setting that changes a NIST score, validated once into a frozen value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from parbleu.errors import OptionError
from parbleu.tokenizers import TokenizerName

__all__ = ["DEFAULT_NIST_ORDER", "InfoWeights", "NistOptions"]

#: Largest n-gram order of the NIST score mteval-v13a reports (Doddington 2002 uses N = 5).
DEFAULT_NIST_ORDER = 5


class InfoWeights(str, Enum):
    """How the information weight of an n-gram is computed from reference counts.

    Both follow Doddington (2002), eq. 2: ``Info(w1..wn) = log2(count(w1..wn-1) /
    count(w1..wn))``, with the total number of reference words as the count of the empty
    prefix of a unigram.

    ``mteval`` reproduces mteval-v13a.pl, which tests the prefix for Perl truth: the one-word
    prefix ``0`` is false in Perl, so a bigram that starts with the token ``0`` is weighted
    ``log2(total words / count(0 w2))`` as if it were a unigram. ``paper`` applies eq. 2 to
    every n-gram, as NLTK's ``corpus_nist`` does.
    """

    MTEVAL = "mteval"
    PAPER = "paper"

    def __str__(self) -> str:
        return self.value


def _coerce_enum(enum: type[Enum], value: object, option: str) -> Enum:
    try:
        return enum(value)
    except ValueError:
        choices = ", ".join(str(member.value) for member in enum)
        raise OptionError(f"{option} must be one of {choices}; got {value!r}") from None


@dataclass(frozen=True)
class NistOptions:
    """Every setting that changes a NIST score. Build it with `NistOptions.create`."""

    tokenize: TokenizerName = TokenizerName.MTEVAL_13A
    lowercase: bool = False
    max_ngram_order: int = DEFAULT_NIST_ORDER
    info_weights: InfoWeights = InfoWeights.MTEVAL

    @classmethod
    def create(
        cls,
        *,
        tokenize: str | TokenizerName = TokenizerName.MTEVAL_13A,
        lowercase: bool = False,
        max_ngram_order: int = DEFAULT_NIST_ORDER,
        info_weights: str | InfoWeights = InfoWeights.MTEVAL,
    ) -> NistOptions:
        """Validate user-facing option values and normalize them.

        Raises:
            OptionError: naming the option, the accepted values and the value received.
        """
        if (
            isinstance(max_ngram_order, bool)
            or not isinstance(max_ngram_order, int)
            or max_ngram_order < 1
        ):
            raise OptionError(f"max_ngram_order must be an integer >= 1; got {max_ngram_order!r}")
        tokenizer = _coerce_enum(TokenizerName, tokenize, "tokenize")
        weights = _coerce_enum(InfoWeights, info_weights, "info_weights")
        if not isinstance(tokenizer, TokenizerName) or not isinstance(weights, InfoWeights):
            raise TypeError("enum coercion returned another type")  # pragma: no cover
        return cls(
            tokenize=tokenizer,
            lowercase=bool(lowercase),
            max_ngram_order=max_ngram_order,
            info_weights=weights,
        )

    def signature_fields(self, tokenizer_signature: str) -> list[tuple[str, str, str]]:
        """(name, short name, value) of the NIST fields, in sacreBLEU's style.

        ``case``, ``tok`` and ``order`` always appear; ``info`` only for the non-default
        ``paper`` weights, so that equal signatures always mean equal arithmetic.
        """
        fields = [
            ("case", "c", "lc" if self.lowercase else "mixed"),
            ("tok", "tok", tokenizer_signature),
            ("order", "n", str(self.max_ngram_order)),
        ]
        if self.info_weights is not InfoWeights.MTEVAL:
            fields.append(("info", "i", str(self.info_weights)))
        return fields
