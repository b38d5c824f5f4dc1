"""A Hugging Face ``datasets.Dataset`` as a test set, by the API (no file, no download).

Columns are named as in `parbleu.io.records.RecordFields`; WMT datasets on the hub keep both
sides in one ``translation`` column of objects, read with dotted names::

    fields = RecordFields(source="translation.de", references="translation.en")
    test_set = from_dataset(load_dataset("wmt14", "de-en", split="test"), fields)

The ``datasets`` package is never imported here: any object with ``column_names``,
``with_format`` and column access (a ``datasets.Dataset``) works. A ``DatasetDict`` is
refused with the splits it holds.
"""

from __future__ import annotations

from typing import Any

from parbleu.errors import InputError
from parbleu.io.records import RecordFields, records_to_test_set
from parbleu.io.testset import TestSet

__all__ = ["from_dataset"]


def from_dataset(
    dataset: Any, fields: RecordFields | None = None, *, origin: str | None = None
) -> TestSet:
    """The test set in a ``datasets.Dataset`` (row ``i`` is segment ``i``).

    Raises:
        InputError: not a dataset (a ``DatasetDict`` names its splits), or columns of the
            wrong type, with the row.
    """
    if not hasattr(dataset, "column_names") or not hasattr(dataset, "with_format"):
        raise InputError(
            f"expected a datasets.Dataset, got {type(dataset).__name__}"
            + (f" (choose a split: {sorted(dataset)})" if hasattr(dataset, "keys") else "")
        )
    names = dataset.column_names
    if not hasattr(dataset, "__len__"):
        raise InputError(
            f"expected a datasets.Dataset, got {type(dataset).__name__}, which has no length "
            "(a streamed dataset); read it into a Dataset first, e.g. "
            "Dataset.from_list(list(dataset))"
        )
    if isinstance(names, dict):
        raise InputError(
            f"expected a datasets.Dataset, got a DatasetDict; choose a split: {sorted(names)}"
        )
    plain = dataset.with_format(None)
    columns = {column: list(plain[column]) for column in names}
    name = getattr(getattr(dataset, "info", None), "dataset_name", None)
    label = origin or (f"dataset {name}" if name else "dataset")
    return records_to_test_set(
        columns, len(plain), fields or RecordFields(), label, lambda i: f"row {i}"
    )
