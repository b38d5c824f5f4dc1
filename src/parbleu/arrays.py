"""The array types that parbleu's signatures use, declared once.

Token ids, offsets and counts are ``int64``; hash keys ``uint64``; code points 16- or 32-bit
unsigned integers (16-bit when every code point of a text fits, `parbleu.engine.text`);
a span list is the start and length of every token.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["BoolArray", "CodeArray", "FloatArray", "IntArray", "KeyArray", "Spans"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
KeyArray = npt.NDArray[np.uint64]
CodeArray = npt.NDArray[np.unsignedinteger[Any]]
#: Start and length of every token, two arrays of equal length.
Spans = tuple[IntArray, IntArray]
