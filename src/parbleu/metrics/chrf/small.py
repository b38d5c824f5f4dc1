"""chrF statistics of a few segments without the batch path's set-up: one sentence at a time.

The batch path (`parbleu.metrics.chrf.metric.CHRF.prepare`) builds a character vocabulary
and sorted n-gram tables for a whole corpus; for one sentence that set-up costs
milliseconds. Here each segment is counted on its own, with the statistics of the batch path
(Popović 2015; sacreBLEU 2.6.0's ``CHRF._compute_segment_statistics``):

* character n-grams of orders 1 .. ``char_order``: the code points of the hypothesis and its
  references (whitespace removed unless kept) are numbered densely, so that an n-gram is one
  integer in bijective base ``B`` (digits 1 .. B - 1, so n-grams of different orders never
  share a number); the n-grams of every order are one row of a small matrix, and the shared
  counts are two binary searches. Short texts, and a vocabulary too large for 63-bit
  numbers, are counted as Python strings instead.
* word n-grams (chrF++): chrF++'s words (`parbleu.tokenizers.chrf_words.split_word`) counted
  in Python.
* per order ``(hyp, ref, match)``, the hypothesis count 0 where the reference has no n-gram
  of that order; with several references, the one with the best chrF (the first on a tie).

tests/metrics/chrf/test_small_path.py checks the rows against the batch path and sacreBLEU.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Hashable, Sequence

import numpy as np

from parbleu.metrics.chrf.formula import chrf_orders
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.chrf.scalar import scalar_chrf
from parbleu.references import ReferenceSet
from parbleu.stats import Layout
from parbleu.tokenizers.chrf_words import split_word

__all__ = ["ChrfSmallPath", "OrderColumns", "character_matches", "order_columns", "word_matches"]

#: Per order, (hyp, ref, match) of one hypothesis against one reference.
OrderCounts = list[tuple[int, int, int]]

#: Largest number an n-gram may need (numbers stay exact in int64).
_LIMIT = 1 << 62
#: Up to this many characters in all, Python strings are counted faster than arrays are set
#: up (benchmarks/percall.py --crossover measured about 40-60 for chrF's six orders).
SHORT_TEXT = 48


def _python_character_matches(texts: Sequence[str], order: int) -> list[list[int]]:
    """`character_matches` with Python strings (short texts, vocabularies too large for numbers)."""

    def ngrams(text: str, n: int) -> Counter[str]:
        return Counter([text[i : i + n] for i in range(len(text) - n + 1)])

    hypothesis = [ngrams(texts[0], n) for n in range(1, order + 1)]
    out = []
    for reference in texts[1:]:
        matches = []
        for n, mine in enumerate(hypothesis, 1):
            theirs = ngrams(reference, n)
            shared = mine.keys() & theirs.keys()
            matches.append(
                sum(map(min, map(mine.__getitem__, shared), map(theirs.__getitem__, shared)))
            )
        out.append(matches)
    return out


def character_matches(texts: Sequence[str], order: int) -> list[list[int]]:
    """Per reference ``texts[1:]``, the character n-grams it shares with ``texts[0]``.

    ``result[k][n - 1]`` is the sum over n-grams of order n of the smaller of their counts
    in the hypothesis and in reference k.
    """
    joined = "".join(texts)
    if len(joined) <= SHORT_TEXT:
        return _python_character_matches(texts, order)
    codes = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    vocabulary, ids = np.unique(codes, return_inverse=True)
    base = len(vocabulary) + 1
    if base**order >= _LIMIT:
        return _python_character_matches(texts, order)
    size = len(codes)
    numbers = np.zeros((order, size), dtype=np.int64)
    numbers[0] = ids.reshape(-1) + 1
    for n in range(1, min(order, size)):
        np.multiply(numbers[n - 1, : size - n], base, out=numbers[n, : size - n])
        numbers[n, : size - n] += numbers[0, n:]
    starts = np.cumsum([0, *map(len, texts)])
    ends = np.arange(size) + np.arange(order)[:, None]  # the last character of each n-gram
    positions = np.arange(size)
    hypothesis = numbers[ends < starts[1]]
    mine, counts = np.unique(hypothesis, return_counts=True)
    orders = np.searchsorted(base ** np.arange(1, order + 1, dtype=np.int64) - 1, mine)
    out = []
    for first, last in itertools.pairwise(starts[1:]):
        theirs = np.sort(numbers[(positions >= first) & (ends < last)])
        shared = np.searchsorted(theirs, mine, "right") - np.searchsorted(theirs, mine, "left")
        matched = np.bincount(orders, weights=np.minimum(counts, shared), minlength=order)
        out.append([int(m) for m in matched])
    return out


def _word_ngrams(words: list[str], order: int) -> list[Counter[Hashable]]:
    shifted = [words[i:] for i in range(order)]
    counts: list[Counter[Hashable]] = [Counter(words)]
    counts += [Counter(zip(*shifted[:n], strict=False)) for n in range(2, order + 1)]
    return counts


def word_matches(hypothesis: list[str], reference: list[str], order: int) -> list[int]:
    """Per word order, the word n-grams the two word lists share (smaller counts)."""
    matches = []
    for mine, theirs in zip(
        _word_ngrams(hypothesis, order), _word_ngrams(reference, order), strict=True
    ):
        shared = mine.keys() & theirs.keys()
        matches.append(
            sum(map(min, map(mine.__getitem__, shared), map(theirs.__getitem__, shared)))
        )
    return matches


def _totals(length: int, order: int) -> list[int]:
    return [length - n if length > n else 0 for n in range(order)]


#: Where ``hyp``, ``ref`` and ``match`` of each order sit in a row, orders in their order.
OrderColumns = tuple[tuple[int, int, int], ...]


def order_columns(layout: Layout, char_order: int, word_order: int) -> OrderColumns:
    """The positions of each order's ``hyp``, ``ref`` and ``match`` columns in `layout`."""
    return tuple(
        (layout.index(f"{order}_hyp"), layout.index(f"{order}_ref"), layout.index(f"{order}_match"))
        for order in chrf_orders(char_order, word_order)
    )


