"""TER's edit count with block shifts, move for move as sacreBLEU 2.6.0 (after tercom) makes it.

Snover et al. (2006), section 2: TER is the least number of insertions, deletions,
substitutions and shifts of word blocks that turn the hypothesis into the reference. Finding
it is NP-hard, so tercom searches greedily: while some shift lowers the edit distance, apply
the shift that lowers it most. sacreBLEU's search, reproduced here exactly:

* candidate blocks are words ``h[s:s+l]`` equal to ``r[t:t+l]`` with ``|s - t| <= 50`` and
  ``1 <= l <= 10``, enumerated by ``s``, then ``t``, then ``l``;
* a block is skipped if all its hypothesis words or all its reference words are already
  matched by the current alignment, or if the hypothesis word aligned with ``r[t]`` lies in
  the block;
* each block is tried before each hypothesis position that the alignment gives the reference
  positions ``t - 1 .. t + l - 1`` (0 for ``t - 1 = -1``), skipping a position equal to the
  one before it;
* the best shift maximizes (distance gained, block length, -block start, -target position);
  the search stops when the best gain is not positive or when 1000 candidate shifts have been
  tried over the whole search, in which case the last search's best shift is not applied.

The distance of every candidate is computed from the unchanged prefix of the hypothesis with
`parbleu.metrics.ter.distance`'s bit-parallel columns; candidates that cannot be the best are
not refined further, but are counted, since the count decides where the search stops.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TypeVar

from parbleu.metrics.ter.distance import (
    Alignment,
    Band,
    Columns,
    align,
    align_columns,
    band,
    banded_rows,
    batch_distances,
    beam_bound,
    columns,
)

__all__ = [
    "MAX_SHIFT_CANDIDATES",
    "MAX_SHIFT_DISTANCE",
    "MAX_SHIFT_SIZE",
    "ReferenceWords",
    "count_edits",
    "search_edits",
    "settled",
    "shift",
    "shifted_suffix",
]

T = TypeVar("T")

#: Longest block a shift moves (tercom's limit).
MAX_SHIFT_SIZE = 10
#: Largest distance between a block's hypothesis and reference positions (tercom's limit).
MAX_SHIFT_DISTANCE = 50
#: Candidate shifts tried per hypothesis-reference pair before the search gives up.
MAX_SHIFT_CANDIDATES = 1000


@dataclass(frozen=True)
class ReferenceWords:
    """A tokenized reference with what the search looks up in it.

    One dictionary, word -> bit mask of its positions: the search reads a word's positions
    from the bits of its mask (a reference is prepared once per segment and kept while its
    chunk is scored, so its index stays small).
    """

    words: tuple[str, ...]
    masks: dict[str, int]  # word -> bit mask of its positions

    @classmethod
    def from_words(cls, words: Sequence[str]) -> ReferenceWords:
        """Index the words of one reference."""
        masks: dict[str, int] = {}
        get = masks.get
        for k, word in enumerate(words):
            masks[word] = get(word, 0) | (1 << k)
        return cls(tuple(words), masks)

    def __len__(self) -> int:
        return len(self.words)

    def masks_of(self, words: Sequence[str]) -> list[int]:
        """Each word as the bit mask of its positions in the reference (0 if absent)."""
        masks = self.masks
        return [masks.get(word, 0) for word in words]

    def fewest_edits_of_any_order(self, words: Sequence[str]) -> int:
        """A lower bound on the edit distance of every reordering of `words` to this reference.

        Each edit matches at most one more word, so the distance is at least the longer
        length minus the words the two have in common (counted as multisets). A shift only
        reorders the hypothesis, and sacreBLEU's beam only adds to a distance, so no shift
        can lower a distance that has reached this bound.
        """
        masks = self.masks
        common = sum(
            min(count, masks.get(word, 0).bit_count()) for word, count in Counter(words).items()
        )
        return max(len(words), len(self.words)) - common


def shift(seq: list[T], start: int, length: int, target: int) -> list[T]:
    """Move ``seq[start:start + length]`` as sacreBLEU does for target position `target`.

    Before ``target`` when it lies before the block or after its end; for a target inside
    ``start .. start + length`` the block goes after the ``target - start`` words that follow
    it.
    """
    block = seq[start : start + length]
    if target < start:
        return seq[:target] + block + seq[target:start] + seq[start + length :]
    end = target if target > start + length else target + length
    return seq[:start] + seq[start + length : end] + block + seq[end:]


def shifted_suffix(seq: list[T], start: int, length: int, target: int) -> list[T]:
    """``shift(seq, start, length, target)[min(start, target):]``, without the prefix."""
    block = seq[start : start + length]
    if target < start:
        return block + seq[target:start] + seq[start + length :]
    end = target if target > start + length else target + length
    return seq[start + length : end] + block + seq[end:]


def _jump(start: int, length: int, target: int, n: int) -> int:
    """How many words a shift moves the block over (``n`` words in all)."""
    if target < start:
        return start - target
    if target > start + length:
        return target - start - length
    return min(target - start, n - start - length)


#: Candidates evaluated together before the others are checked against the best so far.
_CHUNK = 16

#: A shift's rank: (gain, length, -start, -target); the largest wins.
_Key = tuple[int, int, int, int]
#: A key and the shifted words (first moved position, masks from there).
_Pending = tuple[_Key, tuple[int, list[int]]]


class _Search:
    """The state of the greedy shift search for one hypothesis-reference pair."""

    def __init__(
        self, words: list[str], ref: ReferenceWords, masks: list[int], cols: Columns, floor: int
    ) -> None:
        self.ref = ref
        self.m = len(ref)
        self.words = words
        self.masks = masks  # the words as reference-position masks
        self.bound = beam_bound(len(words), self.m)  # full distances up to it are the beam's
        self._band: Band | None = None  # the beam's rows, made when a distance exceeds `bound`
        self.cols = cols
        self.floor = floor  # ref.fewest_edits_of_any_order(words)
        self.checked = 0

    def beam(self) -> Band:
        """The rows of sacreBLEU's beam (the same for every order of the words)."""
        if self._band is None:
            self._band = band(len(self.words), self.m)
        return self._band

    def settled(self) -> bool:
        """True when the distance has reached `floor`: no shift can lower it any more.

        The full distance is the beam distance at or below the beam's bound.
        """
        return settled(self.cols.distance, self.floor, self.bound)

    def distance(self) -> tuple[int, Alignment]:
        """The beam distance of the current hypothesis and the alignment its trace gives."""
        cols, masks, m = self.cols, self.masks, self.m
        found = align_columns(cols, masks, m, None if cols.distance <= self.bound else self.beam())
        if found is not None:
            return cols.distance, found
        rows = banded_rows(masks, m, self.beam())
        return rows.distance, align(rows.cell, masks, m)

    def apply(self, start: int, length: int, target: int) -> None:
        """Make a shift: the columns are recomputed from the first word that moves."""
        self.words = shift(self.words, start, length, target)
        self.masks = shift(self.masks, start, length, target)
        self.cols = columns(self.masks, self.m, self.cols, min(start, target))

    def candidates(self, alignment: Alignment) -> list[tuple[int, int, int]] | None:
        """Every candidate (start, length, target) in sacreBLEU's order, or None at the limit."""
        words, ref_words = self.words, self.ref.words
        n, m = len(words), self.m
        ref_to_hyp = alignment.ref_to_hyp
        hyp_errors, ref_errors = alignment.hyp_errors, alignment.ref_errors
        found: list[tuple[int, int, int]] = []
        budget = MAX_SHIFT_CANDIDATES - self.checked
        padded = hyp_errors + hyp_errors[-1:] * MAX_SHIFT_SIZE
        masks = self.masks
        starts = [  # words in the reference with an unmatched word in the next few
            start
            for start, (mask, errors, later) in enumerate(
                zip(masks, hyp_errors, padded[MAX_SHIFT_SIZE:], strict=False)  # n of n + 1
            )
            if mask and errors != later
        ]
        for start in starts:
            rest = masks[start]  # the reference positions of the word, lowest first
            while rest:
                low = rest & -rest
                rest ^= low
                ref_start = low.bit_length() - 1
                if abs(ref_start - start) > MAX_SHIFT_DISTANCE:
                    continue
                longest = min(MAX_SHIFT_SIZE, n - start, m - ref_start)
                length = 0
                while length < longest and words[start + length] == ref_words[ref_start + length]:
                    length += 1
                    if hyp_errors[start + length] == hyp_errors[start]:
                        continue  # the block is matched already
                    if ref_errors[ref_start + length] == ref_errors[ref_start]:
                        continue  # its reference words are matched already
                    if start <= ref_to_hyp[ref_start] < start + length:
                        continue  # it would move within itself
                    previous = -1
                    for r in range(ref_start - 1, ref_start + length):
                        target = ref_to_hyp[r] + 1 if r >= 0 else 0
                        if target != previous:
                            found.append((start, length, target))
                            previous = target
                    if len(found) >= budget:
                        return None
        self.checked += len(found)
        return found

    def best_shift(self, before: int, alignment: Alignment) -> tuple[int, int, int] | None:
        """The shift with the best positive gain, or None (none gains, or the limit is hit).

        Shifts rank as in sacreBLEU by the key (gain, length, -start, -target). A shift of
        `length` words over `jump` others changes the full distance by at most
        ``2 * min(length, jump)`` (delete and re-insert either group), which with what the
        beam adds to the current distance bounds its gain; so does the distance down to
        `floor`. Candidates are evaluated from the highest such optimistic key down, until no
        remaining one can beat the best found.
        """
        found = self.candidates(alignment)
        if not found:
            return None
        n = len(self.masks)
        slack = before - self.cols.distance  # what the beam adds to the full distance, >= 0
        most = before - self.floor
        ranked = []
        for start, length, target in dict.fromkeys(found):
            jump = _jump(start, length, target, n)
            gain = slack + 2 * (length if length < jump else jump)
            ranked.append((most if gain > most else gain, length, -start, -target))
        ranked.sort(reverse=True)
        best, pending = self._screen(before, ranked)
        best = self._refine(before, best, pending)
        return None if best is None else (-best[2], best[1], -best[3])

    def _screen(self, before: int, ranked: list[_Key]) -> tuple[_Key | None, list[_Pending]]:
        """The best exact key, and the candidates whose full distance is beyond the bound."""
        best: _Key | None = None
        pending: list[_Pending] = []
        for lo in range(0, len(ranked), _CHUNK):
            chunk = [key for key in ranked[lo : lo + _CHUNK] if key[0] > 0]
            if best is not None:
                chunk = [key for key in chunk if key > best]
            if not chunk:
                break  # ranked by optimistic key: no later candidate can win either
            variants = [
                (min(-start, -target), shifted_suffix(self.masks, -start, length, -target))
                for _, length, start, target in chunk
            ]
            fulls = batch_distances(self.cols, variants, self.m)
            for optimistic, variant, full in zip(chunk, variants, fulls, strict=True):
                key = (before - full, *optimistic[1:])
                if key[0] <= 0:
                    continue  # the beam can only add to the full distance
                if full > self.bound:
                    pending.append((key, variant))
                elif best is None or key > best:
                    best = key
        return best, pending

    def _refine(self, before: int, best: _Key | None, pending: list[_Pending]) -> _Key | None:
        """Beam distances of pending candidates that could still win, most promising first.

        Beyond the bound the full distance only bounds a candidate's gain from above.
        """
        pending.sort(key=itemgetter(0), reverse=True)
        for optimistic, (first, suffix) in pending:
            if best is not None and optimistic <= best:
                break
            key = (before - self._beam_distance(first, suffix), *optimistic[1:])
            if key[0] > 0 and (best is None or key > best):
                best = key
        return best

    def _beam_distance(self, first: int, suffix: list[int]) -> int:
        """The beam distance of the current hypothesis with its words from `first` replaced."""
        masks = self.masks[:first] + suffix
        cols = columns(masks, self.m, self.cols, first)
        if cols.distance <= self.bound or align_columns(cols, masks, self.m, self.beam()):
            return cols.distance
        return banded_rows(masks, self.m, self.beam()).distance


