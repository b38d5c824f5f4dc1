"""BLEU statistics of a few segments in plain Python: the path of one sentence at a time.

The batch path (`parbleu.metrics.bleu.metric.BLEU.prepare` and ``_statistics``) numbers
every token and counts n-grams with array passes over the whole corpus; for one sentence
the set-up of those arrays costs more than the counting (milliseconds against tens of
microseconds). Here each segment's n-grams are counted with `collections.Counter`, one per
order (tokens, then tuples of tokens), and clipped by the largest count in any single
reference (Papineni et al. 2002, section 2.1). The rows are the batch path's, column for
column (tests/metrics/bleu/test_small_path.py checks both against each other and sacreBLEU).

Lines are tokenized by `parbleu.tokenizers.base.Tokenizer.tokens`. The counts of each string
are kept in the metric's `SentenceCache`, so strings met again (MBR's candidates, a
reranker's reference) are neither tokenized nor counted again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from parbleu.metrics.bleu.options import BleuOptions, RefLength
from parbleu.metrics.sentence_cache import SentenceCache
from parbleu.references import ReferenceSet
from parbleu.stats import Layout
from parbleu.tokenizers.base import Tokenizer

__all__ = ["BleuColumns", "BleuSmallPath", "SegmentNgrams", "closest_length"]

#: Characters of strings whose counts a metric keeps (about 40 bytes of counts each).
CACHE_CHARACTERS = 1 << 18
#: Longer strings are counted every time.
CACHE_LENGTH = 1 << 12


#: The n-grams of one order of a segment: a set when each occurs once (most often, beyond
#: order 1: a set is cheaper to build), else a Counter.
OrderNgrams = set[Hashable] | Counter[Hashable]


class SegmentNgrams:
    """The n-grams of one segment, order by order, built as they are needed.

    Order 1 is a Counter of the tokens; order n > 1 holds n-tuples of tokens (`zip` over the
    tokens shifted by 0 .. n - 1), as a set when each occurs once. Once the n-grams of an
    order are distinct, so are those of every higher order (two equal n-grams begin with two
    equal (n - 1)-grams): a hypothesis then needs no sets of those orders, its n-grams are
    looked up in the reference's (`clipped_matches`). A reference builds every order
    (`orders`). The value only grows, so a memo may share it.
    """

    __slots__ = ("counts", "distinct_from", "length", "tokens")

    def __init__(self, tokens: list[str], orders: int) -> None:
        self.tokens = tokens
        self.length = len(tokens)
        unigrams: Counter[Hashable] = Counter(tokens)
        self.counts: list[OrderNgrams] = [unigrams]
        #: The lowest order whose n-grams are known to be distinct (beyond `orders`: none).
        self.distinct_from = 1 if len(unigrams) == self.length else orders + 1
        if self.distinct_from > 1 and orders > 1:
            self._build(2)

    def orders(self, orders: int) -> list[OrderNgrams]:
        """The n-grams of orders 1 .. `orders`, building those not built yet."""
        if len(self.counts) < orders:
            self._build(orders)
        return self.counts

    def _build(self, orders: int) -> None:
        tokens, length, counts = self.tokens, self.length, self.counts
        longest = min(orders, length)  # no n-grams longer than the segment
        shifted = [tokens[i:] for i in range(longest)]
        for n in range(len(counts) + 1, longest + 1):
            ngrams: set[Hashable] = set(zip(*shifted[:n], strict=False))
            if self.distinct_from > n and len(ngrams) == length - n + 1:
                self.distinct_from = n
            if self.distinct_from <= n:
                counts.append(ngrams)
            else:
                counts.append(Counter(zip(*shifted[:n], strict=False)))
        counts.extend(set() for _ in range(len(counts), orders))


def segment_ngrams(tokens: list[str], orders: int) -> SegmentNgrams:
    """The n-grams of orders 1 .. `orders` of one segment's tokens (the lower ones built)."""
    return SegmentNgrams(tokens, orders)


def _merged(references: Sequence[SegmentNgrams], orders: int) -> Sequence[OrderNgrams]:
    """Per order, each n-gram's largest count in any single reference."""
    if len(references) == 1:
        return references[0].orders(orders)
    merged: list[Counter[Hashable]] = [Counter(ngrams) for ngrams in references[0].orders(orders)]
    for reference in references[1:]:
        for mine, theirs in zip(merged, reference.orders(orders), strict=True):
            for ngram, count in Counter(theirs).items():
                mine[ngram] = max(mine[ngram], count)
    return merged


