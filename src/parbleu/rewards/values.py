"""Rewards in [0, 1] for a batch of texts and their references, shared by every trainer shape.

The sentence score of each text against its reference(s), scaled so that higher is better:
a metric for which higher is better (BLEU, chrF) is divided by 100, one for which lower is
better (TER) becomes ``1 - score / 100``; both are clipped to [0, 1] (sacreBLEU's perfect
BLEU is ``100.00000000000004``). The direction is asked of the metric. A text that is None
or whose reference is missing (None, NaN, pandas' NA, or an empty list) gets None: the
caller decides what an undefined reward becomes (TRL: NaN; verl and OpenRLHF: 0.0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from parbleu.arrays import FloatArray
from parbleu.errors import OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.registry import metric_entry
from parbleu.rewards.scores import make_metric, reference_list

__all__ = ["metric_rewards", "reward_metric", "reward_values"]

#: The types of a batch whose every reference is one string.
_ONLY_STR = {str}


def _absent(value: object) -> bool:
    """Whether `value` marks a missing cell: None, NaN, or pandas' NA or NaT."""
    if value is None:
        return True
    if isinstance(value, (float, np.floating)):
        return bool(np.isnan(value))
    return type(value).__name__ in ("NAType", "NaTType")


def _references(value: object, where: str) -> list[str] | None:
    """One item's references, or None where it has none (`_absent`, or an empty list).

    Missing entries of a list of references are left out.

    Raises:
        InputError: a value that is neither a string nor a list of them.
    """
    if type(value) is str:  # the usual case, without the checks below
        return [value]
    if _absent(value):
        return None
    if isinstance(value, Sequence) and not isinstance(value, str):
        kept = [reference for reference in value if not _absent(reference)]
        return reference_list(kept, where) if kept else None
    return reference_list(value, where)


def reward_metric(metric: str, options: Mapping[str, Any]) -> AnyMetric:
    """The sentence-level metric of a reward, checked before any scoring.

    Raises:
        OptionError: an unknown metric or option, or a metric whose scores are not
            percentages (a reward scales percentages to [0, 1]).
    """
    entry = metric_entry(metric)
    if not entry.percent:
        raise OptionError(
            f"a reward scales percentages to [0, 1]; {entry.title} scores are not percentages"
        )
    return make_metric(metric, dict(options))


def reward_values(
    metric: str,
    options: Mapping[str, Any],
    texts: Sequence[str | None],
    references: Sequence[object],
    where: str = "references",
) -> list[float | None]:
    """One reward per text (None where undefined); `where` names the references in errors."""
    return metric_rewards(reward_metric(metric, options), texts, references, where)


def metric_rewards(
    scorer: AnyMetric,
    texts: Sequence[str | None],
    references: Sequence[object],
    where: str = "references",
) -> list[float | None]:
    """`reward_values` with the metric already made (by `reward_metric`).

    The batch is scored in one call of the metric's ``sentence_scores`` with the references
    as parallel streams: a metric that counts a call's own references in one pass (BLEU)
    builds no reference tables at all, chrF prepares each distinct set of references once
    (the completions of a prompt share it), and a batch of up to ``small_input_limit`` texts
    takes the metric's small-input path.
    """
    if texts and {*map(type, references)} == _ONLY_STR and None not in texts:
        # The usual batch, one reference string per text: every text is scored as it is.
        hyps = [text or "" for text in texts]  # every one a string (None was ruled out)
        scores = scorer.sentence_scores(hyps, ref_streams=[list(references)])
        return _scaled(scorer, scores)
    given = [_references(value, f"{where}[{i}]") for i, value in enumerate(references)]
    scorable = [i for i, (t, r) in enumerate(zip(texts, given, strict=True)) if t is not None and r]
    rewards: list[float | None] = [None] * len(texts)
    if not scorable:
        return rewards
    hyps = [texts[i] or "" for i in scorable]
    streams = _reference_streams([given[i] or [] for i in scorable])
    scores = scorer.sentence_scores(hyps, ref_streams=streams)
    for i, value in zip(scorable, _scaled(scorer, scores), strict=True):
        rewards[i] = value
    return rewards


def _scaled(scorer: AnyMetric, scores: FloatArray) -> list[float | None]:
    """Scores as rewards: percentages turned so that higher is better, clipped to [0, 1]."""
    values = np.asarray(scores, dtype=np.float64) / 100.0
    if not scorer.higher_is_better:
        values = 1.0 - values
    rewards: list[float | None] = np.clip(values, 0.0, 1.0).tolist()
    return rewards


def _reference_streams(references: list[list[str]]) -> list[list[str | None]]:
    """Each item's references as K parallel streams, ``None`` where an item has fewer.

    Streams, not per-item lists, are what the metric's one-pass path reads directly: one
    reference an item (the usual case) is one stream, built at C speed.
    """
    width = max(map(len, references))
    if width == 1:
        return [[refs[0] for refs in references]]
    return [[refs[k] if k < len(refs) else None for refs in references] for k in range(width)]
