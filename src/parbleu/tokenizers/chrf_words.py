"""The words of chrF++: whitespace, then punctuation off one end of each word; their ids.

Popović's chrF++.py (and sacreBLEU 2.6.0, ``CHRF._remove_punctuation``) split a line on
whitespace and then, for every word longer than one character, split off *one* ASCII
punctuation character: the last one if the word ends with punctuation, otherwise the first
one if it starts with punctuation. So ``(hi)`` becomes ``(hi`` and ``)`` (sacreBLEU issue
#124): only one end is ever split.

`ChrfWordTokenizer` applies this rule to a whole block of lines as spans of code points
(`ChrfWordTokenizer.token_spans`); `parbleu.engine.words.WordEncoder` numbers the spans
exactly with the engine's token vocabulary, so that no Python string is ever built per word.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from parbleu.arrays import CodeArray, IntArray, Spans
from parbleu.tokenizers.base import Tokenizer, whitespace_spans

__all__ = [
    "PUNCTUATION",
    "ChrfWordTokenizer",
    "split_spans",
    "split_word",
    "split_words",
]


#: The characters of Python's ``string.punctuation``.
PUNCTUATION = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")

# is_punctuation[c] for every 16-bit code point c; larger ones are never punctuation.
_IS_PUNCTUATION = np.zeros(1 << 16, dtype=bool)
_IS_PUNCTUATION[[ord(c) for c in PUNCTUATION]] = True


def split_word(word: str) -> tuple[str, ...]:
    """The chrF++ tokens of one word (a string without whitespace): the rule, for one word."""
    if len(word) > 1:
        if word[-1] in PUNCTUATION:
            return word[:-1], word[-1]
        if word[0] in PUNCTUATION:
            return word[0], word[1:]
    return (word,)


def split_words(line: str) -> list[str]:
    """The chrF++ tokens of a line: `split_word` of each whitespace-separated word, in order."""
    tokens: list[str] = []
    append = tokens.append
    for word in line.split():  # split_word, inlined: a call per word would cost a third more
        if len(word) > 1:
            if word[-1] in PUNCTUATION:
                append(word[:-1])
                append(word[-1])
                continue
            if word[0] in PUNCTUATION:
                append(word[0])
                append(word[1:])
                continue
        append(word)
    return tokens


def _is_punctuation(codes: CodeArray) -> npt.NDArray[np.bool_]:
    if codes.dtype != np.uint16:
        codes = np.minimum(codes, len(_IS_PUNCTUATION) - 1)  # the last entry is False
    mask: npt.NDArray[np.bool_] = _IS_PUNCTUATION.take(codes)
    return mask


def split_spans(codes: CodeArray, starts: IntArray, lengths: IntArray) -> Spans:
    """The chrF++ tokens of the words ``codes[s:s + n]``, as spans (`split_word` for each).

    A word that loses its last character becomes ``(s, n - 1), (s + n - 1, 1)``; one that
    loses its first, ``(s, 1), (s + 1, n - 1)``; the others stay as they are: a split word's
    second token starts, and its first ends, at one inner position.
    """
    ends = starts + lengths
    longer = lengths > 1
    split_last = longer & _is_punctuation(codes.take(ends - 1))
    split_first = longer & _is_punctuation(codes.take(starts))
    words = np.flatnonzero(split_last | split_first)
    if not len(words):
        return starts, lengths
    inner = np.where(split_last.take(words), ends.take(words) - 1, starts.take(words) + 1)
    token_starts = np.insert(starts, words + 1, inner)
    token_lengths = np.insert(ends, words, inner)  # token ends, then their lengths
    token_lengths -= token_starts
    return token_starts, token_lengths


class ChrfWordTokenizer(Tokenizer):
    """chrF++'s words as a tokenizer: `tokenize` is the rule, `token_spans` its array path.

    Not a BLEU tokenizer (it is not registered for ``-tok``): it lets chrF++ words go
    through the same exact, string-free numbering as BLEU's tokens.
    """

    name = "chrf-words"
    splits_on_whitespace = True
    spans_code_points = True

    def tokenize(self, line: str) -> str:
        """The chrF++ tokens of one line, separated by single spaces."""
        return " ".join(token for word in line.split() for token in split_word(word))

    def tokenize_words(self, words: Sequence[str]) -> list[str]:
        """The chrF++ tokens of words without whitespace."""
        return [token for word in words for token in split_word(word)]

    def token_spans(self, codes: CodeArray) -> Spans:
        """Whitespace-separated words, then one punctuation character off one end of each."""
        return split_spans(codes, *whitespace_spans(codes))
