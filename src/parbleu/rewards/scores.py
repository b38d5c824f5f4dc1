"""Sentence scores of many string pairs as one array, in bounded memory.

For data filtering and rewards: ``sentence_scores(hyps, refs, metric="chrf")`` scores item i
of `hyps` against its reference(s) ``refs[i]`` (a string or a list of strings), in blocks of
`BLOCK_ITEMS` items, each block scored through the metric's own ``sentence_scores`` with its
references prepared for that block only: memory is bounded by one block, whatever the
number of items. For example chrF between the two sides of a round-trip translation:

    >>> from parbleu.rewards import sentence_scores
    >>> sentence_scores(["The house is small."], ["The house is tiny."], metric="chrf").round(2)
    array([59.39])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.engine.ranges import fixed_ranges
from parbleu.errors import InputError
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.registry import sentence_metric

__all__ = ["BLOCK_ITEMS", "make_metric", "sentence_scores"]

#: Items scored together at most.
BLOCK_ITEMS = 1 << 14


def make_metric(metric: str, options: dict[str, Any]) -> AnyMetric:
    """The metric called `metric` for sentence scores, with `options`.

    Any metric of `parbleu.metrics.registry` whose sentence scores stand alone: its
    sentence-level variant (BLEU with effective order, as sacreBLEU's ``sentence_bleu``)
    under `options`. NIST is refused: its information weights come from all the references
    scored together, so its sentence score would depend on the block an item falls in.

    Raises:
        OptionError: an unknown metric, an unknown option or a bad value.
    """
    return sentence_metric(metric, options)


def reference_list(value: object, where: str) -> list[str]:
    """One item's references: a string, or a non-empty list of strings."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Sequence) and value and all(isinstance(r, str) for r in value):
        return list(value)
    raise InputError(
        f"{where}: expected a reference string or a non-empty list of strings; got "
        f"{type(value).__name__} {value!r:.80}"
    )


def sentence_scores(
    hypotheses: Sequence[str],
    references: Sequence[str | Sequence[str]],
    *,
    metric: str = "chrf",
    **options: Any,
) -> FloatArray:
    """The sentence score of every item (0-100 for BLEU and chrF, TER in percent).

    Args:
        hypotheses: N strings.
        references: N references: each a string or a list of strings.
        metric: ``bleu``, ``chrf``, ``chrf++``, ``ter`` or another name of
            `parbleu.metrics.registry` (`make_metric`).
        **options: the metric's options (`parbleu.BLEU`, `parbleu.CHRF`, ...).
    """
    scorer = make_metric(metric, options)
    if len(hypotheses) != len(references):
        raise InputError(f"{len(hypotheses)} hypotheses but {len(references)} references")
    refs = [reference_list(r, f"references[{i}]") for i, r in enumerate(references)]
    parts = [np.zeros(0)]
    for start, stop in fixed_ranges(len(refs), BLOCK_ITEMS):
        block = scorer.sentence_scores(hypotheses[start:stop], segment_refs=refs[start:stop])
        parts.append(np.asarray(block, dtype=np.float64))
    return np.concatenate(parts)
