"""The HTTP application of ``parbleu serve``, on aiohttp (the ``serve`` extra).

aiohttp (aio-libs) is an asyncio HTTP server with its own client, one maintained package
with a handful of small dependencies: handlers are coroutines, request bodies are bounded
(``client_max_size``, else 413), a client that disconnects does not cancel the handler that
serves it (the default since aiohttp 3.9), and ``web.run_app`` stops on SIGINT or SIGTERM
by refusing new connections and waiting for the requests in flight (``shutdown_timeout``).

Scoring is CPU work: each request is checked on the event loop (`parbleu.serve.requests`)
and scored in a pool of worker threads, so ``/health`` answers while batches are scored. A
body that cannot be scored is answered 400 with ``{"error": message}``; an unexpected
failure 500 with the exception's type; the server never stops because of a request.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from parbleu.errors import MissingDependencyError, ParbleuError
from parbleu.metrics.registry import builtin_entries
from parbleu.serve.datasets import Datasets
from parbleu.serve.requests import BadRequestError, openrlhf_request, score_request, verl_request
from parbleu.serve.scoring import (
    check_metric,
    openrlhf_rewards,
    rewards,
    scores,
    verl_scores,
)

__all__ = ["ServeConfig", "aiohttp_web", "build_app"]

LOG = logging.getLogger("parbleu.serve")


@dataclass(frozen=True)
class ServeConfig:
    """How the server runs: address, default metric, worker threads, limits."""

    host: str = "127.0.0.1"
    port: int = 8000
    metric: str = "chrf"
    options: dict[str, Any] = field(default_factory=dict)
    threads: int = 2
    max_body_bytes: int = 64 * 2**20
    shutdown_timeout: float = 30.0
    end_markers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_metric(self.metric, self.options)


def aiohttp_web() -> ModuleType:
    """``aiohttp.web``, or an error naming the extra that installs it."""
    try:
        return importlib.import_module("aiohttp.web")
    except ImportError:
        raise MissingDependencyError(
            "parbleu serve needs aiohttp: pip install 'parbleu[serve]'"
        ) from None


@dataclass
class _Load:
    """Requests being scored now (shown by /health)."""

    in_flight: int = 0
    served: int = 0


def _dumps(value: object) -> str:
    return json.dumps(value, allow_nan=False, ensure_ascii=False)


def build_app(config: ServeConfig, datasets: Datasets) -> Any:
    """The aiohttp application: the routes, the error middleware and the worker threads."""
    web = aiohttp_web()
    pool = ThreadPoolExecutor(config.threads, thread_name_prefix="parbleu-serve")
    load = _Load()

    @web.middleware  # type: ignore[untyped-decorator]  # aiohttp.web is loaded lazily
    async def answer_errors(request: Any, handler: Callable[[Any], Any]) -> Any:
        try:
            return await handler(request)
        except web.HTTPException:
            raise
        except ParbleuError as error:
            return web.json_response({"error": str(error)}, status=400, dumps=_dumps)
        except Exception as error:
            LOG.exception("request to %s failed", request.path)
            message = f"internal error ({type(error).__name__})"
            return web.json_response({"error": message}, status=500, dumps=_dumps)

    async def body(request: Any) -> object:
        try:
            raw = await request.read()
        except ConnectionError:  # the client left mid-body: nothing to score, nobody to tell
            raise BadRequestError("the connection closed before the body was complete") from None
        try:
            return json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise BadRequestError(f"the body is not JSON: {error}") from None

    async def scored(compute: Callable[[], dict[str, Any]]) -> Any:
        load.in_flight += 1
        try:
            result = await asyncio.get_running_loop().run_in_executor(pool, compute)
        finally:
            load.in_flight -= 1
            load.served += 1
        return web.json_response(result, dumps=_dumps)

    async def score_handler(request: Any) -> Any:
        parsed = score_request(await body(request), "hypotheses", config.metric)
        return await scored(lambda: scores(parsed, datasets))

    async def reward_handler(request: Any) -> Any:
        parsed = score_request(await body(request), "completions", config.metric)
        return await scored(lambda: rewards(parsed, datasets))

    async def openrlhf_handler(request: Any) -> Any:
        parsed = openrlhf_request(await body(request))
        return await scored(
            lambda: openrlhf_rewards(parsed, config.metric, config.options, config.end_markers)
        )

    async def verl_handler(request: Any) -> Any:
        parsed = verl_request(await body(request))
        return await scored(lambda: verl_scores(parsed, config.metric, config.options))

    async def health(_: Any) -> Any:
        status = {
            "status": "ok",
            "metric": config.metric,
            "metrics": [name for entry in builtin_entries() for name in entry.names],
            "datasets": datasets.sizes(),
            "in_flight": load.in_flight,
            "served": load.served,
        }
        return web.json_response(status, dumps=_dumps)

    async def close_pool(_: Any) -> None:
        pool.shutdown(wait=True)

    app = web.Application(middlewares=[answer_errors], client_max_size=config.max_body_bytes)
    app.router.add_get("/health", health)
    app.router.add_post("/v1/score", score_handler)
    app.router.add_post("/v1/reward", reward_handler)
    app.router.add_post("/openrlhf", openrlhf_handler)
    app.router.add_post("/get_reward", openrlhf_handler)
    app.router.add_post("/verl", verl_handler)
    app.on_cleanup.append(close_pool)
    return app
