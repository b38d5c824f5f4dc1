"""chrF++'s words as exact ids over the vocabulary of the reference words.

The words are those of `parbleu.tokenizers.chrf_words.ChrfWordTokenizer` (chrF++.py's rule);
here they are numbered with the engine's token vocabulary (`parbleu.engine.encode.TextEncoder`)
without building a Python string per word.
"""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.arrays import IntArray
from parbleu.engine.chars import line_weights
from parbleu.engine.encode import TextEncoder, TokenLookup
from parbleu.engine.ranges import weighted_ranges
from parbleu.engine.segments import Segments
from parbleu.tokenizers.chrf_words import ChrfWordTokenizer

__all__ = ["REFERENCE_BLOCK", "WordEncoder"]

#: Characters of reference text encoded at a time when the vocabulary is built.
REFERENCE_BLOCK = 1 << 16


class WordEncoder:
    """chrF++ tokens as ids over the vocabulary of the reference tokens.

    Reference lines grow the vocabulary (`add_references`); its `lookup` encodes lines
    without changing it, and tokens that no reference contains get id -1, which never match.
    """

    def __init__(self, *, lowercase: bool) -> None:
        self.lowercase = lowercase
        self._text = TextEncoder(ChrfWordTokenizer(), lowercase=lowercase)

    @property
    def vocabulary_size(self) -> int:
        """Number of distinct reference tokens (ids are ``0 .. size - 1``)."""
        return self._text.vocabulary_size

    def add_references(self, lines: Sequence[str]) -> IntArray:
        """Add the tokens of reference lines to the vocabulary; tokens per line."""
        return self.encode_references(lines).lengths

    def encode_references(self, lines: Sequence[str]) -> Segments:
        """Add the tokens of reference lines to the vocabulary; their ids, line after line.

        Ids never change once given, so these are the ids `lookup` would give the same lines
        (preparation slices them instead of encoding the references a second time). Lines are
        read in blocks, so that the working memory stays proportional to a block.
        """
        parts = [
            self._text.encode_references(lines[start:stop])
            for start, stop in weighted_ranges(line_weights(lines), REFERENCE_BLOCK)
        ]
        return Segments.concat(parts)

    def lookup(self) -> TokenLookup:
        """The finished vocabulary, read only: token ids of hypothesis lines."""
        return self._text.lookup()
