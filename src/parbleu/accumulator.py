"""Corpus scores built batch by batch, and merged across workers, exactly.

For evaluation loops and distributed training: ``acc = acc.update(hyps, refs)`` per batch,
``acc = acc.merge(other)`` across workers, ``acc.compute()`` for the corpus score. The score
is bit-identical to the metric's ``corpus_score`` over all segments at once, whatever the
batches and the order in which accumulators are merged.

What the state holds is asked of the metric (`parbleu.metrics.base`), never decided by its
name:

* a metric whose statistics are integers that sum in any order (``sums_in_any_order``:
  BLEU, chrF, chrF++, ...) keeps one int64 vector of column sums. Integer sums are exact and
  commutative: shards can be merged in any order, pickled, or summed by an ``all_reduce``
  of the ``totals`` array (torchmetrics syncs float32 sums, inexact past 2**24);
* a metric whose sums depend on the order (TER: float average reference lengths, which
  sacreBLEU adds in segment order) keeps its per-segment rows with their corpus positions;
  `compute` puts them back in corpus order and sums them as the metric does. Each
  ``update`` takes ``start``, the corpus position of the batch's first segment (by default
  right after this accumulator's last one), so shards merged in any order still give the
  single-pass score;
* a metric whose segment statistics need the whole corpus (NIST's information weights)
  is refused when the accumulator is made, with the metric's own reason.

An accumulator is a value: `update` and `merge` return new accumulators.

    >>> from parbleu import BLEU
    >>> from parbleu.accumulator import Accumulator
    >>> acc = Accumulator.of(BLEU())
    >>> acc = acc.update(["the cat sat on the mat"], [["the cat sat on the mat"]])
    >>> acc = acc.merge(Accumulator.of(BLEU()).update(["a dog"], [["the dog"]]))
    >>> round(acc.compute().score, 2), acc.segments
    (92.41, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError
from parbleu.metrics.base import AnyMetric
from parbleu.stats import Stats

__all__ = ["Accumulator"]


def _read_only(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array = array.view()
    array.flags.writeable = False
    return array


@dataclass(frozen=True)
class Accumulator:
    """Summed (or, for order-dependent sums, positioned) statistics of the segments seen.

    Attributes:
        metric: the metric (its options; references come with each batch).
        totals: int64 column sums, for metrics that sum in any order (else None).
        rows: per-segment rows, for metrics whose sums depend on the order (else None).
        positions: the corpus position of each row of ``rows``.
        segments: how many segments were added.
        nrefs: references per segment (an int, or ``"var"`` if batches differ).
    """

    metric: AnyMetric
    totals: npt.NDArray[np.int64] | None
    rows: npt.NDArray[Any] | None
    positions: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, np.int64))
    segments: int = 0
    nrefs: int | str | None = None

    @staticmethod
    def of(metric: AnyMetric) -> Accumulator:
        """An empty accumulator for `metric` (references come with each batch).

        Raises:
            OptionError: the metric's segment statistics need the whole corpus (NIST).
        """
        metric.check_chunkable()
        width = len(metric.layout.columns)
        if metric.sums_in_any_order:
            return Accumulator(metric, _read_only(np.zeros(width, np.int64)), None)
        return Accumulator(metric, None, _read_only(np.zeros((0, width))))

    def update(
        self,
        hypotheses: list[str],
        references: Any = None,
        *,
        segment_refs: Any = None,
        start: int | None = None,
    ) -> Accumulator:
        """This accumulator with a batch added.

        Args:
            hypotheses: the batch's hypotheses.
            references: reference streams (K lists of len(hypotheses) strings), or
            segment_refs: one list of references per hypothesis.
            start: corpus position of the batch's first segment, used by metrics whose
                sums depend on the order (default: after this accumulator's last one).
        """
        scorer = self.metric.with_references(references, segment_refs=segment_refs)
        stats = scorer.statistics(hypotheses)
        nrefs = scorer.prepared.references.nrefs if scorer.prepared is not None else 1
        added = replace(self, segments=self.segments + len(stats), nrefs=_nrefs(self.nrefs, nrefs))
        if self.totals is not None:
            batch = _integer_totals(stats, self.metric)
            return replace(added, totals=_read_only(self.totals + batch))
        first = int(self.positions.max()) + 1 if len(self.positions) else 0
        first = first if start is None else start
        positions = np.arange(first, first + len(stats), dtype=np.int64)
        return self._with_rows(added, stats.values, positions)

    def merge(self, other: Accumulator) -> Accumulator:
        """The statistics of both accumulators (any order of merging gives the same score).

        Raises:
            InputError: the accumulators belong to metrics with other statistics.
        """
        if other.metric.columns != self.metric.columns or (other.totals is None) != (
            self.totals is None
        ):
            raise InputError(
                f"cannot merge an accumulator of {other.metric!r} into one of {self.metric!r}"
            )
        added = replace(
            self, segments=self.segments + other.segments, nrefs=_nrefs(self.nrefs, other.nrefs)
        )
        if self.totals is not None and other.totals is not None:
            return replace(added, totals=_read_only(self.totals + other.totals))
        return self._with_rows(added, _rows(other), other.positions)

    def _with_rows(
        self, added: Accumulator, rows: npt.NDArray[Any], positions: npt.NDArray[np.int64]
    ) -> Accumulator:
        all_positions = np.concatenate([self.positions, positions])
        if len(np.unique(all_positions)) != len(all_positions):
            raise InputError(
                "two batches claim the same corpus positions: give each update its `start` "
                "(the corpus position of its first segment)"
            )
        return replace(
            added,
            rows=_read_only(np.concatenate([_rows(self), rows])),
            positions=_read_only(all_positions),
        )

    def compute(self) -> Any:
        """The corpus score of every segment added, as the metric's ``corpus_score`` gives it.

        Raises:
            InputError: no segment was added.
        """
        if not self.segments:
            raise InputError("no segments were added to the accumulator")
        signature = self.metric.signature(self.nrefs)
        if self.totals is not None:
            return self.metric.score_totals(self.totals, signature)
        ordered = _rows(self)[np.argsort(self.positions, kind="stable")]
        totals = self.metric.corpus_totals(Stats(self.metric.columns, ordered))
        return self.metric.score_totals(totals, signature)


def _rows(accumulator: Accumulator) -> npt.NDArray[Any]:
    """The rows of an accumulator that keeps rows (one made by `Accumulator.of` does)."""
    if accumulator.rows is None:
        raise InputError(f"this accumulator of {accumulator.metric!r} keeps sums, not rows")
    return accumulator.rows


def _integer_totals(stats: Stats, metric: AnyMetric) -> npt.NDArray[np.int64]:
    """Column sums as int64, or an error if the metric's statistics are not integers."""
    values = stats.values
    if not np.issubdtype(values.dtype, np.integer):
        whole = np.isfinite(values).all() and bool((values == np.rint(values)).all())
        if not whole:
            raise InputError(
                f"{metric.name} says its sums do not depend on the order, but its statistics "
                "are not integers: they cannot be accumulated exactly"
            )
    totals: npt.NDArray[np.int64] = values.sum(axis=0, dtype=np.int64)
    return totals


def _nrefs(first: int | str | None, second: int | str | None) -> int | str | None:
    if first is None:
        return second
    if second is None or first == second:
        return first
    return "var"
