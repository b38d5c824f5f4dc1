"""Single-precision helpers for repeating sacreBLEU's float32 bootstrap arithmetic.

sacreBLEU 2.6.0 resamples statistics cast to float32 (``np.array(stats, dtype='float32')``)
and hands each summed row to the metric's scalar formula. Under numpy 2's promotion rules
(NEP 50) a Python number meeting a float32 becomes a float32, so parts of the formulas run in
single precision. Each metric's ``float32`` module repeats its formula's operations,
vectorized over rows, with these helpers.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray

__all__ = ["F32", "as_float32", "usable"]

F32 = np.float32


def as_float32(values: npt.ArrayLike) -> npt.NDArray[np.float32]:
    """Rows as float32, at least two-dimensional."""
    return np.atleast_2d(np.asarray(values, dtype=np.float32))


def usable(denominator: npt.NDArray[np.float32], where: BoolArray) -> npt.NDArray[np.float32]:
    """The denominator where it is used, 1 elsewhere (no division warnings on unused rows)."""
    return np.where(where, denominator, F32(1.0))
