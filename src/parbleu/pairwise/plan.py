"""Which metric a pairwise name stands for, and how its sentences are read.

The one place of `parbleu.pairwise` that knows metric names (``bleu``, ``chrf``, ``chrf++``,
``ter``): `plan` turns a name and its options into the metric object, made by
`parbleu.rewards.scores.make_metric` (the one list of sentence-level metric names and their
defaults, `parbleu.rewards.scores.METRICS`, shared with the rewards and the server), and,
for the n-gram metrics, the token streams its statistics count (`Side`). A metric without
sides (TER) is scored pair by pair through its own statistics (`parbleu.pairwise.matrix`).
When metrics are listed by a registry, `make_metric` and the name tests of `plan` are what
changes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from parbleu.engine.segments import Segments
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.chrf.metric import CHRF
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.pairwise.encode import characters, chrf_words, tokens
from parbleu.rewards.scores import METRICS, make_metric

__all__ = ["METRICS", "Plan", "Side", "plan"]


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
    scorer = make_metric(metric, options)
    if metric == "ter":
        return Plan(metric, scorer, ())
    if metric == "bleu":
        bleu = cast("BLEU", scorer)
        tokenizer, lowercase = bleu.tokenizer, bleu.options.lowercase

        def encode(lines: Sequence[str]) -> Segments:
            return tokens(lines, tokenizer, lowercase=lowercase)

        return Plan(metric, bleu, (Side("", bleu.layout.count("match"), encode),))
    chrf = cast("CHRF", scorer)
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
