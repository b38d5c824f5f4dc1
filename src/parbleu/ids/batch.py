"""Batches of token ids as they come out of a model, turned into flat arrays.

Accepted forms, for hypotheses (one sequence per item):

* a list (or tuple) of sequences of ints of any lengths (ragged), including 1-D NumPy arrays
  or tensors;
* a 2-D NumPy array ``(B, L)`` (padded with ``pad_id``);
* a 2-D torch tensor ``(B, L)`` on any device (copied to the CPU; torch is only imported
  when a tensor is given).

References, one or several per item:

* the same forms as hypotheses: one reference per item;
* a 3-D array or tensor ``(B, R, L)``: R references per item; a row that holds nothing but
  ``pad_id`` is an *absent* reference, so items may have fewer than R;
* a list of B items, each a list of sequences (several references, ragged) or a 2-D array
  ``(R, L)`` (rows of ``pad_id`` only are absent, as above).

A list whose first non-empty item is a sequence of ints holds one reference per item; one
whose first non-empty item is a sequence of sequences holds several per item, and then
every item must hold at least one. The rules for ``pad_id``, ``eos_id`` and ``unk_id`` are
those of `parbleu.ids.rules`.

Every id goes through one check (`token_ids`): an integer (a bool is not one: ``True`` is no
token id) that fits a signed 64-bit integer. A ``uint64`` id of ``2**63`` or more is refused
rather than wrapped to a negative number (``2**64 - 1`` became -1, dropped as padding).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray
from parbleu.engine.segments import Segments
from parbleu.errors import InputError

__all__ = [
    "References",
    "as_numpy",
    "hypothesis_batch",
    "is_tensor",
    "reference_batch",
    "token_ids",
]

_NOTHING = np.zeros(0, dtype=np.int64)  # an absent reference
_LARGEST_ID = int(np.iinfo(np.int64).max)


def is_tensor(value: object) -> bool:
    """Whether `value` is a torch tensor (checked without importing torch)."""
    kind = type(value)
    return kind.__module__.split(".")[0] == "torch" and kind.__name__ in ("Tensor", "Parameter")


def token_ids(array: npt.NDArray[Any], what: str) -> npt.NDArray[np.int64]:
    """`array` as int64 ids: integers (not booleans) that fit a signed 64-bit integer.

    Raises:
        InputError: booleans, other types, or an id of 2**63 or more (a uint64 id would wrap
            to a negative number), naming `what`.
    """
    if array.size == 0:
        return array.astype(np.int64)
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise InputError(f"{what}: token ids must be integers; got an array of {array.dtype}")
    if array.dtype.kind == "u" and array.dtype.itemsize == 8 and int(array.max()) > _LARGEST_ID:
        raise InputError(
            f"{what}: token id {int(array.max())} does not fit a signed 64-bit integer; "
            "token ids must be below 2**63"
        )
    return array.astype(np.int64, copy=False)


def as_numpy(value: Any, what: str) -> npt.NDArray[np.int64]:
    """An array, tensor or nested list as a NumPy int64 array (`token_ids`; tensors copied)."""
    if is_tensor(value):
        return token_ids(value.detach().cpu().numpy(), what)
    try:
        array = np.asarray(value)
    except (ValueError, TypeError, OverflowError):  # ragged nesting, ids of any size
        raise InputError(
            f"{what}: expected a rectangular array of token ids; got nested lists of "
            "different lengths or values that are not integers"
        ) from None
    return token_ids(array, what)


def _flat_rows(array: npt.NDArray[np.int64]) -> Segments:
    """The rows of a 2-D array of ids (`token_ids`) as sequences of equal length."""
    rows, width = array.shape
    offsets = np.arange(rows + 1, dtype=np.int64) * width
    return Segments(array.reshape(-1), offsets)


def _is_array(value: object) -> bool:
    return isinstance(value, np.ndarray) or is_tensor(value)


def _flat_ragged(items: Sequence[Any], what: str) -> Segments:
    """A list of sequences of ints (lists, tuples, 1-D arrays or tensors) as one flat array."""
    if any(_is_array(item) for item in items):
        arrays = [as_numpy(item, f"{what} item {i}") for i, item in enumerate(items)]
        for i, array in enumerate(arrays):
            if array.ndim != 1:
                raise InputError(
                    f"{what} item {i}: expected a 1-D sequence; got shape {array.shape}"
                )
        ids = np.concatenate([np.zeros(0, np.int64), *arrays])
        lengths = np.fromiter(map(len, arrays), np.int64, len(arrays))
    else:
        for i, item in enumerate(items):
            if isinstance(item, (str, bytes)) or not isinstance(item, Sequence):
                raise InputError(
                    f"{what} item {i}: expected a sequence of token ids; got "
                    f"{type(item).__name__} (score text with parbleu.BLEU)"
                )
        lengths = np.fromiter(map(len, items), np.int64, len(items))
        ids = _list_ids(items, what)
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return Segments(ids, offsets)


def _is_id(kind: type) -> bool:
    return issubclass(kind, (int, np.integer)) and not issubclass(kind, (bool, np.bool_))


def _list_ids(items: Sequence[Sequence[Any]], what: str) -> npt.NDArray[np.int64]:
    """The ids of lists of Python (or NumPy) integers, every value's type checked."""
    values = list(itertools.chain.from_iterable(items))
    wrong = next((kind for kind in set(map(type, values)) if not _is_id(kind)), None)
    if wrong is not None:
        index = next(i for i, item in enumerate(items) if any(type(v) is wrong for v in item))
        value = next(v for v in items[index] if type(v) is wrong)
        if (isinstance(value, Sequence) and not isinstance(value, (str, bytes))) or _is_array(
            value
        ):
            raise InputError(
                f"{what} item {index}: holds sequences, not token ids (several sequences per "
                "item, such as beams? give one sequence per item)"
            )
        raise InputError(
            f"{what} item {index}: token ids must be integers; got {wrong.__name__} {value!r:.40}"
        )
    try:
        return np.fromiter(values, dtype=np.int64, count=len(values))
    except OverflowError:
        largest = max(values, key=abs)
        raise InputError(
            f"{what}: token id {largest} does not fit a signed 64-bit integer; token ids must "
            "be at least -2**63 and below 2**63"
        ) from None


