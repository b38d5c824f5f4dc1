"""ROUGE (Lin 2004) exactly as Google's rouge_score 0.1.2 computes it, on the statistics spine.

For every segment and reference, ROUGE counts what the hypothesis shares with the reference
(`parbleu.metrics.rouge.counts`); the segment keeps the reference with the best F or averages
over them (`parbleu.metrics.rouge.formula.segment_rows`). A segment's row of statistics holds
its counts and its precision, recall and F, so the two corpus aggregates, the mean of segment
values (rouge_score's ``BootstrapAggregator``) and the micro average of summed counts, are
both sums of rows, like every resample and block of the significance tests.

rouge_score's defaults are ``ROUGE(refs, rouge_type="rouge1")`` (or ``rouge2``, ``rougeL``,
``rougeLsum``) with ``RougeScorer([rouge_type], use_stemmer=stem)``.

    >>> from parbleu.metrics.rouge import ROUGE
    >>> rouge = ROUGE([["The quick brown fox jumps over the lazy dog"]], rouge_type="rougeL")
    >>> rouge.corpus_score(["The quick brown dog jumps on the log."]).fmeasure
    0.5882352941176471
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray, IntArray
from parbleu.engine.lcs import TokenPositions
from parbleu.engine.ngrams import NgramTable, build_table
from parbleu.engine.segments import Segments
from parbleu.errors import OptionError
from parbleu.metrics.base import Metric
from parbleu.metrics.rouge.counts import lcs_counts, ngram_counts, summary_counts
from parbleu.metrics.rouge.formula import aggregate_measures, rouge_layout, segment_rows
from parbleu.metrics.rouge.options import RougeOptions, RougeScript, RougeVariant
from parbleu.metrics.rouge.result import RougeScore
from parbleu.metrics.rouge.summary import Sentences, merge_sentences, split_sentences
from parbleu.metrics.rouge.vocabulary import RougeVocabulary
from parbleu.options import options_from
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats

__all__ = ["ROUGE", "RougeReferences", "RougeTokens", "reference_counts"]


@dataclass(frozen=True, eq=False)
class SentenceTokens:
    """Token ids of the sentences of a corpus (split on newlines), and how many per segment."""

    tokens: Segments
    counts: IntArray


@dataclass(frozen=True, eq=False)
class RougeTokens:
    """Token ids of a corpus, segment by segment; and sentence by sentence for ROUGE-Lsum.

    A newline separates tokens, so a segment's tokens are its sentences' tokens in order and
    the variants other than ROUGE-Lsum need no sentences.
    """

    segments: Segments
    sentences: SentenceTokens | None

    @classmethod
    def from_encoded(cls, tokens: Segments, split: Sentences | None) -> RougeTokens:
        """The tokens of lines (`split` None) or of the sentences `split` made of them."""
        if split is None:
            return cls(tokens, None)
        return cls(merge_sentences(tokens, split.counts), SentenceTokens(tokens, split.counts))

    @classmethod
    def encode(
        cls, vocabulary: RougeVocabulary, lines: Sequence[str], *, sentences: bool
    ) -> RougeTokens:
        """Hypothesis lines numbered by a reference vocabulary (-1: in no reference)."""
        split = split_sentences(lines) if sentences else None
        return cls.from_encoded(
            vocabulary.encode_hypotheses(split.lines if split else lines), split
        )

    def sentence_tokens(self) -> SentenceTokens:
        """The sentences (raises if they were not split: an internal error)."""
        if self.sentences is None:
            raise ValueError("these tokens were encoded without sentences (for ROUGE-Lsum)")
        return self.sentences


@dataclass(frozen=True, eq=False)
class RougeReferences:
    """References tokenized and counted once, for any number of systems and ROUGE variants.

    ``tables`` count the n-grams of each stream up to ``max_order`` (0: none); for the LCS
    variants, ``segment_positions`` and ``sentence_positions`` index each stream's tokens.
    """

    references: ReferenceSet
    vocabulary: RougeVocabulary
    streams: tuple[RougeTokens, ...]
    tables: tuple[NgramTable, ...]
    max_order: int
    segment_positions: tuple[TokenPositions, ...]
    sentence_positions: tuple[TokenPositions, ...]
    present: BoolArray  # (n_streams, n_segments) reference exists

    @classmethod
    def build(
        cls,
        references: ReferenceSet,
        script: RougeScript,
        *,
        stem: bool,
        max_order: int,
        variants: Sequence[RougeVariant],
    ) -> RougeReferences:
        """Tokenize and number the references; count and index what `variants` need.

        N-grams are counted up to `max_order`.
        """
        lines = references.present_streams()
        splits = [
            split_sentences(stream) if RougeVariant.SUMMARY_LCS in variants else None
            for stream in lines
        ]
        vocabulary, encoded = RougeVocabulary.build(
            [
                stream if split is None else split.lines
                for stream, split in zip(lines, splits, strict=True)
            ],
            script,
            stem=stem,
        )
        streams = tuple(
            RougeTokens.from_encoded(tokens, split)
            for tokens, split in zip(encoded, splits, strict=True)
        )
        tables: tuple[NgramTable, ...] = ()
        if max_order:
            tables = tuple(
                build_table([stream.segments], max_order, vocabulary.size) for stream in streams
            )
        segment_positions: tuple[TokenPositions, ...] = ()
        if RougeVariant.LCS in variants:
            segment_positions = tuple(TokenPositions.build(s.segments) for s in streams)
        sentence_positions: tuple[TokenPositions, ...] = ()
        if RougeVariant.SUMMARY_LCS in variants:
            sentence_positions = tuple(
                TokenPositions.build(s.sentence_tokens().tokens) for s in streams
            )
        present = np.array(references.present_mask(), dtype=bool)
        return cls(
            references,
            vocabulary,
            streams,
            tables,
            max_order,
            segment_positions,
            sentence_positions,
            present,
        )

    def supports(self, options: RougeOptions) -> bool:
        """Whether these references can be scored with `options` (tokenization, counts)."""
        return _supports(self, options)


def _supports(prepared: RougeReferences, options: RougeOptions) -> bool:
    vocabulary = prepared.vocabulary
    if (vocabulary.script, vocabulary.stems is not None) != (options.script, options.stem):
        return False
    if options.variant is RougeVariant.NGRAM:
        return options.order <= prepared.max_order
    if options.variant is RougeVariant.LCS:
        return bool(prepared.segment_positions)
    return bool(prepared.sentence_positions)


def reference_counts(
    options: RougeOptions, prepared: RougeReferences, hypotheses: RougeTokens
) -> IntArray:
    """``(K, N, 3)`` counts of the hypotheses against each reference stream."""
    if options.variant is RougeVariant.NGRAM:
        if options.order > prepared.max_order:
            raise OptionError(f"references counted up to order {prepared.max_order}")
        parts = [
            ngram_counts(table, options.order, stream.segments, hypotheses.segments)
            for table, stream in zip(prepared.tables, prepared.streams, strict=True)
        ]
    elif options.variant is RougeVariant.LCS:
        parts = [
            lcs_counts(positions, hypotheses.segments) for positions in prepared.segment_positions
        ]
    else:
        parts = [
            summary_counts(
                positions,
                stream.sentence_tokens().counts,
                hypotheses.sentence_tokens().tokens,
                hypotheses.sentence_tokens().counts,
            )
            for positions, stream in zip(prepared.sentence_positions, prepared.streams, strict=True)
        ]
    return np.stack(parts)


class ROUGE(Metric[RougeScore, RougeReferences]):
    """ROUGE-N, ROUGE-L or ROUGE-Lsum with fixed options, optionally with references prepared.

    Args:
        references: reference streams (K sequences of N strings); or give ``ref_streams=`` or
            ``segment_refs=`` (N sequences of references) instead.
        options: a `RougeOptions` value; or give its fields as keywords: ``rouge_type``
            (``rouge1``, ``rouge2``, ... ``rouge100``, ``rougeL``, or ``rougeLsum`` with
            sentences separated by newlines), ``stem`` (rouge_score's ``use_stemmer``),
            ``script`` (``ascii``, rouge_score's tokenizer, or ``unicode``),
            ``multi_reference`` (``best``, rouge_score's ``score_multi``, or ``average``),
            ``aggregate`` (``mean`` of segment values or ``micro``), ``beta``.
    """

    name = "ROUGE"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        options: RougeOptions | None = None,
        **settings: Any,
    ) -> None:
        self.options = options_from(RougeOptions, options, settings, "ROUGE")
        self._setup(references, ref_streams, segment_refs)

    @property
    def layout(self) -> Layout:
        """The variant's counts, then ``precision_sum, recall_sum, f_sum, segments``."""
        return rouge_layout(self.options.variant)

    @property
    def sums_in_any_order(self) -> bool:
        """False: segment precision, recall and F are floats, added in segment order."""
        return False

    def with_prepared(self, prepared: Any) -> ROUGE:
        """A new metric on references prepared with the same tokenization and counts.

        References prepared once for several variants (`parbleu.metrics.rouge.family`) serve
        each of them.

        Raises:
            OptionError: the references were tokenized otherwise, or not counted for this
                variant.
        """
        if not isinstance(prepared, RougeReferences) or not prepared.supports(self.options):
            raise OptionError(
                "references were prepared with another tokenization, or without what "
                f"{self.options.rouge_type} counts"
            )
        return self._copy(prepared=prepared)

    def prepare(self, references: ReferenceSet) -> RougeReferences:
        """Tokenize, number and count the references once."""
        options = self.options
        return RougeReferences.build(
            references,
            options.script,
            stem=options.stem,
            max_order=options.order,
            variants=(options.variant,),
        )

    def _statistics(self, lines: list[str], prepared: RougeReferences) -> Stats:
        tokens = RougeTokens.encode(
            prepared.vocabulary,
            lines,
            sentences=self.options.variant is RougeVariant.SUMMARY_LCS,
        )
        return self.statistics_of_tokens(tokens, prepared)

    def statistics_of_tokens(self, hypotheses: RougeTokens, prepared: RougeReferences) -> Stats:
        """Per-segment statistics of hypotheses already encoded with `prepared`'s vocabulary."""
        counts = reference_counts(self.options, prepared, hypotheses)
        rows = segment_rows(counts, prepared.present, self.options, self.layout)
        return Stats(self.columns, rows)

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """``100 * F`` of each row of summed statistics, by the chosen aggregate."""
        scores: FloatArray = 100 * aggregate_measures(rows, self.options, self.layout).fmeasure
        return scores

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """type, tok, stem, refs, agg, beta."""
        return self.options.signature_fields()

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> RougeScore:
        """The result for one row of summed statistics."""
        row = np.asarray(totals, dtype=np.float64)
        options = self.options
        precision, recall, fmeasure = aggregate_measures(row, options, self.layout)
        return RougeScore(
            name=options.name,
            score=float(100 * fmeasure[0]),
            precision=float(precision[0]),
            recall=float(recall[0]),
            fmeasure=float(fmeasure[0]),
            aggregate=options.aggregate.value,
            statistics=tuple(float(x) for x in row),
            signature=signature if signature is not None else self.signature(),
        )
