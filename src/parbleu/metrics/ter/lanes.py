"""The first edit distance of many TER pairs at once, in numpy lanes.

Every hypothesis-reference pair starts its shift search the same way: the bit-parallel
columns of its hypothesis (`parbleu.engine.levenshtein.columns`) and the number of words it
shares with its reference (`ReferenceWords.fewest_edits_of_any_order`). For a reference of
at most 64 words `parbleu.engine.edit_lanes.first_columns` computes both for many pairs
together, each pair a lane of a numpy array. Pairs whose distance is already the fewest
edits of any word order (a third of WMT17 en-de's) need nothing more; the others read their
columns back as Python integers and go on to the shift search.
"""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.engine.edit_lanes import LANE_BITS, first_columns
from parbleu.metrics.ter.align import ReferenceWords, count_edits, search_edits, settled
from parbleu.metrics.ter.distance import beam_bound

__all__ = ["count_edits_of_pairs"]

#: Fewest pairs worth the lanes' fixed cost (a few dozen array operations per word).
MIN_LANES = 64
#: Most pairs in lanes at once (memory: a few words per hypothesis word).
MAX_LANES = 1024


def count_edits_of_pairs(pairs: Sequence[tuple[Sequence[str], ReferenceWords]]) -> list[int]:
    """`parbleu.metrics.ter.align.count_edits` of every (hypothesis, reference) pair."""
    edits: list[int] = []
    for lo in range(0, len(pairs), MAX_LANES):
        edits += _count_block(pairs[lo : lo + MAX_LANES])
    return edits


def _count_block(pairs: Sequence[tuple[Sequence[str], ReferenceWords]]) -> list[int]:
    """Edits of pairs with references of 1 to `LANE_BITS` words begun in lanes, if enough."""
    laned = [k for k, (hyp, ref) in enumerate(pairs) if hyp and 0 < len(ref.words) <= LANE_BITS]
    if len(laned) < MIN_LANES:
        return [count_edits(hyp, ref) for hyp, ref in pairs]
    edits = [-1] * len(pairs)
    masks = [pairs[k][1].masks_of(pairs[k][0]) for k in laned]
    first = first_columns(masks, [len(pairs[k][1].words) for k in laned])
    distances, common = first.distance.tolist(), first.common.tolist()
    bounds: dict[tuple[int, int], int] = {}  # beam_bound of each pair of lengths met
    for j, k in enumerate(laned):
        hyp, ref = pairs[k]
        n, m = len(hyp), len(ref.words)
        floor = max(n, m) - common[j]
        bound = bounds.get((n, m), -1)
        if bound < 0:
            bound = bounds[n, m] = beam_bound(n, m)
        if settled(distances[j], floor, bound):
            edits[k] = distances[j]
        else:
            edits[k] = search_edits(m, masks[j], first.columns(j, masks[j]), floor, bound)
    return [e if e >= 0 else count_edits(*pair) for e, pair in zip(edits, pairs, strict=True)]
