"""Which metric a pairwise name stands for, and how its sentences are read.

The one place of `parbleu.pairwise` that knows metric names (``bleu``, ``chrf``, ``chrf++``,
``ter``): `plan` turns a name and its options into the metric object and, for the n-gram
metrics, the token streams its statistics count (`Side`). A metric without sides (TER) is
scored pair by pair through its own statistics (`parbleu.pairwise.matrix`). When metrics
are listed by a registry, `METRICS` and `plan` are what changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parbleu.engine.segments import Segments
from parbleu.errors import OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.bleu.options import BleuOptions
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.ter.metric import TER
from parbleu.metrics.ter.options import TerOptions
from parbleu.options import options_from
from parbleu.pairwise.encode import characters, chrf_words, tokens

__all__ = ["METRICS", "Plan", "Side", "plan"]

#: Metric names and the defaults they set (``chrf++`` is chrF with word bigrams; BLEU uses
#: effective order, as sacreBLEU's ``sentence_bleu``).
METRICS: dict[str, dict[str, Any]] = {
    "bleu": {"effective_order": True},
    "chrf": {},
    "chrf++": {"word_order": 2},
    "ter": {},
}


@dataclass(frozen=True)
class Side:
    """One kind of token: its statistics columns' prefix, largest order and encoder."""

    prefix: str  # "char", "word", or "" for BLEU
    order: int
    encode: Callable[[Sequence[str]], Segments]


@dataclass(frozen=True)
class Plan:
    """The metric and its token streams (none: scored pair by pair)."""

    name: str
    metric: AnyMetric
    sides: tuple[Side, ...]


def plan(metric: str, options: dict[str, Any]) -> Plan:
    """The parbleu metric for the options and how its tokens are read.

    Raises:
        OptionError: an unknown metric, an unknown option or a bad value.
    """
    if metric not in METRICS:
        raise OptionError(f"metric must be one of {', '.join(METRICS)}; got {metric!r}")
    settings = {**METRICS[metric], **options}
    if metric == "ter":
        return Plan(metric, TER(options=options_from(TerOptions, None, settings, "TER")), ())
    if metric == "bleu":
        bleu = BLEU(options=options_from(BleuOptions, None, settings, "BLEU"))
        tokenizer, lowercase = bleu.tokenizer, bleu.options.lowercase

        def encode(lines: Sequence[str]) -> Segments:
            return tokens(lines, tokenizer, lowercase=lowercase)

        return Plan(metric, bleu, (Side("", bleu.layout.count("match"), encode),))
    chrf = CHRF(options=options_from(ChrfOptions, None, settings, "CHRF"))
    return Plan(metric, chrf, _chrf_sides(chrf.options))


def _chrf_sides(chrf_options: ChrfOptions) -> tuple[Side, ...]:
    sides = []
    if chrf_options.char_order:

        def encode_characters(lines: Sequence[str]) -> Segments:
            return characters(
                lines, lowercase=chrf_options.lowercase, whitespace=chrf_options.whitespace
            )

        sides.append(Side("char", chrf_options.char_order, encode_characters))
    if chrf_options.word_order:

        def encode_words(lines: Sequence[str]) -> Segments:
            return chrf_words(lines, lowercase=chrf_options.lowercase)

        sides.append(Side("word", chrf_options.word_order, encode_words))
    return tuple(sides)
