"""Running a caller's pattern twice: with sacreBLEU 2.6.0, then with parbleu.compat aliased in.

Each module of this package reproduces how one public project calls sacreBLEU (the project,
file and line are named in its docstring and in each test): our own code, written after
reading theirs, importing ``sacrebleu`` inside the pattern. `run_both` runs the pattern once
with the installed sacreBLEU and once with ``sys.modules.update(parbleu.compat.alias_modules())``
in force (docs/compat.md), and `assert_identical` requires the two results to be the same:
values to the last bit, types (NumPy float32 and float64 included) and layouts (lists,
dictionaries, the attributes of score objects). The only difference allowed is the version
in signatures (``version:2.6.0`` against ``version:parbleu-...``, docs/compat.md).
"""

from __future__ import annotations

import math
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import numpy as np

import parbleu.compat

__all__ = ["assert_identical", "outcome", "run_both", "sacrebleu_is"]

T = TypeVar("T")

_VERSION = re.compile(r"(version|v):(2\.6\.0|parbleu-[^|\s\"]+)")


@contextmanager
def sacrebleu_is(tool: str) -> Iterator[None]:
    """Within the block, ``import sacrebleu...`` gives sacreBLEU or (``parbleu``) parbleu.compat."""
    if tool == "sacrebleu":
        yield
        return
    saved = {k: v for k, v in sys.modules.items() if k == "sacrebleu" or k.startswith("sacrebleu.")}
    for name in saved:
        del sys.modules[name]
    aliases = parbleu.compat.alias_modules()
    sys.modules.update(aliases)
    try:
        yield
    finally:
        for name in aliases:
            sys.modules.pop(name, None)
        sys.modules.update(saved)


def run_both(pattern: Callable[[], T]) -> tuple[T, T]:
    """The pattern's result with sacreBLEU, then with parbleu.compat."""
    with sacrebleu_is("sacrebleu"):
        theirs = pattern()
    with sacrebleu_is("parbleu"):
        ours = pattern()
    return theirs, ours


def outcome(pattern: Callable[[], T]) -> Callable[[], tuple[str, Any]]:
    """The pattern's result, or the kind and message of the error it raised (to compare)."""

    def run() -> tuple[str, Any]:
        try:
            return "returned", pattern()
        except Exception as error:  # any error the caller would meet
            return "raised", (type(error).__name__, str(error))

    return run


def _same_float(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def assert_identical(theirs: Any, ours: Any, where: str = "result") -> None:
    """The same values, types and layouts, recursively; score objects compared by attributes."""
    if isinstance(theirs, str):
        assert type(ours) is type(theirs), (where, type(theirs), type(ours))
        assert _VERSION.sub("version", theirs) == _VERSION.sub("version", ours), where
    elif isinstance(theirs, (np.ndarray, np.generic, Counter, dict, list, tuple, int, float)):
        _assert_same_data(theirs, ours, where)
    elif hasattr(theirs, "info") and hasattr(theirs, "format"):  # a signature
        assert type(theirs).__name__ == type(ours).__name__, (where, type(theirs), type(ours))
        assert_identical(str(theirs), str(ours), where)
    elif hasattr(theirs, "__dict__") and not isinstance(theirs, type):
        assert type(theirs).__name__ == type(ours).__name__, (where, type(theirs), type(ours))
        assert_identical(vars(theirs), vars(ours), f"{where} attributes")
    else:
        assert type(theirs) is type(ours), (where, type(theirs), type(ours))
        assert theirs == ours, (where, theirs, ours)


def _assert_same_data(theirs: Any, ours: Any, where: str) -> None:
    assert type(theirs) is type(ours), (where, type(theirs), type(ours), theirs, ours)
    if isinstance(theirs, np.ndarray):
        assert (theirs.dtype, theirs.shape) == (ours.dtype, ours.shape), where
        assert np.array_equal(theirs, ours, equal_nan=theirs.dtype.kind == "f"), where
    elif isinstance(theirs, Counter):
        assert list(theirs.items()) == list(ours.items()), where
    elif isinstance(theirs, dict):
        assert list(theirs) == list(ours), (where, list(theirs), list(ours))
        for key in theirs:
            assert_identical(theirs[key], ours[key], f"{where}[{key!r}]")
    elif isinstance(theirs, (list, tuple)):
        assert len(theirs) == len(ours), (where, len(theirs), len(ours))
        for i, (a, b) in enumerate(zip(theirs, ours, strict=True)):
            assert_identical(a, b, f"{where}[{i}]")
    elif isinstance(theirs, (float, np.floating)):
        assert _same_float(float(theirs), float(ours)), (where, theirs, ours)
    else:
        assert theirs == ours, (where, theirs, ours)
