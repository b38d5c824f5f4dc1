"""Word edit distance for TER: bit-parallel, exact with respect to sacreBLEU's beam.

sacreBLEU 2.6.0 computes the Levenshtein distance between a hypothesis (rows ``i``) and a
reference (columns ``j``) inside a beam: row ``i`` only fills the columns
``floor(i * m / n) - w <= j < floor(i * m / n) + w`` (all columns up to ``m`` in the last
row), with ``w = 25`` unless the length ratio is extreme, and cells outside the beam count as
infinite. Ties between operations go to substitution / match first, then deletion of a
hypothesis word, then insertion of a reference word; the trace of the chosen operations
decides which shifts TER tries next.

Here the distance is computed without a beam by Myers' bit-parallel algorithm (Myers 1999;
the global-distance form of Hyyro 2001): one column of the matrix per hypothesis word is two
bit masks of vertical differences, so a word costs a dozen integer operations whatever the
reference length. The beam changes nothing when an optimal path stays inside it: then the
beam computation has the same cells along that path and cannot do better next to it, so its
distance and its trace are the same. `Band.bound` is a distance up to which every optimal
path provably stays inside; above it `parbleu.metrics.ter.trace.align_columns` checks the
traced path itself, and only when that path leaves the beam does `banded_rows` run the beam
computation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain, repeat
from operator import lshift

__all__ = [
    "BEAM_WIDTH",
    "Band",
    "BandedRows",
    "Columns",
    "band",
    "banded_rows",
    "batch_distances",
    "beam_bound",
    "columns",
    "continue_distance",
    "last_cell",
    "suffix_columns",
]

#: Half width of sacreBLEU's (and tercom's) beam around the length-scaled diagonal.
BEAM_WIDTH = 25

#: Value of the cells outside the beam (sacreBLEU's integer infinity).
INFINITY = 10**16

#: Products of lengths below which ``floor(i * (m / n))`` in floating point is ``i * m // n``
#: or, when that is a whole number, possibly one less (see `beam_bound`).
_EXACT_PRODUCTS = 2**50


@dataclass(frozen=True)
class Columns:
    """Bit-parallel columns of the distance matrix of a hypothesis against a reference.

    Bit ``k`` of ``plus[i]`` (``minus[i]``) is set when the cell ``(i, k + 1)`` is one more
    (one less) than the cell ``(i, k)``: ``i`` hypothesis words against ``k`` reference words.
    """

    plus: list[int]
    minus: list[int]
    masks: list[int]  # the hypothesis, as reference-position masks of its words
    distance: int  # of the whole hypothesis and reference: the last cell

    def cell(self, i: int, j: int) -> int:
        """Edit distance of the first ``i`` hypothesis words and ``j`` reference words."""
        low = (1 << j) - 1
        return i + (self.plus[i] & low).bit_count() - (self.minus[i] & low).bit_count()


def last_cell(plus: list[int], minus: list[int]) -> int:
    """The edit distance that the columns `plus` and `minus` (one more than words) end on."""
    return len(plus) - 1 + plus[-1].bit_count() - minus[-1].bit_count()


def columns(masks: Sequence[int], m: int, base: Columns | None = None, start: int = 0) -> Columns:
    """All columns for a hypothesis given as reference-position masks of its words.

    ``masks[i]`` has bit ``k`` set when hypothesis word ``i`` equals reference word ``k``;
    ``m >= 1`` is the reference length. With `base`, the columns of a hypothesis that shares
    its first `start` words, only the columns after those words are computed.
    """
    if base is None or start == 0:
        pluses, minuses = [(1 << m) - 1], [0]
        start = 0
    else:
        pluses, minuses = base.plus[: start + 1], base.minus[: start + 1]
    more_plus, more_minus = _steps(pluses[-1], minuses[-1], masks[start:], m)
    pluses += more_plus
    minuses += more_minus
    return Columns(pluses, minuses, list(masks), last_cell(pluses, minuses))


def suffix_columns(
    cols: Columns, start: int, masks: Sequence[int], m: int
) -> tuple[list[int], list[int]]:
    """The columns after the first `start` words of a hypothesis that shares them with `cols`'.

    `masks` are the masks of its other words (positions ``start`` onwards): the result is
    ``columns(hypothesis, m)``'s ``plus[start + 1:]`` and ``minus[start + 1:]``.
    """
    return _steps(cols.plus[start], cols.minus[start], masks, m)


def continue_distance(cols: Columns, start: int, masks: Sequence[int], m: int) -> int:
    """Distance of a hypothesis that shares its first `start` words with `cols`' hypothesis.

    `masks` are the masks of the remaining words (positions ``start`` onwards).
    """
    pluses, minuses = suffix_columns(cols, start, masks, m)
    plus = pluses[-1] if pluses else cols.plus[start]
    minus = minuses[-1] if minuses else cols.minus[start]
    # The last cell of the column: n plus the vertical differences down to row m.
    return start + len(masks) + plus.bit_count() - minus.bit_count()


def _steps(plus: int, minus: int, masks: Sequence[int], m: int) -> tuple[list[int], list[int]]:
    """The columns that follow the column (`plus`, `minus`), one per word of `masks`.

    Myers (1999) and Hyyro (2001): the vertical differences of a column of the edit-distance
    matrix as bit vectors, each next column from the previous one in a few word operations.
    """
    full = (1 << m) - 1
    pluses: list[int] = []
    minuses: list[int] = []
    for eq in masks:
        x = eq | minus
        zero = (((x & plus) + plus) ^ plus) | x  # diagonal differences of 0
        h_minus = plus & zero
        x = (((minus | ~(plus | zero)) << 1) | 1) & full  # the top row grows by one per word
        minus = x & zero
        plus = ((h_minus << 1) | ~(x | zero)) & full
        pluses.append(plus)
        minuses.append(minus)
    return pluses, minuses


#: Fewest and most hypotheses `batch_distances` packs into one integer.
MIN_LANES = 3
MAX_LANES = 128


def batch_distances(
    cols: Columns, variants: Sequence[tuple[int, Sequence[int]]], m: int
) -> list[int]:
    """Distances of several hypotheses that each share a prefix with `cols`' hypothesis.

    ``variants[c] = (start, masks)``: hypothesis ``c`` has the first `start` words of `cols`'
    hypothesis, then words with `masks` (all of the same total length). Many of them are
    computed at once, packed side by side into one integer with a zero guard bit between
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
    # per hypothesis word (hundreds of MB for a segment of thousands of words).
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


