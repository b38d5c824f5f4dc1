"""Per-segment sufficient statistics: the one currency every metric and test is paid in.

A metric turns each segment into a row of numbers (n-gram matches and totals, lengths, edit
counts) whose column sums determine the corpus score. Corpus scores, sentence scores,
bootstrap resamples, blocks of the paper's t-test and partial results of parallel workers are
all sums of rows of one `Stats` matrix.

A metric declares its columns once, as a `Layout`, next to its formula; formulas read rows
through the layout, by name, so no code depends on the position of a column:

    >>> layout = Layout.of("sys_len", ("match", 2))
    >>> layout.columns
    ('sys_len', 'match_1', 'match_2')
    >>> rows = layout.assemble({"sys_len": [5, 7], "match": [[3, 1], [6, 2]]})
    >>> layout.column(rows, "sys_len").tolist(), layout.series(rows, "match").tolist()
    ([5, 7], [[3, 1], [6, 2]])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError

__all__ = ["Layout", "Stats"]


@dataclass(frozen=True)
class Layout:
    """The names of a metric's statistics columns, and the only place that knows positions.

    A series is a run of columns ``prefix_1 .. prefix_K`` (one per n-gram order, say); it is
    read and written as one ``(rows, K)`` block. Every read and write goes by name, so a
    layout whose columns are permuted gives the same values (`permuted` makes one, for tests).
    """

    columns: tuple[str, ...]
    _index: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(set(self.columns)) != len(self.columns):
            raise InputError(f"statistics columns must be distinct, got {self.columns}")
        index = MappingProxyType({name: i for i, name in enumerate(self.columns)})
        object.__setattr__(self, "_index", index)

    @classmethod
    def of(cls, *parts: str | tuple[str, int]) -> Layout:
        """Columns named by ``name`` or by ``(prefix, K)`` for ``prefix_1 .. prefix_K``."""
        columns: list[str] = []
        for part in parts:
            if isinstance(part, str):
                columns.append(part)
            else:
                prefix, count = part
                columns.extend(f"{prefix}_{n}" for n in range(1, count + 1))
        return cls(tuple(columns))

    def index(self, name: str) -> int:
        """The position of a column."""
        try:
            return self._index[name]
        except KeyError:
            raise KeyError(f"no statistics column {name!r}; columns are {self.columns}") from None

    def count(self, prefix: str) -> int:
        """K, the length of the series ``prefix_1 .. prefix_K`` (0 if there is none)."""
        k = 0
        while f"{prefix}_{k + 1}" in self._index:
            k += 1
        return k

    def indices(self, prefix: str, count: int | None = None) -> list[int]:
        """Positions of ``prefix_1 .. prefix_count`` (the whole series by default)."""
        available = self.count(prefix)
        count = available if count is None else count
        if count > available:
            raise KeyError(
                f"statistics have {available} columns {prefix}_1..; {count} were asked for"
            )
        return [self._index[f"{prefix}_{n}"] for n in range(1, count + 1)]

    def column(self, rows: npt.NDArray[Any], name: str) -> npt.NDArray[Any]:
        """One column of a ``(rows, columns)`` array (or of one row)."""
        return rows[..., self.index(name)]

    def series(
        self, rows: npt.NDArray[Any], prefix: str, count: int | None = None
    ) -> npt.NDArray[Any]:
        """Columns ``prefix_1 .. prefix_count`` of every row, as a ``(rows, count)`` block."""
        return rows[..., self.indices(prefix, count)]

    def assemble(
        self, parts: Mapping[str, npt.ArrayLike], dtype: npt.DTypeLike | None = None
    ) -> npt.NDArray[Any]:
        """Rows from named parts: a column name gives one column, a prefix its whole series.

        Every column must be given exactly once.
        """
        arrays = {name: np.asarray(values) for name, values in parts.items()}
        n_rows = len(next(iter(arrays.values()))) if arrays else 0
        kinds = [a.dtype for a in arrays.values()]
        out = np.empty((n_rows, len(self.columns)), dtype=dtype or np.result_type(*kinds))
        filled = np.zeros(len(self.columns), dtype=bool)
        for name, values in arrays.items():
            where = [self._index[name]] if name in self._index else self.indices(name)
            out[:, where] = values.reshape(n_rows, len(where))
            filled[where] = True
        if not filled.all():
            missing = [c for c, done in zip(self.columns, filled, strict=True) if not done]
            raise InputError(f"statistics columns {missing} were not given")
        return out

    def __reduce__(self) -> tuple[type[Layout], tuple[tuple[str, ...]]]:
        """Pickled as its columns; the index is rebuilt (a mapping proxy cannot be pickled)."""
        return (Layout, (self.columns,))

    def permuted(self, order: Sequence[int]) -> Layout:
        """The same columns in the order ``columns[order[0]], columns[order[1]], ...``."""
        return Layout(tuple(self.columns[i] for i in order))


@dataclass(frozen=True, eq=False)
class Stats:
    """An ``(n_segments, n_columns)`` matrix of statistics with named columns.

    The array is read-only; every operation returns a new `Stats`. Columns are integers for
    counting metrics (BLEU, chrF) and floats where a metric needs them (TER's average
    reference length, NIST's information weights).
    """

    columns: tuple[str, ...]
    values: npt.NDArray[Any]

    def __post_init__(self) -> None:
        values = np.asarray(self.values)
        if values.ndim != 2 or values.shape[1] != len(self.columns):
            raise InputError(
                f"statistics need shape (segments, {len(self.columns)}) for columns "
                f"{self.columns}, got {values.shape}"
            )
        if len(set(self.columns)) != len(self.columns):
            raise InputError(f"statistics columns must be distinct, got {self.columns}")
        values = values.view()
        values.flags.writeable = False
        object.__setattr__(self, "values", values)

    def __len__(self) -> int:
        return int(self.values.shape[0])

    def __repr__(self) -> str:
        return f"Stats({len(self)} segments, columns={self.columns!r})"

    @property
    def layout(self) -> Layout:
        """The column names as a `Layout`."""
        return Layout(self.columns)

    def column(self, name: str) -> npt.NDArray[Any]:
        """One column, by name."""
        return self.layout.column(self.values, name)

    def total(self) -> npt.NDArray[Any]:
        """Column sums: the corpus-level statistics."""
        sums: npt.NDArray[Any] = self.values.sum(axis=0)
        return sums

    def take(self, indices: npt.ArrayLike) -> Stats:
        """The rows at `indices` (a subset, a block, a resample with repetitions)."""
        return Stats(self.columns, self.values[np.asarray(indices, dtype=np.int64)])

    @staticmethod
    def concat(parts: Sequence[Stats]) -> Stats:
        """Rows of several `Stats` with the same columns, one after another."""
        if not parts:
            raise InputError("cannot concatenate an empty list of statistics")
        columns = parts[0].columns
        for part in parts[1:]:
            if part.columns != columns:
                raise InputError(f"statistics columns differ: {columns} vs {part.columns}")
        return Stats(columns, np.concatenate([part.values for part in parts]))
