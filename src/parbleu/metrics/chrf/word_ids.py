"""chrF++ words of a few lines as ids, numbered through a dictionary of the reference words.

`parbleu.engine.words.WordEncoder` numbers words as spans of code points without a Python
string per word: the fast way for a corpus, but its set-up (a vocabulary in hash arrays)
costs more than the words of a GRPO batch. For up to `FEW_LINES` hypotheses the words are
split by `parbleu.tokenizers.chrf_words.split_words` (chrF++.py's rule, as sacreBLEU 2.6.0
applies it) and numbered by a `dict`: the same ids up to renumbering, so the same n-gram
matches. Measured on WMT21 en-de under load (CPU ms, numbering references and hypotheses):
64 hypotheses and 4 distinct references 0.7-1.0 against 2.0-2.7 through the engine, 128
hypotheses 1.2 against 2.1, 256 2.6 against 3.1, 640 8.3 against 5.6.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain, repeat

import numpy as np

from parbleu.engine.segments import Segments
from parbleu.tokenizers.chrf_words import split_words

__all__ = ["FEW_LINES", "WordIds"]

#: Up to this many hypotheses a call numbers its words through a dictionary.
FEW_LINES = 256


class WordIds:
    """chrF++ tokens as ids over the vocabulary of the reference tokens, for a few lines.

    Reference lines grow the vocabulary (`add_references`); `encode` numbers lines without
    changing it, and tokens that no reference contains get id -1, which never match.
    """

    def __init__(self, *, lowercase: bool) -> None:
        self.lowercase = lowercase
        self._ids: dict[str, int] = {}

    @property
    def size(self) -> int:
        """Number of distinct reference tokens (ids are ``0 .. size - 1``)."""
        return len(self._ids)

    def _tokens(self, lines: Sequence[str]) -> list[list[str]]:
        if self.lowercase:
            return [split_words(line.lower()) for line in lines]
        return [split_words(line) for line in lines]

    def add_references(self, lines: Sequence[str]) -> Segments:
        """The ids of reference lines, adding their tokens to the vocabulary."""
        tokens = self._tokens(lines)
        ids = self._ids
        for token in chain.from_iterable(tokens):
            ids.setdefault(token, len(ids))
        return self._segments(tokens)

    def encode(self, lines: Sequence[str]) -> Segments:
        """The ids of lines over the vocabulary (-1: a token no reference holds)."""
        return self._segments(self._tokens(lines))

    def _segments(self, tokens: list[list[str]]) -> Segments:
        offsets = np.zeros(len(tokens) + 1, dtype=np.int64)
        np.cumsum(np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens)), out=offsets[1:])
        flat = chain.from_iterable(tokens)
        count = int(offsets[-1])
        values = np.fromiter(map(self._ids.get, flat, repeat(-1)), dtype=np.int64, count=count)
        return Segments(values, offsets)
