"""The reward function called exactly as TRL 1.16.0's ``GRPOTrainer`` calls it.

`calculate_rewards` below restates ``GRPOTrainer._calculate_rewards`` (trl/trainer/
grpo_trainer.py, lines 1579-1637) for a synchronous custom function: dataset columns other
than prompt/completion/completion_ids repeated per completion, ``trainer_state``,
``log_extra`` and ``log_metric`` added, the call with keyword arguments, None turned into
NaN and the length check. Completions are built as lines 2229-2247 build them (plain
strings, or ``[{"role": "assistant", "content": ...}]``). Oracle for the values: sacreBLEU
2.6.0's sentence scores (``sentence_bleu``, ``sentence_chrf``, ``sentence_ter``), scaled as
documented.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pytest
import sacrebleu

from parbleu.errors import InputError, OptionError
from parbleu.rewards import reward_function

DATASET = [
    {"prompt": "Translate to English: Das Haus ist klein.", "reference": "The house is small."},
    {"prompt": "Translate to English: Guten Morgen!", "reference": ["Good morning!", "Morning!"]},
    {"prompt": "Translate to English: Danke.", "reference": None},
]
COMPLETIONS = [
    "The house is small.",
    "A small house.",
    "Good morning!",
    "Good day.",
    "Thanks.",
    "Thank you.",
]
NUM_GENERATIONS = 2


def calculate_rewards(
    reward_func: Callable[..., Any],
    inputs: list[dict[str, Any]],
    prompts: list[Any],
    completions: list[Any],
    completion_ids: list[list[int]],
) -> list[float]:
    """GRPOTrainer._calculate_rewards for one synchronous custom reward function."""
    keys = [key for key in inputs[0] if key not in ["prompt", "completion", "completion_ids"]]
    reward_kwargs: dict[str, Any] = {key: [example[key] for example in inputs] for key in keys}
    reward_kwargs["trainer_state"] = object()
    reward_kwargs["log_extra"] = lambda *a, **k: None
    reward_kwargs["log_metric"] = lambda *a, **k: None
    output = reward_func(
        prompts=prompts, completions=completions, completion_ids=completion_ids, **reward_kwargs
    )
    output = [reward if reward is not None else math.nan for reward in output]
    if len(output) != len(prompts):
        raise ValueError(f"returned {len(output)} rewards, but {len(prompts)} were expected")
    return [float(x) for x in output]


def batch(
    conversational: bool,
) -> tuple[list[dict[str, Any]], list[Any], list[Any], list[list[int]]]:
    """Inputs repeated per generation, as the trainer's sampler repeats them."""
    inputs = [example for example in DATASET for _ in range(NUM_GENERATIONS)]
    if conversational:
        inputs = [{**x, "prompt": [{"role": "user", "content": x["prompt"]}]} for x in inputs]
        completions: list[Any] = [[{"role": "assistant", "content": c}] for c in COMPLETIONS]
    else:
        completions = list(COMPLETIONS)
    prompts = [x["prompt"] for x in inputs]
    ids = [[len(c), 7] for c in COMPLETIONS]
    return inputs, prompts, completions, ids


def oracle(metric: str) -> list[float]:
    out = []
    for example, completion in zip(
        [x for x in DATASET for _ in range(NUM_GENERATIONS)], COMPLETIONS, strict=True
    ):
        refs = example["reference"]
        if refs is None:
            out.append(math.nan)
            continue
        refs = [refs] if isinstance(refs, str) else refs
        if metric == "bleu":
            out.append(min(1.0, sacrebleu.sentence_bleu(completion, refs).score / 100))
        elif metric == "ter":
            out.append(max(0.0, 1 - sacrebleu.sentence_ter(completion, refs).score / 100))
        else:
            out.append(
                sacrebleu.sentence_chrf(
                    completion, refs, word_order=2 if metric == "chrf++" else 0
                ).score
                / 100
            )
    return out


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
@pytest.mark.parametrize("conversational", [False, True])
def test_called_as_the_trainer_calls_it(metric: str, conversational: bool) -> None:
    reward = reward_function(metric, reference_column="reference")
    rewards = calculate_rewards(reward, *batch(conversational))
    expected = oracle(metric)
    assert len(rewards) == len(COMPLETIONS)
    for got, want in zip(rewards, expected, strict=True):
        assert (math.isnan(got) and math.isnan(want)) or got == pytest.approx(want, rel=1e-12)
    assert all(math.isnan(r) or 0.0 <= r <= 1.0 for r in rewards)
    assert reward.__name__ == f"{metric}_reward"


def test_multimodal_content_parts_and_missing_text() -> None:
    reward = reward_function("chrf")
    completions = [
        [
            {
                "role": "assistant",
                "content": [
                    {"type": "text", "text": "Good "},
                    {"type": "text", "text": "morning!"},
                ],
            }
        ],
        [{"role": "assistant", "content": None}],
        [{"role": "user", "content": "no assistant"}],
    ]
    rewards = reward(
        prompts=["p"] * 3,
        completions=completions,
        completion_ids=[[1]] * 3,
        reference=["Good morning!"] * 3,
    )
    assert rewards == [
        sacrebleu.sentence_chrf("Good morning!", ["Good morning!"]).score / 100,
        None,
        None,
    ]


def test_options_reach_the_metric() -> None:
    reward = reward_function("chrf", reference_column="ref", lowercase=True)
    rewards = reward(
        prompts=["p"], completions=["GOOD Morning"], completion_ids=[[1]], ref=["good morning"]
    )
    chrf = sacrebleu.metrics.CHRF(lowercase=True)
    assert rewards == [chrf.sentence_score("GOOD Morning", ["good morning"]).score / 100]


def test_errors() -> None:
    reward = reward_function("bleu", reference_column="target")
    with pytest.raises(InputError, match="reference column 'target' not in the dataset's columns"):
        reward(prompts=["p"], completions=["c"], completion_ids=[[1]], reference=["r"])
    with pytest.raises(InputError, match="1 prompts, 2 completions and 1 values"):
        reward(prompts=["p"], completions=["c", "d"], completion_ids=[[1]], target=["r"])
    with pytest.raises(InputError, match=r"target\[0\]: expected a reference string"):
        reward(prompts=["p"], completions=["c"], completion_ids=[[1]], target=[[1, 2]])
    with pytest.raises(OptionError, match="NIST scores are not percentages"):
        reward_function("nist")
    with pytest.raises(OptionError, match="unknown metric 'nope'"):
        reward_function("nope")
    with pytest.raises(OptionError, match="CHRF has no option 'no_such_option'"):
        reward_function("chrf", no_such_option=1)
