"""BLEU (Papineni et al., 2002): references prepared once, statistics per segment, scores.

The pipeline is the paper's: for each segment, count the candidate's n-grams clipped by their
largest count in any single reference (modified n-gram precision, section 2.1) and pick the
reference length closest to the candidate (section 2.2.2); sum these statistics over the
corpus; apply the formula (section 2.3) in `parbleu.metrics.bleu.formula`.

    >>> from parbleu import BLEU
    >>> bleu = BLEU([["The cat sat on the mat ."]])
    >>> round(bleu.corpus_score(["The cat sat on the mat ."]).score, 2)
    100.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray, IntArray
from parbleu.engine.encode import TextEncoder, TokenLookup
from parbleu.engine.joint import pair_counts
from parbleu.engine.ngrams import NgramTable, build_table, clipped_matches, ngram_totals
from parbleu.errors import OptionError
from parbleu.metrics.base import Float32Scorer, Metric
from parbleu.metrics.bleu.formula import bleu_from_totals, bleu_layout
from parbleu.metrics.bleu.options import BleuOptions, RefLength
from parbleu.metrics.bleu.result import BleuScore
from parbleu.metrics.bleu.scalar import scalar_applies, scalar_bleu
from parbleu.metrics.bleu.small import BleuColumns, BleuSmallPath
from parbleu.options import options_from
from parbleu.references import ReferenceSet, plain_streams
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats
from parbleu.tokenizers import make_tokenizer
from parbleu.tokenizers.base import Tokenizer

__all__ = ["BLEU", "PreparedReferences", "effective_ref_lengths"]


@dataclass(frozen=True, eq=False)
class PreparedReferences:
    """References tokenized, encoded and counted once, for any number of systems."""

    references: ReferenceSet
    lookup: TokenLookup
    table: NgramTable
    lengths: IntArray  # (n_segments, n_streams) token counts
    present: BoolArray  # (n_segments, n_streams) reference exists

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return self.references.n_segments


def effective_ref_lengths(
    hyp_lengths: IntArray, ref_lengths: IntArray, present: BoolArray, mode: RefLength
) -> IntArray:
    """Reference length of each segment for the brevity penalty.

    ``closest``: the length nearest the hypothesis length, the shorter one on a tie (paper
    section 2.2.2, mteval-v13a, sacreBLEU); ``shortest``: the shortest reference.
    """
    if ref_lengths.shape[1] == 1 and present.all():  # one reference each: its length
        only: IntArray = ref_lengths[:, 0]
        return only
    never = np.iinfo(np.int64).max
    if mode is RefLength.SHORTEST:
        shortest: IntArray = np.where(present, ref_lengths, never).min(axis=1)
        return shortest
    distance = np.where(present, np.abs(ref_lengths - hyp_lengths[:, None]), never)
    nearest = present & (distance == distance.min(axis=1, keepdims=True))
    closest: IntArray = np.where(nearest, ref_lengths, never).min(axis=1)  # ties: shorter
    return closest


#: The layout of the paper's four orders and where its columns sit, made once at import.
_FOUR_ORDERS = (bleu_layout(4), BleuColumns.of(bleu_layout(4)))


def _layout_and_columns(counted_orders: int) -> tuple[Layout, BleuColumns]:
    """The statistics layout of `counted_orders` orders and the positions of its columns."""
    if counted_orders == 4:
        return _FOUR_ORDERS
    layout = bleu_layout(counted_orders)
    return layout, BleuColumns.of(layout)


class BLEU(Metric[BleuScore, PreparedReferences]):
    """BLEU with fixed options, optionally with references prepared once.

    Calls with few segments and their own references (``sentence_score``) take the
    small-input path, `parbleu.metrics.bleu.small`, whose n-gram counts of each string the
    metric keeps in a bounded memo (`parbleu.metrics.sentence_cache`: at most 2^18 characters
    of strings; copies made by ``with_references`` share it, ``with_weights`` starts its own).

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape); or give
            ``ref_streams=`` or ``segment_refs=`` (N sequences of references) instead.
        options: a `BleuOptions` value; or give its fields as keywords (``tokenize="intl"``,
            ``smooth_method="floor"``, ``max_ngram_order=2``, ...), documented there.
    """

    name = "BLEU"

    #: Up to this many segments, references given to a call are counted in plain Python by
    #: the small-input path (`parbleu.metrics.bleu.small`); more take `chunk_statistics`'s
    #: one pass, which is faster from about 8 segments of WMT21 en-de (CPU µs a segment,
    #: fresh strings, under load: 6 segments 124-134 small against 131-159 one pass, 8
    #: segments 122-149 against 99-119, 32 segments 165-168 against 40-48). The limit was
    #: 32 when more segments were prepared as reference tables instead.
    small_input_limit = 8

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        options: BleuOptions | None = None,
        **settings: Any,
    ) -> None:
        self.options = options_from(BleuOptions, options, settings, "BLEU")
        self.tokenizer: Tokenizer = make_tokenizer(
            self.options.tokenize, spm_model=self.options.spm_model
        )
        # Orders the statistics carry: the options' own, or more for `with_weights`.
        self.counted_orders = self.options.counted_orders
        self._layout, self._columns = _layout_and_columns(self.counted_orders)
        self._small = BleuSmallPath(self.tokenizer, self.options, self._columns)
        self._signature_fields = tuple(self.options.signature_fields(self.tokenizer.signature))
        self._scalar = scalar_applies(self.options)
        self._setup(references, ref_streams, segment_refs)

    @property
    def layout(self) -> Layout:
        """``sys_len, ref_len, match_1..K, total_1..K`` (sacreBLEU's order).

        K is ``max_ngram_order``, plus one for Chen and Cherry's smoothing 5 and 7, which
        average in the next order (order 5 for NLTK's: `BleuOptions.counted_orders`).
        """
        return self._layout

    def prepare(self, references: ReferenceSet) -> PreparedReferences:
        """Tokenize, encode and count references once."""
        encoder = TextEncoder(self.tokenizer, lowercase=self.options.lowercase)
        encoded = [encoder.encode_references(stream) for stream in references.present_streams()]
        table = build_table(encoded, self.counted_orders, encoder.vocabulary_size)
        lengths = np.stack([stream.lengths for stream in encoded], axis=1)
        present = np.array(references.present_mask(), dtype=bool).T
        return PreparedReferences(references, encoder.lookup(), table, lengths, present)

    def _statistics(self, lines: list[str], prepared: PreparedReferences) -> Stats:
        encoded = prepared.lookup.encode(lines)
        matches = clipped_matches(prepared.table, encoded)[:, : self.counted_orders]
        return self._assemble(encoded.lengths, prepared.lengths, prepared.present, matches)

    def _small_rows(self, lines: list[str], references: ReferenceSet) -> list[list[int]]:
        """The rows of ``_statistics`` for a few segments, counted in plain Python."""
        return self._small.rows(lines, references)

    def _assemble(
        self, hyp_lengths: IntArray, ref_lengths: IntArray, present: BoolArray, matches: IntArray
    ) -> Stats:
        """Rows from hypothesis lengths, every reference's length and clipped matches."""
        effective = effective_ref_lengths(
            hyp_lengths, ref_lengths, present, self.options.ref_length
        )
        totals = ngram_totals(hyp_lengths, self.counted_orders)
        columns = self._columns
        if not columns.sacrebleu_order:
            parts = {"sys_len": hyp_lengths, "ref_len": effective, "match": matches}
            values = self.layout.assemble({**parts, "total": totals}, dtype=np.int64)
            return Stats(self.columns, values)
        # Columns sys_len, ref_len, match_1..K, total_1..K (`BleuColumns`): written by slices.
        orders = len(columns.match)
        values = np.empty((len(hyp_lengths), columns.width), dtype=np.int64)
        values[:, columns.sys_len] = hyp_lengths
        values[:, columns.ref_len] = effective
        values[:, columns.match[0] : columns.match[0] + orders] = matches
        values[:, columns.total[0] : columns.total[0] + orders] = totals
        return Stats(self.columns, values)

    def chunk_statistics(
        self, hypotheses: Sequence[str], ref_streams: Sequence[Sequence[str | None]]
    ) -> Stats:
        """``statistics(hypotheses, ref_streams=ref_streams)`` in one pass.

        References that serve one chunk only need not be prepared for reuse: both sides are
        counted together (`parbleu.engine.joint`), with the same checks of the input.
        """
        lines, streams, present = plain_streams(hypotheses, ref_streams)
        counts = pair_counts(
            lines,
            streams,
            self.tokenizer,
            lowercase=self.options.lowercase,
            max_order=self.counted_orders,
        )
        return self._assemble(
            counts.hypothesis_lengths, counts.reference_lengths, present, counts.matches
        )

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """BLEU of each row of summed statistics."""
        return bleu_from_totals(rows, self.options, self.layout).scores

    def float32_scorer(self) -> Float32Scorer:
        """SacreBLEU's float32 bootstrap arithmetic.

        It applies to the options the `Float32Rule` of BLEU's entry allows, which
        `parbleu.metrics.registry.float32_scorer` asks first.
        """
        from parbleu.metrics.bleu.float32 import bleu_float32  # noqa: PLC0415 (resampling only)

        options, layout = self.options, self.layout
        return lambda rows: bleu_float32(rows, options, layout)

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, eff, tok, smooth (and parbleu's extra fields when they apply)."""
        return list(self._signature_fields)

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> BleuScore:
        """The score of one row of summed statistics."""
        values = totals if isinstance(totals, list) else np.asarray(totals).ravel().tolist()
        if len(values) != self._columns.width:
            self._check_width(np.asarray(values))
        sys_len, ref_len, matches, hyp_totals = self._columns.read(
            values, self.options.max_ngram_order
        )
        if self._scalar:  # plain floats: the same value, without array set-up
            one = scalar_bleu(sys_len, ref_len, matches, hyp_totals, self.options)
            score, precisions, bp = one.score, one.precisions, one.bp
        else:
            arrays = bleu_from_totals(values, self.options, self.layout)
            score = float(arrays.scores[0])
            precisions = tuple(float(p) for p in arrays.precisions[0])
            bp = float(arrays.brevity_penalties[0])
        return BleuScore(
            score=score,
            counts=tuple(map(int, matches)),
            totals=tuple(map(int, hyp_totals)),
            precisions=precisions,
            bp=bp,
            sys_len=int(sys_len),
            ref_len=int(ref_len),
            signature=signature if signature is not None else self.signature(),
            name=self.options.name,
        )

    def with_weights(self, weights: Sequence[float]) -> BLEU:
        """The same metric and prepared references with other weights (and maximum order).

        The orders the new options count may not exceed those the references were prepared
        for. The new metric keeps this one's statistics columns, so statistics counted once
        score every weighting, as NLTK's list of weights gives BLEU-1 to BLEU-4.
        """
        try:
            count = len(weights)
        except TypeError:
            raise OptionError(f"weights must be a sequence of numbers; got {weights!r}") from None
        options = replace(self.options, weights=tuple(weights), max_ngram_order=count)
        if self.prepared is not None and options.counted_orders > self.prepared.table.max_order:
            raise OptionError(
                f"weights for {options.max_ngram_order} orders need {options.counted_orders} "
                f"counted orders, but the references were prepared for "
                f"{self.prepared.table.max_order}"
            )
        counted = max(options.counted_orders, self.counted_orders)
        layout, columns = _layout_and_columns(counted)
        small = BleuSmallPath(self.tokenizer, options, columns)
        return self._copy(
            options=options,
            counted_orders=counted,
            _layout=layout,
            _columns=columns,
            _small=small,
            _signature_fields=tuple(options.signature_fields(self.tokenizer.signature)),
            _scalar=scalar_applies(options),
        )
