"""The tokenizers of ROUGE: rouge_score's default one, and one that keeps every script.

Google's rouge_score 0.1.2 (``rouge_score/tokenize.py``), following Lin's ROUGE-1.5.5:
lowercase the text (``str.lower``), replace every run of characters outside ``[a-z0-9]`` by
a space, split; with stemming, stem the tokens longer than three characters with NLTK's
Porter stemmer (`parbleu.tokenizers.porter`). So a token is a maximal run of ASCII letters
and digits of the lowercased text, and text in other scripts disappears: Chinese, Russian or
Greek score 0 (German loses its umlauts: ``Straße`` becomes ``stra`` and ``e``).

`RougeUnicodeTokenizer` keeps every script (signature ``tok:unicode``): a token is a maximal
run of letters, marks and digits (Unicode categories L, M, N, from the `regex` package), except
that every Han, Hiragana and Katakana character is a token of its own, since Chinese and
Japanese text has no spaces. On ASCII text it gives exactly the default tokens. Scripts
written without spaces whose characters are not words (Thai, Lao, Khmer, Myanmar) come out
as long runs: segment them first. Stemming applies only to ASCII tokens.

    >>> RougeTokenizer().tokenize("The Straße's 2nd café!")
    'the stra e s 2nd caf'
    >>> RougeUnicodeTokenizer().tokenize("The Straße's 2nd café! 中文")
    'the straße s 2nd café 中 文'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt
import regex

from parbleu.arrays import CodeArray, Spans
from parbleu.tokenizers.base import Tokenizer
from parbleu.tokenizers.porter import porter_stem

__all__ = [
    "LOWERCASE_TO_ASCII",
    "RougeTokenizer",
    "RougeUnicodeTokenizer",
    "is_rouge_token",
    "rouge_stem",
]

_ASCII_TOKEN = re.compile(r"[a-z0-9]+")
# Letters, marks and digits, each Han / kana character alone (regex's V1 set difference).
_UNICODE_TOKEN = regex.compile(
    r"[\p{Han}\p{Hiragana}\p{Katakana}]|[[\p{L}\p{M}\p{N}]--[\p{Han}\p{Hiragana}\p{Katakana}]]+",
    regex.V1,
)
_UNICODE_GAP = regex.compile(
    r"[^\p{L}\p{M}\p{N}\n]+|(?<=[\p{Han}\p{Hiragana}\p{Katakana}])(?=[\p{L}\p{M}\p{N}])"
    r"|(?<=[\p{L}\p{M}\p{N}])(?=[\p{Han}\p{Hiragana}\p{Katakana}])",
)

#: The characters outside ASCII whose ``str.lower`` holds an ASCII letter or digit (Python's
#: Unicode database; a test checks every code point): DOTTED CAPITAL I, KELVIN SIGN.
LOWERCASE_TO_ASCII = ("\u0130", "\u212a")

#: Tokens longer than this many characters are stemmed (rouge_score's rule).
STEM_MIN_LENGTH = 4


def rouge_stem(token: str) -> str:
    """rouge_score's stemming of one token: Porter's stem of ASCII tokens of 4+ characters."""
    if len(token) >= STEM_MIN_LENGTH and _ASCII_TOKEN.fullmatch(token):
        return porter_stem(token)
    return token


def is_rouge_token(token: str) -> bool:
    """Whether `token` is one rouge_score's default tokenizer can produce (``[a-z0-9]+``)."""
    return _ASCII_TOKEN.fullmatch(token) is not None


class RougeTokenizer(Tokenizer):
    """rouge_score's default tokenizer: runs of ``[a-z0-9]`` in lowercased text.

    `tokenize` lowercases; so does `prepare_text`, the engine's vectorized path (give it
    ``TextEncoder(..., lowercase=False)``), which then finds the runs among the code points.
    """

    name = "ascii"
    spans_code_points = True
    ascii_tokens = True

    def tokenize(self, line: str) -> str:
        """The tokens of one line, separated by spaces."""
        return " ".join(_ASCII_TOKEN.findall(line.lower()))

    def prepare_text(self, text: str) -> str:
        """`text` lowercased as far as the tokens can tell: ``str.lower`` on ASCII letters.

        Only ``[a-z0-9]`` is kept, and only ASCII letters and `LOWERCASE_TO_ASCII` lowercase
        into it, so lowering the ASCII bytes of the UTF-8 text gives the same tokens as
        ``str.lower``, about three times faster on text with accents (``str.lower`` when one
        of those two characters occurs).
        """
        if text.isascii() or any(char in text for char in LOWERCASE_TO_ASCII):
            return text.lower()
        return text.encode("utf-8", "surrogatepass").lower().decode("utf-8", "surrogatepass")

    def ascii_codes(self, text: str) -> npt.NDArray[np.uint8]:
        """`prepare_text` as one byte a character: Latin-1, ``?`` above it; ASCII lowercased.

        Only ASCII letters and `LOWERCASE_TO_ASCII` lowercase into ``[a-z0-9]``, so this
        gives the tokens of ``str.lower`` (which runs when one of those two occurs), and no
        byte that is not ASCII, nor ``?``, is in a token.
        """
        if any(char in text for char in LOWERCASE_TO_ASCII):
            text = text.lower()
        return np.frombuffer(text.encode("latin-1", "replace").lower(), dtype=np.uint8)

    def token_spans(self, codes: CodeArray) -> Spans:
        """Maximal runs of ASCII lowercase letters and digits (`codes` begins with a space).

        `codes` are code points, or `ascii_codes`, where no character outside ASCII is in
        a run.

        Ranges are tested by one unsigned subtraction and comparison each (values below the
        range wrap around to large ones).
        """
        unit = codes.dtype.type
        token = (codes - unit(ord("a"))) < unit(26)
        token |= (codes - unit(ord("0"))) < unit(10)
        if token[-1]:  # a run up to the end (not so in prepared text, which ends with spaces)
            token = np.append(token, False)
        # Between two characters where one is in a run and the other not: a run starts and
        # ends at every other change, as the first character is never in a run.
        changes = np.flatnonzero(token[1:] != token[:-1])
        starts = changes[0::2] + 1
        return starts, changes[1::2] - starts + 1


class RougeUnicodeTokenizer(Tokenizer):
    """Letters, marks and digits of every script; each Han or kana character alone."""

    name = "unicode"

    def tokenize(self, line: str) -> str:
        """The tokens of one line, separated by spaces."""
        return " ".join(_UNICODE_TOKEN.findall(line.lower()))

    def tokenize_lines(self, lines: Sequence[str]) -> list[str]:
        """The tokens of many lines (already lowercased by the engine), one regex pass."""
        text = "\n".join(lines)
        if text.count("\n") != len(lines) - 1:
            return [" ".join(_UNICODE_TOKEN.findall(line)) for line in lines]
        return [" ".join(part.split()) for part in _UNICODE_GAP.sub(" ", text).split("\n")]
