"""Scores as rewards and filters: TRL GRPO reward functions, batch sentence scores.

`reward_function` builds a reward for TRL's ``GRPOTrainer`` (docs/training.md);
`sentence_scores` scores many string pairs with any metric as one array.
"""

from parbleu.rewards.reward import RewardFunction, completion_text, reward_function
from parbleu.rewards.scores import sentence_scores

__all__ = ["RewardFunction", "completion_text", "reward_function", "sentence_scores"]
