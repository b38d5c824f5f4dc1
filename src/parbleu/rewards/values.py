"""Rewards in [0, 1] for a batch of texts and their references, shared by every trainer shape.

The sentence score of each text against its reference(s), scaled so that higher is better:
a metric for which higher is better (BLEU, chrF) is divided by 100, one for which lower is
better (TER) becomes ``1 - score / 100``; both are clipped to [0, 1] (sacreBLEU's perfect
BLEU is ``100.00000000000004``). The direction is asked of the metric. A text that is None
or whose reference is missing (None or an empty list) gets None: the caller decides what an
undefined reward becomes (TRL: NaN; verl and OpenRLHF: 0.0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from parbleu.rewards.scores import make_metric, reference_list

__all__ = ["reward_values"]


def _present(text: str | None, refs: object) -> bool:
    return text is not None and refs is not None and (isinstance(refs, str) or bool(refs))


def reward_values(
    metric: str,
    options: Mapping[str, Any],
    texts: Sequence[str | None],
    references: Sequence[object],
    where: str = "references",
) -> list[float | None]:
    """One reward per text (None where undefined); `where` names the references in errors."""
    scorable = [i for i, (t, r) in enumerate(zip(texts, references, strict=True)) if _present(t, r)]
    rewards: list[float | None] = [None] * len(texts)
    if not scorable:
        return rewards
    refs = [reference_list(references[i], f"{where}[{i}]") for i in scorable]
    hyps = [texts[i] or "" for i in scorable]
    scorer = make_metric(metric, dict(options))
    scores = np.asarray(scorer.sentence_scores(hyps, segment_refs=refs), dtype=np.float64)
    scaled = scores / 100.0 if scorer.higher_is_better else 1.0 - scores / 100.0
    for i, value in zip(scorable, np.clip(scaled, 0.0, 1.0).tolist(), strict=True):
        rewards[i] = value
    return rewards
