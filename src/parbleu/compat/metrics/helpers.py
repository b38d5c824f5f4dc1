"""sacreBLEU 2.6.0's n-gram helpers (``sacrebleu.metrics.helpers``), with its return shapes.

Counters of n-grams for code that calls them directly (mbrs, TensorFlow Model Analysis and
evaluate count with them and feed the counts back to the metrics' internals): word n-grams
as tuples of tokens (`extract_all_word_ngrams`) or joined by spaces (`extract_word_ngrams`),
character n-grams as strings. parbleu's metrics count n-grams as integer ids instead
(`parbleu.engine`), or, one sentence at a time, as in `parbleu.metrics.bleu.small`.

    >>> extract_char_ngrams("a b", 2)
    Counter({'ab': 1})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

__all__ = [
    "extract_all_char_ngrams",
    "extract_all_word_ngrams",
    "extract_char_ngrams",
    "extract_word_ngrams",
]


def extract_all_word_ngrams(
    line: str, min_order: int, max_order: int
) -> tuple[Counter[tuple[str, ...]], int]:
    """Word n-gram counts (tuples of words) of orders `min_order` .. `max_order`, and length.

    The line is split on whitespace; its number of words comes second.
    """
    tokens = line.split()
    shifted = [tokens[i:] for i in range(max(max_order, 0))]
    counts: Counter[tuple[str, ...]] = Counter()
    for n in range(min_order, max_order + 1):
        if n > 0:
            counts.update(zip(*shifted[:n], strict=False))
        else:  # sacreBLEU's slices for orders below 1 (empty tuples, as it counts them)
            counts.update(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return counts, len(tokens)


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
