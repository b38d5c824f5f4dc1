"""Rewards in verl's ``compute_score`` shapes.

verl (verl-project/verl) calls a custom reward function with keyword arguments: per sample,
``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)``
(``verl/workers/reward_manager/naive.py``, ``NaiveRewardManager``; the default is
``verl/utils/reward_score/__init__.py``, ``default_compute_score``), and per batch
``compute_score(data_sources=..., solution_strs=..., ground_truths=..., extra_infos=...)``
(``verl/workers/reward_manager/batch.py``, ``BatchRewardManager``). The function is loaded
from a file by ``custom_reward_function.path`` and ``.name``, and the keyword arguments of
``custom_reward_function.reward_kwargs`` are added to every call
(``verl/trainer/ppo/reward.py``, ``get_custom_reward_fn``), which is where ``metric`` and
the metric's options go::

    custom_reward_function:
      path: <site-packages>/parbleu/rewards/verl.py
      name: compute_score            # or compute_score_batch with reward_manager=batch
      reward_kwargs: {metric: bleu}

A score is a float in [0, 1] (`parbleu.rewards.values`); ``ground_truth`` is a reference
string or a list of references; a sample without a reference scores 0.0, since verl puts
every score into a reward tensor.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parbleu.errors import InputError
from parbleu.rewards.values import reward_values

__all__ = ["compute_score", "compute_score_batch"]


def compute_score(
    data_source: object,
    solution_str: str,
    ground_truth: object,
    extra_info: object = None,
    *,
    metric: str = "chrf",
    **options: Any,
) -> float:
    """The per-sample ``compute_score`` of verl: the reward of one response.

    ``data_source`` and ``extra_info`` are accepted and not used.
    """
    return compute_score_batch(
        [data_source], [solution_str], [ground_truth], [extra_info], metric=metric, **options
    )[0]


def compute_score_batch(
    data_sources: Sequence[object],
    solution_strs: Sequence[str],
    ground_truths: Sequence[object],
    extra_infos: Sequence[object] | None = None,
    *,
    metric: str = "chrf",
    **options: Any,
) -> list[float]:
    """The batch ``compute_score`` of verl: one reward per response, scored together.

    ``data_sources`` and ``extra_infos`` are accepted and not used.
    """
    del extra_infos  # verl passes them; the reward does not depend on them
    if not len(data_sources) == len(solution_strs) == len(ground_truths):
        raise InputError(
            f"{len(data_sources)} data sources, {len(solution_strs)} solutions and "
            f"{len(ground_truths)} ground truths: one of each per sample expected"
        )
    for index, text in enumerate(solution_strs):
        if not isinstance(text, str):
            raise InputError(f"solution_strs[{index}]: expected a str; got {type(text).__name__}")
    rewards = reward_values(metric, options, list(solution_strs), ground_truths, "ground_truths")
    return [0.0 if r is None else r for r in rewards]
