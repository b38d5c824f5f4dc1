"""The tokenizer interface shared by every BLEU tokenizer.

A tokenizer turns one line into a string of tokens separated by single spaces, exactly as the
sacreBLEU 2.6.0 tokenizer of the same name does (`tokenize`). Corpus scoring goes through
`tokenize_lines`, which implementations override with whole-corpus passes that give the same
output. Tokenizers whose output for a line is the concatenation of their output for each
whitespace-separated word of the line (`splits_on_whitespace`) also offer `tokenize_words`,
which lets the encoder tokenize each distinct word of a corpus once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

__all__ = ["Tokenizer"]


class Tokenizer(ABC):
    """Splits text into the tokens BLEU counts n-grams over."""

    #: Registry name, as given to ``tokenize=`` and ``-tok``.
    name: str = ""

    #: True when ``tokenize(line) == " ".join(tokenize_words(line.split()))`` (ignoring empty
    #: words) for every line without a newline character.
    splits_on_whitespace: bool = False

    @property
    def signature(self) -> str:
        """The value of the ``tok:`` field of the signature (sacreBLEU's value)."""
        return self.name

    @abstractmethod
    def tokenize(self, line: str) -> str:
        """Tokenize one line; the reference behaviour every batch path must reproduce."""

    def tokenize_lines(self, lines: Sequence[str]) -> list[str]:
        """Tokenize many lines; same output as calling `tokenize` on each."""
        return [self.tokenize(line) for line in lines]

    def prepare_text(self, text: str) -> str:
        """Context-free rewrites applied to whole text before splitting it into words.

        Only meaningful for tokenizers that split on whitespace: the rewrites must not depend
        on line boundaries, so the encoder may apply them to a whole corpus joined by newlines.
        """
        return text

    def tokenize_words(self, words: Sequence[str]) -> list[str]:
        """Tokenize words that contain no whitespace (after `prepare_text`).

        Raises:
            NotImplementedError: if the tokenizer does not split on whitespace.
        """
        raise NotImplementedError(f"tokenizer {self.name!r} does not split on whitespace")

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self))
