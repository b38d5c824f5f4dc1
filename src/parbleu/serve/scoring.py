"""What each endpoint of ``parbleu serve`` computes: checked requests in, JSON-ready values out.

Nothing here knows HTTP: `parbleu.serve.app` parses bodies into `parbleu.serve.requests`
values, runs these functions in worker threads and writes their results. Metric names and
defaults are `parbleu.rewards.scores`'s (sentence scores: BLEU with effective order).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from parbleu.rewards.openrlhf import OpenRlhfReward
from parbleu.rewards.scores import make_metric, reference_list
from parbleu.rewards.values import reward_values
from parbleu.rewards.verl import compute_score_batch
from parbleu.serve.datasets import Datasets
from parbleu.serve.requests import OpenRlhfRequest, ScoreRequest, VerlRequest

__all__ = ["openrlhf_rewards", "request_references", "rewards", "scores", "verl_scores"]


def request_references(request: ScoreRequest, datasets: Datasets) -> Sequence[object]:
    """The references of a request: inline, or looked up in a preloaded dataset."""
    if request.dataset is not None:
        return datasets.lookup(request.dataset, request.ids)
    return request.references or ()


def scores(request: ScoreRequest, datasets: Datasets) -> dict[str, Any]:
    """``/v1/score``: every text's sentence score (and the corpus score if asked)."""
    metric = make_metric(request.metric, dict(request.options))
    given = request_references(request, datasets)
    refs = [reference_list(r, f"references[{i}]") for i, r in enumerate(given)]
    sentence = metric.sentence_scores(list(request.texts), segment_refs=refs)
    result: dict[str, Any] = {"metric": request.metric, "scores": sentence.tolist()}
    if request.corpus:
        corpus = metric.corpus_score(list(request.texts), segment_refs=refs)
        result["corpus"] = {"score": float(corpus.score), "signature": str(corpus.signature)}
    return result


def rewards(request: ScoreRequest, datasets: Datasets) -> dict[str, Any]:
    """``/v1/reward``: rewards in [0, 1], null where undefined (`parbleu.rewards.values`)."""
    refs = request_references(request, datasets)
    values = reward_values(request.metric, request.options, list(request.texts), refs)
    return {"metric": request.metric, "rewards": values}


def openrlhf_rewards(
    request: OpenRlhfRequest, metric: str, options: Mapping[str, Any], end_markers: Sequence[str]
) -> dict[str, Any]:
    """OpenRLHF's remote reward model: ``{"rewards", "scores", "extra_logs"}``."""
    reward = OpenRlhfReward(metric, tuple(end_markers), dict(options))
    result: dict[str, Any] = reward(request.queries, request.prompts, request.labels)
    return result


def verl_scores(request: VerlRequest, metric: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The batch ``compute_score`` of verl: ``{"scores": [...]}``."""
    values = compute_score_batch(
        request.data_sources,
        request.solution_strs,
        request.ground_truths,
        metric=metric,
        **dict(options),
    )
    return {"scores": values}


def check_metric(metric: str, options: Mapping[str, Any]) -> None:
    """Refuse an unknown metric or option when the server starts."""
    make_metric(metric, dict(options))
