"""Per-segment sufficient statistics: the one currency every metric and test is paid in.

A metric turns each segment into a row of numbers (n-gram matches and totals, lengths, edit
counts) whose column sums determine the corpus score. Corpus scores, sentence scores,
bootstrap resamples, blocks of the paper's t-test and partial results of parallel workers are
all sums of rows of one `Stats` matrix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError

__all__ = ["Stats"]


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

    def column(self, name: str) -> npt.NDArray[Any]:
        """One column, by name."""
        try:
            index = self.columns.index(name)
        except ValueError:
            raise KeyError(f"no statistics column {name!r}; columns are {self.columns}") from None
        return self.values[:, index]

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
