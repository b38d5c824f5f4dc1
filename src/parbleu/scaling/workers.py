"""Worker processes: how many, and running a function over items in them.

The number of processes is decided here, at the edge of the library: ``-1`` or None mean one
per CPU core. Work is never spread over more processes than it has items.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TypeVar

from parbleu.errors import OptionError

__all__ = ["map_in_processes", "resolve_jobs"]

T = TypeVar("T")
R = TypeVar("R")


def resolve_jobs(jobs: int | None, option: str = "jobs") -> int:
    """A positive number of processes: `jobs`, or one per CPU core for -1 or None.

    Raises:
        OptionError: `jobs` is not a positive integer, -1 or None.
    """
    if jobs is None or (isinstance(jobs, int) and not isinstance(jobs, bool) and jobs == -1):
        return os.cpu_count() or 1
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise OptionError(f"{option} must be a positive integer, -1 or None; got {jobs!r}")
    return jobs


def map_in_processes(function: Callable[[T], R], items: Sequence[T], jobs: int) -> list[R]:
    """``[function(item) for item in items]``, in up to `jobs` worker processes, in order.

    `function` and the items are pickled to the workers.
    """
    workers = min(jobs, len(items))
    if workers <= 1:
        return [function(item) for item in items]
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 (only when needed)

    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(function, items))
