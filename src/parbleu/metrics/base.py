"""What every metric shares: prepare references → per-segment statistics → sum → score.

A metric implements four things: `prepare` (references, once), `_statistics` (one row of
numbers per segment), `scores` (the formula, vectorized over rows of summed statistics) and
`score_totals` (the rich result of one row). Everything else, from the handling of reference
shapes to corpus and sentence scores, lives here, so significance tests, blocks and
distributed runs work for every metric through `statistics` and `scores` alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError, LengthMismatchError, ReferenceShapeError
from parbleu.references import ReferenceSet, check_hypotheses, resolve_references
from parbleu.signature import Signature, make_signature
from parbleu.stats import Stats

__all__ = ["Metric", "Prepared"]


class Prepared(Protocol):
    """References as a metric prepared them."""

    @property
    def references(self) -> ReferenceSet:
        """The references that were prepared."""


ScoreT = TypeVar("ScoreT")
PreparedT = TypeVar("PreparedT", bound=Prepared)


class Metric(ABC, Generic[ScoreT, PreparedT]):
    """Base of BLEU, chrF, TER and NIST. Subclasses set their options, then call `_setup`."""

    #: Display name of the metric family ("BLEU", "chrF", "TER", "NIST").
    name: ClassVar[str]

    prepared: PreparedT | None

    def _setup(self, references: Any, ref_streams: Any, segment_refs: Any) -> None:
        """Prepare references given to the constructor, if any."""
        self.prepared = None
        if any(r is not None for r in (references, ref_streams, segment_refs)):
            n_segments = _count_segments(references, ref_streams, segment_refs)
            self.set_references(
                resolve_references(
                    n_segments, references, ref_streams=ref_streams, segment_refs=segment_refs
                )
            )

    def set_references(self, references: ReferenceSet) -> None:
        """Prepare `references` and use them whenever a call gives no references."""
        self.prepared = self.prepare(references)

    # -- what each metric defines ------------------------------------------------------------

    @property
    @abstractmethod
    def columns(self) -> tuple[str, ...]:
        """Names of the statistics columns."""

    @abstractmethod
    def prepare(self, references: ReferenceSet) -> PreparedT:
        """Tokenize and count references once, for any number of systems."""

    @abstractmethod
    def _statistics(self, lines: list[str], prepared: PreparedT) -> Stats:
        """One row of statistics per hypothesis segment."""

    @abstractmethod
    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """The score of each row of summed statistics, shape ``(m,)``."""

    @abstractmethod
    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> ScoreT:
        """The full result for one row of summed statistics."""

    @abstractmethod
    def signature_fields(self) -> list[tuple[str, str, str]]:
        """(name, short name, value) of the metric's own signature fields."""

    # -- shared behaviour --------------------------------------------------------------------

    def signature(self, nrefs: int | str | None = None) -> Signature:
        """The reproducibility signature (``nrefs`` from the prepared references by default)."""
        if nrefs is None:
            nrefs = self.prepared.references.nrefs if self.prepared is not None else 1
        return make_signature(nrefs, self.signature_fields())

    def _prepared_for(
        self, n_segments: int, references: Any, ref_streams: Any, segment_refs: Any
    ) -> PreparedT:
        if any(r is not None for r in (references, ref_streams, segment_refs)):
            return self.prepare(
                resolve_references(
                    n_segments, references, ref_streams=ref_streams, segment_refs=segment_refs
                )
            )
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
        prepared = self._prepared_for(len(lines), references, ref_streams, segment_refs)
        return self._statistics(lines, prepared)

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
        prepared = self._prepared_for(len(lines), references, ref_streams, segment_refs)
        stats = self._statistics(lines, prepared)
        signature = self.signature(prepared.references.nrefs)
        return self.score_totals(self.corpus_totals(stats), signature)

    def corpus_totals(self, stats: Stats) -> npt.NDArray[Any]:
        """Column sums of per-segment statistics, added as the metric's oracle adds them."""
        return stats.total()

    def sentence_scores(
        self,
        hypotheses: Sequence[str],
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
    ) -> npt.NDArray[np.float64]:
        """The score of every segment on its own, as an array."""
        stats = self.statistics(
            hypotheses, references, ref_streams=ref_streams, segment_refs=segment_refs
        )
        return self.scores(stats.values)

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> ScoreT:
        """The score of one hypothesis against its references (a sequence of strings)."""
        if not isinstance(hypothesis, str):
            raise ReferenceShapeError(f"hypothesis must be a str; got {type(hypothesis).__name__}")
        if isinstance(references, str) or not isinstance(references, Sequence):
            raise ReferenceShapeError(
                "references must be a sequence of reference strings, not "
                f"{type(references).__name__}; for one reference pass [reference]"
            )
        return self.corpus_score([hypothesis], segment_refs=[list(references)])

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.signature().format()})"


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
