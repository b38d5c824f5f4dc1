"""ROUGE options as one validated, frozen value, and the signature fields they produce."""

from __future__ import annotations

import re
from dataclasses import dataclass

from parbleu.errors import OptionError
from parbleu.options import (
    MAX_F_BETA,
    MAX_NGRAM_ORDER,
    Choice,
    check_flag,
    check_number,
    coerce_enum,
)

__all__ = [
    "Aggregate",
    "MultiReference",
    "RougeOptions",
    "RougeScript",
    "RougeVariant",
    "parse_rouge_type",
]


class RougeVariant(Choice):
    """The three kinds of ROUGE (Lin 2004): n-gram overlap, LCS, summary-level LCS."""

    NGRAM = "n"
    LCS = "L"
    SUMMARY_LCS = "Lsum"


class RougeScript(Choice):
    """Which tokens are kept (`parbleu.tokenizers.rouge`).

    ``ascii``: rouge_score's default tokenizer, which drops every character outside
    ``[a-z0-9]`` after lowercasing; ``unicode``: letters and digits of every script.
    """

    ASCII = "ascii"
    UNICODE = "unicode"


class MultiReference(Choice):
    """How a segment with several references is scored.

    ``best``: the reference with the highest F-measure (the first on a tie), as rouge_score's
    ``RougeScorer.score_multi`` picks it; ``average``: the mean precision, recall and F over
    the references, with their counts summed (ROUGE-1.5.5's model average, ``-f A``).
    """

    BEST = "best"
    AVERAGE = "average"


class Aggregate(Choice):
    """How segments make a corpus score.

    ``mean``: the mean of segment precision, recall and F, what rouge_score's
    ``BootstrapAggregator`` estimates (and what papers report); ``micro``: precision, recall
    and F of the counts summed over all segments.
    """

    MEAN = "mean"
    MICRO = "micro"


_TYPE = re.compile(r"rouge(?:([1-9][0-9]*)|(L)|(Lsum))")


def _format_beta(beta: float) -> str:
    """``1`` for 1.0, else the shortest text that reads back as the same float."""
    return str(int(beta)) if beta.is_integer() and abs(beta) < 1e15 else repr(beta)


_TYPES = f"rouge1, rouge2, ... rouge{MAX_NGRAM_ORDER}, rougeL or rougeLsum"


def parse_rouge_type(rouge_type: object) -> tuple[RougeVariant, int]:
    """The variant a rouge_score name gives, and N for ROUGE-N (0 for the LCS variants).

    N goes up to `parbleu.options.MAX_NGRAM_ORDER`, as every n-gram order of parbleu (the
    time and memory of ROUGE-N grow with N: ``rouge1000000`` ran out of memory); rouge_score
    itself stops at ``rouge9``.

    Raises:
        OptionError: not ``rouge1``, ``rouge2``, ..., ``rouge100``, ``rougeL`` or ``rougeLsum``.
    """
    match = _TYPE.fullmatch(rouge_type) if isinstance(rouge_type, str) else None
    digits = match.group(1) if match is not None else None
    # Orders are compared as text first: int() refuses strings of more than 4,300 digits.
    if match is None or (digits and (len(digits) > 3 or int(digits) > MAX_NGRAM_ORDER)):
        raise OptionError(
            f"rouge_type must be {_TYPES}; got {rouge_type!r:.60}",
            option="rouge_type",
            expected=_TYPES,
            received=rouge_type,
        )
    if digits:
        return RougeVariant.NGRAM, int(digits)
    return (RougeVariant.LCS if match.group(2) else RougeVariant.SUMMARY_LCS), 0


@dataclass(frozen=True)
class RougeOptions:
    """Every setting that changes a ROUGE score, checked when the value is made.

    Attributes:
        rouge_type: ``rouge1`` .. ``rouge100``, ``rougeL`` or ``rougeLsum``, rouge_score's
            names.
        stem: Porter-stem tokens of more than three characters, as rouge_score's
            ``use_stemmer=True``.
        script: ``ascii`` (rouge_score's tokenizer) or ``unicode`` (every script).
        multi_reference: ``best`` or ``average`` (`MultiReference`).
        aggregate: ``mean`` or ``micro`` (`Aggregate`).
        beta: weight of recall in the F-measure, a positive number up to
            `parbleu.options.MAX_F_BETA` (rouge_score has only ``beta = 1``).

    Raises:
        OptionError: naming the option, the accepted values and the value received.
    """

    rouge_type: str = "rouge1"
    stem: bool = False
    script: RougeScript = RougeScript.ASCII
    multi_reference: MultiReference = MultiReference.BEST
    aggregate: Aggregate = Aggregate.MEAN
    beta: float = 1.0

    def __post_init__(self) -> None:
        parse_rouge_type(self.rouge_type)
        beta = check_number(self.beta, "beta", maximum=MAX_F_BETA)
        if beta <= 0:
            raise OptionError(
                f"beta must be a positive number <= {MAX_F_BETA:g}; got {self.beta!r}",
                option="beta",
                expected=f"a positive number <= {MAX_F_BETA:g}",
                received=self.beta,
            )
        values = {
            "stem": check_flag(self.stem, "stem"),
            "script": coerce_enum(RougeScript, self.script, "script"),
            "multi_reference": coerce_enum(MultiReference, self.multi_reference, "multi_reference"),
            "aggregate": coerce_enum(Aggregate, self.aggregate, "aggregate"),
            "beta": beta,
        }
        for name, normalized in values.items():
            object.__setattr__(self, name, normalized)

    @property
    def variant(self) -> RougeVariant:
        """N-gram overlap, LCS or summary-level LCS."""
        return parse_rouge_type(self.rouge_type)[0]

    @property
    def order(self) -> int:
        """N for ROUGE-N; 0 for the LCS variants."""
        return parse_rouge_type(self.rouge_type)[1]

    @property
    def name(self) -> str:
        """The score's display name: ``ROUGE-2``, ``ROUGE-L``, ``ROUGE-Lsum``."""
        return "ROUGE-" + self.rouge_type.removeprefix("rouge")

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """(name, short name, value) of every setting, so equal signatures mean equal scores."""
        return [
            ("type", "t", self.rouge_type),
            ("tok", "tok", self.script.value),
            ("stem", "s", "yes" if self.stem else "no"),
            ("refs", "r", self.multi_reference.value),
            ("agg", "a", self.aggregate.value),
            ("beta", "b", _format_beta(self.beta)),
        ]
