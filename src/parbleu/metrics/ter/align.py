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
`parbleu.engine.levenshtein`'s bit-parallel columns; candidates that cannot be the best are
not refined further, but are counted, since the count decides where the search stops.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import itemgetter
from typing import TypeVar

from parbleu.engine.levenshtein import (
    Columns,
    batch_distances,
    columns,
    position_masks,
    suffix_columns,
)
from parbleu.metrics.ter.candidates import (
    MAX_SHIFT_CANDIDATES,
    MAX_SHIFT_DISTANCE,
    MAX_SHIFT_SIZE,
    ranked_shifts,
)
from parbleu.metrics.ter.candidates import (
    Key as _Key,
)
from parbleu.metrics.ter.distance import Band, band, banded_rows, beam_bound
from parbleu.metrics.ter.trace import Alignment, align, align_columns

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
        return cls(tuple(words), position_masks(words))

    def __len__(self) -> int:
        return len(self.words)

    def masks_of(self, words: Sequence[str]) -> list[int]:
        """Each word as the bit mask of its positions in the reference (0 if absent)."""
        return list(map(self.masks.get, words, repeat(0)))

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


#: Candidates evaluated together before the others are checked against the best so far.
_CHUNK = 16
#: Most candidates evaluated one at a time (more: the first alone, then packed in chunks).
_ONE_BY_ONE = 8

#: A key and the shifted words (first moved position, masks from there).
_Pending = tuple[_Key, tuple[int, list[int]]]


