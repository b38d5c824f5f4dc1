"""Parquet and Arrow (IPC / Feather) test sets: one row per segment, named columns.

Columns are named as in `parbleu.io.records.RecordFields` (``src``, ``ref``, ``mt`` ...); a
column of lists holds several references. Needs the ``arrow`` extra (``pip install
'parbleu[arrow]'``); pyarrow is imported only when such a file is read.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

from parbleu.errors import InputError, MissingDependencyError
from parbleu.io.records import RecordFields, records_to_test_set
from parbleu.io.testset import TestSet

__all__ = ["read_arrow", "read_parquet", "table_to_test_set"]


def _pyarrow(module: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(
            "reading Parquet and Arrow files needs the Python package 'pyarrow'; install it "
            "with: pip install 'parbleu[arrow]'"
        ) from exc


def _one_line(error: Exception) -> str:
    """Pyarrow's message, which may span lines, as one line."""
    return " ".join(str(error).split())


def _check_file(path: str) -> None:
    if not Path(path).is_file():
        raise InputError(f"{path}: no such file")


def table_to_test_set(table: Any, origin: str, fields: RecordFields | None = None) -> TestSet:
    """The test set in a ``pyarrow.Table`` (row ``i`` is segment ``i``).

    Raises:
        InputError: two columns of one name (which one holds the stream cannot be told),
            or columns of the wrong type (with the row).
    """
    names = list(table.column_names)
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated:
        raise InputError(
            f"{origin}: columns {repeated} appear more than once; column names must be distinct"
        )
    columns = {name: column.to_pylist() for name, column in zip(names, table.columns, strict=True)}
    return records_to_test_set(
        columns, table.num_rows, fields or RecordFields(), origin, lambda i: f"row {i}"
    )


def read_parquet(path: str, fields: RecordFields | None = None) -> TestSet:
    """The test set in a Parquet file.

    Raises:
        InputError: not a Parquet file, or columns of the wrong type (with the row).
        MissingDependencyError: pyarrow is not installed.
    """
    _check_file(path)
    parquet = _pyarrow("pyarrow.parquet")
    try:
        # One file, read as it is (the dataset reader of read_table refuses two columns of
        # one name with a message of many lines).
        table = parquet.ParquetFile(path).read()
    except (OSError, ValueError) as exc:  # pyarrow's ArrowInvalid is a ValueError
        raise InputError(f"{path}: not a readable Parquet file ({_one_line(exc)})") from exc
    return table_to_test_set(table, path, fields)


def read_arrow(path: str, fields: RecordFields | None = None) -> TestSet:
    """The test set in an Arrow IPC file or stream (``.arrow``, ``.feather``).

    Raises:
        InputError: not an Arrow file, or columns of the wrong type (with the row).
        MissingDependencyError: pyarrow is not installed.
    """
    _check_file(path)
    ipc = _pyarrow("pyarrow.ipc")
    try:
        table = ipc.open_file(path).read_all()
    except (OSError, ValueError):
        try:
            table = ipc.open_stream(path).read_all()
        except (OSError, ValueError) as exc:
            raise InputError(
                f"{path}: not a readable Arrow IPC file or stream ({_one_line(exc)})"
            ) from exc
    return table_to_test_set(table, path, fields)
