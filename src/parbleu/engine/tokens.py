"""Tokens as 64-bit chunks of code units: hashes, and exact equality, for many at once.

A token is read as *chunks* of four 16-bit code units (or eight bytes, for text read as bytes:
`units_per_chunk`), each one unaligned read of the text: its ``first`` chunk, its ``last``
chunk, and, for tokens longer than two chunks, the ``middle`` chunks between them. Its hash
mixes its length and all its chunks. Comparing two tokens is comparing lengths and chunks, so
most tokens (at most two chunks long) are compared with three array operations for the whole
block, and none per character. Tokens are only compared with tokens read with the same unit.

Code points above U+FFFF do not fit a 16-bit unit: tokens that hold one are marked ``wide``,
and callers number them some other way. Only those: a tokenizer may drop characters (ROUGE's
drops everything but letters and digits), so an astral code point between tokens marks none,
and whether a token is wide depends on its own characters alone (the same string is numbered
the same way wherever it occurs).
"""

from __future__ import annotations

import numpy as np

from parbleu.arrays import BoolArray, CodeArray, IntArray, KeyArray
from parbleu.engine.text import TokenBlock, span_positions

__all__ = ["UNITS", "TokenChunks", "differing_tokens", "same_tokens", "units_per_chunk"]


UNITS = 4  # 16-bit code units per 64-bit chunk
BYTE_UNITS = 8  # bytes per 64-bit chunk (text read as bytes)
_MASKS = {
    units: np.array([(1 << (64 // units * k)) - 1 for k in range(units + 1)], dtype=np.uint64)
    for units in (UNITS, BYTE_UNITS)
}
_MIX = (np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F))
_FINAL = np.uint64(0xFF51AFD7ED558CCD)
_SHIFT = np.uint64(32)
_WIDEST = 0xFFFF


def units_per_chunk(codes: CodeArray) -> int:
    """Code units in a 64-bit chunk of `codes`: eight bytes, else four 16-bit units."""
    return BYTE_UNITS if codes.dtype == np.uint8 else UNITS


def _windows(codes: CodeArray) -> KeyArray:
    """Little-endian 64-bit words starting at every code unit (the first unit lowest).

    A 32-bit code point above U+FFFF wraps around here; its token must not use the result.
    The words are unaligned: read them by indexing (``windows[positions]``), which reads
    only those; NumPy's ``take`` first copies an unaligned array whole.
    """
    if codes.dtype.itemsize > 2:
        codes = codes.astype(np.uint16)
    count = max(len(codes) - units_per_chunk(codes) + 1, 0)  # a block ends in padding
    windows: KeyArray = np.ndarray(
        (count,), dtype="<u8", buffer=codes, strides=(codes.dtype.itemsize,)
    )
    return windows


class TokenChunks:
    """The chunks of the tokens of a block, and their hashes.

    Every token has a ``first`` and a ``last`` chunk (the same for tokens of at most one
    chunk, `units` code units). The tokens ``long`` (sorted), those longer than two chunks,
    also have middle chunks: ``middle_counts`` of them, together in ``middle`` token after
    token.
    """

    def __init__(self, block: TokenBlock) -> None:
        starts, lengths = block.starts, block.lengths
        windows = _windows(block.codes)
        self.units = units = units_per_chunk(block.codes)
        self.lengths = lengths
        first: KeyArray = windows[starts]
        first &= _MASKS[units].take(np.minimum(lengths, units))
        last = first.copy()
        over = np.flatnonzero(lengths > units)  # their last chunk ends the token
        last[over] = windows[starts.take(over) + lengths.take(over) - units]
        self.first, self.last = first, last
        hashes = first * _MIX[0]
        hashes ^= last * _MIX[1]
        hashes ^= lengths.view(np.uint64)
        self.long = over[lengths.take(over) > 2 * units]
        self.middle = np.zeros(0, dtype=np.uint64)
        self._firsts = np.zeros(0, dtype=np.int64)
        if len(self.long):
            counts = self.middle_counts(self.long)
            self._firsts = np.cumsum(counts) - counts
            self.middle = windows[span_positions(starts[self.long] + units, counts, units)]
            # Middle chunks are mixed and summed: the hash needs no order, the check does.
            sums = np.cumsum(_finish(self.middle * _MIX[0]))
            totals = sums.take(self._firsts + counts - 1)
            totals[1:] -= sums.take(self._firsts[1:] - 1)
            hashes[self.long] += totals
        self.hashes = _finish(hashes)
        self.wide = _wide_tokens(block)

    def middle_counts(self, tokens: IntArray) -> IntArray:
        """Number of middle chunks of each of the given tokens (0 for short ones)."""
        units = self.units
        counts: IntArray = np.maximum((self.lengths.take(tokens) - units - 1) // units, 0)
        return counts

    def middle_of(self, tokens: IntArray) -> KeyArray:
        """The middle chunks of the given tokens, token after token."""
        counts = self.middle_counts(tokens)
        kept = counts > 0
        firsts = np.zeros(len(tokens), dtype=np.int64)
        firsts[kept] = self._firsts.take(np.searchsorted(self.long, tokens[kept]))
        return self.middle.take(span_positions(firsts, counts))


def _wide_tokens(block: TokenBlock) -> BoolArray:
    """Whether each token holds a code point above U+FFFF (one not between two tokens)."""
    wide = np.zeros(len(block), dtype=bool)
    if block.codes.dtype.itemsize <= 2 or not len(block):
        return wide
    # Wide code points before each position; tokens may come in any order, and repeat
    # (`TokenBlock.take_lines`).
    before = np.zeros(len(block.codes) + 1, dtype=np.int64)
    np.cumsum(block.codes > _WIDEST, out=before[1:])
    ends = block.starts + block.lengths
    wide[:] = before.take(ends) > before.take(block.starts)
    return wide


def _finish(values: KeyArray) -> KeyArray:
    """A 64-bit finalizer (multiply, xor-shift), as in MurmurHash3."""
    values = values * _FINAL
    values ^= values >> _SHIFT
    values *= _FINAL
    values ^= values >> _SHIFT
    return values


def differing_tokens(values_a: KeyArray, values_b: KeyArray, counts: IntArray) -> IntArray:
    """Which tokens differ, given their chunks from two sources (token after token)."""
    wrong = np.flatnonzero(values_a != values_b)
    if not len(wrong):
        return wrong
    firsts = np.cumsum(counts) - counts
    return np.unique(np.searchsorted(firsts, wrong, side="right") - 1)


def same_tokens(chunks: TokenChunks, tokens: IntArray | None, others: IntArray) -> BoolArray:
    """Whether token ``tokens[i]`` equals token ``others[i]`` of the same block, for each i.

    ``tokens=None`` stands for every token of the block, in order.
    """
    lengths, first, last = chunks.lengths, chunks.first, chunks.last
    if tokens is not None:
        lengths, first, last = lengths.take(tokens), first.take(tokens), last.take(tokens)
    same: BoolArray = lengths == chunks.lengths.take(others)
    same &= first == chunks.first.take(others)
    same &= last == chunks.last.take(others)
    long = np.flatnonzero(same & (lengths > 2 * chunks.units))
    if len(long):
        mine = long if tokens is None else tokens.take(long)
        wrong = differing_tokens(
            chunks.middle_of(mine), chunks.middle_of(others.take(long)), chunks.middle_counts(mine)
        )
        same[long[wrong]] = False
    return same