@dataclass(frozen=True)
class Band:
    """The cells sacreBLEU's beam fills: columns ``lo[i] <= j < hi[i]`` of row ``i``.

    Row 0 is filled completely. `bound` is the largest distance up to which beam and full
    computation provably agree: a path of cost ``U`` through the cell ``(i, j)`` costs at least
    ``|j - i|`` to reach it and ``|(m - j) - (n - i)|`` to leave it, so every optimal path
    lies in a band around the diagonal whose width grows with ``U``.
    """

    lo: tuple[int, ...]
    hi: tuple[int, ...]
    bound: int


def _beam_width(n: int, m: int) -> tuple[float, int]:
    """The length ratio and the beam's half width, widened for extreme ratios."""
    ratio = m / n if n else 1.0
    width = math.ceil(ratio / 2 + BEAM_WIDTH) if ratio / 2 > BEAM_WIDTH else BEAM_WIDTH
    return ratio, width


def band(n: int, m: int) -> Band:
    """The beam of an ``n``-word hypothesis against an ``m``-word reference."""
    ratio, width = _beam_width(n, m)
    lows, highs = [0], [m + 1]
    for i in range(1, n + 1):
        diagonal = math.floor(i * ratio)  # the length-scaled diagonal, as sacreBLEU rounds it
        lows.append(max(0, diagonal - width))
        highs.append(m + 1 if i == n else min(m + 1, diagonal + width))
    gap = m - n
    below, above = min(0, gap), max(0, gap)
    # On a path of cost U, j - i stays within (U - |gap|) // 2 of [below, above]: find the
    # largest such slack that every row of the beam holds.
    slack = INFINITY
    for i in range(1, n + 1):
        if lows[i] > 0:
            slack = min(slack, i + below - lows[i])
        if highs[i] <= m:
            slack = min(slack, highs[i] - 1 - i - above)
    return Band(tuple(lows), tuple(highs), abs(gap) + 2 * slack + 1)


