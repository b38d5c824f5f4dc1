"""Worker processes: how many, how they are started, and running a function over items.

The number of processes is decided here, at the edge of the library: ``-1`` or None mean one
per CPU core. Work is never spread over more processes than it has items, and every worker
dies with the process that started it: on Linux the kernel sends it SIGTERM when its parent
ends, however the parent ends (SIGTERM, SIGKILL, a crash), so no worker is ever orphaned.

A module of the bottom layer (beside `errors` and `arrays`): metrics that spread their own
work (TER) and `parbleu.scaling` both use it, and nothing here knows either.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from parbleu.errors import OptionError

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = [
    "available_cores",
    "die_with_parent",
    "map_in_processes",
    "process_pool",
    "resolve_jobs",
]

T = TypeVar("T")
R = TypeVar("R")


#: cgroup v2's CPU limit of this process's container: ``QUOTA PERIOD`` or ``max PERIOD``.
_CPU_MAX = "/sys/fs/cgroup/cpu.max"


def available_cores() -> int:
    """The CPU cores this process may use: its CPU affinity, capped by a container's quota.

    ``os.cpu_count()`` counts the machine's cores; a process pinned to fewer cores (taskset)
    or in a container given fewer CPUs (``docker --cpus``, Kubernetes limits) would be
    oversubscribed by that many workers.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None
    cores = cores or os.cpu_count() or 1
    try:
        with open(_CPU_MAX, encoding="ascii") as limit:  # noqa: PTH123 (pathlib: 2 ms to import)
            quota, period = limit.read().split()[:2]
        if quota != "max":
            cores = min(cores, max(1, -(-int(quota) // int(period))))
    except (OSError, ValueError):
        pass  # no cgroup v2 limit readable here
    return cores


def resolve_jobs(jobs: int | None, option: str = "jobs") -> int:
    """A positive number of processes: `jobs`, or one per available core for -1 or None.

    Raises:
        OptionError: `jobs` is not a positive integer, -1 or None.
    """
    if jobs is None or (isinstance(jobs, int) and not isinstance(jobs, bool) and jobs == -1):
        return available_cores()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise OptionError(f"{option} must be a positive integer, -1 or None; got {jobs!r}")
    return jobs


#: prctl(2)'s option that sets the signal a process gets when its parent dies.
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """In a worker: end this process when `parent`, the process that started it, ends."""
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: PLC0415 (in the worker only)

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A pool of `workers` processes that die with this process."""
    from concurrent.futures import ProcessPoolExecutor  # noqa: PLC0415 (only when needed)

    return ProcessPoolExecutor(
        max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),)
    )


def map_in_processes(function: Callable[[T], R], items: Sequence[T], jobs: int) -> list[R]:
    """``[function(item) for item in items]``, in up to `jobs` worker processes, in order.

    `function` and the items are pickled to the workers.
    """
    workers = min(jobs, len(items))
    if workers <= 1:
        return [function(item) for item in items]
    with process_pool(workers) as pool:
        return list(pool.map(function, items))
