"""chrF statistics of a few segments without the batch path's set-up: one sentence at a time.

The batch path (`parbleu.metrics.chrf.metric.CHRF.prepare`) builds a character vocabulary
and sorted n-gram tables for a whole corpus; for one sentence that set-up costs
milliseconds. Here each segment is counted on its own, with the statistics of the batch path
(Popović 2015; sacreBLEU 2.6.0's ``CHRF._compute_segment_statistics``):

* character n-grams of orders 1 .. ``char_order``: the code points of the hypothesis and its
  references (whitespace removed unless kept) are numbered densely, so that an n-gram is one
  integer in bijective base ``B`` (digits 1 .. B - 1, so n-grams of different orders never
  share a number); the numbers of both sides are sorted together and counted run by run.
  Short texts, and a vocabulary too large for 62-bit numbers, are counted as Python
  strings instead.
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

from parbleu.arrays import IntArray
from parbleu.metrics.chrf.formula import chrf_orders
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.chrf.scalar import scalar_chrf
from parbleu.references import ReferenceSet
from parbleu.stats import Layout
from parbleu.tokenizers.chrf_words import split_words

__all__ = [
    "ChrfSmallPath",
    "OrderColumns",
    "character_matches",
    "in_layout_order",
    "order_columns",
    "word_matches",
]

#: Per order, (hyp, ref, match) of one hypothesis against one reference.
OrderCounts = list[tuple[int, int, int]]

#: Largest number an n-gram may need (numbers stay exact in int64, with a bit to spare).
_LIMIT = 1 << 62
#: The n-grams of an empty text.
_NONE: IntArray = np.zeros(0, dtype=np.int64)
#: Up to this many characters in all, Python strings are counted faster than arrays are set
#: up (benchmarks/percall.py --crossover measured about 40-60 for chrF's six orders).
SHORT_TEXT = 48


def _python_character_matches(texts: Sequence[str], order: int) -> list[list[int]]:
    """`character_matches` with Python strings (short texts, vocabularies too large for numbers).

    The n-grams of all orders of a text are one Counter (an n-gram's order is its length).
    """

    def ngrams(text: str) -> Counter[str]:
        size = len(text)
        return Counter([text[i : i + n] for n in range(1, order + 1) for i in range(size - n + 1)])

    hypothesis = ngrams(texts[0])
    out = []
    for reference in texts[1:]:
        theirs = ngrams(reference)
        matches = [0] * order
        for ngram in hypothesis.keys() & theirs.keys():
            matches[len(ngram) - 1] += min(hypothesis[ngram], theirs[ngram])
        out.append(matches)
    return out


def character_matches(texts: Sequence[str], order: int) -> list[list[int]]:
    """Per reference ``texts[1:]``, the character n-grams it shares with ``texts[0]``.

    ``result[k][n - 1]`` is the sum over n-grams of order n of the smaller of their counts
    in the hypothesis and in reference k.
    """
    joined = "".join(texts)
    if len(joined) > SHORT_TEXT:
        numbered = _numbered_ngrams(joined, [len(text) for text in texts], order)
        if numbered is not None:
            return _shared_numbers(*numbered, order)
    return _python_character_matches(texts, order)


def _numbered_ngrams(
    joined: str, lengths: list[int], order: int
) -> tuple[list[IntArray], int] | None:
    """Each text's n-grams of orders 1 .. `order` as numbers, and the base of the numbers.

    A code point is a digit of its own: the code point plus one where the largest code point
    leaves room (most European text), else its rank among the code points used. ``None``
    where the numbers would not fit in 62 bits.
    """
    codes = np.frombuffer(joined.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    base = int(codes.max()) + 2
    if base**order < _LIMIT:
        digits = codes.astype(np.int64)
    else:
        vocabulary, ranks = np.unique(codes, return_inverse=True)
        base = len(vocabulary) + 1
        if base**order >= _LIMIT:
            return None
        digits = ranks.astype(np.int64).reshape(-1)
    digits += 1
    bounds = list(itertools.accumulate(lengths, initial=0))
    texts: list[list[IntArray]] = [[] for _ in lengths]
    numbers = digits
    for n in range(order):  # the n-grams of order n + 1 start at every position but the last n
        if n:
            numbers = numbers[:-1] * base
            numbers += digits[n:]
        for pieces, first, last in zip(texts, bounds, bounds[1:], strict=False):
            if last - n > first:
                pieces.append(numbers[first : last - n])
    return [np.concatenate(pieces) if pieces else _NONE for pieces in texts], base


def _shared_numbers(texts: list[IntArray], base: int, order: int) -> list[list[int]]:
    """Per reference ``texts[1:]``, the n-gram numbers it shares with ``texts[0]``, per order.

    Hypothesis and reference numbers, tagged by side in the lowest bit, are sorted together:
    each distinct n-gram is a run, its hypothesis count the even keys, its reference count
    the odd ones. Numbers of order n lie in ``[B^(n-1), B^n)``, which gives each run's order.
    """
    hypothesis = texts[0] * 2
    ceilings = base ** np.arange(1, order + 1, dtype=np.int64) - 1
    out = []
    for reference in texts[1:]:
        if not len(hypothesis) or not len(reference):
            out.append([0] * order)
            continue
        keys = np.concatenate((hypothesis, reference * 2 + 1))
        keys.sort()
        numbers = keys >> 1
        starts = np.empty(len(keys), dtype=bool)
        starts[0] = True
        np.not_equal(numbers[1:], numbers[:-1], out=starts[1:])
        run = np.cumsum(starts)
        run -= 1
        in_reference = np.bincount(run, weights=keys & 1)
        in_hypothesis = np.bincount(run) - in_reference
        orders = np.searchsorted(ceilings, numbers[starts])
        shared = np.minimum(in_hypothesis, in_reference)
        out.append(np.bincount(orders, weights=shared, minlength=order).astype(int).tolist())
    return out


def _shared_counts(mine: Counter[Hashable], theirs: Counter[Hashable]) -> int:
    """The n-grams two Counters share, each counted as often as in the one holding it less."""
    shared = mine.keys() & theirs.keys()
    return sum(map(min, map(mine.__getitem__, shared), map(theirs.__getitem__, shared)))


def word_matches(hypothesis: list[str], reference: list[str], order: int) -> list[int]:
    """Per word order, the word n-grams the two word lists share (smaller counts).

    Words are counted (they repeat: commas, articles); longer n-grams rarely repeat within a
    sentence, and where either side has each n-gram once, the shared n-grams are those both
    sets of n-grams hold.
    """
    matches = [_shared_counts(Counter(hypothesis), Counter(reference))]
    mine_shifted = [hypothesis[i:] for i in range(order)]
    theirs_shifted = [reference[i:] for i in range(order)]
    for n in range(2, order + 1):
        mine: set[Hashable] = set(zip(*mine_shifted[:n], strict=False))
        theirs: set[Hashable] = set(zip(*theirs_shifted[:n], strict=False))
        if len(mine) == len(hypothesis) - n + 1 or len(theirs) == len(reference) - n + 1:
            matches.append(len(mine & theirs))
            continue
        matches.append(
            _shared_counts(
                Counter(zip(*mine_shifted[:n], strict=False)),
                Counter(zip(*theirs_shifted[:n], strict=False)),
            )
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


def in_layout_order(columns: OrderColumns) -> bool:
    """Whether `columns` are ``hyp, ref, match`` of each order in turn (`chrf_layout`'s)."""
    return columns == tuple((n, n + 1, n + 2) for n in range(0, 3 * len(columns), 3))


class ChrfSmallPath:
    """Rows of chrF statistics of a few segments, for one set of options.

    Args:
        options: the metric's options.
        columns: where each order's ``hyp``, ``ref`` and ``match`` sit in a row.
        in_order: whether they are in turn from the first column (`in_layout_order`).
    """

    def __init__(self, options: ChrfOptions, columns: OrderColumns, in_order: bool) -> None:
        self._options = options
        self._positions = columns
        self._in_order = in_order

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
        if self._in_order:
            return [count for counts in best for count in counts]
        row = [0] * (3 * len(self._positions))
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
            words = [split_words(text) for text in texts]
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
