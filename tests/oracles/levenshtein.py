"""The textbook Levenshtein distance (Wagner and Fischer 1974): the full O(nm) table.

``table[i][j]`` is the fewest insertions, deletions and substitutions (each costing 1) that
turn the first ``j`` reference tokens into the first ``i`` hypothesis tokens. Tokens are
compared with ``==``, so a token that no reference holds is simply a token of its own.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence


def levenshtein_table(hyp: Sequence[Hashable], ref: Sequence[Hashable]) -> list[list[int]]:
    """Rows ``0 .. len(hyp)``, columns ``0 .. len(ref)``."""
    rows = [list(range(len(ref) + 1))]
    for i in range(1, len(hyp) + 1):
        row = [i]
        for j in range(1, len(ref) + 1):
            substitute = rows[i - 1][j - 1] + (hyp[i - 1] != ref[j - 1])
            row.append(min(substitute, rows[i - 1][j] + 1, row[j - 1] + 1))
        rows.append(row)
    return rows


def levenshtein(hyp: Sequence[Hashable], ref: Sequence[Hashable]) -> int:
    """The edit distance of two sequences."""
    return levenshtein_table(hyp, ref)[-1][-1]
