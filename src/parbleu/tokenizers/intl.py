"""The international tokenizer (``intl``) of mteval-v14.pl, as sacreBLEU 2.6.0 applies it.

Punctuation (Unicode category P) is split off when it is preceded or followed by something
that is not a number (category N), and every symbol (category S) is split off. Categories
come from the `regex` package, whose Unicode tables are what sacreBLEU uses (Python's own
`re` and `unicodedata` lag behind). As in mteval-v14, a number followed by a period at the end
of a line keeps its period, because the line is not padded with spaces. Lines of ASCII
characters only take the same rules in Python's `re` with the ASCII members of each category
spelled out (`International.tokens`), which is several times faster.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import regex

from parbleu.tokenizers.base import WHITESPACE, Tokenizer

__all__ = ["International"]

_LINE_RULES = (
    (regex.compile(r"(\P{N})(\p{P})"), r"\1 \2 "),
    (regex.compile(r"(\p{P})(\P{N})"), r" \1 \2"),
    (regex.compile(r"(\p{S})"), r" \1 "),
)
# The same rules for many lines joined by newlines: a newline is never context.
_CORPUS_RULES = (
    (regex.compile(r"([^\p{N}\n])(\p{P})"), r"\1 \2 "),
    (regex.compile(r"(\p{P})([^\p{N}\n])"), r" \1 \2"),
    (regex.compile(r"(\p{S})"), r" \1 "),
)


# The same rules for lines of ASCII characters only, with Python's `re` and the categories of
# the ASCII characters spelled out (tests check them against the `regex` tables): the numbers
# are the digits, the punctuation and symbols these. `re` is several times faster here.
_ASCII_PUNCTUATION = re.escape("!\"#%&'()*,-./:;?@[\\]_{}")
_ASCII_SYMBOLS = re.escape("$+<=>^`|~")
_ASCII_RULES = (
    (re.compile(f"([^0-9])([{_ASCII_PUNCTUATION}])"), r"\1 \2 "),
    (re.compile(f"([{_ASCII_PUNCTUATION}])([^0-9])"), r" \1 \2"),
    (re.compile(f"([{_ASCII_SYMBOLS}])"), r" \1 "),
)


# Lines of other characters where no number (N) stands next to punctuation (P): the rules
# then put every punctuation mark and every symbol apart (tests check this exhaustively
# on small alphabets), so the tokens are those marks and the runs of other characters
# between whitespace (what `str.split` splits on, spelled out: the `regex` module's own
# whitespace differs).
_NUMBER_BESIDE_PUNCTUATION = regex.compile(r"\p{N}\p{P}|\p{P}\p{N}")
_WHITESPACE = "".join(f"\\u{code:04x}" for code in WHITESPACE)
_TOKEN = regex.compile(f"[\\p{{P}}\\p{{S}}]|[^{_WHITESPACE}\\p{{P}}\\p{{S}}]+")


class International(Tokenizer):
    """mteval-v14 ``--international-tokenization``, identical to sacreBLEU's ``intl``."""

    name = "intl"

    def tokenize(self, line: str) -> str:
        """Tokenize one line."""
        for pattern, replacement in _LINE_RULES:
            line = pattern.sub(replacement, line)
        return " ".join(line.split())

    def tokens(self, line: str) -> list[str]:
        """``tokenize(line).split()``, faster.

        An ASCII line goes through `re` (same rules); another line where no number stands
        next to punctuation is one scan for the marks and the runs between them (`_TOKEN`).
        """
        if not line.isascii():
            if _NUMBER_BESIDE_PUNCTUATION.search(line) is None:
                return _TOKEN.findall(line)
            return self.tokenize(line).split()
        for pattern, replacement in _ASCII_RULES:
            line = pattern.sub(replacement, line)
        return line.split()

    def tokenize_lines(self, lines: Sequence[str]) -> list[str]:
        """Tokenize many lines with one regex pass per rule over the whole corpus."""
        text = "\n".join(lines)
        if text.count("\n") != len(lines) - 1:
            return super().tokenize_lines(lines)
        for pattern, replacement in _CORPUS_RULES:
            text = pattern.sub(replacement, text)
        return [" ".join(part.split()) for part in text.split("\n")]
