"""The tokenizer interface shared by every BLEU tokenizer.

A tokenizer turns one line into a string of tokens separated by single spaces, exactly as the
sacreBLEU 2.6.0 tokenizer of the same name does (`tokenize`). Corpus scoring goes through
`tokenize_lines`, which implementations override with whole-corpus passes that give the same
output. Tokenizers whose output for a line is the concatenation of their output for each
whitespace-separated word of the line (`splits_on_whitespace`) also offer `tokenize_words`.

The fastest path works on code points: a corpus becomes one array of Unicode code points
(lines joined by newlines, after `prepare_text`), and `token_spans` finds where every token
starts and how long it is with a few array operations, so no string is ever built per token.
Tokenizers without such a path (`spans_code_points` false) are run through `tokenize_lines`,
and their output is split on whitespace with `whitespace_spans`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from parbleu.arrays import CodeArray, Spans

__all__ = [
    "CODE_POINTS",
    "WHITESPACE",
    "Tokenizer",
    "code_point_table",
    "space_mask",
    "whitespace_spans",
]

#: Number of Unicode code points (the size of a per-code-point lookup table).
CODE_POINTS = 0x110000

#: Code points for which ``str.isspace()`` is true: exactly what ``str.split()`` splits on
#: (tests check this against every code point).
WHITESPACE: tuple[int, ...] = (
    *range(0x09, 0x0E),
    *range(0x1C, 0x21),
    0x85,
    0xA0,
    0x1680,
    *range(0x2000, 0x200B),
    0x2028,
    0x2029,
    0x202F,
    0x205F,
    0x3000,
)


def code_point_table(classes: dict[int, int], *, whitespace: int) -> npt.NDArray[np.uint8]:
    """A lookup table from every code point to a class.

    The class is ``whitespace`` for `WHITESPACE`, ``classes[c]`` for the other code points
    given, and 0 for all the rest.
    """
    table = np.zeros(CODE_POINTS, dtype=np.uint8)
    for code, value in classes.items():
        table[code] = value
    table[list(WHITESPACE)] = whitespace
    return table


_IS_SPACE = code_point_table({}, whitespace=1).view(np.bool_)


def space_mask(codes: CodeArray) -> npt.NDArray[np.bool_]:
    """Which code points are whitespace (what ``str.split()`` splits on)."""
    mask: npt.NDArray[np.bool_] = _IS_SPACE.take(codes)
    return mask


def whitespace_spans(codes: CodeArray) -> Spans:
    """The whitespace-separated tokens of `codes` (which must begin and end with whitespace).

    One scan of the changes between whitespace and not: as `codes` begins and ends with
    whitespace, they alternate between a token's start and the end after it.
    """
    space = space_mask(codes)
    edges = np.flatnonzero(space[1:] != space[:-1])
    edges += 1
    starts = edges[0::2]
    return starts, edges[1::2] - starts


class Tokenizer(ABC):
    """Splits text into the tokens BLEU counts n-grams over."""

    #: Registry name, as given to ``tokenize=`` and ``-tok``.
    name: str = ""

    #: True when ``tokenize(line) == " ".join(tokenize_words(line.split()))`` (ignoring empty
    #: words) for every line without a newline character.
    splits_on_whitespace: bool = False

    #: True when `token_spans` is implemented (the encoder's vectorized path).
    spans_code_points: bool = False

    #: True when every token is ASCII (and `spans_code_points`): the encoder then reads the
    #: bytes of `ascii_codes` instead of code points.
    ascii_tokens: bool = False

    @property
    def signature(self) -> str:
        """The value of the ``tok:`` field of the signature (sacreBLEU's value)."""
        return self.name

    @abstractmethod
    def tokenize(self, line: str) -> str:
        """Tokenize one line; the reference behaviour every batch path must reproduce."""

    def tokens(self, line: str) -> list[str]:
        """The tokens of one line, ``tokenize(line).split()``: what scoring one sentence needs.

        Tokenizers override it where a line's tokens are cheaper to find without building the
        tokenized string (`parbleu.metrics.bleu.small`).
        """
        return self.tokenize(line).split()

    def tokenize_lines(self, lines: Sequence[str]) -> list[str]:
        """Tokenize many lines; same output as calling `tokenize` on each."""
        return [self.tokenize(line) for line in lines]

    def prepare_text(self, text: str) -> str:
        """Context-free rewrites applied to whole text before splitting it into words.

        Only meaningful for tokenizers that split on whitespace: the rewrites must not depend
        on line boundaries, so the encoder may apply them to a whole corpus joined by newlines.
        """
        return text

    def ascii_codes(self, text: str) -> npt.NDArray[np.uint8]:
        """`prepare_text` as bytes (for `ascii_tokens`), ASCII characters as themselves.

        Characters outside ASCII become bytes that no token holds; every newline is kept and
        none is added.

        Raises:
            NotImplementedError: if the tokens are not all ASCII.
        """
        del text
        raise NotImplementedError(f"tokenizer {self.name!r} has no byte path")

    def prepare_line(self, line: str) -> str:
        """One line, which may hold newlines, rewritten without any (for `token_spans`).

        ``token_spans`` of the result, as a line of its own, gives the tokens of `tokenize`.
        Only used by tokenizers whose `token_spans` is implemented.
        """
        return self.prepare_text(line.replace("\n", " "))

    def token_spans(self, codes: CodeArray) -> Spans:
        """Tokens of prepared text given as code points (when `spans_code_points`).

        Args:
            codes: lines after `prepare_text` (or `prepare_line`), joined by newlines, with
                one whitespace character added before the first line and after the last.

        Returns:
            Start position and length of every token, in order, such that the tokens of each
            line are those of `tokenize`.

        Raises:
            NotImplementedError: if the tokenizer has no vectorized path.
        """
        del codes
        raise NotImplementedError(f"tokenizer {self.name!r} has no code-point path")

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
