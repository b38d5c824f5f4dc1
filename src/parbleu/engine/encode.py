"""Text to token ids: the only place where strings turn into integers.

A corpus is encoded in blocks of lines, each in a few C-level passes and no Python loop over
tokens: `parbleu.engine.text` finds every token as a span of code points, and a
`TokenVocabulary` numbers the spans exactly (hashes of 64-bit chunks, then a comparison).

Reference text grows the vocabulary (`TextEncoder.encode_references`); prepared references
keep only a `TokenLookup`, which looks hypothesis tokens up and can never grow it. Tokens the
references never contain get id -1 (`UNKNOWN`), which can never match.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments
from parbleu.engine.text import tokenize_block, tokenized_lines
from parbleu.engine.vocab import TokenVocabulary
from parbleu.tokenizers.base import Tokenizer

__all__ = ["UNKNOWN", "TextEncoder", "TokenLookup"]

#: Token id of a hypothesis token that no reference contains.
UNKNOWN = -1

#: Lines are encoded in blocks of about this many characters (bounded memory, warm caches).
BLOCK_CHARACTERS = 1 << 19


def _encode(
    lines: Sequence[str],
    tokenizer: Tokenizer,
    vocabulary: TokenVocabulary,
    *,
    lowercase: bool,
    grow: bool,
) -> Segments:
    weights = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines)) + 1
    parts = []
    for start, stop in weighted_ranges(weights, BLOCK_CHARACTERS):
        block = tokenize_block(lines[start:stop], tokenizer, lowercase=lowercase)
        ids = vocabulary.add(block) if grow else vocabulary.lookup(block)
        parts.append(Segments(ids, block.offsets))
    return Segments.concat(parts)


@dataclass(frozen=True, eq=False)
class TokenLookup:
    """Token ids of hypothesis text over a finished reference vocabulary (read only)."""

    tokenizer: Tokenizer
    lowercase: bool
    vocabulary: TokenVocabulary
    size: int

    def encode(self, lines: Sequence[str]) -> Segments:
        """Encode lines; tokens absent from the references become `UNKNOWN`."""
        return _encode(lines, self.tokenizer, self.vocabulary, lowercase=self.lowercase, grow=False)

    def token_ids(self) -> dict[str, int]:
        """Every reference token and its id (a new dictionary on each call)."""
        strings = self.vocabulary.strings()
        return dict(zip(strings, range(len(strings)), strict=True))


class TextEncoder:
    """Builds the vocabulary of the references of one tokenizer and casing.

    The vocabulary only grows through `encode_references`; `encode_hypotheses` never changes
    it. `lookup` hands the finished vocabulary to prepared references, read only.
    """

    def __init__(self, tokenizer: Tokenizer, *, lowercase: bool) -> None:
        self.tokenizer = tokenizer
        self.lowercase = lowercase
        self._vocabulary = TokenVocabulary()

    @property
    def vocabulary_size(self) -> int:
        """Number of distinct reference tokens (ids are ``0 .. size - 1``)."""
        return len(self._vocabulary)

    @property
    def vocabulary(self) -> dict[str, int]:
        """Every reference token and its id (a new dictionary on each call)."""
        return self.lookup().token_ids()

    def encode_references(self, lines: Sequence[str]) -> Segments:
        """Encode reference lines, adding their tokens to the vocabulary."""
        return _encode(lines, self.tokenizer, self._vocabulary, lowercase=self.lowercase, grow=True)

    def encode_hypotheses(self, lines: Sequence[str]) -> Segments:
        """Encode hypothesis lines; tokens absent from the references become `UNKNOWN`."""
        return self.lookup().encode(lines)

    def tokenized(self, lines: Sequence[str]) -> list[str]:
        """Each line lowercased (if asked), right-stripped and tokenized, as sacreBLEU does."""
        return tokenized_lines(lines, self.tokenizer, lowercase=self.lowercase)

    def lookup(self) -> TokenLookup:
        """The vocabulary as it is now, for hypotheses: what prepared references keep."""
        return TokenLookup(self.tokenizer, self.lowercase, self._vocabulary, self.vocabulary_size)
