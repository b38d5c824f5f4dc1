"""The candidate shifts of one step of TER's greedy search, as sacreBLEU 2.6.0 tries them.

`parbleu.metrics.ter.align` describes which blocks and targets sacreBLEU tries; here they
are enumerated with bit masks (a word as the reference positions it takes, the unmatched
words of the alignment as bits) and ranked by an optimistic bound on their gain, so that the
search evaluates the most promising first and stops when no other can win.
"""

from __future__ import annotations

from operator import xor

from parbleu.metrics.ter.trace import Alignment

__all__ = ["MAX_SHIFT_CANDIDATES", "MAX_SHIFT_DISTANCE", "MAX_SHIFT_SIZE", "Key", "ranked_shifts"]

#: Longest block a shift moves (tercom's limit).
MAX_SHIFT_SIZE = 10
#: Largest distance between a block's hypothesis and reference positions (tercom's limit).
MAX_SHIFT_DISTANCE = 50
#: Candidate shifts tried per hypothesis-reference pair before the search gives up.
MAX_SHIFT_CANDIDATES = 1000

#: Bits of the words a block can hold.
_SIZE_BITS = (1 << MAX_SHIFT_SIZE) - 1

#: A shift's rank: (gain, length, -start, -target); the largest wins.
Key = tuple[int, int, int, int]


def ranked_shifts(
    masks: list[int], m: int, alignment: Alignment, *, slack: int, most: int, budget: int
) -> tuple[list[Key], int] | None:
    """Every candidate shift's optimistic key, highest first, and how many sacreBLEU counts.

    `masks` is the hypothesis (reference-position masks of its words), `m` the reference
    length, `alignment` the current trace; `slack` is what the beam adds to the current
    full distance, `most` the current distance minus the fewest edits of any order. None
    when the candidates reach `budget`, the search's remaining candidate limit.

    A word is not moved to the reference position it is aligned with (the block would
    move within itself), so that position of a matched word is not tried.
    """
    far = len(masks) > MAX_SHIFT_DISTANCE or m > MAX_SHIFT_DISTANCE
    hyp_wrong = alignment.hyp_wrong
    shifts = _Shifts(masks, m, alignment, slack=slack, most=most, budget=budget)
    for start, others in enumerate(map(xor, masks, alignment.matched)):
        if not others:
            continue  # no other place in the reference
        unmatched = (hyp_wrong >> start) & _SIZE_BITS
        if not unmatched:
            continue  # nothing to fix in the next few words
        shortest = (unmatched & -unmatched).bit_length()
        rest = others
        for k in range(1, shortest):  # a block reaches the first unmatched word
            rest &= masks[start + k] >> k  # reference positions t with h[s+k] == r[t+k]
        if not rest:
            continue
        if far:
            low = max(0, start - MAX_SHIFT_DISTANCE)
            rest = rest >> low << low & ((1 << (start + MAX_SHIFT_DISTANCE + 1)) - 1)
        if not shifts.add(start, shortest, rest):
            return None
    return sorted(shifts.keys, reverse=True), shifts.count


class _Shifts:
    """The candidate shifts of one search iteration, keyed by their optimistic rank.

    The valid lengths of the blocks ``h[s:s+l] == r[t:t+l]`` of one ``(s, t)`` form a range:
    from the first that takes in an unmatched hypothesis word and an unmatched reference
    word, to the longest that matches, fits and does not contain the hypothesis word aligned
    with ``r[t]``. A shift of `length` words over `jump` others changes the full distance by
    at most ``2 * min(length, jump)`` (delete and re-insert either group), which with what
    the beam adds to the current distance bounds its gain; so does the distance down to the
    search's floor.
    """

    def __init__(
        self, masks: list[int], m: int, alignment: Alignment, *, slack: int, most: int, budget: int
    ) -> None:
        self.masks, self.m = masks, m
        self.ref_to_hyp, self.ref_wrong = alignment.ref_to_hyp, alignment.ref_wrong
        self.slack, self.most, self.budget = slack, most, budget
        self.count = 0  # candidates with repeats, as sacreBLEU counts them
        self.keys: set[Key] = set()

    def add(self, start: int, shortest: int, rest: int) -> bool:
        """Add the blocks at `start` (reference positions `rest`); False at the limit.

        `shortest` is the length of the shortest block with an unmatched hypothesis word;
        the words of the blocks at `rest` match for at least that length.
        """
        masks, m, ref_to_hyp, ref_wrong = self.masks, self.m, self.ref_to_hyp, self.ref_wrong
        n = len(masks)
        while rest:
            bit = rest & -rest
            rest ^= bit
            ref_start = bit.bit_length() - 1
            wrong = ref_wrong >> ref_start
            if not wrong:
                break  # every later reference word is matched too
            first = (wrong & -wrong).bit_length()
            first = shortest if shortest > first else first
            longest = MAX_SHIFT_SIZE if n - start > MAX_SHIFT_SIZE else n - start
            longest = m - ref_start if m - ref_start < longest else longest
            aligned = ref_to_hyp[ref_start] - start
            if 0 <= aligned < longest:
                longest = aligned  # longer blocks would move within themselves
            if first > longest:
                continue
            length = shortest
            while length < longest and (masks[start + length] >> (ref_start + length)) & 1:
                length += 1
            if first <= length:
                self._targets(start, ref_start, first, length)
                if self.count >= self.budget:
                    return False
        return True

    def _targets(self, start: int, ref_start: int, first: int, last: int) -> None:
        """The shifts of blocks of `first` to `last` words at `start` (and `ref_start`)."""
        ref_to_hyp, slack, most, keys = self.ref_to_hyp, self.slack, self.most, self.keys
        n = len(self.masks)
        targets: list[int] = []
        previous = -1
        for r in range(ref_start - 1, ref_start + last):
            target = ref_to_hyp[r] + 1 if r >= 0 else 0
            if target != previous:
                targets.append(target)
                previous = target
            size = r - ref_start + 1  # the block length whose last target this is
            if size < first:
                continue
            self.count += len(targets)
            for target in targets:
                if target < start:
                    jump = start - target
                elif target > start + size:
                    jump = target - start - size
                else:
                    jump = min(target - start, n - start - size)
                gain = slack + 2 * (size if size < jump else jump)
                gain = most if gain > most else gain
                if gain > 0:
                    keys.add((gain, size, -start, -target))
