"""The trace of TER's edit operations: which words the optimal alignment matches.

sacreBLEU 2.6.0 traces back from the last cell of its beam computation, preferring a match
or substitution, then a deletion of a hypothesis word, then an insertion of a reference
word; the trace decides which shifts the search tries next. `align_columns` traces the
bit-parallel columns of `parbleu.engine.levenshtein` (exact while the path stays in the
beam, which it checks) and `align` any cells, such as the beam computation's.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parbleu.engine.levenshtein import Columns
from parbleu.metrics.ter.distance import Band

__all__ = ["Alignment", "align", "align_columns"]


@dataclass(frozen=True)
class Alignment:
    """What the trace of the optimal edit operations says about each word.

    ``ref_to_hyp[k]``: the hypothesis position aligned with reference word ``k`` (matched or
    substituted), or for an inserted reference word the last hypothesis position before it
    (-1 at the start). Bit ``i`` of ``hyp_wrong`` (bit ``k`` of ``ref_wrong``) is set when
    hypothesis word ``i`` (reference word ``k``) is not matched exactly; ``matched[i]`` is
    ``1 << k`` when hypothesis word ``i`` is matched exactly with reference word ``k``, else 0.
    """

    ref_to_hyp: list[int]
    hyp_wrong: int
    ref_wrong: int
    matched: list[int]


def align(cell: Callable[[int, int], int], masks: Sequence[int], m: int) -> Alignment:
    """Trace back from the last cell, preferring match/substitution, deletion, insertion.

    `cell` gives the matrix cells (of the beam computation); `align_columns` is the same
    for bit-parallel columns, faster.
    """
    i, j = len(masks), m
    hyp_right = ref_right = 0  # the words matched exactly, as bit masks
    ref_to_hyp = [-1] * m
    matched = [0] * i
    value = cell(i, j)
    while i > 0 and j > 0:
        match = (masks[i - 1] >> (j - 1)) & 1
        diagonal = cell(i - 1, j - 1)
        if diagonal + 1 - match == value:
            i, j = i - 1, j - 1
            hyp_right |= match << i
            ref_right |= match << j
            matched[i] = match << j
            ref_to_hyp[j] = i
            value = diagonal
        elif cell(i - 1, j) + 1 == value:  # the hypothesis word is deleted
            i -= 1
            value -= 1
        else:  # the reference word is inserted after hypothesis position i - 1
            j -= 1
            ref_to_hyp[j] = i - 1
            value -= 1
    # Row 0 and column 0: the remaining reference words are inserted before the hypothesis,
    # the remaining hypothesis words deleted.
    return Alignment(
        ref_to_hyp, ((1 << len(masks)) - 1) ^ hyp_right, ((1 << m) - 1) ^ ref_right, matched
    )


def align_columns(
    cols: Columns,
    masks: Sequence[int],
    m: int,
    beam: Band | None = None,
    previous: tuple[Alignment, int] | None = None,
) -> Alignment | None:
    """`align` for the cells of bit-parallel (full) columns.

    With `beam`, None when the traced path leaves the beam. When it does not, the beam
    computation has the same cells along the path and none better next to it, so its trace,
    and its distance, are the same.

    ``previous = (alignment, row)``: the alignment this function gave (with the same `beam`)
    for a hypothesis whose first `row` words are these. The cells of those rows are the
    same, and so is the path from any of their cells; if the trace comes to row `row` in a
    column that the previous path went through, the rest is the previous path's.
    """
    plus, minus = cols.plus, cols.minus
    n = i = len(masks)
    j = m
    hyp_right = ref_right = 0  # the words matched exactly, as bit masks
    ref_to_hyp = [-1] * m
    matched = [0] * n
    value = cols.distance
    check = beam is not None
    lows, highs = (beam.lo, beam.hi) if beam is not None else ((), ())
    for stop in (0,) if previous is None else (previous[1], 0):
        while i > stop and j > 0:
            if check and not lows[i] <= j < highs[i]:
                return None
            bit = 1 << (j - 1)
            if masks[i - 1] & bit:  # a match: the diagonal cell is this cell's value: it wins
                i, j = i - 1, j - 1
                hyp_right |= 1 << i
                ref_right |= bit
                matched[i] = bit
                ref_to_hyp[j] = i
                continue
            column_plus, column_minus = plus[i - 1], minus[i - 1]
            low = bit - 1
            diagonal = i - 1 + (column_plus & low).bit_count() - (column_minus & low).bit_count()
            if diagonal + 1 == value:  # a substitution
                i, j = i - 1, j - 1
                ref_to_hyp[j] = i
                value = diagonal
                continue
            up = diagonal + (1 if column_plus & bit else -1 if column_minus & bit else 0)
            if up + 1 == value:
                i -= 1
            else:
                j -= 1
                ref_to_hyp[j] = i - 1
            value -= 1
        if previous is not None and stop and j > 0 and _on_path(previous, j):
            old = previous[0]
            ref_to_hyp[:j] = old.ref_to_hyp[:j]
            matched[:stop] = old.matched[:stop]
            hyp_right |= ~old.hyp_wrong & ((1 << stop) - 1)
            ref_right |= ~old.ref_wrong & ((1 << j) - 1)
            i = 0  # the previous path stayed in the beam
            break
    if check and i > 0 and lows[i] > 0:
        return None  # the path runs down column 0, which the beam left
    return Alignment(ref_to_hyp, ((1 << n) - 1) ^ hyp_right, ((1 << m) - 1) ^ ref_right, matched)


def _on_path(previous: tuple[Alignment, int], j: int) -> bool:
    """Whether the path of ``previous = (alignment, row)`` goes through cell ``(row, j)``.

    ``ref_to_hyp[k] + 1`` is the row where the path leaves column ``k + 1`` (it never goes
    down), so in row `row` it covers the columns after those it left above that row, up to
    the last it left in that row or above.
    """
    alignment, row = previous
    return (
        bisect_right(alignment.ref_to_hyp, row - 2)
        < j
        <= bisect_right(alignment.ref_to_hyp, row - 1)
    )