def hypothesis_batch(batch: Any, what: str = "hypotheses") -> Segments:
    """One sequence per item, from any accepted form (module docstring), rules not applied."""
    if _is_array(batch):
        array = as_numpy(batch, what)
        if array.ndim != 2:
            raise InputError(f"{what}: expected a 2-D array (B, L); got shape {array.shape}")
        return _flat_rows(array)
    if isinstance(batch, (str, bytes)) or not isinstance(batch, Sequence):
        raise InputError(
            f"{what}: expected a list of sequences of token ids, a 2-D NumPy array or a 2-D "
            f"tensor; got {type(batch).__name__}"
        )
    return _flat_ragged(batch, what)


@dataclass(frozen=True)
class References:
    """References of B items in R slots: slot ``r`` holds each item's r-th reference.

    ``present[b, r]`` says whether item b has an r-th reference; absent ones are empty.
    """

    slots: tuple[Segments, ...]
    present: BoolArray  # (B, R)


def _from_cube(array: npt.NDArray[Any], pad_id: int | None) -> References:
    """``(B, R, L)`` references; rows of padding only are absent."""
    items, n_slots, _ = array.shape
    present = np.ones((items, n_slots), dtype=bool)
    if pad_id is not None:
        present = (array != pad_id).any(axis=2)
    slots = tuple(_flat_rows(array[:, r, :]) for r in range(n_slots))
    return References(slots, present)


def _item_references(item: Any, index: int, pad_id: int | None) -> list[Any]:
    """The references of one item of a list with several references per item."""
    if _is_array(item):
        array = as_numpy(item, f"references item {index}")
        if array.ndim != 2:
            raise InputError(
                f"references item {index}: expected a 2-D array (R, L); got shape {array.shape}"
            )
        keep = (array != pad_id).any(axis=1) if pad_id is not None else np.ones(len(array), bool)
        return list(array[keep])
    if isinstance(item, (str, bytes)) or not isinstance(item, Sequence):
        raise InputError(
            f"references item {index}: expected a list of token-id sequences; got "
            f"{type(item).__name__}"
        )
    return list(item)


def _several_per_item(items: Sequence[Any]) -> bool:
    """Whether a list holds several references per item (its first non-empty item decides)."""
    for item in items:
        if _is_array(item):
            return bool(np.ndim(item) == 2)
        if isinstance(item, Sequence) and not isinstance(item, (str, bytes)) and len(item):
            first = item[0]
            return _is_array(first) or (
                isinstance(first, Sequence) and not isinstance(first, (str, bytes))
            )
    return False


def _from_lists(items: Sequence[Any], pad_id: int | None) -> References:
    """A list of B items with several references each (ragged)."""
    per_item = [_item_references(item, i, pad_id) for i, item in enumerate(items)]
    empty = [i for i, refs in enumerate(per_item) if not refs]
    if empty:
        raise InputError(
            f"references item {empty[0]} has no reference ({len(empty)} items have none); "
            "every item needs at least one"
        )
    n_slots = max(map(len, per_item), default=1)
    present = np.array([[r < len(refs) for r in range(n_slots)] for refs in per_item], bool)
    present = present.reshape(len(items), n_slots)
    slots = []
    for r in range(n_slots):
        column = [refs[r] if r < len(refs) else _NOTHING for refs in per_item]
        slots.append(_flat_ragged(column, f"references (reference {r})"))
    return References(tuple(slots), present)


def _check_items(received: int, n_items: int) -> None:
    if received != n_items:
        raise InputError(
            f"{n_items} hypotheses but references for {received} items; give the references "
            "of item i at position i"
        )


def reference_batch(batch: Any, n_items: int, pad_id: int | None) -> References:
    """References of `n_items` items from any accepted form (module docstring).

    Raises:
        InputError: a shape is not accepted, or the number of items is not `n_items`.
    """
    if _is_array(batch):
        array = as_numpy(batch, "references")
        if array.ndim not in (2, 3):
            raise InputError(
                f"references: expected a 2-D (B, L) or 3-D (B, R, L) array; got shape {array.shape}"
            )
        _check_items(len(array), n_items)
        if array.ndim == 2:
            references = References((_flat_rows(array),), np.ones((len(array), 1), dtype=bool))
        else:
            references = _from_cube(array, pad_id)
    elif isinstance(batch, (str, bytes)) or not isinstance(batch, Sequence):
        raise InputError(
            f"references: expected a list, a NumPy array or a tensor; got {type(batch).__name__}"
        )
    else:
        _check_items(len(batch), n_items)
        if _several_per_item(batch):
            references = _from_lists(batch, pad_id)
        else:
            flat = _flat_ragged(batch, "references")
            references = References((flat,), np.ones((flat.n_segments, 1), dtype=bool))
    no_reference = np.flatnonzero(~references.present.any(axis=1))
    if len(no_reference):
        raise InputError(
            f"references item {int(no_reference[0])} has no reference (its rows are all "
            f"pad_id={pad_id})"
        )
    return references