def clipped_matches(
    hypothesis: SegmentNgrams, references: Sequence[OrderNgrams], orders: int
) -> list[int]:
    """Per order, the hypothesis n-grams, each counted at most as often as in a reference.

    Where either side holds each n-gram once (a set, or the hypothesis's distinct n-grams of
    an order it did not build), every shared n-gram counts once.
    """
    matches = []
    built = hypothesis.counts
    longest = min(orders, hypothesis.length)
    shifted: list[list[str]] = []
    for n in range(1, longest + 1):
        theirs = references[n - 1]
        if n > len(built) and hypothesis.distinct_from <= n:
            if not shifted:
                shifted = [hypothesis.tokens[i:] for i in range(longest)]
            matches.append(sum(map(theirs.__contains__, zip(*shifted[:n], strict=False))))
            continue
        mine = hypothesis.orders(n)[n - 1]
        if isinstance(mine, set):
            matches.append(len(mine.intersection(theirs)))
        elif isinstance(theirs, set):
            matches.append(len(theirs.intersection(mine)))
        else:
            shared = mine.keys() & theirs.keys()
            matches.append(
                sum(map(min, map(mine.__getitem__, shared), map(theirs.__getitem__, shared)))
            )
    matches += [0] * (orders - longest)  # orders longer than the hypothesis
    return matches


def closest_length(hyp_length: int, ref_lengths: Sequence[int], mode: RefLength) -> int:
    """The reference length of the brevity penalty.

    The closest (the shorter on a tie), or the shortest
    (`parbleu.metrics.bleu.metric.effective_ref_lengths`).
    """
    if len(ref_lengths) == 1 or mode is RefLength.SHORTEST:
        return min(ref_lengths)
    return min(ref_lengths, key=lambda length: (abs(length - hyp_length), length))


@dataclass(frozen=True)
class BleuColumns:
    """Where each statistic sits in a row of a BLEU layout, looked up once per metric."""

    width: int
    sys_len: int
    ref_len: int
    match: tuple[int, ...]  # orders 1 .. K
    total: tuple[int, ...]
    #: Whether the columns are ``sys_len, ref_len, match_1..K, total_1..K`` in this order
    #: (sacreBLEU's, which `parbleu.metrics.bleu.formula.bleu_layout` makes): rows are then
    #: read and written by slices.
    sacrebleu_order: bool

    @classmethod
    def of(cls, layout: Layout) -> BleuColumns:
        """The positions of `layout`'s columns."""
        orders = range(1, layout.count("match") + 1)
        sys_len, ref_len = layout.index("sys_len"), layout.index("ref_len")
        match = tuple(layout.index(f"match_{n}") for n in orders)
        total = tuple(layout.index(f"total_{n}") for n in orders)
        positions = (sys_len, ref_len, *match, *total)
        in_order = positions == tuple(range(len(layout.columns)))
        return cls(len(layout.columns), sys_len, ref_len, match, total, in_order)

    def read(self, row: list[Any], order: int) -> tuple[Any, Any, list[Any], list[Any]]:
        """``sys_len``, ``ref_len`` and the matches and totals of orders 1 .. `order`."""
        if self.sacrebleu_order:
            first = 2 + len(self.match)
            return row[0], row[1], row[2 : 2 + order], row[first : first + order]
        return (
            row[self.sys_len],
            row[self.ref_len],
            [row[i] for i in self.match[:order]],
            [row[i] for i in self.total[:order]],
        )

    def row(self, sys_len: int, ref_len: int, matches: list[int]) -> list[int]:
        """A row of `width` columns; the totals follow from `sys_len` (n-grams of each order)."""
        totals = [sys_len - n if sys_len > n else 0 for n in range(len(self.match))]
        if self.sacrebleu_order:
            return [sys_len, ref_len, *matches, *totals]
        row = [0] * self.width
        row[self.sys_len], row[self.ref_len] = sys_len, ref_len
        for n, (match, total) in enumerate(zip(self.match, self.total, strict=True)):
            row[match], row[total] = matches[n], totals[n]
        return row


class BleuSmallPath:
    """Rows of BLEU statistics of a few segments, for one tokenizer and set of options."""

    def __init__(self, tokenizer: Tokenizer, options: BleuOptions, columns: BleuColumns) -> None:
        self._tokenizer = tokenizer
        self._lowercase = options.lowercase
        self._mode = options.ref_length
        self._orders = len(columns.match)
        self._columns = columns
        self.cache: SentenceCache[SegmentNgrams] = SentenceCache(CACHE_CHARACTERS, CACHE_LENGTH)

    def ngrams(self, text: str) -> SegmentNgrams:
        """The n-gram counts of one string (from the cache when it was met before)."""
        return self.cache.get(text, self._count)

    def _count(self, line: str) -> SegmentNgrams:
        """Lowercased (if asked) and right-stripped, then tokenized and counted, as sacreBLEU."""
        if self._lowercase:
            line = line.lower()
        return SegmentNgrams(self._tokenizer.tokens(line.rstrip()), self._orders)

    def rows(self, lines: Sequence[str], references: ReferenceSet) -> list[list[int]]:
        """One row of the layout's columns per segment (the batch path's statistics)."""
        ngrams = self.ngrams
        return [
            self.row(ngrams(line), [ngrams(text) for text in references.segment(index)])
            for index, line in enumerate(lines)
        ]

    def row(self, hypothesis: SegmentNgrams, references: Sequence[SegmentNgrams]) -> list[int]:
        """The statistics of one hypothesis against its references' n-grams."""
        orders = self._orders
        matches = clipped_matches(hypothesis, _merged(references, orders), orders)
        length = hypothesis.length
        ref_len = closest_length(length, [r.length for r in references], self._mode)
        return self._columns.row(length, ref_len, matches)
