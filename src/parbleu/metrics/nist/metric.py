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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.engine.encode import TextEncoder, TokenLookup
from parbleu.engine.ngrams import NgramTable, build_table, clipped_counts, ngram_totals
from parbleu.errors import InputError
from parbleu.metrics.base import Metric
from parbleu.metrics.nist.formula import nist_from_totals, nist_layout
from parbleu.metrics.nist.options import InfoWeights, NistOptions
from parbleu.metrics.nist.result import NistScore
from parbleu.metrics.nist.weights import (
    NgramTypes,
    count_types,
    information_weights,
    key_types,
    type_index,
)
from parbleu.options import options_from
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats
from parbleu.tokenizers import make_tokenizer
from parbleu.tokenizers.base import Tokenizer

__all__ = ["NIST", "PreparedNistReferences"]


#: The token whose one-word prefix mteval's Perl test ``$mgram ? ... : ...`` finds false.
MTEVAL_FALSE_TOKEN = "0"


@dataclass(frozen=True, eq=False)
class PreparedNistReferences:
    """References tokenized, counted and weighted once, for any number of systems."""

    references: ReferenceSet
    lookup: TokenLookup
    token_ids: Mapping[str, int]  # every reference token and its id
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
        index = type_index(self.types, [self.token_ids.get(token, -1) for token in tokens])
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
        options: a `NistOptions` value; or give its fields as keywords (``tokenize``,
            ``lowercase``, ``max_ngram_order``, ``info_weights``), documented there.
    """

    name = "NIST"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        options: NistOptions | None = None,
        **settings: Any,
    ) -> None:
        self.options = options_from(NistOptions, options, settings, "NIST")
        self.tokenizer: Tokenizer = make_tokenizer(self.options.tokenize)
        self._setup(references, ref_streams, segment_refs)

    @property
    def layout(self) -> Layout:
        """``sys_len, ref_len, info_1..N, match_1..N, total_1..N``."""
        return nist_layout(self.options.max_ngram_order)

    @property
    def chunk_refusal(self) -> str:
        """NIST's information weights come from the references of the whole corpus.

        mteval-v13a weights each n-gram by its information in all references; a chunk would
        weight it by its counts in that chunk alone, a different score.
        """
        return (
            "NIST cannot be scored chunk by chunk: its information weights come from the "
            "references of the whole corpus; use NIST(references).corpus_score(...) instead"
        )

    def prepare(self, references: ReferenceSet) -> PreparedNistReferences:
        """Tokenize and encode references, count them corpus-wide and weight every n-gram."""
        order = self.options.max_ngram_order
        encoder = TextEncoder(self.tokenizer, lowercase=self.options.lowercase)
        encoded = [encoder.encode_references(stream) for stream in references.present_streams()]
        table = build_table(encoded, order, encoder.vocabulary_size)
        types = count_types(encoded, order, table.base)
        lookup = encoder.lookup()
        token_ids = MappingProxyType(lookup.token_ids())
        false_prefix = None
        if self.options.info_weights is InfoWeights.MTEVAL:
            false_prefix = token_ids.get(MTEVAL_FALSE_TOKEN)
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
            lookup,
            token_ids,
            table,
            types,
            tuple(type_info),
            tuple(key_info),
            ref_lengths.astype(np.float64),
        )

    def _statistics(self, lines: list[str], prepared: PreparedNistReferences) -> Stats:
        encoded = prepared.lookup.encode(lines)
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
        values = self.layout.assemble(
            {
                "sys_len": encoded.lengths,
                "ref_len": prepared.ref_lengths,
                "info": info,
                "match": matches,
                "total": ngram_totals(encoded.lengths, order),
            },
            dtype=np.float64,
        )
        return Stats(self.columns, values)

    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """NIST of each row of summed statistics."""
        return nist_from_totals(rows, self.options.max_ngram_order, self.layout).scores

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, tok, order (and info for the ``paper`` weights)."""
        return self.options.signature_fields(self.tokenizer.signature)

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> NistScore:
        """The full NIST result for one row of summed statistics."""
        order, layout = self.options.max_ngram_order, self.layout
        row = np.atleast_2d(np.asarray(totals, dtype=np.float64))
        arrays = nist_from_totals(row, order, layout)
        return NistScore(
            score=float(arrays.scores[0]),
            precisions=tuple(float(p) for p in arrays.precisions[0]),
            info=tuple(float(x) for x in layout.series(row, "info")[0]),
            counts=tuple(int(x) for x in layout.series(row, "match")[0]),
            totals=tuple(int(x) for x in layout.series(row, "total")[0]),
            bp=float(arrays.length_penalties[0]),
            sys_len=int(layout.column(row, "sys_len")[0]),
            ref_len=float(layout.column(row, "ref_len")[0]),
            signature=signature if signature is not None else self.signature(),
        )