def beam_bound(n: int, m: int) -> int:
    """``band(n, m).bound`` or a little less, without `band`'s loop over the rows (n, m >= 1).

    Row ``i`` of the beam is centred on ``f(i) = floor(i * ratio)`` computed in floating
    point. With ``g(i) = i * m // n`` exact, ``f(i) == g(i)`` unless ``i * m / n`` is a whole
    number, where rounding may give ``g(i) - 1`` (``49 * (1 / 49) < 1``): the error is below
    ``m * 2**-52``, less than ``1 / n`` for ``n * m < 2**52``. So the rows are taken with
    ``g`` (one row more on the right side, where ``f`` may be smaller), where
    ``i - g(i) = ceil(i * (n - m) / n)`` is monotonic: each side is tightest at one end.
    """
    if n * m >= _EXACT_PRODUCTS:
        return band(n, m).bound
    _, width = _beam_width(n, m)
    gap = m - n
    below, above = min(0, gap), max(0, gap)
    # Rows whose beam starts after column 0 (f(i) > width, so g(i) > width), each with the
    # slack i - f(i) + width + below (see `band`), at least i - g(i) + width + below.
    first = -(-(width + 1) * n // m)  # the first row with g(i) > width
    if n < m and m > width:
        left = n - m + width + below  # i - g(i) is least at row n
    elif n >= m and first <= n:
        left = first - first * m // n + width + below  # ... at the first row
    else:
        left = INFINITY
    # Rows i < n whose beam ends before column m (f(i) + width <= m), each with the slack
    # f(i) + width - 1 - i - above: rows with g(i) < m + 1 - width, and those with
    # g(i) = m + 1 - width where i * m / n is whole; with g, the slack is one less at most.
    most = m + 1 - width  # the largest g(i) of such a row
    if n < m:
        # g(i) - i is least at row 1
        ends = n > 1 and (m // n < most or (m // n == most and m % n == 0))
        right = m // n - 1 + width - 2 - above if ends else INFINITY
    else:
        # g(i) - i is least at the last such row
        last = min(n - 1, (most * n - 1) // m)
        if most >= 0 and most * n % m == 0:
            last = min(n - 1, max(last, most * n // m))
        right = last * m // n - last + width - 2 - above if last >= 1 else INFINITY
    return abs(gap) + 2 * min(left, right) + 1


@dataclass(frozen=True)
class BandedRows:
    """The cells of sacreBLEU's beam computation, kept for the beam only.

    Row ``i`` holds columns ``lo[i] .. hi[i] - 1``; every other cell is `INFINITY`. Memory
    grows with the hypothesis length times the beam's width, not with both lengths.
    """

    lo: tuple[int, ...]
    rows: tuple[list[int], ...]

    def cell(self, i: int, j: int) -> int:
        """The cell of row ``i`` and column ``j`` (infinite outside the beam)."""
        k = j - self.lo[i]
        row = self.rows[i]
        return row[k] if 0 <= k < len(row) else INFINITY

    @property
    def distance(self) -> int:
        """The last cell: the beam distance of the whole hypothesis and reference."""
        return self.rows[-1][-1]


def banded_rows(masks: Sequence[int], m: int, beam: Band | None = None) -> BandedRows:
    """The beam computation of sacreBLEU: every row of the matrix, infinite outside the beam.

    `beam` is ``band(len(masks), m)``, given when the caller has it already.
    """
    beam = beam if beam is not None else band(len(masks), m)
    lows = [0]
    rows = [list(range(m + 1))]
    for i, eq in enumerate(masks, start=1):
        previous, p_lo = rows[-1], lows[-1]
        p_hi = p_lo + len(previous)
        lo, hi = beam.lo[i], beam.hi[i]
        row: list[int] = []
        left = INFINITY  # the cell before, in this row
        for j in range(lo, hi):
            up = previous[j - p_lo] if p_lo <= j < p_hi else INFINITY
            if j == 0:
                left = up + 1
            else:
                diagonal = previous[j - 1 - p_lo] if p_lo <= j - 1 < p_hi else INFINITY
                best = diagonal + (0 if (eq >> (j - 1)) & 1 else 1)
                left = min(best, up + 1, left + 1, INFINITY)
            row.append(left)
        rows.append(row)
        lows.append(lo)
    return BandedRows(tuple(lows), tuple(rows))