class ChrfSmallPath:
    """Rows of chrF statistics of a few segments, for one set of options."""

    def __init__(self, options: ChrfOptions, columns: OrderColumns, width: int) -> None:
        self._options = options
        self._positions = columns
        self._width = width

    def rows(self, lines: Sequence[str], references: ReferenceSet) -> list[list[int]]:
        """One row of the layout's columns per segment (the batch path's statistics)."""
        return [self.row(line, references.segment(i)) for i, line in enumerate(lines)]

    def row(self, hypothesis: str, references: Sequence[str]) -> list[int]:
        """The statistics of one hypothesis against its best reference."""
        per_reference = self._order_counts(hypothesis, references)
        best: OrderCounts = per_reference[0]
        best_score = -1.0
        for counts in per_reference if len(per_reference) > 1 else ():
            score = scalar_chrf(
                counts, self._options.beta, eps_smoothing=self._options.eps_smoothing
            )
            if score > best_score:
                best, best_score = counts, score
        row = [0] * self._width
        for (hyp, ref, match), where in zip(best, self._positions, strict=True):
            row[where[0]], row[where[1]], row[where[2]] = hyp, ref, match
        return row

    def _order_counts(self, hypothesis: str, references: Sequence[str]) -> list[OrderCounts]:
        """Per reference, ``(hyp, ref, match)`` of every order, characters then words."""
        options = self._options
        texts = [hypothesis, *references]
        if options.lowercase:
            texts = [text.lower() for text in texts]
        per_reference: list[OrderCounts] = [[] for _ in references]
        if options.char_order:
            chars = texts if options.whitespace else ["".join(text.split()) for text in texts]
            matched = character_matches(chars, options.char_order)
            self._extend(per_reference, matched, [len(text) for text in chars], options.char_order)
        if options.word_order:
            words = [[t for word in text.split() for t in split_word(word)] for text in texts]
            matched = [word_matches(words[0], ws, options.word_order) for ws in words[1:]]
            self._extend(per_reference, matched, [len(ws) for ws in words], options.word_order)
        return per_reference

    @staticmethod
    def _extend(
        per_reference: list[OrderCounts],
        matched: list[list[int]],
        lengths: list[int],
        order: int,
    ) -> None:
        """Add one kind's orders: the hypothesis count 0 where the reference has none."""
        hyp_totals = _totals(lengths[0], order)
        for counts, matches, length in zip(per_reference, matched, lengths[1:], strict=True):
            for hyp, ref, match in zip(hyp_totals, _totals(length, order), matches, strict=True):
                counts.append((hyp if ref else 0, ref, match))