class _Search:
    """The state of the greedy shift search for one hypothesis-reference pair."""

    def __init__(self, m: int, masks: list[int], cols: Columns, floor: int, bound: int) -> None:
        self.m = m  # the reference length
        self.masks = masks  # the hypothesis words as reference-position masks
        self.bound = bound  # beam_bound(n, m): full distances up to it are the beam's
        self._band: Band | None = None  # the beam's rows, made when a distance exceeds `bound`
        self.cols = cols
        self.floor = floor  # ref.fewest_edits_of_any_order(words)
        self.checked = 0
        # The last trace of full columns, and the trace to resume from (see `align_columns`).
        self._trace: Alignment | None = None
        self._previous: tuple[Alignment, int] | None = None
        # The best key of `_one_by_one` with the columns after its first moved word.
        self._ready: tuple[_Key, list[int], list[int]] | None = None

    def beam(self) -> Band:
        """The rows of sacreBLEU's beam (the same for every order of the words)."""
        if self._band is None:
            self._band = band(len(self.masks), self.m)
        return self._band

    def settled(self) -> bool:
        """True when the distance has reached `floor`: no shift can lower it any more.

        The full distance is the beam distance at or below the beam's bound.
        """
        return settled(self.cols.distance, self.floor, self.bound)

    def distance(self) -> tuple[int, Alignment]:
        """The beam distance of the current hypothesis and the alignment its trace gives."""
        cols, masks, m = self.cols, self.masks, self.m
        beam = None if cols.distance <= self.bound else self.beam()
        found = align_columns(cols, masks, m, beam, self._previous)
        self._previous = None
        if found is not None:
            self._trace = found
            return cols.distance, found
        self._trace = None  # the beam's trace is not the full columns' trace
        rows = banded_rows(masks, m, self.beam())
        return rows.distance, align(rows.cell, masks, m)

    def apply(self, best: _Key) -> None:
        """Make the shift of key `best`: the columns change from the first word that moves.

        They are the ones its evaluation made, if it kept them (`_one_by_one`).
        """
        length, start, target = best[1], -best[2], -best[3]
        first = min(start, target)
        self.masks = shift(self.masks, start, length, target)
        ready = self._ready
        if ready is not None and ready[0] == best:
            cols = self.cols
            self.cols = Columns(
                cols.plus[: first + 1] + ready[1],
                cols.minus[: first + 1] + ready[2],
                self.masks,
                len(self.masks) + ready[1][-1].bit_count() - ready[2][-1].bit_count(),
            )
        else:
            self.cols = columns(self.masks, self.m, self.cols, first)
        if self._trace is not None:
            self._previous = (self._trace, first)

    def best_shift(self, before: int, alignment: Alignment) -> _Key | None:
        """The key of the best shift if it gains (None if none does, or at the limit).

        Shifts rank as in sacreBLEU by the key (gain, length, -start, -target). Candidates
        are evaluated from the highest optimistic key (`ranked`) down, until no remaining one
        can beat the best found.
        """
        found = ranked_shifts(
            self.masks,
            self.m,
            alignment,
            slack=before - self.cols.distance,  # what the beam adds to the full distance
            most=before - self.floor,
            budget=MAX_SHIFT_CANDIDATES - self.checked,
        )
        if found is None:
            return None
        ranked, count = found
        self.checked += count
        if not ranked:
            return None
        best, pending = self._screen(before, ranked)
        return self._refine(before, best, pending)

    def _screen(self, before: int, ranked: list[_Key]) -> tuple[_Key | None, list[_Pending]]:
        """The best exact key, and the candidates whose full distance is beyond the bound.

        One candidate at a time stops at the first that cannot beat the best found; packing
        candidates (`batch_distances`) makes each cheaper but evaluates whole chunks, which
        only pays for long lists (long sentences).
        """
        alone = ranked if len(ranked) <= _ONE_BY_ONE else ranked[:1]
        best, pending = self._one_by_one(before, alone)
        rest = ranked[len(alone) :]
        if not rest or (best is not None and rest[0] <= best):
            return best, pending
        return self._in_chunks(before, rest, best, pending)

    def _one_by_one(self, before: int, ranked: list[_Key]) -> tuple[_Key | None, list[_Pending]]:
        """`_screen` evaluating one candidate at a time."""
        best: _Key | None = None
        pending: list[_Pending] = []
        masks, cols, m, bound = self.masks, self.cols, self.m, self.bound
        n = len(masks)
        self._ready = None
        for optimistic in ranked:
            if best is not None and optimistic <= best:
                break  # ranked by optimistic key: no later candidate can win either
            _, length, start, target = optimistic
            first = -start if start > target else -target
            suffix = shifted_suffix(masks, -start, length, -target)
            pluses, minuses = suffix_columns(cols, first, suffix, m)
            full = n + pluses[-1].bit_count() - minuses[-1].bit_count()
            gain = before - full
            if gain <= 0:
                continue  # the beam can only add to the full distance
            key = (gain, length, start, target)
            if full > bound:
                pending.append((key, (first, suffix)))
            elif best is None or key > best:
                best = key
                self._ready = (key, pluses, minuses)
        return best, pending

    def _in_chunks(
        self, before: int, ranked: list[_Key], best: _Key | None, pending: list[_Pending]
    ) -> tuple[_Key | None, list[_Pending]]:
        """`_screen` of the candidates after `best` and `pending`, packed in chunks."""
        for lo in range(0, len(ranked), _CHUNK):
            chunk = ranked[lo : lo + _CHUNK]
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
    masks = ref.masks_of(hyp)
    floor = ref.fewest_edits_of_any_order(hyp)
    return search_edits(len(ref), masks, columns(masks, len(ref)), floor)


def search_edits(m: int, masks: list[int], cols: Columns, floor: int, bound: int = -1) -> int:
    """`count_edits` of a non-empty hypothesis given as `masks` against `m` reference words.

    `cols` are its columns, `floor` its fewest edits of any order, `bound` the
    `parbleu.metrics.ter.distance.beam_bound` of its lengths (computed when -1).
    """
    bound = beam_bound(len(masks), m) if bound < 0 else bound
    search = _Search(m, masks, cols, floor, bound)
    shifts = 0
    while True:
        if search.settled():  # identical words, or no better order: sacreBLEU would stop
            return shifts + search.cols.distance
        before, alignment = search.distance()
        best = search.best_shift(before, alignment)
        if best is None:
            return shifts + before
        shifts += 1
        # A best shift whose full distance is within the bound gains before - full; beyond
        # it, its beam distance is beyond the bound too, and the search goes on either way.
        if settled(before - best[0], search.floor, search.bound):
            return shifts + before - best[0]  # what `search.settled()` would find next
        search.apply(best)
