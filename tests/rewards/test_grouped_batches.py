"""GRPO-sized batches on real text: 64 completions, 8 per prompt sharing its references.

A batch larger than a metric's ``small_input_limit`` takes the one-pass path (the references
given as parallel streams to ``sentence_scores``); the rewards must still be sacreBLEU
2.6.0's sentence scores (``sentence_bleu``, ``sentence_chrf``, ``sentence_ter``) scaled as
documented, bit for bit, in every trainer shape. Data: WMT21 en-de, 8 systems' translations
of 8 segments; every other prompt has two references (A and C), one has none.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest
import sacrebleu

from parbleu.rewards import reward_function
from parbleu.rewards.openrlhf import make_reward_func
from parbleu.rewards.verl import compute_score_batch
from tests.wmt import WmtData

pytestmark = pytest.mark.shared_data

GROUP = 8


@pytest.fixture(scope="module")
def grouped(shared_data: WmtData) -> tuple[list[str], list[str], list[Any]]:
    """Prompts, completions and references, 8 completions per prompt."""
    pair = shared_data.pair("en-de")
    ref_a, ref_c = pair.reference("A"), pair.reference("C")
    systems = [pair.system(name) for name in pair.system_names[:GROUP]]
    prompts, completions, references = [], [], []
    for number, segment in enumerate(range(100, 100 + GROUP)):
        refs: Any = [ref_a[segment], ref_c[segment]] if number % 2 else ref_a[segment]
        if number == 5:
            refs = None
        for system in systems:
            prompts.append(f"Translate: {segment}")
            completions.append(system[segment])
            references.append(refs)
    return prompts, completions, references


def oracle(metric: str, completions: list[str], references: list[Any]) -> list[float | None]:
    out: list[float | None] = []
    for completion, given in zip(completions, references, strict=True):
        if given is None:
            out.append(None)
            continue
        refs = [given] if isinstance(given, str) else given
        if metric == "bleu":
            out.append(min(1.0, sacrebleu.sentence_bleu(completion, refs).score / 100))
        elif metric == "ter":
            out.append(max(0.0, 1 - sacrebleu.sentence_ter(completion, refs).score / 100))
        else:
            order = 2 if metric == "chrf++" else 0
            out.append(sacrebleu.sentence_chrf(completion, refs, word_order=order).score / 100)
    return out


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_every_shape_equals_sacrebleu(
    grouped: tuple[list[str], list[str], list[Any]], metric: str
) -> None:
    prompts, completions, references = grouped
    expected = oracle(metric, completions, references)
    reward = pickle.loads(pickle.dumps(reward_function(metric)))
    assert reward(prompts=prompts, completions=completions, reference=references) == expected
    zeroed = [0.0 if value is None else value for value in expected]
    sources = ["wmt21"] * len(prompts)
    assert compute_score_batch(sources, completions, references, metric=metric) == zeroed
    queries = [p + c for p, c in zip(prompts, completions, strict=True)]
    openrlhf = make_reward_func(metric)(queries, prompts, references)
    assert openrlhf["rewards"] == zeroed


@pytest.mark.parametrize("metric", ["bleu", "chrf", "chrf++", "ter"])
def test_plain_batch_equals_sacrebleu(
    grouped: tuple[list[str], list[str], list[Any]], metric: str
) -> None:
    """Every completion a string with one reference string (the path without per-item
    checks), an empty completion among them: sacreBLEU's sentence scores, scaled."""
    prompts, completions, references = grouped
    plain = [refs if isinstance(refs, str) else "Ein Satz." for refs in references]
    completions = ["", *completions[1:]]
    expected = oracle(metric, completions, plain)
    reward = reward_function(metric)
    assert reward(prompts=prompts, completions=completions, reference=plain) == expected
