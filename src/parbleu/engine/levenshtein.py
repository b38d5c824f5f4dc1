"""Levenshtein distance of one token sequence against another, bit-parallel in Python ints.

Myers (1999), "A fast bit-vector algorithm for approximate string matching based on dynamic
programming", in the global-distance form of Hyyrö (2001): the cells of the distance matrix
of a hypothesis (rows ``i``: its first ``i`` tokens) against a reference (columns ``j``: its
first ``j`` tokens) are kept as two bit masks per row, the positions where a cell is one more
(`Columns.plus`) or one less (`Columns.minus`) than the cell to its left. The next row follows
from the previous one and the reference positions of the next hypothesis token in a dozen
integer operations, whatever the reference length: Python integers have no width limit, so
no sequence is too long. A token is given as the mask of the reference positions that hold
it (`position_masks`), so tokens can be anything hashable.

TER (`parbleu.metrics.ter`) evaluates thousands of reordered hypotheses per segment from the
rows of their shared prefix (`suffix_columns`, `continue_distance`), several packed side by
side into one integer (`batch_distances`); `parbleu.engine.edit_lanes` computes the same rows
for many pairs at once in numpy lanes, and `parbleu.engine.edit_script` reads edit operations
from them.

    >>> masks = position_masks("kitten")
    >>> columns([masks.get(c, 0) for c in "sitting"], 6).distance
    3
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from operator import lshift
from typing import TypeVar

__all__ = [
    "MAX_LANES",
    "MIN_LANES",
    "Columns",
    "batch_distances",
    "column_steps",
    "columns",
    "continue_distance",
    "last_cell",
    "last_column",
    "position_masks",
    "suffix_columns",
]

T = TypeVar("T", bound=Hashable)


def position_masks(reference: Iterable[T]) -> dict[T, int]:
    """Each distinct token of `reference` and the mask of its positions (bit ``k``: token ``k``)."""
    masks: dict[T, int] = {}
    get = masks.get
    for k, token in enumerate(reference):
        masks[token] = get(token, 0) | (1 << k)
    return masks


@dataclass(frozen=True)
class Columns:
    """Bit-parallel rows of the distance matrix of a hypothesis against a reference.

    Bit ``k`` of ``plus[i]`` (``minus[i]``) is set when the cell ``(i, k + 1)`` is one more
    (one less) than the cell ``(i, k)``: ``i`` hypothesis tokens against ``k`` reference
    tokens. (Myers calls them the vertical differences of column ``i``: his text runs down the
    columns; the name stays.)
    """

    plus: list[int]
    minus: list[int]
    masks: list[int]  # the hypothesis, as reference-position masks of its tokens
    distance: int  # of the whole hypothesis and reference: the last cell

    def cell(self, i: int, j: int) -> int:
        """Edit distance of the first ``i`` hypothesis tokens and ``j`` reference tokens."""
        low = (1 << j) - 1
        return i + (self.plus[i] & low).bit_count() - (self.minus[i] & low).bit_count()


def last_cell(plus: list[int], minus: list[int]) -> int:
    """The edit distance that the columns `plus` and `minus` (one more than tokens) end on."""
    return len(plus) - 1 + plus[-1].bit_count() - minus[-1].bit_count()


def columns(masks: Sequence[int], m: int, base: Columns | None = None, start: int = 0) -> Columns:
    """All columns for a hypothesis given as reference-position masks of its tokens.

    ``masks[i]`` has bit ``k`` set when hypothesis token ``i`` equals reference token ``k``;
    ``m >= 1`` is the reference length. With `base`, the columns of a hypothesis that shares
    its first `start` tokens, only the columns after those tokens are computed.
    """
    if base is None or start == 0:
        pluses, minuses = [(1 << m) - 1], [0]
        start = 0
    else:
        pluses, minuses = base.plus[: start + 1], base.minus[: start + 1]
    more_plus, more_minus = column_steps(pluses[-1], minuses[-1], masks[start:], m)
    pluses += more_plus
    minuses += more_minus
    return Columns(pluses, minuses, list(masks), last_cell(pluses, minuses))


def suffix_columns(
    cols: Columns, start: int, masks: Sequence[int], m: int
) -> tuple[list[int], list[int]]:
    """The columns after the first `start` tokens of a hypothesis that shares them with `cols`'.

    `masks` are the masks of its other tokens (positions ``start`` onwards): the result is
    ``columns(hypothesis, m)``'s ``plus[start + 1:]`` and ``minus[start + 1:]``.
    """
    return column_steps(cols.plus[start], cols.minus[start], masks, m)


def continue_distance(cols: Columns, start: int, masks: Sequence[int], m: int) -> int:
    """Distance of a hypothesis that shares its first `start` tokens with `cols`' hypothesis.

    `masks` are the masks of the remaining tokens (positions ``start`` onwards).
    """
    pluses, minuses = suffix_columns(cols, start, masks, m)
    plus = pluses[-1] if pluses else cols.plus[start]
    minus = minuses[-1] if minuses else cols.minus[start]
    # The last cell of the column: n plus the vertical differences down to row m.
    return start + len(masks) + plus.bit_count() - minus.bit_count()


def column_steps(
    plus: int, minus: int, masks: Sequence[int], m: int
) -> tuple[list[int], list[int]]:
    """The columns that follow the column (`plus`, `minus`), one per token of `masks`.

    Myers (1999) and Hyyrö (2001): the vertical differences of a column of the edit-distance
    matrix as bit vectors, each next column from the previous one in a few word operations.
    """
    full = (1 << m) - 1
    pluses: list[int] = []
    minuses: list[int] = []
    for eq in masks:
        x = eq | minus
        zero = (((x & plus) + plus) ^ plus) | x  # diagonal differences of 0
        h_minus = plus & zero
        x = (((minus | ~(plus | zero)) << 1) | 1) & full  # the top row grows by one per token
        minus = x & zero
        plus = ((h_minus << 1) | ~(x | zero)) & full
        pluses.append(plus)
        minuses.append(minus)
    return pluses, minuses


def last_column(masks: Sequence[int], m: int) -> tuple[int, int]:
    """The last column (`plus`, `minus`) of a hypothesis of `masks` against `m` tokens.

    `column_steps` from the first column, a few hundred tokens at a time, keeping only the
    last column of each run (memory bounded whatever the hypothesis length).
    """
    plus, minus = (1 << m) - 1, 0
    for lo in range(0, len(masks), _RUN):
        pluses, minuses = column_steps(plus, minus, masks[lo : lo + _RUN], m)
        plus, minus = pluses[-1], minuses[-1]
    return plus, minus


#: Tokens `last_column` steps through before it drops their columns.
_RUN = 256


#: Fewest and most hypotheses `batch_distances` packs into one integer.
MIN_LANES = 3
MAX_LANES = 128


def batch_distances(
    cols: Columns, variants: Sequence[tuple[int, Sequence[int]]], m: int
) -> list[int]:
    """Distances of several hypotheses that each share a prefix with `cols`' hypothesis.

    ``variants[c] = (start, masks)``: hypothesis ``c`` has the first `start` tokens of
    `cols`' hypothesis, then tokens with `masks` (all of the same total length). Many of them
    are computed at once, packed side by side into one integer with a zero guard bit between
    them that absorbs the carries of the addition (SIMD within a register).
    """
    if len(variants) < MIN_LANES:
        return [continue_distance(cols, start, masks, m) for start, masks in variants]
    out: list[int] = []
    for lo in range(0, len(variants), MAX_LANES):
        out += _packed(cols, variants[lo : lo + MAX_LANES], m)
    return out


def _packed(cols: Columns, variants: Sequence[tuple[int, Sequence[int]]], m: int) -> list[int]:
    width = m + 1
    start = min(first for first, _ in variants)
    offsets = range(0, len(variants) * width, width)
    # The packed rows are made one at a time: all of them at once would hold lanes x m bits
    # per hypothesis token (hundreds of MB for a segment of thousands of tokens).
    lanes = [
        map(lshift, chain(cols.masks[start:first], masks), repeat(offset))
        for (first, masks), offset in zip(variants, offsets, strict=True)
    ]
    rows = map(sum, zip(*lanes, strict=True))  # lanes never overlap: sum is bitwise or
    ones = sum(map(lshift, repeat(1), offsets))
    full = ((1 << m) - 1) * ones
    plus, minus = cols.plus[start] * ones, cols.minus[start] * ones
    for eq in rows:
        x = eq | minus
        zero = (((x & plus) + plus) ^ plus) | x
        h_minus = plus & zero
        x = (((minus | ~(plus | zero)) << 1) | ones) & full
        minus = x & zero
        plus = ((h_minus << 1) | ~(x | zero)) & full
    lane = (1 << m) - 1
    n = len(cols.masks)  # every variant has the hypothesis's length
    return [
        n + ((plus >> offset) & lane).bit_count() - ((minus >> offset) & lane).bit_count()
        for offset in offsets
    ]
