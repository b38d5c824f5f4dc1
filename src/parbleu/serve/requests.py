"""The request bodies ``parbleu serve`` accepts, checked into frozen values once.

Every endpoint's JSON body becomes one of these dataclasses before any scoring; anything
else is a `BadRequestError` (HTTP 400) whose message names the field and what was expected.
References come inline (per item: a string or a list of strings) or from a dataset the
server preloaded, by ``"dataset"`` and the segment ``"ids"``.

* ``POST /v1/score``: ``{"metric", "options"?, "hypotheses", "references" | "dataset" + "ids",
  "corpus"?}``;
* ``POST /v1/reward``: ``{"metric"?, "options"?, "completions", "references" | "dataset" +
  "ids"}``;
* ``POST /openrlhf`` (and ``/get_reward``, OpenRLHF's own path): ``{"query", "prompts",
  "labels"}`` (`parbleu.rewards.openrlhf`);
* ``POST /verl``: ``{"data_sources", "solution_strs", "ground_truths", "extra_infos"?}``
  (`parbleu.rewards.verl`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parbleu.errors import InputError

__all__ = [
    "BadRequestError",
    "OpenRlhfRequest",
    "ScoreRequest",
    "VerlRequest",
    "openrlhf_request",
    "score_request",
    "verl_request",
]


class BadRequestError(InputError):
    """A request body that cannot be scored (answered with HTTP 400 and this message)."""


@dataclass(frozen=True)
class ScoreRequest:
    """Texts to score against their references, with a metric and its options."""

    metric: str
    options: Mapping[str, Any]
    texts: tuple[str, ...]
    references: tuple[object, ...] | None
    dataset: str | None
    ids: tuple[int, ...]
    corpus: bool = False


@dataclass(frozen=True)
class OpenRlhfRequest:
    """OpenRLHF's remote reward-model request."""

    queries: tuple[str, ...]
    prompts: tuple[str, ...]
    labels: tuple[object, ...]


@dataclass(frozen=True)
class VerlRequest:
    """verl's batch ``compute_score`` arguments."""

    data_sources: tuple[object, ...]
    solution_strs: tuple[str, ...]
    ground_truths: tuple[object, ...]


def _object(body: object) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise BadRequestError(f"the body must be a JSON object; got {type(body).__name__}")
    return body


def _strings(body: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = body.get(key)
    if not isinstance(value, list):
        raise BadRequestError(f"{key!r} must be a list of strings; got {type(value).__name__}")
    for index, item in enumerate(value):
        if not isinstance(item, str):
            raise BadRequestError(f"{key}[{index}] must be a string; got {type(item).__name__}")
    return tuple(value)


def _list(body: Mapping[str, Any], key: str, length: int) -> tuple[object, ...]:
    value = body.get(key)
    if not isinstance(value, list) or len(value) != length:
        got = f"{len(value)} items" if isinstance(value, list) else type(value).__name__
        raise BadRequestError(f"{key!r} must be a list of {length} items (one per text); got {got}")
    return tuple(value)


def score_request(body: object, texts_key: str, default_metric: str) -> ScoreRequest:
    """A ``/v1/score`` (``texts_key="hypotheses"``) or ``/v1/reward`` (``"completions"``) body."""
    fields = _object(body)
    texts = _strings(fields, texts_key)
    metric = fields.get("metric", default_metric)
    options = fields.get("options", {})
    if not isinstance(metric, str):
        raise BadRequestError(f"'metric' must be a string; got {type(metric).__name__}")
    if not isinstance(options, Mapping):
        raise BadRequestError(f"'options' must be an object; got {type(options).__name__}")
    corpus = fields.get("corpus", False)
    if not isinstance(corpus, bool):
        raise BadRequestError(f"'corpus' must be true or false; got {corpus!r}")
    if "dataset" in fields:
        dataset, ids = fields["dataset"], fields.get("ids")
        if not isinstance(dataset, str):
            raise BadRequestError(f"'dataset' must be a dataset name; got {dataset!r:.40}")
        if not isinstance(ids, list) or len(ids) != len(texts):
            raise BadRequestError(f"'ids' must be {len(texts)} integers (one per text)")
        for index, segment in enumerate(ids):
            if type(segment) is not int:
                raise BadRequestError(f"ids[{index}] must be an integer; got {segment!r:.40}")
        return ScoreRequest(metric, dict(options), texts, None, dataset, tuple(ids), corpus)
    refs = _list(fields, "references", len(texts))
    return ScoreRequest(metric, dict(options), texts, refs, None, (), corpus)


def openrlhf_request(body: object) -> OpenRlhfRequest:
    """An OpenRLHF remote reward-model body."""
    fields = _object(body)
    queries = _strings(fields, "query")
    prompts = _strings(fields, "prompts")
    if len(prompts) != len(queries):
        raise BadRequestError(f"{len(queries)} queries but {len(prompts)} prompts")
    return OpenRlhfRequest(queries, prompts, _list(fields, "labels", len(queries)))


def verl_request(body: object) -> VerlRequest:
    """A verl batch ``compute_score`` body."""
    fields = _object(body)
    solutions = _strings(fields, "solution_strs")
    sources: Sequence[object] = fields.get("data_sources", [None] * len(solutions))
    if not isinstance(sources, list) or len(sources) != len(solutions):
        raise BadRequestError(f"'data_sources' must be a list of {len(solutions)} items")
    return VerlRequest(tuple(sources), solutions, _list(fields, "ground_truths", len(solutions)))