def settled(distance: int, floor: int, bound: int) -> bool:
    """True when a full `distance` is the beam's (below its `bound`) and cannot go lower.

    `floor` is `ReferenceWords.fewest_edits_of_any_order`: no shift reaches below it, so
    sacreBLEU's search would end here with the distance as it is.
    """
    return distance == floor and distance <= bound


def count_edits(hyp: Sequence[str], ref: ReferenceWords) -> int:
    """Fewest edits (shifts, insertions, deletions, substitutions) from `hyp` to `ref`."""
    if not len(ref):
        return len(hyp)
    if not hyp:
        return len(ref)
    words = list(hyp)
    masks = ref.masks_of(words)
    return search_edits(
        words, ref, masks, columns(masks, len(ref)), ref.fewest_edits_of_any_order(words)
    )


def search_edits(
    words: list[str], ref: ReferenceWords, masks: list[int], cols: Columns, floor: int
) -> int:
    """`count_edits` of non-empty `words` whose masks, columns and floor are known."""
    search = _Search(words, ref, masks, cols, floor)
    shifts = 0
    while True:
        if search.settled():  # identical words, or no better order: sacreBLEU would stop
            return shifts + search.cols.distance
        before, alignment = search.distance()
        found = search.best_shift(before, alignment)
        if found is None:
            return shifts + before
        search.apply(*found)
        shifts += 1
