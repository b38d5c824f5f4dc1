"""Clipped n-gram matches of hypotheses against their own references, in one pass.

When references serve a single set of hypotheses (a chunk of a stream, sentence-level
scores), nothing needs them prepared for reuse, and neither a vocabulary nor a reference
table is worth building. Hypotheses and references are tokenized together, and each order
groups the n-grams of both sides with one pass through a hash table of exact keys (Papineni
et al., 2002, section 2.1, computed per segment for all segments at once):

* order 1: tokens are grouped by (segment, token), from a 64-bit hash of the token's chunks
  mixed with its segment; every token is then compared with the leading token of its group
  (segment, length and chunks), so groups are exact; the rare token that differs is
  regrouped through a dictionary of strings;
* order n: an n-gram's key is ``group of its (n-1)-gram prefix * G + group of its last
  token``, exact, and only n-grams whose prefix occurs on both sides are formed at all;
* per group, the hypothesis count is clipped by the largest count in any one reference, and
  clipped counts are summed per segment.

The results are those of `parbleu.engine.ngrams.clipped_matches` over a `TextEncoder`
vocabulary (tests check this), at about half the cost for single use.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import cast

import numpy as np

from parbleu.arrays import IntArray, KeyArray
from parbleu.engine.ngrams import largest_stream_counts
from parbleu.engine.ranges import fixed_ranges
from parbleu.engine.text import TokenBlock, tokenize_block
from parbleu.engine.tokens import TokenChunks, same_tokens
from parbleu.tokenizers.base import Tokenizer

__all__ = ["PairCounts", "pair_counts"]


#: Segments scored together: bounds the size of every array and keeps them in cache.
BLOCK_SEGMENTS = 1024
#: Above this share of distinct reference lines, a block is tokenized as laid out (a
#: WMT17 block with one repeated line: 2.7 ms through the distinct lines, 2.2 ms laid out).
_MOST_DISTINCT = 0.75
_SEGMENT_MIX = np.uint64(0xD6E8FEB86659FD93)
# Multiplicative hashes (Knuth) of the successive rounds of `_group`.
_MULTIPLIERS = tuple(
    np.uint64(m) for m in (0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB)
)


@dataclass(frozen=True)
class PairCounts:
    """Token counts and clipped n-gram matches of every segment.

    ``reference_lengths[i, k]`` is the number of tokens of reference ``k`` of segment ``i``
    (0 for an absent one); ``matches[i, n - 1]`` the clipped matches of order ``n``.
    """

    hypothesis_lengths: IntArray
    reference_lengths: IntArray
    matches: IntArray


def pair_counts(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenizer: Tokenizer,
    *,
    lowercase: bool,
    max_order: int,
) -> PairCounts:
    """Lengths and clipped matches of hypotheses against K parallel reference streams.

    Args:
        hypotheses: N hypothesis lines.
        references: K streams of N lines each; ``None`` is an absent reference.
        tokenizer: the tokenizer (as sacreBLEU applies it: lowercased if asked, then the
            line right-stripped and tokenized).
        lowercase: compare lowercased text.
        max_order: largest n-gram order.
    """
    parts = [
        _block_counts(
            hypotheses[start:stop],
            [stream[start:stop] for stream in references],
            tokenizer,
            lowercase=lowercase,
            max_order=max_order,
        )
        for start, stop in fixed_ranges(len(hypotheses), BLOCK_SEGMENTS)
    ]
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return PairCounts(
            empty,
            np.zeros((0, len(references)), dtype=np.int64),
            np.zeros((0, max_order), dtype=np.int64),
        )
    return PairCounts(
        np.concatenate([part.hypothesis_lengths for part in parts]),
        np.concatenate([part.reference_lengths for part in parts]),
        np.concatenate([part.matches for part in parts]),
    )


@dataclass
class _Alive:
    """The n-grams of the current order that occur on both sides, one per position."""

    positions: IntArray  # where the n-gram starts (among tokens, with one gap per line)
    groups: IntArray  # group of the n-gram
    streams: IntArray  # 0 for the hypothesis, k + 1 for reference k
    segments: IntArray

    def take(self, kept: IntArray) -> _Alive:
        """The n-grams at `kept`."""
        return _Alive(
            self.positions.take(kept),
            self.groups.take(kept),
            self.streams.take(kept),
            self.segments.take(kept),
        )


def _block_counts(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str | None]],
    tokenizer: Tokenizer,
    *,
    lowercase: bool,
    max_order: int,
) -> PairCounts:
    n, sides = len(hypotheses), len(references) + 1
    # Segment after segment: its hypothesis, then its references. Every group of equal
    # n-grams then lies within a few hundred tokens, and so do the look-ups that use it.
    present = [_present(stream) for stream in references]
    block = _interleaved_tokens(hypotheses, present, tokenizer, lowercase=lowercase)
    n_lines = len(block.offsets) - 1
    per_line = np.diff(block.offsets)
    line = np.repeat(np.arange(n_lines, dtype=np.int64), per_line)
    # Each token's segment and side, by repeats (a division per token costs more).
    segments = np.repeat(np.arange(n, dtype=np.int64), per_line.reshape(n, sides).sum(1))
    streams = np.repeat(np.tile(np.arange(sides, dtype=np.int64), n), per_line)
    unigrams = _unigram_groups(block, segments)
    matches = np.zeros((n, max_order), dtype=np.int64)
    tokens = len(unigrams)
    # Groups of the unigrams in reading order, with a -1 after every line: the token that
    # extends an n-gram starting at position p (of this layout) is at p + n - 1.
    separated = np.full(tokens + n_lines, -1, dtype=np.int64)
    positions = np.arange(tokens, dtype=np.int64) + line
    separated[positions] = unigrams
    alive = _Alive(positions, unigrams, streams, segments)
    # shared[p]: the (n-1)-gram starting at p occurs on both sides. An n-gram can only occur
    # on both sides if the (n-1)-grams at p and at p + 1 do (Agrawal and Srikant's a-priori
    # pruning), so only those n-grams are formed.
    shared = np.zeros(len(separated) + 1, dtype=bool)
    for order in range(1, max_order + 1):
        if order > 1:
            shared[:] = False
            shared[alive.positions] = True
            kept = np.flatnonzero(shared.take(alive.positions + 1))
            starts = alive.positions.take(kept)
            keys = alive.groups.take(kept) * tokens + separated.take(starts + (order - 1))
            alive = _Alive(
                starts,
                _group(keys.view(np.uint64)),
                alive.streams.take(kept),
                alive.segments.take(kept),
            )
        alive = _count(alive, sides, n, matches[:, order - 1])
        if not len(alive.positions):
            break
    lengths = per_line.reshape(n, sides)
    return PairCounts(lengths[:, 0].copy(), lengths[:, 1:].copy(), matches)


def _present(stream: Sequence[str | None]) -> Sequence[str]:
    """The lines of a reference stream, an absent reference as an empty line."""
    if None not in stream:  # one scan in C; most streams have every reference
        return cast("Sequence[str]", stream)
    return [line if line is not None else "" for line in stream]


def _interleaved_tokens(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    tokenizer: Tokenizer,
    *,
    lowercase: bool,
) -> TokenBlock:
    """Tokens of each segment's hypothesis, then its references, segment after segment.

    Where reference lines repeat much (GRPO: every completion of a prompt brings the
    prompt's reference), each is tokenized once, then its tokens are repeated. A few
    repeats (a test set's "Yes.") are tokenized as laid out: the tokens then stay in
    reading order, which every later pass reads faster.
    """
    distinct = dict.fromkeys(chain.from_iterable(references))
    if len(distinct) > _MOST_DISTINCT * sum(map(len, references)):  # tokenize as laid out
        lines = list(chain.from_iterable(zip(hypotheses, *references, strict=True)))
        return tokenize_block(lines, tokenizer, lowercase=lowercase)
    n = len(hypotheses)
    number = {line: n + k for k, line in enumerate(distinct)}
    layout = np.empty((n, len(references) + 1), dtype=np.int64)
    layout[:, 0] = np.arange(n, dtype=np.int64)
    for k, stream in enumerate(references, start=1):
        layout[:, k] = np.fromiter(map(number.__getitem__, stream), dtype=np.int64, count=n)
    block = tokenize_block([*hypotheses, *distinct], tokenizer, lowercase=lowercase)
    return block.take_lines(layout.reshape(-1))


def _count(alive: _Alive, sides: int, n: int, matches: IntArray) -> _Alive:
    """Add each group's clipped matches to its segment in `matches`.

    Returns the n-grams found on both sides (the only ones worth extending).
    """
    if not len(alive.groups):
        return alive
    groups = alive.groups  # the index of the group's leading member
    size = len(groups)
    if size * sides <= 4 * len(groups) or sides == 2:
        counts = np.bincount(groups * sides + alive.streams, minlength=size * sides)
        hypothesis = counts[0::sides]
        reference = counts[1::sides] if sides == 2 else counts.reshape(size, sides)[:, 1:].max(1)
    else:  # many reference streams: no (groups × sides) table
        on_reference = alive.streams > 0
        hypothesis = np.bincount(groups[~on_reference], minlength=size)
        reference = largest_stream_counts(
            groups[on_reference], alive.streams[on_reference], sides, size
        )
    clipped = np.minimum(hypothesis, reference)
    # A group lies in the segment of its leading member.
    found = clipped > 0
    matched = np.flatnonzero(found)
    matches += np.bincount(
        alive.segments.take(matched), weights=clipped.take(matched), minlength=n
    ).astype(np.int64)
    return alive.take(np.flatnonzero(found.take(groups)))


def _group(keys: KeyArray) -> IntArray:
    """For exact keys, the index of the group's leading element (itself for that one).

    Every element writes its index into its key's slot of a hash table, one writer per slot
    wins, and every element reads the winner back: those with the winner's key are grouped,
    led by it. Keys that lost their slot to another key try again with other hashes; the few
    left after that are grouped by sorting. Any leader will do: callers only need every
    group to have one, within the group, and the same for all its members.
    """
    n = len(keys)
    bits = max(4, (2 * n).bit_length())  # at most half full
    shift = np.uint64(64 - bits)
    table = np.empty(1 << bits, dtype=np.int64)
    slots = ((keys * _MULTIPLIERS[0]) >> shift).view(np.int64)
    table[slots] = np.arange(n, dtype=np.int64)
    groups: IntArray = table.take(slots)
    lost = np.flatnonzero(keys.take(groups) != keys)
    for multiplier in _MULTIPLIERS[1:]:
        if not len(lost):
            return groups
        lost_keys = keys.take(lost)
        slots = ((lost_keys * multiplier) >> shift).view(np.int64)
        table[slots] = lost
        winners = table.take(slots)
        groups[lost] = winners
        lost = lost[keys.take(winners) != lost_keys]
    if len(lost):
        groups[lost] = lost.take(_sorted_group(keys.take(lost)))
    return groups


def _sorted_group(keys: KeyArray) -> IntArray:
    """For exact keys, the index of the first element with the same key, by sorting."""
    order = np.argsort(keys, kind="stable")
    ordered = keys.take(order)
    new = np.empty(len(keys), dtype=bool)
    new[:1] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    starts = np.where(new, np.arange(len(keys), dtype=np.int64), 0)
    np.maximum.accumulate(starts, out=starts)  # where each element's group starts
    groups = np.empty(len(keys), dtype=np.int64)
    groups[order] = order.take(starts)
    return groups


def _unigram_groups(block: TokenBlock, segments: IntArray) -> IntArray:
    """Exact (segment, token) groups of the tokens of a block: the leader of each one's group."""
    tokens = len(block)
    if not tokens:
        return np.zeros(0, dtype=np.int64)
    chunks = TokenChunks(block)
    groups = _group(chunks.hashes ^ (segments.view(np.uint64) * _SEGMENT_MIX))
    # Keys are hashes: check every token against its group's leader (a leader is itself,
    # so only the others are compared: most tokens of a segment lead their own group).
    members = np.flatnonzero(groups != np.arange(tokens, dtype=np.int64))
    leaders = groups.take(members)
    same = segments.take(leaders) == segments.take(members)
    same &= same_tokens(chunks, members, leaders)
    odd = members[~same]
    # Chunks of tokens with code points above U+FFFF are not exact: such tokens, and every
    # token grouped behind one, are grouped by string.
    if chunks.wide.any():
        behind = members[chunks.wide.take(leaders)]
        odd = np.union1d(odd, np.union1d(np.flatnonzero(chunks.wide), behind))
    if len(odd):
        # Hash collisions and wide tokens: the first odd token of each (segment, string)
        # leads the group, a position no other group uses.
        first_of: dict[tuple[int, str], int] = {}
        for position in odd.tolist():
            key = (int(segments[position]), block.token(position))
            groups[position] = first_of.setdefault(key, position)
    return groups
