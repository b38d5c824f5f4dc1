"""Clipped n-gram matches of hypotheses against their own references, in one pass.

When references serve a single set of hypotheses (a chunk of a stream, sentence-level
scores), nothing needs them prepared for reuse, and neither a vocabulary nor a reference
table is worth building. Hypotheses and references are tokenized together, and each order is
one sort of the n-grams of both sides (Papineni et al., 2002, section 2.1, computed per
segment for all segments at once):

* order 1: tokens are grouped by (segment, token), from a 64-bit hash of the token's chunks
  mixed with its segment; every token is then compared with the first token of its group
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

import numpy as np
import numpy.typing as npt

from parbleu.engine.text import TokenBlock, tokenize_block
from parbleu.engine.tokens import TokenChunks, same_tokens
from parbleu.tokenizers.base import Tokenizer

__all__ = ["PairCounts", "pair_counts"]

IntArray = npt.NDArray[np.int64]
KeyArray = npt.NDArray[np.uint64]
BoolArray = npt.NDArray[np.bool_]

#: Segments scored together: bounds the size of every array and keeps them in cache.
BLOCK_SEGMENTS = 1024
_SEGMENT_MIX = np.uint64(0xD6E8FEB86659FD93)


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
    n = len(hypotheses)
    parts = [
        _block_counts(
            hypotheses[start : start + BLOCK_SEGMENTS],
            [stream[start : start + BLOCK_SEGMENTS] for stream in references],
            tokenizer,
            lowercase=lowercase,
            max_order=max_order,
        )
        for start in range(0, n, BLOCK_SEGMENTS)
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

    def take(self, kept: IntArray, groups: IntArray | None = None) -> _Alive:
        """The n-grams at `kept` (with new `groups`, when given)."""
        return _Alive(
            self.positions.take(kept),
            self.groups.take(kept) if groups is None else groups,
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
    present = [[line if line is not None else "" for line in stream] for stream in references]
    lines = list(chain.from_iterable(zip(hypotheses, *present, strict=True)))
    block = tokenize_block(lines, tokenizer, lowercase=lowercase)
    per_line = np.diff(block.offsets)
    line = np.repeat(np.arange(len(lines), dtype=np.int64), per_line)
    segments, streams = np.divmod(line, sides)
    unigrams = _unigram_groups(block, segments)
    matches = np.zeros((n, max_order), dtype=np.int64)
    tokens = len(unigrams)
    # Groups of the unigrams in reading order, with a -1 after every line: the token that
    # extends an n-gram starting at position p (of this layout) is at p + n - 1.
    separated = np.full(tokens + len(lines), -1, dtype=np.int64)
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
            following = separated.take(alive.positions.take(kept) + order - 1)
            keys = alive.groups.take(kept) * tokens + following
            alive = alive.take(kept, _group(keys))
        alive = _count(alive, sides, n, matches[:, order - 1])
        if not len(alive.positions):
            break
    lengths = per_line.reshape(n, sides)
    return PairCounts(lengths[:, 0].copy(), lengths[:, 1:].copy(), matches)


def _count(alive: _Alive, sides: int, n: int, matches: IntArray) -> _Alive:
    """Add each group's clipped matches to its segment in `matches`.

    Returns the n-grams found on both sides (the only ones worth extending).
    """
    if not len(alive.groups):
        return alive
    groups = alive.groups  # the index of each group's first member
    size = len(groups)
    counts = np.bincount(groups * sides + alive.streams, minlength=size * sides)
    hypothesis = counts[0::sides]
    reference = counts[1::sides] if sides == 2 else counts.reshape(size, sides)[:, 1:].max(1)
    clipped = np.minimum(hypothesis, reference)
    # A group lies in the segment of its first member.
    matched = np.flatnonzero(clipped > 0)
    matches += np.bincount(
        alive.segments.take(matched), weights=clipped.take(matched), minlength=n
    ).astype(np.int64)
    return alive.take(np.flatnonzero((clipped > 0).take(groups)))


def _first_members(order: IntArray, new: BoolArray) -> IntArray:
    """Group of every element: the index of its group's first element.

    Args:
        order: indices of the elements sorted by group, then by index.
        new: ``new[i]`` is true where ``order[i]`` starts a group.
    """
    starts = np.where(new, np.arange(len(order), dtype=np.int64), 0)
    np.maximum.accumulate(starts, out=starts)  # where each element's group starts
    groups = np.empty(len(order), dtype=np.int64)
    groups[order] = order.take(starts)
    return groups


def _group(keys: IntArray) -> IntArray:
    """For exact integer keys, the index of the first element with the same key."""
    if not len(keys):
        return keys
    position_bits = max(1, (len(keys) - 1).bit_length())
    if int(keys.max()).bit_length() + position_bits <= 63:
        packed = np.sort((keys << position_bits) | np.arange(len(keys), dtype=np.int64))
        ordered = packed >> position_bits
        order = packed & ((1 << position_bits) - 1)
    else:
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
    new = np.empty(len(keys), dtype=bool)
    new[0] = True
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    return _first_members(order, new)


def _unigram_groups(block: TokenBlock, segments: IntArray) -> IntArray:
    """Exact (segment, token) groups of the tokens of a block: each token's first equal one."""
    tokens = len(block)
    if not tokens:
        return np.zeros(0, dtype=np.int64)
    chunks = TokenChunks(block)
    keys = chunks.hashes ^ (segments.view(np.uint64) * _SEGMENT_MIX)
    position_bits = max(1, (tokens - 1).bit_length())
    mask = np.uint64((1 << position_bits) - 1)
    # The top bits of the key and the position in one sortable integer.
    packed = np.sort((keys & ~mask) | np.arange(tokens, dtype=np.uint64))
    new = np.empty(tokens, dtype=bool)
    new[0] = True
    top = packed >> np.uint64(position_bits)
    np.not_equal(top[1:], top[:-1], out=new[1:])
    groups = _first_members((packed & mask).view(np.int64), new)
    # Keys are hashes: check every token against its group's first one.
    same = segments.take(groups) == segments
    same &= same_tokens(chunks, None, groups)
    # Chunks of tokens with code points above U+FFFF are not exact: such tokens, and every
    # token grouped behind one, are grouped by string.
    same &= ~(chunks.wide | chunks.wide.take(groups))
    odd = np.flatnonzero(~same)
    if len(odd):
        # Hash collisions and wide tokens: the first odd token of each (segment, string)
        # leads the group, a position no other group uses.
        first_of: dict[tuple[int, str], int] = {}
        for position in odd.tolist():
            key = (int(segments[position]), block.token(position))
            groups[position] = first_of.setdefault(key, position)
    return groups
