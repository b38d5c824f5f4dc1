"""Work over items in forked processes that share what the parent already holds.

A process pool pickles its function and arguments to every worker; references prepared
for BLEU (hash tables of every reference n-gram, about 10 MB for WMT17's 3,004 segments)
would be pickled again for every task. A forked child instead starts as a copy of the
parent, for free. `map_forked` forks ``jobs - 1`` children and works as the first worker
itself; each worker first builds its own function (``make_function()``, where references
are prepared), then does every ``jobs``-th item, and the children's results come back
pickled (small), in the order of the items.

Building the function in every worker, not once before forking, takes the preparation off
the path that only one core works on: the workers prepare at the same time.

A worker's exception comes back to the parent and is raised there, the first in the order
of the items, as if the items had been done one after another. Children die with the
parent (`parbleu.workers`). Where ``fork`` does not exist (Windows), or for one job
or one item, the items are done in this process. Children are forked with `os.fork` (not
`multiprocessing`, whose import alone costs a command 10 ms) and leave with `os._exit`, so
nothing the parent has buffered is written twice.
"""

from __future__ import annotations

import contextlib
import os
import pickle
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from parbleu.errors import InputError
from parbleu.workers import die_with_parent

__all__ = ["map_forked"]

T = TypeVar("T")
R = TypeVar("R")

_Outcomes = dict[int, tuple[bool, Any]]


def map_forked(
    make_function: Callable[[], Callable[[T], R]], items: Sequence[T], jobs: int
) -> list[R]:
    """``[function(item) for item in items]`` in up to `jobs` processes, this one included.

    Each process builds its own ``function = make_function()`` first.

    `make_function` and the functions it returns may refer to anything the parent holds
    (nothing is pickled on the way in); results and exceptions must pickle.

    Raises:
        Whatever building the function or `function` raised for the first item that failed.
        InputError: a child died without answering (killed, out of memory).
    """
    workers = min(jobs, len(items))
    if workers <= 1 or not hasattr(os, "fork"):
        function = make_function()
        return [function(item) for item in items]
    parent = os.getpid()
    children: list[tuple[int, int]] = []  # (pid, the pipe its results come through)
    try:
        children.extend(
            _fork(make_function, items, range(worker, len(items), workers), parent)
            for worker in range(1, workers)
        )
        outcomes = _outcomes(make_function, items, range(0, len(items), workers))
        for number, (pid, pipe) in enumerate(children, start=1):
            outcomes.update(_receive(pipe, number, pid))
    finally:
        for pid, pipe in children:
            _close(pipe)
            os.waitpid(pid, 0)
    return [_unwrap(outcomes[index]) for index in range(len(items))]


def _fork(
    make_function: Callable[[], Callable[[Any], Any]],
    items: Sequence[Any],
    share: range,
    parent: int,
) -> tuple[int, int]:
    """Fork a child that does its share and writes the pickled outcomes to a pipe."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid:
        os.close(writer)
        return pid, reader
    try:  # the child: never returns into the parent's code
        os.close(reader)
        die_with_parent(parent)
        data = _pickled(_outcomes(make_function, items, share))
        with os.fdopen(writer, "wb") as out:
            out.write(data)
    finally:
        os._exit(0)


def _outcomes(
    make_function: Callable[[], Callable[[Any], Any]], items: Sequence[Any], share: range
) -> _Outcomes:
    """``(True, result)`` or ``(False, exception)`` of each item of the share, by index."""
    try:
        function = make_function()
    except Exception as exc:  # every item of this worker fails the same way
        error = (False, _picklable(exc))
        return dict.fromkeys(share, error)
    return {index: _outcome(function, items[index]) for index in share}


def _outcome(function: Callable[[Any], Any], item: Any) -> tuple[bool, Any]:
    """``(True, result)``, or ``(False, exception)`` if `function` raised one."""
    try:
        return True, function(item)
    except Exception as exc:  # sent to the parent, raised there
        return False, _picklable(exc)


def _pickled(outcomes: _Outcomes) -> bytes:
    """The outcomes as bytes; a result that cannot be pickled becomes an error that says so."""
    try:
        return pickle.dumps(outcomes, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:
        error = InputError(f"a worker's result could not be sent back: {type(exc).__name__}: {exc}")
        return pickle.dumps(dict.fromkeys(outcomes, (False, error)))


def _picklable(exc: Exception) -> Exception:
    """The exception, or one that says the same if it cannot be pickled."""
    try:
        pickle.dumps(exc)
    except Exception:
        return InputError(f"{type(exc).__name__}: {exc}")
    return exc


def _receive(pipe: int, worker: int, pid: int) -> _Outcomes:
    with os.fdopen(pipe, "rb", closefd=False) as stream:
        data = stream.read()
    if not data:
        raise InputError(
            f"worker process {worker} (pid {pid}) ended without its results "
            "(killed, or out of memory?)"
        )
    outcomes: _Outcomes = pickle.loads(data)  # our own child's bytes
    return outcomes


def _close(pipe: int) -> None:
    with contextlib.suppress(OSError):  # already closed
        os.close(pipe)


def _unwrap(outcome: tuple[bool, Any]) -> Any:
    succeeded, value = outcome
    if not succeeded:
        raise value
    return value
