"""`map_forked`: items done in this process and forked children, results and errors as if
done in order.

Oracle: the same list comprehension in this process.
"""

from __future__ import annotations

import itertools
import os
import signal
import threading
from collections.abc import Callable

import pytest

from parbleu.errors import InputError, LengthMismatchError
from parbleu.scaling.forks import map_forked


def test_results_come_back_in_the_order_of_the_items() -> None:
    items = list(range(23))
    results = map_forked(lambda: lambda x: (x * x, os.getpid()), items, 3)
    assert [value for value, _ in results] == [x * x for x in items]
    pids = {pid for _, pid in results}
    assert len(pids) == 3  # three processes did the work: this one and two children
    assert os.getpid() in pids


def test_every_worker_builds_its_function_once() -> None:
    """`make_function` runs once in each process, before any of that process's items."""

    def make() -> Callable[[int], tuple[int, int, int]]:
        built = os.getpid()
        calls = itertools.count()
        return lambda x: (x, built, next(calls))

    results = map_forked(make, list(range(10)), 2)
    assert [x for x, _, _ in results] == list(range(10))
    by_process: dict[int, list[int]] = {}
    for _, pid, call in results:
        by_process.setdefault(pid, []).append(call)
    assert os.getpid() in by_process
    assert len(by_process) == 2
    assert all(calls == list(range(5)) for calls in by_process.values())


def test_a_failure_to_build_the_function_is_raised_as_the_first_items_error() -> None:
    def make() -> Callable[[int], int]:
        raise LengthMismatchError("the references do not match", source="ref.txt")

    with pytest.raises(LengthMismatchError, match="the references do not match"):
        map_forked(make, [0, 1, 2], 2)


def test_the_function_is_not_pickled() -> None:
    """A closure over what cannot be pickled (a lock) works: the children inherit it."""
    lock = threading.Lock()
    results = map_forked(lambda: lambda x: (x, lock.locked()), [1, 2, 3], 2)
    assert results == [(1, False), (2, False), (3, False)]


def test_the_first_error_in_item_order_is_raised() -> None:
    def check(x: int) -> int:
        if x in (3, 6):
            raise LengthMismatchError(f"item {x} is wrong", source=f"file{x}.txt", line=x)
        return x

    with pytest.raises(LengthMismatchError) as caught:
        map_forked(lambda: check, list(range(8)), 2)
    assert caught.value.source == "file3.txt"
    assert "item 3 is wrong" in str(caught.value)


def test_an_exception_that_cannot_be_pickled_still_says_what_happened() -> None:
    class LocalError(Exception):  # a local class cannot be pickled
        pass

    def fail(x: int) -> int:
        raise LocalError(f"bad {x}")

    with pytest.raises(InputError, match="LocalError: bad 0"):
        map_forked(lambda: fail, [0, 1], 2)


def test_a_child_killed_is_an_error_not_a_hang() -> None:
    def die(x: int) -> int:
        if x == 1:
            os.kill(os.getpid(), signal.SIGKILL)
        return x

    with pytest.raises(InputError, match="ended without its results"):
        map_forked(lambda: die, [0, 1, 2, 3], 2)


def test_one_job_or_one_item_stays_in_this_process() -> None:
    assert map_forked(lambda: lambda _: os.getpid(), [0, 1], 1) == [os.getpid()] * 2
    assert map_forked(lambda: lambda _: os.getpid(), [0], 4) == [os.getpid()]
    assert map_forked(lambda: lambda x: x, [], 4) == []
