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


@dataclass(frozen=True)
class SegmentNgrams:
    """The n-grams of one segment, order by order, and its number of tokens."""

    counts: tuple[OrderNgrams, ...]  # order 1: tokens; order n > 1: n-tuples of tokens
    length: int


def _order_ngrams(tokens: list[str], shifted: list[list[str]], n: int) -> OrderNgrams:
    """The n-grams of order `n` (``shifted[i]`` is ``tokens[i:]``)."""
    if n == 1:
        return Counter(tokens)
    distinct: set[Hashable] = set(zip(*shifted[:n], strict=False))
    if len(distinct) == len(tokens) - n + 1:
        return distinct
    return Counter(zip(*shifted[:n], strict=False))


def segment_ngrams(tokens: list[str], orders: int) -> SegmentNgrams:
    """The n-grams of orders 1 .. `orders` of one segment's tokens."""
    shifted = [tokens[i:] for i in range(orders)]
    counts = tuple(_order_ngrams(tokens, shifted, n) for n in range(1, orders + 1))
    return SegmentNgrams(counts, len(tokens))


def _merged(references: Sequence[SegmentNgrams]) -> tuple[OrderNgrams, ...]:
    """Per order, each n-gram's largest count in any single reference."""
    if len(references) == 1:
        return references[0].counts
    merged = tuple(Counter(ngrams) for ngrams in references[0].counts)
    for reference in references[1:]:
        for mine, theirs in zip(merged, reference.counts, strict=True):
            for ngram, count in Counter(theirs).items():
                mine[ngram] = max(mine[ngram], count)
    return merged


def clipped_matches(
    hypothesis: Sequence[OrderNgrams], references: Sequence[OrderNgrams]
) -> list[int]:
    """Per order, the hypothesis n-grams, each counted at most as often as in a reference.

    Where either side holds each n-gram once (a set), every shared n-gram counts once.
    """
    matches = []
    for mine, theirs in zip(hypothesis, references, strict=True):
        if isinstance(mine, set):
            matches.append(len(mine.intersection(theirs)))
            continue
        if isinstance(theirs, set):
            matches.append(len(theirs.intersection(mine)))
            continue
        shared = mine.keys() & theirs.keys()
        matches.append(
            sum(map(min, map(mine.__getitem__, shared), map(theirs.__getitem__, shared)))
        )
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

    @classmethod
    def of(cls, layout: Layout) -> BleuColumns:
        """The positions of `layout`'s columns."""
        orders = range(1, layout.count("match") + 1)
        return cls(
            len(layout.columns),
            layout.index("sys_len"),
            layout.index("ref_len"),
            tuple(layout.index(f"match_{n}") for n in orders),
            tuple(layout.index(f"total_{n}") for n in orders),
        )


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
        return segment_ngrams(self._tokenizer.tokens(line.rstrip()), self._orders)

    def rows(self, lines: Sequence[str], references: ReferenceSet) -> list[list[int]]:
        """One row of the layout's columns per segment (the batch path's statistics)."""
        return [
            self.row(line, [self.ngrams(text) for text in references.segment(index)])
            for index, line in enumerate(lines)
        ]

    def row(self, line: str, references: Sequence[SegmentNgrams]) -> list[int]:
        """The statistics of one hypothesis against its references' n-grams."""
        hypothesis = self.ngrams(line)
        matches = clipped_matches(hypothesis.counts, _merged(references))
        length = hypothesis.length
        columns = self._columns
        row = [0] * columns.width
        row[columns.sys_len] = length
        row[columns.ref_len] = closest_length(length, [r.length for r in references], self._mode)
        for n, (match, total) in enumerate(zip(columns.match, columns.total, strict=True)):
            row[match] = matches[n]
            row[total] = length - n if length > n else 0
        return row
