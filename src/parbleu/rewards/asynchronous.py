"""Async reward functions for TRL, picklable for its spawned reward workers.

TRL's ``GRPOTrainer`` runs the reward functions for which ``inspect.iscoroutinefunction`` is
true concurrently, with ``asyncio.gather`` on its event loop (``trl/trainer/grpo_trainer.py``,
``_calculate_rewards``: "async custom functions for asyncio.gather"); its
``AsyncGRPOTrainer`` computes rewards in a spawned child process, so every reward function
must pickle: "use a module-level function, ``functools.partial``, or a callable class
instance — lambdas and closures will fail" (``trl/experimental/async_grpo/
async_grpo_trainer.py``). A callable object with an ``async def __call__`` is not a
coroutine function to ``inspect`` before Python 3.12, so the async reward is a
``functools.partial`` of the module-level coroutine function `parbleu_reward` with a
`parbleu.rewards.RewardFunction`: ``inspect`` sees through partials, pickle stores the
function by name and the reward by value, and TRL logs it as ``parbleu_reward``
(``trl/trainer/utils.py``, ``get_callable_name``, unwraps partials). Scoring runs in a
worker thread (``asyncio.to_thread``), so that the event loop and other async rewards go on
meanwhile.
"""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from parbleu.rewards.reward import RewardFunction, reward_function

__all__ = ["async_reward_function", "parbleu_reward"]


async def parbleu_reward(reward: RewardFunction, **columns: Any) -> list[float | None]:
    """The rewards of `reward` for TRL's keyword arguments, computed in a worker thread."""
    return await asyncio.to_thread(functools.partial(reward, **columns))


def async_reward_function(
    metric: str = "chrf", *, reference_column: str = "reference", **options: Any
) -> functools.partial[Any]:
    """An async reward for TRL (``reward_funcs=[...]``), as `reward_function` but awaitable.

    Raises:
        OptionError: an unknown metric or option (checked here, not mid-training).
    """
    reward = reward_function(metric, reference_column=reference_column, **options)
    return functools.partial(parbleu_reward, reward)
