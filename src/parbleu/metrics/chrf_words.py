"""The words of chrF++: whitespace, then punctuation off one end of each word; their ids.

Popović's chrF++.py (and sacreBLEU 2.6.0, ``CHRF._remove_punctuation``) split a line on
whitespace and then, for every word longer than one character, split off *one* ASCII
punctuation character: the last one if the word ends with punctuation, otherwise the first
one if it starts with punctuation. So ``(hi)`` becomes ``(hi`` and ``)`` (sacreBLEU issue
#124): only one end is ever split.

`WordEncoder` applies this rule to a whole corpus with array operations on its code points
(a space is inserted at every split point), splits the result once, and looks every token up
in a dictionary of reference tokens.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from parbleu.engine.chars import line_blocks, space_mask
from parbleu.metrics.chrf_packing import TokenStream

__all__ = ["PUNCTUATION", "WordEncoder", "split_word", "tokenize_lines"]

IntArray = npt.NDArray[np.int64]

#: The characters of Python's ``string.punctuation``.
PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

_IS_PUNCTUATION = np.zeros(128, dtype=bool)
_IS_PUNCTUATION[[ord(c) for c in PUNCTUATION]] = True


def split_word(word: str) -> tuple[str, ...]:
    """The chrF++ tokens of one word (a string without whitespace): the rule, for one word."""
    if len(word) > 1:
        if word[-1] in PUNCTUATION:
            return word[:-1], word[-1]
        if word[0] in PUNCTUATION:
            return word[0], word[1:]
    return (word,)


def _is_punctuation(codes: npt.NDArray[np.uint32]) -> npt.NDArray[np.bool_]:
    mask: npt.NDArray[np.bool_] = (codes < 128) & _IS_PUNCTUATION.take(np.minimum(codes, 127))
    return mask


def tokenize_lines(lines: Sequence[str], *, lowercase: bool) -> tuple[list[str], IntArray]:
    """The chrF++ tokens of all lines, and the offset of each line's first token."""
    text = "\n".join(lines)
    if text.count("\n") != len(lines) - 1:  # newlines inside lines are just whitespace
        text = "\n".join(line.replace("\n", " ") for line in lines)
    if lowercase:  # newlines stop the context of final sigma exactly as line ends do
        text = text.lower()
    codes = np.frombuffer(f" {text} ".encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    space = space_mask(codes)
    token = ~space
    starts = np.flatnonzero(space[:-1] & token[1:]) + 1
    lasts = np.flatnonzero(token[:-1] & space[1:])
    longer = lasts > starts
    split_last = longer & _is_punctuation(codes.take(lasts))
    split_first = longer & ~split_last & _is_punctuation(codes.take(starts))
    cuts = np.sort(np.concatenate((lasts[split_last], starts[split_first] + 1)))
    spaced = np.insert(codes, cuts, ord(" "))
    tokens = spaced.tobytes().decode("utf-32-le", "surrogatepass").split()
    # Tokens before each word, and words before each line (lines end at the newlines).
    tokens_before = np.zeros(len(starts) + 1, dtype=np.int64)
    np.cumsum(1 + split_last.astype(np.int64) + split_first, out=tokens_before[1:])
    line_words = np.empty(len(lines) + 1, dtype=np.int64)
    line_words[0] = 0
    line_words[1:-1] = np.searchsorted(starts, np.flatnonzero(codes == ord("\n")))
    line_words[-1] = len(starts)
    return tokens, tokens_before[line_words]


class _Vocabulary(dict[str, int]):
    """Token ids; a look-up of a token that no reference has gives -1 (and adds nothing).

    ``map(vocabulary.__getitem__, tokens)`` then stays in C for known tokens, which is about
    40% faster than ``map(vocabulary.get, tokens, repeat(-1))`` on WMT text.
    """

    def __missing__(self, token: str) -> int:
        return -1


class WordEncoder:
    """chrF++ tokens as ids over the vocabulary of the reference tokens.

    Reference lines grow the vocabulary (`add_references`); `encode` never changes it, and
    tokens that no reference contains get id -1, which can never match.
    """

    def __init__(self, *, lowercase: bool) -> None:
        self.lowercase = lowercase
        self._ids = _Vocabulary()

    @property
    def vocabulary_size(self) -> int:
        """Number of distinct reference tokens (ids are ``0 .. size - 1``)."""
        return len(self._ids)

    def add_references(self, lines: Sequence[str]) -> IntArray:
        """Add the tokens of reference lines to the vocabulary; tokens per line.

        Lines are read in blocks, so that memory stays proportional to a block.
        """
        ids = self._ids
        lengths = np.zeros(len(lines), dtype=np.int64)
        for start, stop in line_blocks(lines, 1 << 16):
            tokens, offsets = tokenize_lines(lines[start:stop], lowercase=self.lowercase)
            for token in tokens:
                ids.setdefault(token, len(ids))
            lengths[start:stop] = np.diff(offsets)
        return lengths

    def encode(self, lines: Sequence[str]) -> TokenStream:
        """Token ids of lines (-1 for tokens no reference contains)."""
        tokens, offsets = tokenize_lines(lines, lowercase=self.lowercase)
        values = np.fromiter(map(self._ids.__getitem__, tokens), np.int64, len(tokens))
        return TokenStream(values, offsets)
