"""``parbleu serve``: the reward and scoring server (`parbleu.serve`, the ``serve`` extra).

    parbleu serve --port 8000 --metric chrf --dataset wmt17=ref.de.txt
    parbleu serve --metric bleu --option tokenize=intl --end-marker '<|im_end|>'

The namespace is read once into a frozen `ServeRequest`; the server runs until SIGINT or
SIGTERM, then finishes the requests in flight (``--shutdown-timeout``) and exits 0.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from parbleu.cli.metric_option import metric_option
from parbleu.cli.options import integer, number
from parbleu.cli.parser import CommandParser
from parbleu.errors import ParbleuError

__all__ = ["ServeRequest", "build_serve_parser", "run_serve", "serve_request"]


@dataclass(frozen=True)
class ServeRequest:
    """Everything ``parbleu serve`` was asked, converted once."""

    host: str
    port: int
    metric: str
    options: dict[str, Any]
    datasets: tuple[tuple[str, tuple[str, ...]], ...]
    threads: int
    max_body_bytes: int
    shutdown_timeout: float
    end_markers: tuple[str, ...]


def build_serve_parser() -> argparse.ArgumentParser:
    """Options of ``parbleu serve``."""
    parser = CommandParser(
        prog="parbleu serve",
        description="Serve sentence scores and rewards over HTTP (needs the serve extra: "
        "pip install 'parbleu[serve]'). See docs/training.md.",
        allow_abbrev=False,
    )
    add = parser.add_argument
    add("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    add("--port", type=integer(minimum=0, maximum=65535), default=8000, help="port (8000)")
    add("--metric", default="chrf", help="default metric: bleu, chrf, chrf++, ter (chrf)")
    add(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a metric option, the value as JSON (tokenize=intl, word_order=2); repeatable",
    )
    add(
        "--dataset",
        action="append",
        default=[],
        metavar="NAME=FILE[,FILE...]",
        help="references to preload, one per line (a file per reference); repeatable",
    )
    add("--threads", type=integer(minimum=1), default=2, help="scoring threads (2)")
    add("--max-body-mb", type=integer(minimum=1), default=64, help="largest request (64 MB)")
    add("--shutdown-timeout", type=number(minimum=0), default=30.0, help="seconds (30)")
    add("--end-marker", action="append", default=[], help="cut OpenRLHF responses here")
    return parser


def serve_request(args: argparse.Namespace) -> ServeRequest:
    """The namespace as a `ServeRequest` (the only place that reads it)."""
    from parbleu.serve.datasets import parse_dataset_option  # noqa: PLC0415

    return ServeRequest(
        host=args.host,
        port=args.port,
        metric=args.metric,
        options=dict(metric_option(o) for o in args.option),
        datasets=tuple(parse_dataset_option(d) for d in args.dataset),
        threads=args.threads,
        max_body_bytes=args.max_body_mb * 2**20,
        shutdown_timeout=args.shutdown_timeout,
        end_markers=tuple(args.end_marker),
    )


def run_serve(argv: Sequence[str], stdout: TextIO, stderr: TextIO) -> int:
    """Run ``parbleu serve`` until it is stopped; returns the exit code."""
    args = build_serve_parser().parse_args(list(argv))
    try:
        request = serve_request(args)
        from parbleu.serve.app import ServeConfig, aiohttp_web, build_app  # noqa: PLC0415
        from parbleu.serve.datasets import load_datasets  # noqa: PLC0415

        web = aiohttp_web()
        config = ServeConfig(
            host=request.host,
            port=request.port,
            metric=request.metric,
            options=request.options,
            threads=request.threads,
            max_body_bytes=request.max_body_bytes,
            shutdown_timeout=request.shutdown_timeout,
            end_markers=request.end_markers,
        )
        app = build_app(config, load_datasets(request.datasets))
    except ParbleuError as error:
        print(f"parbleu serve: error: {error}", file=stderr)
        return error.exit_code

    def announce(line: str) -> None:
        print(f"parbleu serve: {line.strip()}", file=stdout, flush=True)

    try:
        web.run_app(
            app,
            host=request.host,
            port=request.port,
            shutdown_timeout=request.shutdown_timeout,
            print=announce,
            access_log=None,
        )
    except OSError as error:
        print(
            f"parbleu serve: error: cannot listen on {request.host}:{request.port}: "
            f"{error.strerror}",
            file=stderr,
        )
        return 1
    return 0
