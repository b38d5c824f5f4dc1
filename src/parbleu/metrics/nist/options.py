"""NIST options: every setting that changes a NIST score, validated once into a frozen value."""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.errors import OptionError
from parbleu.options import MAX_NGRAM_ORDER, Choice, check_flag, check_int, coerce_enum
from parbleu.tokenizers import SENTENCEPIECE_TOKENIZERS, TokenizerName

__all__ = ["DEFAULT_NIST_ORDER", "InfoWeights", "NistOptions"]

#: Largest n-gram order of the NIST score mteval-v13a reports (Doddington 2002 uses N = 5).
DEFAULT_NIST_ORDER = 5


class InfoWeights(Choice):
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


@dataclass(frozen=True)
class NistOptions:
    """Every setting that changes a NIST score, checked when the value is made.

    Attributes:
        tokenize: ``13a`` (default, mteval-v13a's tokenization), or any BLEU tokenizer but
            spBLEU's SentencePiece ones, which need a model file NIST does not take.
        lowercase: compare lowercased text (Unicode ``str.lower``).
        max_ngram_order: largest n-gram order N (default 5, mteval's NIST).
        info_weights: ``mteval`` (default) or ``paper``; see `InfoWeights`.

    Raises:
        OptionError: naming the option, the accepted values and the value received.
    """

    tokenize: TokenizerName = TokenizerName.MTEVAL_13A
    lowercase: bool = False
    max_ngram_order: int = DEFAULT_NIST_ORDER
    info_weights: InfoWeights = InfoWeights.MTEVAL

    def __post_init__(self) -> None:
        tokenize = coerce_enum(TokenizerName, self.tokenize, "tokenize")
        if tokenize in SENTENCEPIECE_TOKENIZERS:
            others = ", ".join(t.value for t in TokenizerName if t not in SENTENCEPIECE_TOKENIZERS)
            raise OptionError(
                f"NIST cannot use the {tokenize.value!r} tokenizer: spBLEU's SentencePiece "
                "tokenizers need a model file, which NIST does not take; give NIST one of "
                f"{others} (on the command line, -tok is shared by BLEU and NIST: score "
                "spBLEU and NIST in separate runs)",
                option="tokenize",
                received=tokenize.value,
            )
        values = {
            "tokenize": tokenize,
            "lowercase": check_flag(self.lowercase, "lowercase"),
            "max_ngram_order": check_int(
                self.max_ngram_order, "max_ngram_order", minimum=1, maximum=MAX_NGRAM_ORDER
            ),
            "info_weights": coerce_enum(InfoWeights, self.info_weights, "info_weights"),
        }
        for name, normalized in values.items():
            object.__setattr__(self, name, normalized)

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
