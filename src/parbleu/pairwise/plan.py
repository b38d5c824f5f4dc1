"""How a pairwise metric's sentences are read: its registry entry's view of its segments.

`plan` turns a metric name of `parbleu.metrics.registry` and its options into the metric's
sentence-level variant (`parbleu.metrics.registry.sentence_metric`: BLEU with effective
order, as sacreBLEU's ``sentence_bleu``) and, for metrics whose entry shows n-gram matches
(BLEU) or character matches (chrF), the token streams its statistics count (`Side`). A
metric without sides (TER, ROUGE, plug-ins) is scored pair by pair through its own
statistics (`parbleu.pairwise.matrix`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from parbleu.engine.segments import Segments
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.registry import SegmentView, metric_entry, sentence_metric
from parbleu.pairwise.encode import characters, chrf_words, tokens

__all__ = ["Plan", "Side", "plan"]


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
    """The metric for the options and how its tokens are read (no sides: pair by pair).

    Raises:
        OptionError: see `parbleu.metrics.registry.sentence_metric`.
    """
    scorer, view = sentence_metric(metric, options), metric_entry(metric).segment_view
    # The view's options: an n-gram view has BLEU's, a character view chrF's (SegmentView).
    settings: Any = getattr(scorer, "options", None)
    if view is SegmentView.NGRAMS:
        tokenizer: Any = getattr(scorer, "tokenizer", None)
        lowercase = settings.lowercase

        def encode(lines: Sequence[str]) -> Segments:
            return tokens(lines, tokenizer, lowercase=lowercase)

        return Plan(metric, scorer, (Side("", scorer.layout.count("match"), encode),))
    if view is SegmentView.CHARACTERS:
        return Plan(metric, scorer, _chrf_sides(settings))
    return Plan(metric, scorer, ())


def _chrf_sides(chrf_options: Any) -> tuple[Side, ...]:
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
