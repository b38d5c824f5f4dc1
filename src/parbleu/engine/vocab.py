"""Exact token numbering for tokens given as spans of 16-bit code units (or of bytes).

A token is read as 64-bit *chunks* of four code units (eight bytes), each one unaligned read
of the text: its ``first`` chunk, its ``last`` chunk, and, for tokens longer than two chunks,
the ``middle`` chunks between them (`parbleu.engine.tokens`). A vocabulary reads every block
with the unit of its first one. A token is hashed from its length and its first and last
chunks and looked up in a `FingerprintIndex`; then every token found (or added) is compared,
chunk by chunk, with the token stored under that hash. Hashes only point the way: numbers are
exact whatever the input. Most tokens are at most two chunks long, so hashing and checking
cost a few array operations per token and none per character.

Tokens that this fast path cannot vouch for go through an ordinary dictionary of strings,
which is exact and slow: tokens with a code point above U+FFFF (which does not fit a 16-bit
unit), and tokens whose hash another token already holds (a collision, rare except in crafted
input).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, IntArray, KeyArray
from parbleu.engine.hashindex import FingerprintIndex
from parbleu.engine.text import TokenBlock, span_positions
from parbleu.engine.tokens import UNITS, TokenChunks, differing_tokens, units_per_chunk

__all__ = ["TokenVocabulary"]


def _distinct_hashes(hashes: KeyArray) -> tuple[KeyArray, IntArray, IntArray]:
    """``np.unique(hashes, return_index=True, return_inverse=True)``, 2-3x faster.

    One unstable argsort (NumPy's vectorized quicksort), where `np.unique` needs a stable
    one for the first occurrences: here each group's first occurrence is its smallest index.
    """
    order = np.argsort(hashes)
    ordered = hashes.take(order)
    starts = np.ones(len(ordered), dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    groups = np.empty(len(hashes), dtype=np.int64)
    groups[order] = np.cumsum(starts) - 1
    firsts = np.flatnonzero(starts)
    first: IntArray = np.minimum.reduceat(order, firsts) if len(firsts) else firsts
    return ordered.take(firsts), first, groups


class _Growing:
    """An int64 or uint64 array that grows at its end (amortized doubling)."""

    def __init__(self, dtype: type[np.int64] | type[np.uint64]) -> None:
        self._data: npt.NDArray[Any] = np.zeros(16, dtype=dtype)
        self.size = 0

    def view(self) -> IntArray:
        values: IntArray = self._data[: self.size].view(np.int64)
        return values

    def unsigned(self) -> KeyArray:
        values: KeyArray = self._data[: self.size].view(np.uint64)
        return values

    def extend(self, values: npt.NDArray[Any]) -> None:
        end = self.size + len(values)
        if end > len(self._data):
            grown = np.zeros(max(end, 2 * len(self._data)), dtype=self._data.dtype)
            grown[: self.size] = self._data[: self.size]
            self._data = grown
        self._data[self.size : end] = values
        self.size = end


class TokenVocabulary:
    """Distinct tokens numbered ``0 .. size - 1``, each the first time it is added."""

    def __init__(self) -> None:
        self._index = FingerprintIndex()
        self._lengths = _Growing(np.int64)  # by number
        self._first = _Growing(np.uint64)
        self._last = _Growing(np.uint64)
        self._offsets = _Growing(np.int64)  # where each token's middle chunks begin
        self._middle = _Growing(np.uint64)
        self._slow: dict[int, str] = {}  # tokens only the string dictionary finds
        self._slow_hashes = np.zeros(0, dtype=np.uint64)  # sorted
        # The slow path's tokens by string. Only they can equal a token that the fast path
        # cannot vouch for: equal tokens have equal hashes, a token of a stored token's hash
        # that differs from it is stored here, and wide tokens are stored only here.
        self._slow_numbers: dict[str, int] = {}
        self._units = UNITS  # code units per chunk, set by the first block added

    def __len__(self) -> int:
        return self._lengths.size

    def strings(self) -> list[str]:
        """Every token, by number."""
        lengths, units = self._lengths.view(), self._units
        counts = np.maximum((lengths - units - 1) // units, 0)
        size = counts + 2
        firsts = np.cumsum(size) - size
        chunks = np.zeros(int(size.sum()), dtype="<u8")
        chunks[firsts] = self._first.unsigned()
        chunks[span_positions(firsts + 1, counts)] = self._middle.unsigned()
        chunks[firsts + size - 1] = self._last.unsigned()
        if units == UNITS:
            text = chunks.view("<u2").astype("<u4").tobytes().decode("utf-32-le", "surrogatepass")
        else:
            text = chunks.tobytes().decode("latin-1")
        tokens = []
        for start, length, count in zip(
            (firsts * units).tolist(), lengths.tolist(), counts.tolist(), strict=True
        ):
            if length <= units:
                tokens.append(text[start : start + length])
                continue
            # The first and middle chunks, then the units of the last chunk not yet covered.
            head = start + units * (count + 1)
            tail = head + units
            tokens.append(text[start:head] + text[tail - (length - units * (count + 1)) : tail])
        for number, token in self._slow.items():
            tokens[number] = token
        return tokens

    def lookup(self, block: TokenBlock) -> IntArray:
        """The number of every token of `block`, or -1 for tokens not in the vocabulary.

        Looking up never changes the vocabulary.
        """
        chunks = self._chunks(block)
        numbers, slow = self._find(chunks)
        if len(slow):
            strings = self._slow_numbers
            numbers[slow] = [strings.get(block.token(i), -1) for i in slow.tolist()]
        return numbers

    def add(self, block: TokenBlock) -> IntArray:
        """Number every token of `block`, adding the ones not yet in the vocabulary."""
        if not len(self):
            self._units = units_per_chunk(block.codes)
        chunks = self._chunks(block)
        numbers, slow = self._find(chunks)
        is_slow = np.zeros(len(block), dtype=bool)
        is_slow[slow] = True
        new = np.flatnonzero((numbers < 0) & ~is_slow)
        if len(new):
            slow = np.concatenate([slow, self._add_new(chunks, new, numbers)])
        for position in np.sort(slow).tolist():
            numbers[position] = self._add_slow(block, chunks, position)
        return numbers

    def _chunks(self, block: TokenBlock) -> TokenChunks:
        chunks = TokenChunks(block)
        if chunks.units != self._units and len(self):
            raise ValueError(f"{chunks.units}-unit chunks for a {self._units}-unit vocabulary")
        return chunks

    def _same(self, chunks: TokenChunks, tokens: IntArray, numbers: IntArray) -> BoolArray:
        """Whether each of `tokens` (of the block) equals the stored token of that number."""
        lengths = chunks.lengths.take(tokens)
        same: BoolArray = self._lengths.view().take(numbers) == lengths
        same &= self._first.unsigned().take(numbers) == chunks.first.take(tokens)
        same &= self._last.unsigned().take(numbers) == chunks.last.take(tokens)
        long = np.flatnonzero(same & (lengths > 2 * chunks.units))
        if len(long):
            tokens, numbers = tokens.take(long), numbers.take(long)
            counts = chunks.middle_counts(tokens)
            stored = self._middle.unsigned().take(
                span_positions(self._offsets.view().take(numbers), counts)
            )
            same[long[differing_tokens(chunks.middle_of(tokens), stored, counts)]] = False
        return same

    def _add_new(self, chunks: TokenChunks, new: IntArray, numbers: IntArray) -> IntArray:
        """Number tokens whose hash is new.

        Returns the tokens that differ from the first token with the same hash (for the slow
        path).
        """
        unique, first, groups = _distinct_hashes(chunks.hashes.take(new))
        order = np.argsort(first)  # number distinct tokens in order of first appearance
        ranks = np.empty(len(order), dtype=np.int64)
        ranks[order] = np.arange(len(self), len(self) + len(order), dtype=np.int64)
        if len(self) + len(order) > FingerprintIndex.MAX_VALUE:
            raise OverflowError(f"more than {FingerprintIndex.MAX_VALUE} distinct tokens")
        self._store(chunks, new[first[order]])
        self._index.insert(unique[order], ranks[order])
        same = self._same(chunks, new, ranks[groups])
        numbers[new[same]] = ranks[groups[same]]
        return new[~same]

    def _store(self, chunks: TokenChunks, positions: IntArray) -> None:
        """Append the tokens at `positions` (distinct, new) to the stored tokens."""
        counts = chunks.middle_counts(positions)
        self._offsets.extend(np.cumsum(counts) - counts + self._middle.size)
        self._middle.extend(chunks.middle_of(positions))
        self._first.extend(chunks.first[positions])
        self._last.extend(chunks.last[positions])
        self._lengths.extend(chunks.lengths[positions])

    def _add_slow(self, block: TokenBlock, chunks: TokenChunks, position: int) -> int:
        strings = self._slow_numbers
        token = block.token(position)
        number = strings.get(token)
        if number is None:
            number = len(self)
            self._store(chunks, np.array([position], dtype=np.int64))
            self._slow[number] = token
            self._slow_hashes = np.sort(np.append(self._slow_hashes, chunks.hashes[position]))
            strings[token] = number
        return number

    def _find(self, chunks: TokenChunks) -> tuple[IntArray, IntArray]:
        """Numbers of the tokens the fast path finds (-1 for the others).

        Also returns the positions of the tokens only the string dictionary can number.
        """
        numbers = self._index.get(chunks.hashes)
        found = np.flatnonzero(numbers >= 0)
        same = self._same(chunks, found, numbers.take(found))
        slow = chunks.wide.copy()  # a wide token's chunks do not hold it: only its string does
        if not same.all():
            slow[found[~same]] = True
        if len(self._slow_hashes):
            # A hash the slow path also holds: the token is the fast path's, or may be one of
            # the slow path's.
            confirmed = np.zeros(len(numbers), dtype=bool)
            confirmed[found[same]] = True
            places = np.searchsorted(self._slow_hashes, chunks.hashes)
            places = np.minimum(places, len(self._slow_hashes) - 1)
            slow |= (self._slow_hashes.take(places) == chunks.hashes) & ~confirmed
        positions = np.flatnonzero(slow)
        numbers[positions] = -1
        return numbers, positions
