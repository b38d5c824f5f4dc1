"""Element-wise ``exp`` and ``log`` from the C library, as Python's ``math`` module computes them.

NumPy's own ``np.exp`` and ``np.log`` use SIMD approximations on CPUs that have them (AVX-512
among others) and may then differ from the C library in the last bit for a few percent of
inputs. sacreBLEU, NLTK and mteval compute with ``math.exp`` / ``math.log`` (or the C library
behind them), so every score that must be bit-identical to theirs goes through these functions.
They cost one C call per element, which is negligible beside counting n-grams.

>>> import math
>>> float(exp(np.array([-9.5]))[0]) == math.exp(-9.5)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray

__all__ = ["exp", "log"]


def _apply(function: Callable[[float], float], values: npt.ArrayLike) -> FloatArray:
    array = np.asarray(values, dtype=np.float64)
    flat = np.fromiter(map(function, array.ravel().tolist()), dtype=np.float64, count=array.size)
    return flat.reshape(array.shape)


def exp(values: npt.ArrayLike) -> FloatArray:
    """``math.exp`` of every element, as a float64 array of the same shape."""
    return _apply(math.exp, values)


def log(values: npt.ArrayLike) -> FloatArray:
    """``math.log`` of every element (all must be positive), as a float64 array."""
    return _apply(math.log, values)
