"""Text to token ids: the only place where strings turn into integers.

A corpus is encoded in blocks of lines, each in a few C-level passes and no Python loop over
tokens: `parbleu.engine.text` finds every token as a span of code points, and a
`TokenVocabulary` numbers the spans exactly (hashes of 64-bit chunks, then a comparison).

Reference text grows the vocabulary; hypothesis text is looked up in it, and tokens the
references never contain get id -1, which can never match.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.engine.text import tokenize_block, tokenized_lines
from parbleu.engine.vocab import TokenVocabulary
from parbleu.tokenizers.base import Tokenizer

__all__ = ["UNKNOWN", "Encoded", "TextEncoder"]

#: Token id of a hypothesis token that no reference contains.
UNKNOWN = -1

IntArray = npt.NDArray[np.int64]

#: Lines are encoded in blocks of about this many characters (bounded memory, warm caches).
BLOCK_CHARACTERS = 1 << 19


@dataclass(frozen=True)
class Encoded:
    """Token ids of a corpus: segment ``i`` is ``ids[offsets[i]:offsets[i + 1]]``."""

    ids: IntArray
    offsets: IntArray

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return len(self.offsets) - 1

    @property
    def lengths(self) -> IntArray:
        """Number of tokens of each segment."""
        return np.diff(self.offsets)

    def segment(self, index: int) -> IntArray:
        """Token ids of one segment."""
        return self.ids[self.offsets[index] : self.offsets[index + 1]]

    def slice(self, start: int, stop: int) -> Encoded:
        """Segments ``start`` to ``stop - 1`` as a corpus of their own."""
        lo, hi = self.offsets[start], self.offsets[stop]
        return Encoded(self.ids[lo:hi], self.offsets[start : stop + 1] - lo)

    @staticmethod
    def concat(parts: Sequence[Encoded]) -> Encoded:
        """Corpora one after another, as one corpus."""
        if len(parts) == 1:
            return parts[0]
        if not parts:
            return Encoded(np.zeros(0, np.int64), np.zeros(1, np.int64))
        shifts = np.cumsum([0, *(len(part.ids) for part in parts[:-1])])
        offsets = [parts[0].offsets[:1]]
        offsets += [part.offsets[1:] + shift for part, shift in zip(parts, shifts, strict=True)]
        return Encoded(np.concatenate([part.ids for part in parts]), np.concatenate(offsets))


def _blocks(lines: Sequence[str]) -> Iterator[Sequence[str]]:
    """Consecutive runs of lines with about `BLOCK_CHARACTERS` characters each (at least one)."""
    if sum(map(len, lines)) + len(lines) <= BLOCK_CHARACTERS:
        yield lines
        return
    ends = np.cumsum(np.fromiter(map(len, lines), dtype=np.int64, count=len(lines)) + 1)
    start = 0
    while start < len(lines):
        before = int(ends[start - 1]) if start else 0
        stop = int(np.searchsorted(ends, before + BLOCK_CHARACTERS, side="right"))
        stop = max(stop, start + 1)
        yield lines[start:stop]
        start = stop


class TextEncoder:
    """Encodes text for one tokenizer and casing into token ids over a shared vocabulary.

    The vocabulary only grows through `encode_references`; `encode_hypotheses` never changes
    the encoder, so one prepared set of references serves any number of systems.
    """

    def __init__(self, tokenizer: Tokenizer, *, lowercase: bool) -> None:
        self.tokenizer = tokenizer
        self.lowercase = lowercase
        self._vocabulary = TokenVocabulary()
        self._strings: dict[str, int] | None = None

    @property
    def vocabulary_size(self) -> int:
        """Number of distinct reference tokens (ids are ``0 .. size - 1``)."""
        return len(self._vocabulary)

    @property
    def vocabulary(self) -> Mapping[str, int]:
        """Every reference token and its id (built on demand)."""
        if self._strings is None or len(self._strings) != len(self._vocabulary):
            strings = self._vocabulary.strings()
            self._strings = dict(zip(strings, range(len(strings)), strict=True))
        return self._strings

    def encode_references(self, lines: Sequence[str]) -> Encoded:
        """Encode reference lines, adding their tokens to the vocabulary."""
        return self._encode(lines, grow=True)

    def encode_hypotheses(self, lines: Sequence[str]) -> Encoded:
        """Encode hypothesis lines; tokens absent from the references become `UNKNOWN`."""
        return self._encode(lines, grow=False)

    def tokenized(self, lines: Sequence[str]) -> list[str]:
        """Each line lowercased (if asked), right-stripped and tokenized, as sacreBLEU does."""
        return tokenized_lines(lines, self.tokenizer, lowercase=self.lowercase)

    def _encode(self, lines: Sequence[str], *, grow: bool) -> Encoded:
        parts = []
        for block_lines in _blocks(lines):
            block = tokenize_block(block_lines, self.tokenizer, lowercase=self.lowercase)
            vocabulary = self._vocabulary
            ids = vocabulary.add(block) if grow else vocabulary.lookup(block)
            parts.append(Encoded(ids, block.offsets))
        return Encoded.concat(parts)
