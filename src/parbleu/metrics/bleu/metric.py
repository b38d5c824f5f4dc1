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
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.engine.encode import TextEncoder
from parbleu.engine.ngrams import NgramTable, build_table, clipped_matches, ngram_totals
from parbleu.errors import OptionError
from parbleu.metrics.base import Metric
from parbleu.metrics.bleu.formula import bleu_from_totals
from parbleu.metrics.bleu.options import BleuOptions, RefLength
from parbleu.metrics.bleu.result import BleuScore
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Stats
from parbleu.tokenizers import Tokenizer, make_tokenizer

__all__ = ["BLEU", "PreparedReferences", "bleu_columns", "effective_ref_lengths"]

IntArray = npt.NDArray[np.int64]


def bleu_columns(max_order: int) -> tuple[str, ...]:
    """Statistics columns, in sacreBLEU's order: lengths, matches, then totals per order."""
    return (
        "sys_len",
        "ref_len",
        *(f"match_{n}" for n in range(1, max_order + 1)),
        *(f"total_{n}" for n in range(1, max_order + 1)),
    )


@dataclass(frozen=True, eq=False)
class PreparedReferences:
    """References tokenized, encoded and counted once, for any number of systems."""

    references: ReferenceSet
    encoder: TextEncoder
    table: NgramTable
    lengths: IntArray  # (n_segments, n_streams) token counts
    present: npt.NDArray[np.bool_]  # (n_segments, n_streams) reference exists

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return self.references.n_segments


def effective_ref_lengths(
    hyp_lengths: IntArray, ref_lengths: IntArray, present: npt.NDArray[np.bool_], mode: RefLength
) -> IntArray:
    """Reference length of each segment for the brevity penalty.

    ``closest``: the length nearest the hypothesis length, the shorter one on a tie (paper
    section 2.2.2, mteval-v13a, sacreBLEU); ``shortest``: the shortest reference.
    """
    never = np.iinfo(np.int64).max
    if mode is RefLength.SHORTEST:
        shortest: IntArray = np.where(present, ref_lengths, never).min(axis=1)
        return shortest
    distance = np.where(present, np.abs(ref_lengths - hyp_lengths[:, None]), never)
    nearest = present & (distance == distance.min(axis=1, keepdims=True))
    closest: IntArray = np.where(nearest, ref_lengths, never).min(axis=1)  # ties: shorter
    return closest


