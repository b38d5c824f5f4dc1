"""The edit operations of one pair, exactly those rapidfuzz 3.x chooses (and jiwer 4.0.0 counts).

Several alignments can reach the Levenshtein distance (``a b`` against ``b c``: two
substitutions, or a deletion, a match and an insertion), so substitutions, deletions and
insertions are only defined once an alignment is chosen. jiwer 4.0.0 takes rapidfuzz's
(``rapidfuzz.distance.Levenshtein.opcodes(reference, hypothesis)``), which is, in rapidfuzz-cpp
3.x (``Levenshtein_impl.hpp``: ``levenshtein_align_hirschberg``, ``recover_alignment``):

1. the common prefix and suffix are matched and removed;
2. if the rest is large (``m >= 65`` reference tokens, ``n >= 10`` hypothesis tokens and
   ``2 * min(m, 2 * d + 1) * n / 8 >= 2**20`` for a distance bound ``d``), Hirschberg's split:
   the first reference position ``p`` where ``D(ref[:p], hyp[:n // 2]) + D(ref[p:],
   hyp[n // 2:])`` is least cuts the problem in two, each solved from step 1 with its own
   distance as the bound (at the top, the bound is the longer length);
3. otherwise the trace of the bit-parallel matrix, from the last cell: delete the reference
   token if the cell to its left is one less; else step up a hypothesis token, which is an
   insertion if the cell there is one less than the cell to its left, else a match or
   substitution with the reference token on the left.

Deletions remove reference tokens, insertions add hypothesis tokens (jiwer's names: the
reference is rapidfuzz's source). The bit-parallel rows are `parbleu.engine.levenshtein`'s;
`parbleu.engine.edit_counts` counts the same operations for many pairs at once.

    >>> edit_script("axcd", "abxd")  # not two substitutions: rapidfuzz's order of preference
    [Edit(kind='insert', reference=1, hypothesis=1), Edit(kind='delete', reference=2, hypothesis=3)]
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from parbleu.engine.levenshtein import Columns, columns, last_column, position_masks

__all__ = [
    "SPLIT_CELLS",
    "Edit",
    "EditChunk",
    "common_affix",
    "edit_chunks",
    "edit_script",
    "splits",
]

#: rapidfuzz's size in bytes from which alignments are split (Hirschberg): 1 MiB of rows.
SPLIT_CELLS = 1 << 20


class Edit(NamedTuple):
    """One edit: ``substitute``, ``delete`` or ``insert``, at these positions.

    rapidfuzz's ``Editop``, whose source is the reference: a deletion removes a reference
    token, an insertion adds a hypothesis token.
    """

    kind: str
    reference: int
    hypothesis: int


@dataclass(frozen=True)
class EditChunk:
    """A run of one kind of operation, as jiwer's ``AlignmentChunk`` (rapidfuzz's ``Opcode``).

    ``kind`` is ``equal``, ``substitute``, ``delete`` or ``insert``, of
    ``reference[ref_start:ref_end]`` and ``hypothesis[hyp_start:hyp_end]``.
    """

    kind: str
    ref_start: int
    ref_end: int
    hyp_start: int
    hyp_end: int


def common_affix(reference: Sequence[Hashable], hypothesis: Sequence[Hashable]) -> tuple[int, int]:
    """Lengths of the common prefix, then of the common suffix of what follows it."""
    shorter = min(len(reference), len(hypothesis))
    prefix = 0
    while prefix < shorter and reference[prefix] == hypothesis[prefix]:
        prefix += 1
    suffix = 0
    m, n = len(reference), len(hypothesis)
    while suffix < shorter - prefix and reference[m - 1 - suffix] == hypothesis[n - 1 - suffix]:
        suffix += 1
    return prefix, suffix


def splits(m: int, n: int, bound: int) -> bool:
    """Whether rapidfuzz splits an alignment (step 2 of the module's description).

    `m` reference and `n` hypothesis tokens (after their common affixes), whose distance is
    at most `bound`.
    """
    band = min(m, 2 * min(bound, max(m, n)) + 1)
    return m >= 65 and n >= 10 and 2 * band * n // 8 >= SPLIT_CELLS


def edit_script(reference: Sequence[Hashable], hypothesis: Sequence[Hashable]) -> list[Edit]:
    """The edits that turn `reference` into `hypothesis`, in order, as rapidfuzz finds them."""
    out: list[Edit] = []
    _align(reference, hypothesis, (0, 0), max(len(reference), len(hypothesis)), out)
    return out


def edit_chunks(reference: Sequence[Hashable], hypothesis: Sequence[Hashable]) -> list[EditChunk]:
    """`edit_script` as runs, with the matched runs between them (rapidfuzz's ``as_opcodes``)."""
    chunks: list[EditChunk] = []
    script = edit_script(reference, hypothesis)
    ref_at = hyp_at = i = 0
    while i < len(script):
        edit = script[i]
        if ref_at < edit.reference or hyp_at < edit.hypothesis:
            chunks.append(EditChunk("equal", ref_at, edit.reference, hyp_at, edit.hypothesis))
            ref_at, hyp_at = edit.reference, edit.hypothesis
        ref_start, hyp_start = ref_at, hyp_at
        while (
            i < len(script)
            and script[i].kind == edit.kind
            and (script[i].reference, script[i].hypothesis) == (ref_at, hyp_at)
        ):
            ref_at += edit.kind != "insert"
            hyp_at += edit.kind != "delete"
            i += 1
        chunks.append(EditChunk(edit.kind, ref_start, ref_at, hyp_start, hyp_at))
    if ref_at < len(reference) or hyp_at < len(hypothesis):
        chunks.append(EditChunk("equal", ref_at, len(reference), hyp_at, len(hypothesis)))
    return chunks


def _align(
    reference: Sequence[Hashable],
    hypothesis: Sequence[Hashable],
    at: tuple[int, int],
    bound: int,
    out: list[Edit],
) -> None:
    """Append the edits of `reference` against `hypothesis`, found at positions `at`."""
    prefix, suffix = common_affix(reference, hypothesis)
    reference = reference[prefix : len(reference) - suffix]
    hypothesis = hypothesis[prefix : len(hypothesis) - suffix]
    ref_at, hyp_at = at[0] + prefix, at[1] + prefix
    if not splits(len(reference), len(hypothesis), bound):
        out += _trace(reference, hypothesis, (ref_at, hyp_at))
        return
    p, half, left, right = _split(reference, hypothesis)
    _align(reference[:p], hypothesis[:half], (ref_at, hyp_at), left, out)
    _align(reference[p:], hypothesis[half:], (ref_at + p, hyp_at + half), right, out)


def _last_row(reference: Sequence[Hashable], hypothesis: Sequence[Hashable]) -> list[int]:
    """``D(reference[:p], hypothesis)`` for every ``p`` from 0 to ``len(reference)``."""
    masks = position_masks(reference)
    plus, minus = last_column([masks.get(token, 0) for token in hypothesis], len(reference))
    value = len(hypothesis)
    row = [value]
    for p in range(len(reference)):
        value += ((plus >> p) & 1) - ((minus >> p) & 1)
        row.append(value)
    return row


def _split(
    reference: Sequence[Hashable], hypothesis: Sequence[Hashable]
) -> tuple[int, int, int, int]:
    """Hirschberg's cut, as rapidfuzz's ``find_hirschberg_pos`` makes it.

    The first reference position where an optimal path crosses the middle hypothesis row,
    that row, and the distances of the two halves.
    """
    half = len(hypothesis) // 2
    left = _last_row(reference, hypothesis[:half])
    right = _last_row(reference[::-1], hypothesis[half:][::-1])
    m = len(reference)
    sums = [left[p] + right[m - p] for p in range(m + 1)]
    p = sums.index(min(sums))
    return p, half, left[p], right[m - p]


def _trace(
    reference: Sequence[Hashable], hypothesis: Sequence[Hashable], at: tuple[int, int]
) -> list[Edit]:
    """The edits of rapidfuzz's ``recover_alignment``, from the last cell of the full matrix."""
    ref_at, hyp_at = at
    col, row = len(reference), len(hypothesis)
    if not col or not row:
        return [Edit("delete", ref_at + k, hyp_at) for k in range(col)] + [
            Edit("insert", ref_at, hyp_at + k) for k in range(row)
        ]
    masks = position_masks(reference)
    cols: Columns = columns([masks.get(token, 0) for token in hypothesis], col)
    plus, minus = cols.plus, cols.minus
    edits: list[Edit] = []
    while row and col:
        if (plus[row] >> (col - 1)) & 1:  # the cell to the left is one less
            col -= 1
            edits.append(Edit("delete", ref_at + col, hyp_at + row))
            continue
        row -= 1
        if row and (minus[row] >> (col - 1)) & 1:
            edits.append(Edit("insert", ref_at + col, hyp_at + row))
            continue
        col -= 1
        if reference[col] != hypothesis[row]:
            edits.append(Edit("substitute", ref_at + col, hyp_at + row))
    edits += [Edit("delete", ref_at + k, hyp_at + row) for k in range(col - 1, -1, -1)]
    edits += [Edit("insert", ref_at + col, hyp_at + k) for k in range(row - 1, -1, -1)]
    edits.reverse()
    return edits
