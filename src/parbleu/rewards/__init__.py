"""Scores as rewards and filters: TRL GRPO reward functions, batch sentence scores.

`reward_function` builds a reward for TRL's ``GRPOTrainer`` (docs/training.md),
`async_reward_function` its async form; `parbleu.rewards.verl` and `parbleu.rewards.openrlhf`
have verl's and OpenRLHF's shapes; `sentence_scores` scores many string pairs with any
metric as one array.
"""

from parbleu.rewards.asynchronous import async_reward_function
from parbleu.rewards.reward import RewardFunction, completion_text, reward_function
from parbleu.rewards.scores import sentence_scores

__all__ = [
    "RewardFunction",
    "async_reward_function",
    "completion_text",
    "reward_function",
    "sentence_scores",
]
