"""sacreBLEU 2.6.0's ``sacrebleu.utils``, by another name (parbleu has no ``utils`` module).

`parbleu.compat.alias_modules` registers this module as ``sacrebleu.utils``. It holds the
functions of sacreBLEU's module that are public API: ``smart_open``, the arithmetic helpers
``my_log`` and ``sum_of_lists``, and the test-set look-ups of `parbleu.compat.dataset`.
``SACREBLEU_DIR`` is sacreBLEU's default cache folder, ``~/.sacrebleu``; the test-set
look-ups read ``$SACREBLEU`` when called, as sacreBLEU does.
"""

from __future__ import annotations

import gzip
import math
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, cast

from parbleu.compat.dataset import (
    download_test_set,
    get_available_testsets,
    get_available_testsets_for_langpair,
    get_langpairs_for_testset,
    get_reference_files,
    get_source_file,
)

__all__ = [
    "SACREBLEU_DIR",
    "download_test_set",
    "get_available_testsets",
    "get_available_testsets_for_langpair",
    "get_langpairs_for_testset",
    "get_reference_files",
    "get_source_file",
    "my_log",
    "smart_open",
    "sum_of_lists",
]

#: sacreBLEU's default folder for downloaded test sets and models.
SACREBLEU_DIR = str(Path("~").expanduser() / ".sacrebleu")


def smart_open(file: str, mode: str = "rt", encoding: str = "utf-8") -> IO[Any]:
    r"""Open a file, gzipped if its name ends in ``.gz``; lines end at ``\n`` only."""
    if file.endswith(".gz"):
        return cast(IO[Any], gzip.open(file, mode=mode, encoding=encoding, newline="\n"))
    return Path(file).open(mode=mode, encoding=encoding, newline="\n")


def my_log(num: float) -> float:
    """``log(num)``, and -9999999999 for 0 (sacreBLEU's floor for a zero precision)."""
    if num == 0.0:
        return -9999999999
    return math.log(num)


def sum_of_lists(lists: Sequence[Sequence[float]]) -> list[float] | None:
    """Element-wise sums of equally long lists, added in order (None for no lists)."""
    if not lists:
        return None
    result: list[float] = [0 for _ in lists[0]]
    for values in lists:
        for i, value in enumerate(values):
            result[i] += value
    return result
