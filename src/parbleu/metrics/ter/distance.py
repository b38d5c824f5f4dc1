"""sacreBLEU's beam for TER's word edit distance, and when the bit-parallel distance is exact.

sacreBLEU 2.6.0 computes the Levenshtein distance between a hypothesis (rows ``i``) and a
reference (columns ``j``) inside a beam: row ``i`` only fills the columns
``floor(i * m / n) - w <= j < floor(i * m / n) + w`` (all columns up to ``m`` in the last
row), with ``w = 25`` unless the length ratio is extreme, and cells outside the beam count as
infinite. Ties between operations go to substitution / match first, then deletion of a
hypothesis word, then insertion of a reference word; the trace of the chosen operations
decides which shifts TER tries next.

parbleu computes the distance without a beam, by Myers' bit-parallel algorithm in
`parbleu.engine.levenshtein` (one column of the matrix per hypothesis word is two bit masks of
vertical differences, so a word costs a dozen integer operations whatever the reference
length). The beam changes nothing when an optimal path stays inside it: then the
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

__all__ = [
    "BEAM_WIDTH",
    "INFINITY",
    "Band",
    "BandedRows",
    "band",
    "banded_rows",
    "beam_bound",
]

#: Half width of sacreBLEU's (and tercom's) beam around the length-scaled diagonal.
BEAM_WIDTH = 25

#: Value of the cells outside the beam (sacreBLEU's integer infinity).
INFINITY = 10**16

#: Products of lengths below which ``floor(i * (m / n))`` in floating point is ``i * m // n``
#: or, when that is a whole number, possibly one less (see `beam_bound`).
_EXACT_PRODUCTS = 2**50


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
