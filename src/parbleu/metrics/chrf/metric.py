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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.engine.chars import CharVocabulary, scan
from parbleu.engine.ngrams import ngram_totals
from parbleu.engine.sorted_ngrams import ReferenceNgrams, TokenStream
from parbleu.metrics.base import Metric
from parbleu.metrics.chrf.formula import chrf_from_totals
from parbleu.metrics.chrf.options import ChrfOptions
from parbleu.metrics.chrf.result import ChrfScore
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Stats
from parbleu.tokenizers.chrf_words import WordEncoder

__all__ = ["CHRF", "ChrfReferences", "chrf_columns"]

IntArray = npt.NDArray[np.int64]

#: Reference tokens per stream and chunk for word n-grams (two orders: small chunks suffice).
WORD_CHUNK_SIZE = 1 << 13
#: Reference words of the chunks whose hypotheses are turned into ids together.
WORD_HYPOTHESIS_BLOCK = 1 << 14


def chrf_columns(char_order: int, word_order: int) -> tuple[str, ...]:
    """Statistics columns in sacreBLEU's order: ``hyp, ref, match`` per order, chars first."""
    orders = [f"char{n}" for n in range(1, char_order + 1)]
    orders += [f"word{n}" for n in range(1, word_order + 1)]
    return tuple(f"{order}_{kind}" for order in orders for kind in ("hyp", "ref", "match"))


@dataclass(frozen=True, eq=False)
class _Side:
    """The n-grams of one kind (characters or words) of every reference stream."""

    ngrams: ReferenceNgrams
    lengths: IntArray  # (n_streams, n_segments) tokens
    encode: Callable[[Sequence[str]], TokenStream]  # lines to token ids, as for references


@dataclass(frozen=True, eq=False)
class ChrfReferences:
    """References split into characters and words and counted once, for any number of systems."""

    references: ReferenceSet
    sides: tuple[_Side, ...]  # characters (if char_order), then words (if word_order)
    present: npt.NDArray[np.bool_]  # (n_streams, n_segments) reference exists


class CHRF(Metric[ChrfScore, ChrfReferences]):
    """chrF and chrF++ with fixed options, optionally with references prepared once.

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape); or give
            ``ref_streams=`` or ``segment_refs=`` (N sequences of references) instead.
        char_order: largest character n-gram order (6).
        word_order: largest word n-gram order (0 for chrF, 2 for chrF++).
        beta: recall weighs ``beta`` times as much as precision (2).
        lowercase: compare lowercased text.
        whitespace: keep whitespace in character n-grams.
        eps_smoothing: average the F-scores of all orders, as chrF++.py does, instead of
            sacreBLEU's default effective-order average.
    """

    name = "chrF"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
    ) -> None:
        self.options = ChrfOptions.create(
            char_order=char_order,
            word_order=word_order,
            beta=beta,
            lowercase=lowercase,
            whitespace=whitespace,
            eps_smoothing=eps_smoothing,
        )
        self._setup(references, ref_streams, segment_refs)

    @classmethod
    def from_options(cls, options: ChrfOptions, prepared: ChrfReferences | None = None) -> CHRF:
        """A chrF metric for validated options (and references prepared with equal options)."""
        metric = cls.__new__(cls)
        metric.options = options
        metric.prepared = prepared
        return metric

    @property
    def columns(self) -> tuple[str, ...]:
        """``char1_hyp, char1_ref, char1_match, ..., word1_hyp, ...`` (sacreBLEU's order)."""
        return chrf_columns(self.options.char_order, self.options.word_order)

    def prepare(self, references: ReferenceSet) -> ChrfReferences:
        """Split references into characters and words and prepare their n-grams once."""
        streams = references.present_streams()
        sides = []
        if self.options.char_order:
            sides.append(_character_side(streams, self.options))
        if self.options.word_order:
            sides.append(_word_side(streams, self.options))
        present = np.array(references.present_mask(), dtype=bool)
        return ChrfReferences(references, tuple(sides), present)

    def _statistics(self, lines: list[str], prepared: ChrfReferences) -> Stats:
        parts = [_side_statistics(side, lines) for side in prepared.sides]
        per_reference = np.concatenate(parts, axis=2)  # (n_streams, n_segments, 3 * order)
        return Stats(self.columns, self._best_reference(per_reference, prepared.present))

    def _best_reference(self, per_reference: IntArray, present: npt.NDArray[np.bool_]) -> IntArray:
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

    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """The chrF of each row of summed statistics."""
        return chrf_from_totals(rows, self.options)

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, eff, nc, nw, space (sacreBLEU's fields and order)."""
        return self.options.signature_fields()

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> ChrfScore:
        """The score of one row of summed statistics."""
        row = np.asarray(totals)
        options = self.options
        return ChrfScore(
            score=float(chrf_from_totals(row, options)[0]),
            name=options.name,
            char_order=options.char_order,
            word_order=options.word_order,
            beta=options.beta,
            statistics=tuple(int(x) for x in row),
            signature=signature if signature is not None else self.signature(),
        )


def _character_side(streams: list[list[str]], options: ChrfOptions) -> _Side:
    """Character n-grams: a vocabulary of the references' code points, then their n-grams."""
    lowercase, whitespace = options.lowercase, options.whitespace
    scans = [scan(stream, lowercase=lowercase, whitespace=whitespace) for stream in streams]
    vocabulary = CharVocabulary(
        np.unique(np.concatenate([codes for _, codes in scans])), whitespace=whitespace
    )

    def encode(lines: Sequence[str]) -> TokenStream:
        return TokenStream(*vocabulary.encode(lines, lowercase=lowercase))

    lengths = np.stack([stream_lengths for stream_lengths, _ in scans])
    ngrams = ReferenceNgrams.build(
        lengths,
        lambda start, stop: [encode(stream[start:stop]) for stream in streams],
        options.char_order,
        vocabulary.size,
    )
    return _Side(ngrams, lengths, encode)


def _word_side(streams: list[list[str]], options: ChrfOptions) -> _Side:
    """Word n-grams: a vocabulary of the references' chrF++ tokens, then their n-grams."""
    encoder = WordEncoder(lowercase=options.lowercase)
    lengths = np.stack([encoder.add_references(stream) for stream in streams])
    ngrams = ReferenceNgrams.build(
        lengths,
        lambda start, stop: [encoder.encode(stream[start:stop]) for stream in streams],
        options.word_order,
        encoder.vocabulary_size,
        chunk_size=WORD_CHUNK_SIZE,
        hypothesis_block=WORD_HYPOTHESIS_BLOCK,
    )
    return _Side(ngrams, lengths, encoder.encode)


def _side_statistics(side: _Side, lines: list[str]) -> IntArray:
    """``[hyp, ref, match]`` per order against every reference, ``(K, N, 3 * order)``.

    As in sacreBLEU, the hypothesis count of an order is 0 where the reference has no
    n-gram of that order.
    """
    order = side.ngrams.order
    matches, hyp_lengths = side.ngrams.matches(lambda start, stop: side.encode(lines[start:stop]))
    hyp_totals = ngram_totals(hyp_lengths, order)[None, :, :]
    ref_totals = np.stack([ngram_totals(lengths, order) for lengths in side.lengths])
    stats = np.empty((*matches.shape[:2], 3 * order), dtype=np.int64)
    stats[:, :, 0::3] = np.where(ref_totals > 0, hyp_totals, 0)
    stats[:, :, 1::3] = ref_totals
    stats[:, :, 2::3] = matches
    return stats
