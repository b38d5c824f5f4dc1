"""What every metric shares: prepare references → per-segment statistics → sum → score.

A metric implements `layout` (its statistics columns, by name), `prepare` (references, once),
`_statistics` (one row per segment), `scores` (the formula, vectorized over rows of summed
statistics) and `score_totals` (the rich result of one row). Everything else lives here, so
significance tests, blocks, chunked and distributed runs work for every metric through
`statistics` and `scores` alone, and ask the metric, never its type, what it allows:

* `higher_is_better`: the direction of the score (TER: lower is better);
* `chunk_refusal` and `chunk_statistics`: whether the statistics of a chunk of segments can
  be computed from that chunk alone (NIST's corpus-wide weights cannot), and the fastest way
  to do it when the chunk's references serve only that chunk; references given to one call
  (``corpus_score(hyps, refs)``, the one-call functions) serve that call only, so
  `call_statistics` and `call_score` score them chunk by chunk this way;
* `corpus_totals` and `sums_in_any_order`: how column sums are added (TER's float lengths are
  added in segment order, as sacreBLEU adds them);
* `statistics_over_references`: statistics against several references from those against
  each alone, where the metric's rule allows it (TER's fewest edits and mean length);
* `float32_scorer`: sacreBLEU's float32 arithmetic for bootstrap resamples, where it has one
  (the options it applies to are declared by the `Float32Rule` of the metric's entry, which
  `parbleu.metrics.registry.float32_scorer` asks before this hook);
* `small_input_limit` and `_small_rows`: a small-input path for references given to a call
  with few segments (one sentence at a time), the same rows without array set-up
  (`call_statistics`, `call_score`; BLEU's, chrF's and TER's live in their folders'
  ``small.py``).

A metric never changes once made: references given to the constructor are prepared there,
and `with_references` returns a new metric.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.engine.ranges import fixed_ranges
from parbleu.errors import InputError, LengthMismatchError, OptionError, ReferenceShapeError
from parbleu.references import ReferenceSet, check_hypotheses, resolve_references
from parbleu.signature import Signature, make_signature
from parbleu.stats import Layout, Stats

__all__ = ["CALL_CHUNK_LINES", "AnyMetric", "Float32Scorer", "Metric", "Prepared"]

#: Segments per chunk when a call's own references are scored chunk by chunk
#: (`Metric.call_statistics`): per-chunk costs vanish, memory stays bounded by one chunk.
CALL_CHUNK_LINES = 10_000


class Prepared(Protocol):
    """References as a metric prepared them."""

    @property
    def references(self) -> ReferenceSet:
        """The references that were prepared."""


#: Scores of rows of summed float32 statistics as sacreBLEU computes them: the values
#: (float64) and, per row, whether sacreBLEU's value is a float32 (`parbleu.significance`).
Float32Scorer = Callable[[npt.NDArray[Any]], tuple[FloatArray, BoolArray]]

ScoreT = TypeVar("ScoreT")
PreparedT = TypeVar("PreparedT", bound=Prepared)
MetricT = TypeVar("MetricT", bound="Metric[Any, Any]")


class Metric(ABC, Generic[ScoreT, PreparedT]):
    """Base of BLEU, chrF, TER, NIST and external scores."""

    #: Display name of the metric family ("BLEU", "chrF", "TER", "NIST").
    name: ClassVar[str]

    prepared: PreparedT | None

    #: Most segments that `call_statistics` scores by the small-input path (0: none).
    small_input_limit: ClassVar[int] = 0

    def _setup(self, references: Any, ref_streams: Any, segment_refs: Any) -> None:
        """Prepare references given to the constructor, if any (the only time it is set)."""
        self.prepared = None
        if references is not None or ref_streams is not None or segment_refs is not None:
            n_segments = _count_segments(references, ref_streams, segment_refs)
            self.prepared = self.prepare(
                resolve_references(
                    n_segments, references, ref_streams=ref_streams, segment_refs=segment_refs
                )
            )

    # -- what each metric defines ------------------------------------------------------------

    @property
    @abstractmethod
    def layout(self) -> Layout:
        """The statistics columns, by name."""

    @abstractmethod
    def prepare(self, references: ReferenceSet) -> PreparedT:
        """Tokenize and count references once, for any number of systems."""

    @abstractmethod
    def _statistics(self, lines: list[str], prepared: PreparedT) -> Stats:
        """One row of statistics per hypothesis segment."""

    @abstractmethod
    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """The score of each row of summed statistics, shape ``(m,)``."""

    @abstractmethod
    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> ScoreT:
        """The full result for one row of summed statistics."""

    @abstractmethod
    def signature_fields(self) -> list[tuple[str, str, str]]:
        """(name, short name, value) of the metric's own signature fields."""

    # -- what a metric answers for itself (overridden where the default is wrong) -------------

    @property
    def higher_is_better(self) -> bool:
        """Whether a larger score is a better translation."""
        return True

    @property
    def sums_in_any_order(self) -> bool:
        """Whether column sums are the same in any order (integer statistics are)."""
        return True

    @property
    def systems_share_prepared_work(self) -> bool:
        """Whether its prepared references keep work that later systems reuse.

        True (METEOR's looked-up words): several systems cost less in one process than
        shared among forked processes, each preparing the references again.
        """
        return False

    @property
    def chunk_refusal(self) -> str | None:
        """Why a chunk's statistics cannot be computed from the chunk alone (None: they can)."""
        return None

    def check_chunkable(self) -> None:
        """Raise `OptionError` if a chunk's statistics need the rest of the corpus."""
        if self.chunk_refusal is not None:
            raise OptionError(self.chunk_refusal)

    def chunk_statistics(
        self, hypotheses: Sequence[str], ref_streams: Sequence[Sequence[str | None]]
    ) -> Stats:
        """Statistics of a chunk whose references serve these hypotheses only.

        The same as ``statistics(hypotheses, ref_streams=ref_streams)``; a metric may count
        faster when it need not prepare the references for reuse.
        """
        self.check_chunkable()
        lines = check_hypotheses(hypotheses)
        references = resolve_references(len(lines), None, ref_streams=ref_streams)
        return self._prepared_statistics(lines, references)

    def statistics_over_references(
        self,
        single: Sequence[Stats],  # noqa: ARG002 (a metric that can combine them reads them)
        present: BoolArray,  # noqa: ARG002
    ) -> Stats | None:
        """Statistics against several references, from those against each reference alone.

        `single` holds the statistics of the same hypotheses against each reference alone;
        ``present[i, k]`` says whether reference ``k`` serves segment ``i``. Where the metric's
        multi-reference rule works on single-reference statistics, the result equals
        `statistics` with those references, computed without counting again; None (the
        default) where it does not, and the caller counts.
        """
        return None

    def corpus_totals(self, stats: Stats) -> npt.NDArray[Any]:
        """Column sums of per-segment statistics, added as the metric's oracle adds them."""
        return stats.total()

    def float32_scorer(self) -> Float32Scorer | None:
        """SacreBLEU's float32 scoring of resampled statistics, if sacreBLEU has this metric.

        Options sacreBLEU lacks are refused by the entry's `Float32Rule`, not here: resampling
        code calls `parbleu.metrics.registry.float32_scorer`.
        """
        return None

    # -- shared behaviour --------------------------------------------------------------------

    @property
    def columns(self) -> tuple[str, ...]:
        """Names of the statistics columns."""
        return self.layout.columns

    def signature(self, nrefs: int | str | None = None) -> Signature:
        """The reproducibility signature (``nrefs`` from the prepared references by default)."""
        if nrefs is None:
            nrefs = self.prepared.references.nrefs if self.prepared is not None else 1
        return make_signature(nrefs, self.signature_fields())

    def with_references(
        self: MetricT, references: Any = None, *, ref_streams: Any = None, segment_refs: Any = None
    ) -> MetricT:
        """A new metric with the same options and these references prepared."""
        n_segments = _count_segments(references, ref_streams, segment_refs)
        reference_set = resolve_references(
            n_segments, references, ref_streams=ref_streams, segment_refs=segment_refs
        )
        return self.with_prepared(self.prepare(reference_set))

    def with_prepared(self: MetricT, prepared: Any) -> MetricT:
        """A new metric with the same options and references this metric prepared."""
        return self._copy(prepared=prepared)

    def without_references(self: MetricT) -> MetricT:
        """A new metric with the same options and no references, to ship to other processes.

        Not `with_prepared` (None): a metric may check what it is given there (ROUGE
        refuses references prepared for another variant), and None is no prepared value.
        """
        return self._copy(prepared=None)

    def _copy(self: MetricT, **attributes: Any) -> MetricT:
        """A shallow copy with some attributes replaced (this metric is left as it is)."""
        other = copy.copy(self)
        other.__dict__.update(attributes)
        return other

    def _given(
        self, n_segments: int, references: Any, ref_streams: Any, segment_refs: Any
    ) -> ReferenceSet | None:
        """References given to a call, checked (``None`` when none were given)."""
        if all(r is None for r in (references, ref_streams, segment_refs)):
            return None
        return resolve_references(
            n_segments, references, ref_streams=ref_streams, segment_refs=segment_refs
        )

    def _own_prepared(self, n_segments: int) -> PreparedT:
        """The references given to the constructor, checked against `n_segments` hypotheses."""
        if self.prepared is None:
            raise InputError(f"no references: pass them to this call or to {type(self).__name__}()")
        prepared_segments = self.prepared.references.n_segments
        if prepared_segments != n_segments:
            raise LengthMismatchError(
                f"{n_segments} hypotheses but the prepared references have {prepared_segments} "
                "segments (reference streams are K lists of N strings; per-segment lists go to "
                "segment_refs=)"
            )
        return self.prepared

    def _small_rows(self, lines: list[str], references: ReferenceSet) -> list[list[Any]] | None:
        """Statistics rows of a few segments, in plain Python (the small-input path's hook).

        A metric with a small-input path (``small_input_limit`` > 0) overrides it; it must
        give the rows of ``_statistics(lines, prepare(references))`` exactly, without
        preparing the references as arrays. ``None``: use the batch path.
        """
        del lines, references
        return None

    def _prepared_statistics(self, lines: list[str], references: ReferenceSet) -> Stats:
        """Rows by the small-input path, or with the references prepared for this call."""
        rows = self._small_rows(lines, references) if len(lines) <= self.small_input_limit else None
        if rows is not None:
            return Stats(self.columns, np.array(rows))
        return self._statistics(lines, self.prepare(references))

    def _call_chunks(self, lines: list[str], references: ReferenceSet) -> Iterator[Stats]:
        """Rows of `CALL_CHUNK_LINES` segments at a time, each by `chunk_statistics`."""
        streams = references.streams
        for start, stop in fixed_ranges(len(lines), CALL_CHUNK_LINES):
            yield self.chunk_statistics(lines[start:stop], [s[start:stop] for s in streams])

    def call_statistics(self, lines: list[str], references: ReferenceSet) -> Stats:
        """Statistics of checked hypotheses against references given for this call only.

        Up to ``small_input_limit`` segments take the metric's small-input path (plain
        Python, no arrays to set up: one sentence costs microseconds). More segments take
        the chunked path when the metric allows it (`chunk_refusal` is None): references
        given to one call serve that call only, so `chunk_statistics` counts them
        `CALL_CHUNK_LINES` segments at a time (BLEU: both sides in one pass, nothing
        prepared for reuse). A metric that refuses chunks (NIST) prepares the whole
        corpus's references. Every path gives the same rows.
        """
        if not lines or len(lines) <= self.small_input_limit or self.chunk_refusal is not None:
            return self._prepared_statistics(lines, references)
        return Stats.concat(list(self._call_chunks(lines, references)))

    def call_score(self, lines: list[str], references: ReferenceSet) -> ScoreT:
        """The corpus score of checked hypotheses against references given for this call.

        On the small-input path the rows are added in Python, one segment after another
        (the order every metric's `corpus_totals` allows), and scored as one row. On the
        chunked path (`call_statistics`) a metric whose sums do not depend on the order
        (`sums_in_any_order`) keeps only each chunk's column sums, so memory is bounded by
        one chunk; the others keep the rows and add them as `corpus_totals` says.
        """
        signature = self.signature(references.nrefs)
        rows = self._small_rows(lines, references) if len(lines) <= self.small_input_limit else None
        if rows is None:
            if lines and self.chunk_refusal is None and self.sums_in_any_order:
                chunks = [chunk.total() for chunk in self._call_chunks(lines, references)]
                return self.score_totals(np.sum(chunks, axis=0), signature)
            stats = self.call_statistics(lines, references)
            return self.score_totals(self.corpus_totals(stats), signature)
        totals = rows[0]
        for row in rows[1:]:
            totals = [total + value for total, value in zip(totals, row, strict=True)]
        return self.score_totals(totals, signature)

    def statistics(
        self,
        hypotheses: Sequence[str],
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
    ) -> Stats:
        """Per-segment statistics (references given here are prepared for this call only)."""
        lines = check_hypotheses(hypotheses)
        given = self._given(len(lines), references, ref_streams, segment_refs)
        if given is not None:
            return self.call_statistics(lines, given)
        return self._statistics(lines, self._own_prepared(len(lines)))

    def corpus_score(
        self,
        hypotheses: Sequence[str],
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
    ) -> ScoreT:
        """The corpus score: statistics summed over all segments, then the formula."""
        lines = check_hypotheses(hypotheses)
        given = self._given(len(lines), references, ref_streams, segment_refs)
        if given is not None:
            return self.call_score(lines, given)
        prepared = self._own_prepared(len(lines))
        stats = self._statistics(lines, prepared)
        signature = self.signature(prepared.references.nrefs)
        return self.score_totals(self.corpus_totals(stats), signature)

    def sentence_scores(
        self,
        hypotheses: Sequence[str],
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
    ) -> FloatArray:
        """The score of every segment on its own, as an array."""
        stats = self.statistics(
            hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
        )
        return self.scores(stats.values)

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> ScoreT:
        """The score of one hypothesis against its references (a sequence of strings)."""
        if not isinstance(hypothesis, str):
            raise ReferenceShapeError(f"hypothesis must be a str; got {type(hypothesis).__name__}")
        if type(references) not in (list, tuple) and (
            isinstance(references, str) or not isinstance(references, Sequence)
        ):
            raise ReferenceShapeError(
                "references must be a sequence of reference strings, not "
                f"{type(references).__name__}; for one reference pass [reference]"
            )
        if references and {*map(type, references)} == _ONLY_STR:
            # The usual case, checked at once: one stream per reference.
            streams = tuple(zip(references))
            return self.call_score([hypothesis], ReferenceSet(streams))
        return self.corpus_score([hypothesis], segment_refs=[list(references)])

    def _check_width(self, rows: npt.NDArray[Any]) -> None:
        """Refuse rows that do not have this metric's columns."""
        if rows.shape[-1] != len(self.layout.columns):
            raise InputError(
                f"{self.name} statistics have {len(self.layout.columns)} columns "
                f"{self.layout.columns}; got rows of width {rows.shape[-1]}"
            )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.signature().format()})"


#: The types of a sequence of strings (`Metric.sentence_score`'s usual references).
_ONLY_STR = {str}

#: Any metric, whatever its result and prepared references.
AnyMetric = Metric[Any, Any]


def _count_segments(references: Any, ref_streams: Any, segment_refs: Any) -> int:
    """Number of segments implied by references given without hypotheses (the first stream)."""
    if segment_refs is not None:
        return len(segment_refs) if isinstance(segment_refs, Sequence) else 0
    streams = references if references is not None else ref_streams
    if isinstance(streams, Sequence) and streams and isinstance(streams[0], Sequence):
        if isinstance(streams[0], str):
            return len(streams)  # a bare stream: resolve_references explains the fix
        return len(streams[0])
    return 0
