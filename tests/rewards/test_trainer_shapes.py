"""Rewards in TRL's async, verl's and OpenRLHF's shapes, and every reward in a spawn worker.

Oracle: sacreBLEU 2.6.0's sentence scores scaled by hand (BLEU and chrF / 100, TER as
``1 - TER / 100``, clipped); the callers restate how each trainer calls its reward (TRL's
``_invoke_async`` with ``asyncio.gather``, verl's keyword call, OpenRLHF's
``reward_func(queries, prompts, labels)`` on decoded prompt+response texts).
"""

from __future__ import annotations

import asyncio
import inspect
import multiprocessing
import pickle
from collections.abc import Callable
from typing import Any

import pytest
import sacrebleu

from parbleu.errors import InputError, OptionError
from parbleu.rewards import async_reward_function, openrlhf, reward_function, verl

PROMPTS = ["Translate: Das Haus ist klein.", "Translate: Der Hund bellt.", "Translate: Ja."]
COMPLETIONS = ["The house is small.", "A dog is barking loudly.", "Yes."]
REFERENCES = ["The house is small.", ["The dog barks.", "The dog is barking."], "Yes!"]


def expected(metric: str) -> list[float]:
    rewards = []
    for hyp, given in zip(COMPLETIONS, REFERENCES, strict=True):
        refs = [given] if isinstance(given, str) else given
        if metric == "bleu":
            score = sacrebleu.sentence_bleu(hyp, refs).score
        elif metric == "ter":
            score = 100.0 - sacrebleu.sentence_ter(hyp, refs).score
        else:
            score = sacrebleu.sentence_chrf(
                hyp, refs, word_order=2 if metric == "chrf++" else 0
            ).score
        rewards.append(min(max(score / 100.0, 0.0), 1.0))
    return rewards


def trl_kwargs() -> dict[str, Any]:
    return {
        "prompts": PROMPTS,
        "completions": COMPLETIONS,
        "completion_ids": [[1]] * 3,
        "reference": REFERENCES,
        "trainer_state": None,
        "log_extra": None,
        "log_metric": None,
    }


async def trl_gather(functions: list[Callable[..., Any]]) -> list[list[float | None]]:
    """TRL's ``_run_async_funcs``: every async reward awaited together."""
    return list(await asyncio.gather(*(f(**trl_kwargs()) for f in functions)))


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_async_rewards_run_concurrently_as_trl_calls_them(metric: str) -> None:
    reward = async_reward_function(metric)
    assert inspect.iscoroutinefunction(reward)  # how TRL tells async rewards apart
    first, second = asyncio.run(trl_gather([reward, async_reward_function("chrf")]))
    assert first == pytest.approx(expected(metric), abs=1e-12)
    assert second == pytest.approx(expected("chrf"), abs=1e-12)


def test_verl_compute_score_per_sample_and_batch() -> None:
    for metric in ("bleu", "chrf", "ter"):
        single = [
            verl.compute_score(
                data_source="wmt", solution_str=h, ground_truth=r, extra_info={}, metric=metric
            )
            for h, r in zip(COMPLETIONS, REFERENCES, strict=True)
        ]
        batch = verl.compute_score_batch(
            data_sources=["wmt"] * 3,
            solution_strs=COMPLETIONS,
            ground_truths=REFERENCES,
            extra_infos=[{}] * 3,
            metric=metric,
        )
        assert single == batch == pytest.approx(expected(metric), abs=1e-12)
    assert verl.compute_score("wmt", "text", None) == 0.0
    with pytest.raises(InputError, match="solution_strs\\[0\\]"):
        verl.compute_score_batch(["x"], [3], ["a"])  # type: ignore[list-item]


def test_openrlhf_reward_func_reads_the_response_after_the_prompt() -> None:
    queries = [p + c + "<|im_end|>" for p, c in zip(PROMPTS, COMPLETIONS, strict=True)]
    reward = openrlhf.make_reward_func("chrf", end_markers=["<|im_end|>"])
    result = reward(queries, PROMPTS, REFERENCES)
    assert result["rewards"] == result["scores"] == pytest.approx(expected("chrf"), abs=1e-12)
    assert result["extra_logs"]["chrf"] == pytest.approx(sum(expected("chrf")) / 3)
    plain = openrlhf.reward_func(
        [p + c for p, c in zip(PROMPTS, COMPLETIONS, strict=True)], PROMPTS, REFERENCES
    )
    assert plain["rewards"] == result["rewards"]
    assert openrlhf.response_text("other text", "prompt") == "other text"
    with pytest.raises(InputError, match="2 queries, 1 prompts"):
        reward(["a", "b"], ["a"], ["a", "b"])
    with pytest.raises(OptionError):
        openrlhf.make_reward_func("nist")


def _call(payload: bytes) -> Any:
    """In the spawned worker: unpickle a reward and its shape's arguments, and call it."""
    reward, shape = pickle.loads(payload)
    if shape == "trl-async":
        return asyncio.run(reward(**trl_kwargs()))
    if shape == "trl":
        return reward(**trl_kwargs())
    if shape == "verl":
        return [
            reward(data_source="d", solution_str=c, ground_truth=r)
            for c, r in zip(COMPLETIONS, REFERENCES, strict=True)
        ]
    queries = [p + c for p, c in zip(PROMPTS, COMPLETIONS, strict=True)]
    return reward(queries, PROMPTS, REFERENCES)["rewards"]


def test_every_reward_pickles_and_runs_in_a_spawn_worker() -> None:
    rewards = []
    for metric in ("bleu", "chrf", "chrf++", "ter"):
        rewards += [
            (reward_function(metric), "trl"),
            (async_reward_function(metric), "trl-async"),
            (openrlhf.make_reward_func(metric), "openrlhf"),
            (verl.compute_score, "verl"),
        ]
    payloads = [pickle.dumps(item) for item in rewards]
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        results = pool.map(_call, payloads, chunksize=len(payloads))
    for (reward, shape), got in zip(rewards, results, strict=True):
        metric = (
            "chrf" if shape == "verl" else getattr(reward, "metric", None) or reward.args[0].metric
        )
        assert got == pytest.approx(expected(metric), abs=1e-12), (shape, metric)
