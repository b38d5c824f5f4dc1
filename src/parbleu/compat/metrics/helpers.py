"""sacreBLEU 2.6.0's n-gram helpers (``sacrebleu.extract_word_ngrams``, ``extract_char_ngrams``).

Counters of string n-grams, for code that calls them directly; parbleu's metrics count
n-grams as integer ids instead (`parbleu.engine`).

    >>> extract_char_ngrams("a b", 2)
    Counter({'ab': 1})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = ["extract_all_char_ngrams", "extract_char_ngrams", "extract_word_ngrams"]


def extract_word_ngrams(tokens: Sequence[str], n: int) -> Counter[str]:
    """Counts of the word n-grams of order `n`, each joined by a space."""
    return Counter(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def extract_char_ngrams(line: str, n: int, include_whitespace: bool = False) -> Counter[str]:
    """Counts of the character n-grams of order `n` (whitespace removed unless included)."""
    text = line if include_whitespace else "".join(line.split())
    return Counter(text[i : i + n] for i in range(len(text) - n + 1))


def extract_all_char_ngrams(
    line: str, max_order: int, include_whitespace: bool = False
) -> list[Counter[str]]:
    """`extract_char_ngrams` of every order from 1 to `max_order`."""
    return [extract_char_ngrams(line, n, include_whitespace) for n in range(1, max_order + 1)]
