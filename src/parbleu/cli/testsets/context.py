"""Where the command line's test sets come from: cache, fetch settings, registry.

Built once per command from the `TestSetRequest` and the environment it carries (taken when
the request was made), the only place the command reads ``SACREBLEU``, ``PARBLEU_MIRROR``
and ``PARBLEU_OFFLINE`` (`parbleu.testsets.cache_from_environment`,
`parbleu.testsets.settings_from_environment`).
Downloads show a progress line on a terminal (`parbleu.cli.progress.Progress`: never in a
pipe, never with ``-q`` unless ``--progress``) and one line per file started on standard
error unless ``-q``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TextIO

from parbleu.cli.progress import Progress
from parbleu.cli.testsets.options import TestSetRequest
from parbleu.testsets.cache import SacrebleuCache, cache_from_environment
from parbleu.testsets.entries import KnownTestSet
from parbleu.testsets.registry import TEST_SETS
from parbleu.testsets.settings import FetchSettings, settings_from_environment

__all__ = ["TestSetContext", "test_set_context"]


@dataclass(frozen=True)
class TestSetContext:
    """The cache, the fetch settings and the registry one command uses."""

    __test__ = False  # not a pytest test class

    cache: SacrebleuCache
    settings: FetchSettings
    registry: Mapping[str, KnownTestSet]
    progress: Progress


def _megabytes(count: int) -> str:
    return f"{count / 1e6:.1f} MB"


def test_set_context(request: TestSetRequest, stderr: TextIO | None) -> TestSetContext:
    """The context of `request` in its environment, downloads reported on `stderr` (None: not).

    Raises:
        OptionError: a bad ``--mirror``, ``$PARBLEU_MIRROR`` or ``$PARBLEU_OFFLINE``.
    """
    progress = (
        Progress.off()
        if stderr is None
        else Progress.for_command(request.progress, stderr, quiet=request.quiet)
    )

    def show(what: str, received: int, total: int | None) -> None:
        share = f" of {_megabytes(total)} ({100 * received // total}%)" if total else ""
        progress.step(f"{what}: {_megabytes(received)}{share}")

    def log(message: str) -> None:
        if not request.quiet and stderr is not None:
            progress.done()
            print(f"parbleu: {message}", file=stderr)

    environ = request.environ
    settings = settings_from_environment(
        environ,
        mirror=request.mirror,
        offline=request.offline,
        allow_unpinned_models=request.allow_unpinned_model or None,
    )
    return TestSetContext(
        cache=cache_from_environment(environ, request.cache_dir),
        settings=replace(settings, progress=show if progress.active else None, log=log),
        registry=TEST_SETS,
        progress=progress,
    )


test_set_context.__test__ = False  # type: ignore[attr-defined]  # not a pytest test