class BLEU(Metric[BleuScore, PreparedReferences]):
    """BLEU with fixed options, optionally with references prepared once.

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape); or give
            ``ref_streams=`` or ``segment_refs=`` (N sequences of references) instead.
        tokenize: ``13a`` (default), ``intl``, ``zh``, ``zh-fixed``, ``char``, ``none``,
            ``ja-mecab``, ``ko-mecab``.
        lowercase: compare lowercased text.
        smooth_method: ``exp`` (default), ``floor``, ``add-k``, ``none``, or Chen and Cherry's
            (2014) methods 4-7 ``cc4``, ``cc5``, ``cc6``, ``cc7`` (docs/smoothing.md).
        smooth_value: the value of ``floor`` (0.1), ``add-k`` (1), K of ``cc4``/``cc7`` (5) or
            alpha of ``cc6`` (5).
        max_ngram_order: largest n-gram order N (default 4, or the number of weights).
        weights: positive weights summing to 1, one per order (default uniform).
        effective_order: average only over the orders the hypothesis has n-grams of (for
            sentence-level BLEU).
        ref_length: ``closest`` (default) or ``shortest`` reference length in the brevity
            penalty.
        smooth_variant: ``paper`` (default: Chen and Cherry for ``cc4``-``cc7``, sacreBLEU
            for the others) or ``nltk`` (NLTK's ``sentence_bleu`` with ``method0``-``method7``).
    """

    name = "BLEU"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        tokenize: str = "13a",
        lowercase: bool = False,
        smooth_method: str = "exp",
        smooth_value: float | None = None,
        max_ngram_order: int | None = None,
        weights: Sequence[float] | None = None,
        effective_order: bool = False,
        ref_length: str = "closest",
        smooth_variant: str = "paper",
    ) -> None:
        self.options = BleuOptions.create(
            tokenize=tokenize,
            lowercase=lowercase,
            smooth_method=smooth_method,
            smooth_value=smooth_value,
            max_ngram_order=max_ngram_order,
            weights=weights,
            effective_order=effective_order,
            ref_length=ref_length,
            smooth_variant=smooth_variant,
        )
        self.tokenizer: Tokenizer = make_tokenizer(self.options.tokenize)
        self._setup(references, ref_streams, segment_refs)

    @classmethod
    def from_options(cls, options: BleuOptions, prepared: PreparedReferences | None = None) -> BLEU:
        """A BLEU metric for validated options (and references prepared with equal options)."""
        metric = cls.__new__(cls)
        metric.options = options
        metric.tokenizer = make_tokenizer(options.tokenize)
        metric.prepared = prepared
        return metric

    @property
    def columns(self) -> tuple[str, ...]:
        """``sys_len, ref_len, match_1..K, total_1..K`` (sacreBLEU's order).

        K is ``max_ngram_order``, plus one for Chen and Cherry's smoothing 5 and 7, which
        average in the next order (order 5 for NLTK's: `BleuOptions.counted_orders`).
        """
        return bleu_columns(self.options.counted_orders)

    def prepare(self, references: ReferenceSet) -> PreparedReferences:
        """Tokenize, encode and count references once."""
        encoder = TextEncoder(self.tokenizer, lowercase=self.options.lowercase)
        encoded = [encoder.encode_references(stream) for stream in references.present_streams()]
        table = build_table(encoded, self.options.counted_orders, encoder.vocabulary_size)
        lengths = np.stack([stream.lengths for stream in encoded], axis=1)
        present = np.array(references.present_mask(), dtype=bool).T
        return PreparedReferences(references, encoder, table, lengths, present)

    def _statistics(self, lines: list[str], prepared: PreparedReferences) -> Stats:
        encoded = prepared.encoder.encode_hypotheses(lines)
        hyp_lengths = encoded.lengths
        ref_lengths = effective_ref_lengths(
            hyp_lengths, prepared.lengths, prepared.present, self.options.ref_length
        )
        orders = self.options.counted_orders  # the table may hold more (`with_weights`)
        values = np.concatenate(
            [
                hyp_lengths[:, None],
                ref_lengths[:, None],
                clipped_matches(prepared.table, encoded)[:, :orders],
                ngram_totals(hyp_lengths, orders),
            ],
            axis=1,
        )
        return Stats(self.columns, values)

    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """BLEU of each row of summed statistics."""
        return bleu_from_totals(rows, self.options).scores

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, eff, tok, smooth (and parbleu's extra fields when they apply)."""
        return self.options.signature_fields(self.tokenizer.signature)

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> BleuScore:
        """The score of one row of summed statistics."""
        row = np.asarray(totals)
        arrays = bleu_from_totals(row, self.options)
        order = self.options.max_ngram_order
        counted = (len(row) - 2) // 2
        return BleuScore(
            score=float(arrays.scores[0]),
            counts=tuple(int(x) for x in row[2 : 2 + order]),
            totals=tuple(int(x) for x in row[2 + counted : 2 + counted + order]),
            precisions=tuple(float(p) for p in arrays.precisions[0]),
            bp=float(arrays.brevity_penalties[0]),
            sys_len=int(row[0]),
            ref_len=int(row[1]),
            signature=signature if signature is not None else self.signature(),
        )

    def with_weights(self, weights: Sequence[float]) -> BLEU:
        """The same metric and prepared references with other weights (and maximum order).

        The orders the new options count may not exceed those the references were prepared
        for. Statistics counted by this metric can be scored by the new one (`scores`), so
        BLEU-1 to BLEU-4 come from one counting pass, as NLTK's list of weights gives them.
        """
        options = BleuOptions.create(
            tokenize=self.options.tokenize,
            lowercase=self.options.lowercase,
            smooth_method=self.options.smooth_method,
            smooth_value=self.options.smooth_value,
            weights=weights,
            effective_order=self.options.effective_order,
            ref_length=self.options.ref_length,
            smooth_variant=self.options.smooth_variant,
        )
        if self.prepared is not None and options.counted_orders > self.prepared.table.max_order:
            raise OptionError(
                f"weights for {options.max_ngram_order} orders need {options.counted_orders} "
                f"counted orders, but the references were prepared for "
                f"{self.prepared.table.max_order}"
            )
        return BLEU.from_options(options, self.prepared)
