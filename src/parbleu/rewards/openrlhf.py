"""Rewards in OpenRLHF's ``reward_func`` shape and its remote reward-model contract.

OpenRLHF (OpenRLHF/OpenRLHF) takes ``--remote_rm_url`` either as a Python file defining
``reward_func(queries, prompts, labels)`` or as HTTP endpoints (``openrlhf/utils/agent.py``,
``SingleTurnAgentExecutor``): ``queries`` are the full texts (prompt and response, decoded
with special tokens), ``prompts`` the prompts, ``labels`` the values of ``--label_key``. The
function returns ``{"rewards": ..., "scores": ..., "extra_logs": {...}}`` (README, "Custom
reward function"); over HTTP the same three lists are posted as JSON
``{"query": [...], "prompts": [...], "labels": [...]}`` and the answer is read with
``rewards_info.get("rewards")`` and ``.get("scores")`` (``_fetch_rewards_via_http``;
``openrlhf/cli/serve_rm.py`` answers ``{"rewards", "scores", "extra_logs"}``).

The response is the query after its prompt (the whole query if it does not start with
the prompt), cut at the first of `end_markers` (say ``"<|im_end|>"``, since OpenRLHF
decodes special tokens). A label is a reference or a list of references. Rewards are floats
in [0, 1] (`parbleu.rewards.values`); a sample without a label scores 0.0. This module
defines ``reward_func`` (chrF), so its own path can be given to ``--remote_rm_url``; for
another metric, a file with ``reward_func = make_reward_func("bleu")``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parbleu.errors import InputError
from parbleu.metrics.base import AnyMetric
from parbleu.rewards.values import metric_rewards, reward_metric

__all__ = ["OpenRlhfReward", "make_reward_func", "response_text", "reward_func"]


def response_text(query: str, prompt: str, end_markers: Sequence[str] = ()) -> str:
    """The response in a query: after the prompt, up to the first end marker."""
    text = query[len(prompt) :] if query.startswith(prompt) else query
    for marker in end_markers:
        if marker and marker in text:
            text = text[: text.index(marker)]
    return text


@dataclass(frozen=True)
class OpenRlhfReward:
    """``reward_func(queries, prompts, labels)`` for one metric (picklable)."""

    metric: str = "chrf"
    end_markers: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    #: The metric, made once from `metric` and `options` (a metric never changes once made).
    scorer: AnyMetric = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scorer", reward_metric(self.metric, self.options))

    def __call__(
        self, queries: Sequence[str], prompts: Sequence[str], labels: Sequence[object], **_: Any
    ) -> dict[str, Any]:
        """``{"rewards": [...], "scores": [...], "extra_logs": {...}}``, one reward a query."""
        if not len(queries) == len(prompts) == len(labels):
            raise InputError(
                f"{len(queries)} queries, {len(prompts)} prompts and {len(labels)} labels: one "
                "of each per sample expected"
            )
        for index, (query, prompt) in enumerate(zip(queries, prompts, strict=True)):
            if not isinstance(query, str) or not isinstance(prompt, str):
                raise InputError(f"queries[{index}] and prompts[{index}] must be strings")
        texts: list[str | None] = [
            response_text(q, p, self.end_markers) for q, p in zip(queries, prompts, strict=True)
        ]
        values = metric_rewards(self.scorer, texts, labels, "labels")
        rewards = [0.0 if r is None else r for r in values]
        mean = sum(rewards) / len(rewards) if rewards else 0.0
        return {"rewards": rewards, "scores": rewards, "extra_logs": {f"{self.metric}": mean}}


def make_reward_func(
    metric: str = "chrf", *, end_markers: Sequence[str] = (), **options: Any
) -> OpenRlhfReward:
    """A ``reward_func`` for `metric` (options checked here, not mid-training)."""
    return OpenRlhfReward(metric, tuple(end_markers), dict(options))


#: chrF rewards: give this file's path to ``--remote_rm_url``.
reward_func = make_reward_func("chrf")
