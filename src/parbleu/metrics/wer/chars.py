r"""The characters CER compares: jiwer 4.0.0's ``cer_default``, for whole corpora at once.

jiwer's default character transform (``jiwer.transformations.cer_default``) is
``Strip()`` then ``ReduceToListOfListOfChars()``:

1. ``str.strip()``: leading and trailing whitespace go (what ``str.isspace`` calls
   whitespace, Unicode's, not only ASCII's);
2. ``list(line)``: every remaining code point is a character, spaces and other whitespace
   inside the line included, runs of them kept as they are; combining marks and characters
   outside the Basic Multilingual Plane are one character each.

Here all lines become one array of code points (`parbleu.engine.chars.code_points`) and
the whitespace at both ends of each line is cut off with a search among its non-space
positions. Code points are their own ids: no vocabulary is needed.

    >>> characters(["  a b\tc "], lowercase=False).values.tolist() == [ord(c) for c in "a b\tc"]
    True
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from parbleu.engine.chars import code_points
from parbleu.engine.segments import Segments
from parbleu.engine.text import span_positions
from parbleu.tokenizers.base import space_mask

__all__ = ["characters", "jiwer_characters"]


def jiwer_characters(line: str) -> list[str]:
    """The characters of one line, as jiwer's ``cer_default`` gives them."""
    return list(line.strip())


def characters(lines: Sequence[str], *, lowercase: bool) -> Segments:
    """The code points of each line after ``str.strip()`` (after ``str.lower()`` if asked)."""
    corpus = code_points(lines, lowercase=lowercase, whitespace=True)
    solid = np.flatnonzero(~space_mask(corpus.values))  # positions of non-whitespace
    first = np.searchsorted(solid, corpus.offsets[:-1])
    last = np.searchsorted(solid, corpus.offsets[1:])  # one past each line's last
    kept = np.maximum(last - first, 0)
    starts = solid[np.minimum(first, max(len(solid) - 1, 0))] if len(solid) else first
    ends = solid[np.maximum(last - 1, 0)] + 1 if len(solid) else first
    lengths = np.where(kept > 0, ends - starts, 0)
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    values = corpus.values[span_positions(starts, lengths)].astype(np.int64)
    return Segments(values, offsets)
