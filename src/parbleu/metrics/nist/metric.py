"""NIST (Doddington, 2002): information-weighted n-gram co-occurrence, as mteval-v13a scores it.

The pipeline is mteval-v13a.pl's:

* ``prepare``: count every reference n-gram over the whole corpus (all references of all
  segments) and give it the information weight ``log2(count(prefix) / count(n-gram))``
  (`parbleu.metrics.nist.weights`); build the per-segment clipping table, where a hypothesis
  n-gram counts at most as often as it occurs in any single reference of its segment (the
  largest count over the references, as in BLEU); record each segment's average reference
  length.
* ``statistics``: per segment and order, the information of the clipped matches, their
  number and the number of hypothesis n-grams, plus the hypothesis and average reference
  lengths. The weights are fixed by ``prepare``, so the rows add up over any set of segments.
* ``scores``: the formula of `parbleu.metrics.nist.formula` on summed rows.

The equivalent mteval command is ``mteval-v13a.pl -n -c -r REF.sgm -s SRC.sgm -t TST.sgm``
(``-c`` keeps case; parbleu lowercases only with ``lowercase=True``).

    >>> from parbleu.metrics.nist.metric import NIST
    >>> nist = NIST([["the cat sat on the mat", "a dog barked"]])
    >>> round(nist.corpus_score(["the cat sat on the mat", "a dog"]).score, 4)
    3.0684
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.engine.encode import TextEncoder
from parbleu.engine.ngrams import NgramTable, build_table, clipped_counts, ngram_totals
from parbleu.errors import InputError
from parbleu.metrics.base import Metric
from parbleu.metrics.nist.formula import nist_columns, nist_from_totals
from parbleu.metrics.nist.options import DEFAULT_NIST_ORDER, InfoWeights, NistOptions
from parbleu.metrics.nist.result import NistScore
from parbleu.metrics.nist.weights import (
    NgramTypes,
    count_types,
    information_weights,
    key_types,
    type_index,
)
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Stats
from parbleu.tokenizers import Tokenizer, make_tokenizer

__all__ = ["NIST", "PreparedNistReferences"]

FloatArray = npt.NDArray[np.float64]

#: The token whose one-word prefix mteval's Perl test ``$mgram ? ... : ...`` finds false.
MTEVAL_FALSE_TOKEN = "0"


@dataclass(frozen=True, eq=False)
class PreparedNistReferences:
    """References tokenized, counted and weighted once, for any number of systems."""

    references: ReferenceSet
    encoder: TextEncoder
    table: NgramTable
    types: NgramTypes
    type_info: tuple[FloatArray, ...]  # information weight of every type, per order
    key_info: tuple[FloatArray, ...]  # information weight of every table key, per order
    ref_lengths: FloatArray  # (n_segments,) average length of each segment's references

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return self.references.n_segments

    def information(self, ngram: str | Sequence[str]) -> float:
        """The information weight of a reference n-gram (tokens, or one string of them).

        Raises:
            InputError: if no reference contains the n-gram or its order is out of range.
        """
        tokens = ngram.split() if isinstance(ngram, str) else list(ngram)
        vocabulary = self.encoder.vocabulary if self.encoder.vocabulary_size else {}
        index = type_index(self.types, [vocabulary.get(token, -1) for token in tokens])
        if index is None:
            raise InputError(
                f"{tokens!r} is not an n-gram of orders 1..{self.types.max_order} of the references"
            )
        return float(self.type_info[len(tokens) - 1][index])


class NIST(Metric[NistScore, PreparedNistReferences]):
    """NIST with fixed options, optionally with references prepared once.

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape); or give
            ``ref_streams=`` or ``segment_refs=`` (N sequences of references) instead. Absent
            references (``None``) are skipped: a segment's reference length is the average
            over its own references.
        tokenize: ``13a`` (default, mteval-v13a's tokenization), or any BLEU tokenizer.
        lowercase: compare lowercased text (Unicode ``str.lower``).
        max_ngram_order: largest n-gram order N (default 5, mteval's NIST).
        info_weights: ``mteval`` (default) or ``paper``; see `InfoWeights`.
    """

    name = "NIST"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        tokenize: str = "13a",
        lowercase: bool = False,
        max_ngram_order: int = DEFAULT_NIST_ORDER,
        info_weights: str = "mteval",
    ) -> None:
        self.options = NistOptions.create(
            tokenize=tokenize,
            lowercase=lowercase,
            max_ngram_order=max_ngram_order,
            info_weights=info_weights,
        )
        self.tokenizer: Tokenizer = make_tokenizer(self.options.tokenize)
        self._setup(references, ref_streams, segment_refs)

    @classmethod
    def from_options(
        cls, options: NistOptions, prepared: PreparedNistReferences | None = None
    ) -> NIST:
        """A NIST metric for validated options (and references prepared with equal options)."""
        metric = cls.__new__(cls)
        metric.options = options
        metric.tokenizer = make_tokenizer(options.tokenize)
        metric.prepared = prepared
        return metric

    @property
    def columns(self) -> tuple[str, ...]:
        """``sys_len, ref_len, info_1..N, match_1..N, total_1..N``."""
        return nist_columns(self.options.max_ngram_order)

    def prepare(self, references: ReferenceSet) -> PreparedNistReferences:
        """Tokenize and encode references, count them corpus-wide and weight every n-gram."""
        order = self.options.max_ngram_order
        encoder = TextEncoder(self.tokenizer, lowercase=self.options.lowercase)
        encoded = [encoder.encode_references(stream) for stream in references.present_streams()]
        table = build_table(encoded, order, encoder.vocabulary_size)
        types = count_types(encoded, order, table.base)
        false_prefix = None
        if self.options.info_weights is InfoWeights.MTEVAL and encoder.vocabulary_size:
            false_prefix = encoder.vocabulary.get(MTEVAL_FALSE_TOKEN)
        type_info = information_weights(types, false_prefix=false_prefix)
        key_info = [
            weights[indices]
            for weights, indices in zip(type_info, key_types(table, types), strict=True)
        ]
        lengths = np.stack([stream.lengths for stream in encoded], axis=1)
        present = np.array(references.present_mask(), dtype=bool).T
        ref_lengths = np.where(present, lengths, 0).sum(axis=1) / present.sum(axis=1)
        return PreparedNistReferences(
            references,
            encoder,
            table,
            types,
            tuple(type_info),
            tuple(key_info),
            ref_lengths.astype(np.float64),
        )

    def _statistics(self, lines: list[str], prepared: PreparedNistReferences) -> Stats:
        encoded = prepared.encoder.encode_hypotheses(lines)
        order = self.options.max_ngram_order
        n_segments = prepared.n_segments
        info = np.zeros((n_segments, order))
        matches = np.zeros((n_segments, order))
        table = prepared.table
        for n, clipped in enumerate(clipped_counts(table, encoded)):
            segments = table.segments[n]
            info[:, n] = np.bincount(
                segments, weights=clipped * prepared.key_info[n], minlength=n_segments
            )
            matches[:, n] = np.bincount(segments, weights=clipped, minlength=n_segments)
        values = np.concatenate(
            [
                encoded.lengths[:, None],
                prepared.ref_lengths[:, None],
                info,
                matches,
                ngram_totals(encoded.lengths, order),
            ],
            axis=1,
            dtype=np.float64,
        )
        return Stats(self.columns, values)

    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """NIST of each row of summed statistics."""
        return nist_from_totals(rows, self.options.max_ngram_order).scores

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, tok, order (and info for the ``paper`` weights)."""
        return self.options.signature_fields(self.tokenizer.signature)

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> NistScore:
        """The full NIST result for one row of summed statistics."""
        order = self.options.max_ngram_order
        arrays = nist_from_totals(totals, order)
        row = np.atleast_2d(np.asarray(totals, dtype=np.float64))[0]
        return NistScore(
            score=float(arrays.scores[0]),
            precisions=tuple(float(p) for p in arrays.precisions[0]),
            info=tuple(float(x) for x in row[2 : 2 + order]),
            counts=tuple(int(x) for x in row[2 + order : 2 + 2 * order]),
            totals=tuple(int(x) for x in row[2 + 2 * order : 2 + 3 * order]),
            bp=float(arrays.length_penalties[0]),
            sys_len=int(row[0]),
            ref_len=float(row[1]),
            signature=signature if signature is not None else self.signature(),
        )
