"""JSON as parbleu writes it: numbers JSON has, and nothing else.

Python's `json` writes ``NaN``, ``Infinity`` and ``-Infinity`` by default, which no JSON
parser accepts (RFC 8259, section 6). The rule, in this one place: `json_text` refuses a
number that is not finite with an `InputError` naming where it is (``[0].BLEU.score``). A
field documented as possibly undefined (a correlation over constant scores, a t-statistic
of identical differences) is marked by its producer with `undefined_as_null` before it is
written: NaN becomes ``null``, an infinity the string ``"inf"`` or ``"-inf"``.

NumPy scalars and arrays are written as the numbers and lists they hold, tuples as lists.

    >>> json_text({"score": 12.5, "n": (1, 2)})
    '{"score": 12.5, "n": [1, 2]}'
    >>> json_text({"score": float("nan")})
    Traceback (most recent call last):
    ...
    parbleu.errors.InputError: cannot write JSON: score is nan, and JSON has no NaN or infinity
    >>> json_text(undefined_as_null({"r": float("nan"), "t": float("inf")}))
    '{"r": null, "t": "inf"}'
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from parbleu.errors import InputError

__all__ = ["json_text", "undefined_as_null"]


def _plain(value: Any) -> Any:
    """NumPy values as Python ones (`json.dumps`'s ``default`` hook)."""
    if isinstance(value, (np.generic, np.ndarray)):
        return value.tolist()
    raise TypeError(f"a {type(value).__name__} is not JSON: {value!r:.60}")


def _non_finite(value: Any, where: str) -> Iterator[tuple[str, float]]:
    """Where and what the numbers that are not finite are, depth first."""
    if isinstance(value, (float, np.floating)) and not math.isfinite(value):
        yield where or "the value", float(value)
    elif isinstance(value, np.ndarray):
        yield from _non_finite(value.tolist(), where)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from _non_finite(item, f"{where}.{key}" if where else str(key))
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _non_finite(item, f"{where}[{index}]")


def json_text(
    value: Any, *, indent: int | None = None, ascii_only: bool = False, compact: bool = False
) -> str:
    """`value` as JSON text; a number that is not finite is an error (module docstring).

    Args:
        value: dicts, lists, tuples, strings, numbers, booleans, None, NumPy values.
        indent: as `json.dumps`'s.
        ascii_only: escape every character outside ASCII (`json.dumps`'s ``ensure_ascii``).
        compact: no spaces after ``,`` and ``:``.

    Raises:
        InputError: a NaN or an infinity, naming the first one's place.
    """
    separators = (",", ":") if compact else None
    try:
        return json.dumps(
            value,
            indent=indent,
            ensure_ascii=ascii_only,
            allow_nan=False,
            separators=separators,
            default=_plain,
        )
    except ValueError:
        found = next(_non_finite(value, ""), None)
        if found is None:
            raise
        where, number = found
        raise InputError(
            f"cannot write JSON: {where} is {number}, and JSON has no NaN or infinity"
        ) from None


def undefined_as_null(value: Any) -> Any:
    """`value` with NaN as None and infinities as ``"inf"``/``"-inf"``, recursively.

    For fields documented as possibly undefined only; every other number must be finite.
    """
    if isinstance(value, (float, np.floating)) and not math.isfinite(value):
        return None if math.isnan(value) else str(float(value))
    if isinstance(value, np.ndarray):
        return undefined_as_null(value.tolist())
    if isinstance(value, Mapping):
        return {key: undefined_as_null(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [undefined_as_null(item) for item in value]
    return value
