"""Reward functions for TRL's ``GRPOTrainer``: BLEU, chrF/chrF++, TER ..., scaled to [0, 1].

Each completion is scored against the reference(s) in a dataset column.

The calling convention, read from TRL 1.16.0 (``trl/trainer/grpo_trainer.py``,
``GRPOTrainer._calculate_rewards``, lines 1579-1637): a custom reward function is called as

    reward_func(prompts=prompts, completions=completions, completion_ids=completion_ids_list,
                **reward_kwargs)

where ``reward_kwargs`` holds every dataset column except ``prompt``, ``completion`` and
``completion_ids``, as a list with one value per completion (lines 1584-1585), plus
``trainer_state``, ``log_extra``, ``log_metric`` (lines 1588-1594) and, with environments,
``environments``. It must return one reward per completion; ``None`` marks a reward that
does not apply (turned into NaN, line 1630), and any other length raises (lines 1631-1636).
Completions are strings for plain prompts, and for conversational prompts lists of messages
such as ``[{"role": "assistant", "content": "..."}]`` (lines 2229-2247). The trainer names
the function after its ``__name__`` (``trl/trainer/utils.py``, ``get_callable_name``).

TRL is not needed to use these functions: they take plain Python values.

    >>> from parbleu.rewards import reward_function
    >>> reward = reward_function("chrf", reference_column="translation")
    >>> reward(prompts=["Translate: Das Haus ist klein."] * 2,
    ...        completions=["The house is small.", "A small house."],
    ...        completion_ids=[[1, 2], [3]],
    ...        translation=["The house is small."] * 2)
    [1.0, 0.37...]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parbleu.errors import InputError, OptionError
from parbleu.metrics.base import AnyMetric
from parbleu.rewards.values import metric_rewards, reward_metric

__all__ = ["RewardFunction", "completion_text", "reward_function"]

#: The types of a batch of plain (not conversational) completions.
_ONLY_STR = {str}


def completion_text(completion: object, index: int) -> str | None:
    """The text of a plain completion, or of the last assistant message of a conversational one.

    Message contents may be strings or lists of parts (``{"type": "text", "text": ...}``);
    a conversational completion without assistant text gives None (no reward).
    """
    if isinstance(completion, str):
        return completion
    if isinstance(completion, Sequence):
        for message in reversed(completion):
            if isinstance(message, Mapping) and message.get("role", "assistant") == "assistant":
                return _content_text(message.get("content"))
        return None
    raise InputError(
        f"completions[{index}]: expected a string or a list of messages; got "
        f"{type(completion).__name__}"
    )


def _content_text(content: object) -> str | None:
    if isinstance(content, str):
        return content
    if isinstance(content, Sequence):
        texts = [
            part["text"]
            for part in content
            if isinstance(part, Mapping) and isinstance(part.get("text"), str)
        ]
        return "".join(texts) if texts else None
    return None


@dataclass(frozen=True)
class RewardFunction:
    """A GRPO reward: the metric's sentence score of each completion, scaled to [0, 1].

    A percentage where higher is better (BLEU, chrF) is divided by 100; one where lower is
    better (TER) becomes ``max(0, 1 - TER / 100)``; both clipped to [0, 1]. A completion
    whose reference is missing (None, NaN or pandas' NA, as a missing cell of a data frame
    holds; or a list without any reference) or that has no text gets None; missing entries
    of a list of references are left out.
    """

    metric: str
    reference_column: str
    options: Mapping[str, Any] = field(default_factory=dict)
    #: The metric, made once from `metric` and `options` (a metric never changes once made;
    #: BLEU's keeps the bounded memo of its one-sentence path, `parbleu.BLEU`, which serves
    #: calls of up to ``small_input_limit`` completions).
    scorer: AnyMetric = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scorer", reward_metric(self.metric, self.options))

    @property
    def __name__(self) -> str:
        """The name the trainer logs the reward under."""
        return f"{self.metric}_reward"

    def __call__(
        self, *, prompts: Sequence[Any], completions: Sequence[Any], **columns: Any
    ) -> list[float | None]:
        """One reward per completion (keyword arguments, as the trainer passes them)."""
        if self.reference_column not in columns:
            available = sorted(k for k in columns if k not in ("trainer_state", "log_extra"))
            raise InputError(
                f"reference column {self.reference_column!r} not in the dataset's columns "
                f"{available}"
            )
        values = columns[self.reference_column]
        if not len(prompts) == len(completions) == len(values):
            raise InputError(
                f"{len(prompts)} prompts, {len(completions)} completions and {len(values)} "
                f"values of {self.reference_column!r}: one of each per completion expected"
            )
        if {*map(type, completions)} == _ONLY_STR:  # plain completions, as they are
            texts: list[str | None] = list(completions)
        else:
            texts = [completion_text(c, i) for i, c in enumerate(completions)]
        return metric_rewards(self.scorer, texts, values, self.reference_column)


def reward_function(
    metric: str = "chrf", *, reference_column: str = "reference", **options: Any
) -> RewardFunction:
    """A reward function for TRL's ``GRPOTrainer`` (``reward_funcs=[...]``).

    Args:
        metric: ``bleu`` (sentence BLEU, effective order), ``chrf``, ``chrf++``, ``ter``, or
            another name of `parbleu.metrics.registry` whose scores are percentages.
        reference_column: the dataset column with each prompt's reference: a string or a
            list of strings.
        **options: the metric's options (`parbleu.BLEU`, `parbleu.CHRF`, `parbleu.TER`).

    Raises:
        OptionError: an unknown metric or option, or a metric whose scores are not
            percentages, checked here rather than mid-training.
    """
    if not isinstance(reference_column, str) or not reference_column:
        raise OptionError(f"reference_column must be a column name; got {reference_column!r}")
    return RewardFunction(metric, reference_column, dict(options))
