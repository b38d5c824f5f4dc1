"""Work over items in forked processes that share what the parent has already prepared.

A process pool pickles its function and arguments to every worker; references prepared
for BLEU (hash tables of every reference n-gram, about 10 MB for WMT17's 3,004 segments)
would be pickled again for every task. A forked child instead starts as a copy of the
parent, prepared references included, for free: `map_forked` forks up to `jobs` children
after the parent has prepared everything, gives each every ``jobs``-th item, and collects
the results (pickled back, small) in the order of the items.

A child's exception comes back to the parent and is raised there, the first in the order
of the items, as if the items had been done one after another. Children die with the
parent (`parbleu.scaling.workers`). Where ``fork`` does not exist (Windows), or for one job
or one item, the items are done in this process.
"""

from __future__ import annotations

import multiprocessing
import os
import pickle
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from parbleu.errors import InputError
from parbleu.scaling.workers import die_with_parent

__all__ = ["map_forked"]

T = TypeVar("T")
R = TypeVar("R")


def map_forked(function: Callable[[T], R], items: Sequence[T], jobs: int) -> list[R]:
    """``[function(item) for item in items]``, in up to `jobs` forked children.

    `function` may refer to anything the parent holds (it is not pickled); its results and
    exceptions must pickle.

    Raises:
        Whatever `function` raised for the first item that failed.
        InputError: a child died without answering (killed, out of memory).
    """
    workers = min(jobs, len(items))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return [function(item) for item in items]
    context = multiprocessing.get_context("fork")
    pipes = []
    children = []
    for worker in range(workers):
        receiver, sender = context.Pipe(duplex=False)
        share = list(range(worker, len(items), workers))
        child = context.Process(
            target=_child, args=(function, items, share, sender, os.getpid()), daemon=True
        )
        child.start()
        sender.close()
        pipes.append(receiver)
        children.append(child)
    outcomes: dict[int, tuple[bool, Any]] = {}
    try:
        for worker, receiver in enumerate(pipes):
            outcomes.update(_receive(receiver, worker, children[worker].pid))
    finally:
        for child in children:
            child.join()
    return [_unwrap(outcomes[index]) for index in range(len(items))]


def _child(
    function: Callable[[Any], Any],
    items: Sequence[Any],
    share: list[int],
    sender: Connection,
    parent: int,
) -> None:
    """A child: do its share of the items and send back each result or exception."""
    die_with_parent(parent)
    sender.send({index: _outcome(function, items[index]) for index in share})
    sender.close()


def _outcome(function: Callable[[Any], Any], item: Any) -> tuple[bool, Any]:
    """``(True, result)``, or ``(False, exception)`` if `function` raised one."""
    try:
        return True, function(item)
    except Exception as exc:  # sent to the parent, raised there
        return False, _picklable(exc)


def _picklable(exc: Exception) -> Exception:
    """The exception, or one that says the same if it cannot be pickled."""
    try:
        pickle.dumps(exc)
    except Exception:
        return InputError(f"{type(exc).__name__}: {exc}")
    return exc


def _receive(receiver: Connection, worker: int, pid: int | None) -> dict[int, tuple[bool, Any]]:
    try:
        outcomes: dict[int, tuple[bool, Any]] = receiver.recv()
    except EOFError:
        raise InputError(
            f"worker process {worker + 1} (pid {pid}) ended without its results "
            "(killed, or out of memory?)"
        ) from None
    finally:
        receiver.close()
    return outcomes


def _unwrap(outcome: tuple[bool, Any]) -> Any:
    succeeded, value = outcome
    if not succeeded:
        raise value
    return value
