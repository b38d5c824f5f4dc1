"""chrF (Popović 2015) and chrF++ (Popović 2017), exactly as sacreBLEU 2.6.0 computes them.

For every segment and order, chrF counts the hypothesis n-grams, the reference n-grams and
the n-grams they share: character n-grams of orders ``1 .. char_order`` (whitespace removed
unless ``whitespace=True``), then, for chrF++, word n-grams of orders ``1 .. word_order``
(words split as chrF++.py does, `parbleu.tokenizers.chrf_words`). With several references, a
segment keeps the statistics of the reference with the best sentence-level chrF (the first one
on a tie). Statistics are summed over the corpus and the formula
(`parbleu.metrics.chrf.formula`) gives the score.

Two details of sacreBLEU are kept, because they change scores: the hypothesis count of an
order is recorded as 0 when the chosen reference has no n-gram of that order, and the
default score averages over the orders both sides have (``eff:yes``).

    >>> from parbleu.metrics.chrf.metric import CHRF
    >>> chrf = CHRF([["The cat sat on the mat."]])
    >>> round(chrf.corpus_score(["The cat sat on the mat."]).score, 2)
    100.0
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray, IntArray
from parbleu.engine.chars import CharVocabulary, scan
from parbleu.engine.ngrams import ngram_totals
from parbleu.engine.segments import Segments
from parbleu.engine.sorted_ngrams import ReferenceNgrams
from parbleu.engine.words import WordEncoder
from parbleu.metrics.base import Float32Scorer, Metric
from parbleu.metrics.chrf.formula import chrf_from_totals, chrf_layout
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.chrf.result import ChrfScore
from parbleu.metrics.chrf.scalar import scalar_chrf
from parbleu.metrics.chrf.small import (
    ChrfSmallPath,
    OrderColumns,
    in_layout_order,
    order_columns,
)
from parbleu.metrics.chrf.word_ids import FEW_LINES, WordIds
from parbleu.options import options_from
from parbleu.references import ReferenceSet, check_hypotheses, resolve_references
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats

__all__ = ["CHRF", "ChrfReferences"]


#: Reference tokens per stream and chunk for word n-grams (two orders: small chunks suffice).
WORD_CHUNK_SIZE = 1 << 13
#: Reference words of the chunks whose hypotheses are turned into ids together.
WORD_HYPOTHESIS_BLOCK = 1 << 14


#: A side's column names and their values, ``(n_streams, n_segments, columns)``.
_SideBlock = tuple[list[str], IntArray]


@dataclass(frozen=True, eq=False)
class _Side:
    """The n-grams of one kind (characters or words) of every reference stream."""

    kind: str  # "char" or "word": the prefix of its orders' names
    ngrams: ReferenceNgrams
    lengths: IntArray  # (n_streams, n_segments) tokens
    encode: Callable[[Sequence[str]], Segments]  # lines to token ids, as for references


@dataclass(frozen=True, eq=False)
class ChrfReferences:
    """References split into characters and words and counted once, for any number of systems."""

    references: ReferenceSet
    sides: tuple[_Side, ...]  # characters (if char_order), then words (if word_order)
    present: BoolArray  # (n_streams, n_segments) reference exists


def _columns_of(char_order: int, word_order: int) -> tuple[Layout, OrderColumns, bool]:
    layout = chrf_layout(char_order, word_order)
    columns = order_columns(layout, char_order, word_order)
    return layout, columns, in_layout_order(columns)


#: The layouts of chrF and chrF++ and where their columns sit, made once at import.
_USUAL = {orders: _columns_of(*orders) for orders in ((6, 0), (6, 2))}


def _layout_and_columns(char_order: int, word_order: int) -> tuple[Layout, OrderColumns, bool]:
    """The statistics layout of these orders and where each order's columns sit.

    The flag says whether they are ``hyp, ref, match`` of each order in turn (`in_layout_order`:
    rows are then read as triples).
    """
    usual = _USUAL.get((char_order, word_order))
    return usual if usual is not None else _columns_of(char_order, word_order)


class CHRF(Metric[ChrfScore, ChrfReferences]):
    """chrF and chrF++ with fixed options, optionally with references prepared once.

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape); or give
            ``ref_streams=`` or ``segment_refs=`` (N sequences of references) instead.
        options: a `ChrfOptions` value; or give its fields as keywords (``word_order=2`` for
            chrF++, ``beta``, ``lowercase``, ...), documented there.
    """

    name = "chrF"

    #: Up to this many segments, references given to a call are counted segment by segment
    #: (`parbleu.metrics.chrf.small`) instead of being prepared as corpus tables
    #: (``benchmarks/percall.py --crossover``: faster up to about 8 segments).
    small_input_limit = 8

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        options: ChrfOptions | None = None,
        **settings: Any,
    ) -> None:
        self.options = options_from(ChrfOptions, options, settings, "CHRF")
        self._layout, self._order_columns, self._triples = _layout_and_columns(
            self.options.char_order, self.options.word_order
        )
        self._small = ChrfSmallPath(self.options, self._order_columns, self._triples)
        self._setup(references, ref_streams, segment_refs)

    @property
    def layout(self) -> Layout:
        """``char1_hyp, char1_ref, char1_match, ..., word1_hyp, ...`` (sacreBLEU's order)."""
        return self._layout

    def _small_rows(self, lines: list[str], references: ReferenceSet) -> list[list[int]]:
        """The rows of ``_statistics`` for a few segments, counted segment by segment."""
        return self._small.rows(lines, references)

    def prepare(self, references: ReferenceSet) -> ChrfReferences:
        """Split references into characters and words and prepare their n-grams once."""
        return self._prepare(references, few=False)

    def _prepare(self, references: ReferenceSet, *, few: bool) -> ChrfReferences:
        """`prepare`; `few`: words numbered through a dictionary (`WordIds`, few lines)."""
        streams = references.present_streams()
        sides = []
        if self.options.char_order:
            sides.append(_character_side(streams, self.options))
        if self.options.word_order:
            word_side = _few_word_side if few else _word_side
            sides.append(word_side(streams, self.options))
        present = np.array(references.present_mask(), dtype=bool)
        return ChrfReferences(references, tuple(sides), present)

    def _statistics(self, lines: list[str], prepared: ChrfReferences) -> Stats:
        blocks = []
        for side in prepared.sides:
            matches, hyp_lengths = side.ngrams.matches(_line_tokens(side, lines))
            blocks.append(_side_statistics(side.kind, matches, hyp_lengths, side.lengths))
        return self._assembled(blocks, prepared.present)

    def chunk_statistics(
        self, hypotheses: Sequence[str], ref_streams: Sequence[Sequence[str | None]]
    ) -> Stats:
        """`statistics` with each distinct set of references prepared once.

        Where hypotheses share identical references (GRPO: a prompt's completions), the
        distinct reference sets are prepared and each hypothesis is counted against its own
        set's n-grams (`ReferenceNgrams.indexed_matches`): the same rows, with less set-up.
        Up to `FEW_LINES` hypotheses, chrF++'s words are numbered through a dictionary
        (`parbleu.metrics.chrf.word_ids.WordIds`), cheaper than the engine's set-up there.
        """
        lines = check_hypotheses(hypotheses)
        references = resolve_references(len(lines), None, ref_streams=ref_streams)
        if len(lines) > self.small_input_limit:
            segment_of, distinct = distinct_references(references)
            if distinct.n_segments < len(lines):
                prepared = self._prepare(distinct, few=len(lines) <= FEW_LINES)
                grouped = self._indexed_statistics(lines, prepared, segment_of)
                if grouped is not None:
                    return grouped
        return self._prepared_statistics(lines, references)

    def _indexed_statistics(
        self, lines: list[str], prepared: ChrfReferences, segment_of: IntArray
    ) -> Stats | None:
        """Rows of hypothesis ``i`` against prepared segment ``segment_of[i]`` (None: cannot)."""
        blocks = []
        for side in prepared.sides:
            hypotheses = side.encode(lines)
            matches = side.ngrams.indexed_matches(hypotheses, segment_of)
            if matches is None:
                return None
            ref_lengths = side.lengths[:, segment_of]
            blocks.append(_side_statistics(side.kind, matches, hypotheses.lengths, ref_lengths))
        return self._assembled(blocks, prepared.present[:, segment_of])

    def _assembled(self, blocks: list[_SideBlock], present: BoolArray) -> Stats:
        """Rows from each side's ``(n_streams, n_segments, columns)`` block, best reference kept.

        The sides' orders are the layout's, so every column is given once. A block's columns
        are placed by name; columns that follow one another in the layout
        are one slice (one write per side instead of one per column).
        """
        n_streams, n_segments = present.shape
        layout = self.layout
        flat = np.empty((n_streams * n_segments, len(layout.columns)), dtype=np.int64)
        for names, values in blocks:
            where = [layout.index(name) for name in names]
            rows = values.reshape(n_streams * n_segments, len(names))
            if where == list(range(where[0], where[0] + len(where))):
                flat[:, where[0] : where[0] + len(where)] = rows
            else:
                flat[:, where] = rows
        per_reference = flat.reshape(n_streams, n_segments, len(self.columns))
        return Stats(self.columns, self._best_reference(per_reference, present))

    def _best_reference(self, per_reference: IntArray, present: BoolArray) -> IntArray:
        """Each segment's statistics against its reference with the best sentence chrF.

        sacreBLEU keeps the first reference whose score is strictly higher than all earlier
        ones, so ties go to the earliest reference; absent references never count.
        """
        n_streams, n_segments, width = per_reference.shape
        if n_streams == 1:
            best: IntArray = per_reference[0]
            return best
        scores = self.scores(per_reference.reshape(n_streams * n_segments, width))
        scores = np.where(present, scores.reshape(n_streams, n_segments), -np.inf)
        choice = np.argmax(scores, axis=0)  # the first maximum
        chosen: IntArray = per_reference[choice, np.arange(n_segments)]
        return chosen

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """The chrF of each row of summed statistics."""
        return chrf_from_totals(rows, self.options, self.layout)

    def float32_scorer(self) -> Float32Scorer:
        """SacreBLEU's float32 bootstrap arithmetic."""
        from parbleu.metrics.chrf.float32 import chrf_float32  # noqa: PLC0415 (resampling only)

        options, layout = self.options, self.layout
        return lambda rows: chrf_float32(rows, options, layout)

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, eff, nc, nw, space (sacreBLEU's fields and order)."""
        return self.options.signature_fields()

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> ChrfScore:
        """The score of one row of summed statistics."""
        values = totals if isinstance(totals, list) else np.asarray(totals).ravel().tolist()
        if len(values) != len(self._layout.columns):
            self._check_width(np.asarray(values))
        options = self.options
        if self._triples:
            triple = iter(values)
            orders: Iterable[tuple[Any, Any, Any]] = zip(triple, triple, triple, strict=True)
        else:
            orders = [(values[h], values[r], values[m]) for h, r, m in self._order_columns]
        return ChrfScore(
            score=scalar_chrf(orders, options.beta, eps_smoothing=options.eps_smoothing),
            name=options.name,
            char_order=options.char_order,
            word_order=options.word_order,
            beta=options.beta,
            statistics=tuple(map(int, values)),
            signature=signature if signature is not None else self.signature(),
        )


def _character_side(streams: list[list[str]], options: ChrfOptions) -> _Side:
    """Character n-grams: a vocabulary of the references' code points, then their n-grams."""
    lowercase, whitespace = options.lowercase, options.whitespace
    scans = [scan(stream, lowercase=lowercase, whitespace=whitespace) for stream in streams]
    vocabulary = CharVocabulary(
        np.unique(np.concatenate([codes for _, codes in scans])), whitespace=whitespace
    )

    def encode(lines: Sequence[str]) -> Segments:
        return Segments(*vocabulary.encode(lines, lowercase=lowercase))

    lengths = np.stack([stream_lengths for stream_lengths, _ in scans])
    ngrams = ReferenceNgrams.build(
        lengths,
        lambda start, stop: [encode(stream[start:stop]) for stream in streams],
        options.char_order,
        vocabulary.size,
    )
    return _Side("char", ngrams, lengths, encode)


def _word_side(streams: list[list[str]], options: ChrfOptions) -> _Side:
    """Word n-grams: a vocabulary of the references' chrF++ tokens, then their n-grams."""
    encoder = WordEncoder(lowercase=options.lowercase)
    encoded = [encoder.encode_references(stream) for stream in streams]  # encoded once
    lengths = np.stack([stream.lengths for stream in encoded])
    lookup = encoder.lookup()
    ngrams = ReferenceNgrams.build(
        lengths,
        lambda start, stop: [stream.slice(start, stop) for stream in encoded],
        options.word_order,
        lookup.size,
        chunk_size=WORD_CHUNK_SIZE,
        hypothesis_block=WORD_HYPOTHESIS_BLOCK,
    )
    return _Side("word", ngrams, lengths, lookup.encode)


def _few_word_side(streams: list[list[str]], options: ChrfOptions) -> _Side:
    """`_word_side` for a few lines: words numbered through a dictionary (`WordIds`)."""
    words = WordIds(lowercase=options.lowercase)
    encoded = [words.add_references(stream) for stream in streams]
    lengths = np.stack([stream.lengths for stream in encoded])
    ngrams = ReferenceNgrams.build(
        lengths,
        lambda start, stop: [stream.slice(start, stop) for stream in encoded],
        options.word_order,
        words.size,
        chunk_size=WORD_CHUNK_SIZE,
        hypothesis_block=WORD_HYPOTHESIS_BLOCK,
    )
    return _Side("word", ngrams, lengths, words.encode)


def _line_tokens(side: _Side, lines: list[str]) -> Callable[[int, int], Segments]:
    """The side's tokens of a range of `lines`."""
    return lambda start, stop: side.encode(lines[start:stop])


def distinct_references(references: ReferenceSet) -> tuple[IntArray, ReferenceSet]:
    """Each segment's index among the distinct reference sets, and those sets in first order.

    Two segments share a set when every stream holds the same string (or None) for both.
    """
    streams = references.streams
    rows: Iterable[object] = streams[0] if len(streams) == 1 else zip(*streams, strict=True)
    first: dict[object, int] = {}
    segment_of = np.fromiter(
        (first.setdefault(row, len(first)) for row in rows),
        dtype=np.int64,
        count=references.n_segments,
    )
    distinct: Any = (tuple(first),) if len(streams) == 1 else tuple(zip(*first, strict=True))
    return segment_of, ReferenceSet(distinct)


def _side_statistics(
    kind: str, matches: IntArray, hyp_lengths: IntArray, ref_lengths: IntArray
) -> _SideBlock:
    """``hyp``, ``ref`` and ``match`` of each of a side's orders against every reference.

    The block is ``(n_streams, n_segments, 3 * order)``, its columns named ``{kind}{n}_hyp``,
    ``{kind}{n}_ref``, ``{kind}{n}_match`` for n = 1, 2, ... As in sacreBLEU, the hypothesis
    count of an order is 0 where the reference has no n-gram of that order.
    """
    order = matches.shape[2]
    hyp_totals = ngram_totals(hyp_lengths, order)[None, :, :]
    ref_totals = np.stack([ngram_totals(lengths, order) for lengths in ref_lengths])
    hyp_counted = np.where(ref_totals > 0, hyp_totals, 0)
    block = np.stack((hyp_counted, ref_totals, matches), axis=-1)  # (streams, segments, order, 3)
    names = [f"{kind}{n}_{part}" for n in range(1, order + 1) for part in ("hyp", "ref", "match")]
    return names, block.reshape(*block.shape[:2], 3 * order)
