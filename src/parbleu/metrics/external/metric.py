"""Per-segment scores computed elsewhere (COMET, BERTScore, human judgments) as statistics.

An external score becomes two statistics columns per segment, ``sum`` (the score, 0 where
absent) and ``count`` (1 where present, 0 where absent); the formula is their ratio, the mean.
So the corpus score is the mean segment score, and every resample, block or subset of the
`Stats` rows is scored by the same code that scores BLEU: bootstrap confidence intervals,
paired tests and correlation with human judgments (`parbleu.meta.correlation`) apply unchanged.

Missing segments are an error unless ``allow_missing=True``: a mean over the segments that
happen to be scored is a different quantity, and must be asked for. Human MQM scores, which
cover only the rated documents, are the usual case where it is.

    >>> from parbleu.metrics.external.metric import ExternalScores
    >>> comet = ExternalScores({"sys1": [0.5, 0.7], "sys2": [0.25, 0.75]}, name="COMET")
    >>> comet.system_score("sys2").score
    0.5
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.errors import InputError
from parbleu.io.judgments import SegmentScores
from parbleu.metrics.base import Metric
from parbleu.metrics.result import Scored
from parbleu.references import ReferenceSet
from parbleu.signature import Signature, make_signature
from parbleu.stats import Layout, Stats

__all__ = [
    "EXTERNAL_LAYOUT",
    "ExternalReferences",
    "ExternalScore",
    "ExternalScores",
    "external_means",
]


#: Statistics columns of an external score: the score where a segment has one (else 0),
#: and 1 where it has one (else 0).
EXTERNAL_LAYOUT = Layout(("sum", "count"))

#: The key of the one system of a two-column (``seg_id<TAB>score``) file.
SINGLE = ""

#: Largest ``|score| x segments`` accepted. Every test sums scores (a corpus mean, a resample
#: that draws the largest score N times, a difference of two systems' sums, squares of block
#: means in the t-test); under this bound all of them stay finite floats. Scores of 1e308
#: summed to infinity and gave a corpus score of inf and a p-value.
LARGEST_TOTAL = 1e150


def external_means(rows: npt.ArrayLike, layout: Layout = EXTERNAL_LAYOUT) -> FloatArray:
    """The mean ``sum / count`` of each row of summed statistics (NaN where count is 0)."""
    array = np.atleast_2d(np.asarray(rows, dtype=np.float64))
    sums, counts = layout.column(array, "sum"), layout.column(array, "count")
    with np.errstate(invalid="ignore", divide="ignore"):
        means: FloatArray = np.where(counts > 0, sums / counts, np.nan)
    return means


@dataclass(frozen=True)
class ExternalScore(Scored):
    """The mean of external segment scores over the segments that have one."""

    name: str
    score: float
    n_scored: int
    signature: Signature

    def details(self) -> dict[str, Any]:
        """How many segments had a score."""
        return {"n_scored": self.n_scored}


@dataclass(frozen=True)
class ExternalReferences:
    """References given to an external metric: kept, never used (scores come precomputed)."""

    references: ReferenceSet


class ExternalScores(Metric[ExternalScore, ExternalReferences]):
    """Segment scores of one or more systems, exposed as `Stats` with a mean formula.

    It is a `Metric`, so significance tests and the block test take it like BLEU, given the
    statistics of `system_statistics`. It cannot score text: ``statistics(hypotheses)``
    raises, because the scores were computed elsewhere and are looked up by system name.
    The class-level ``name`` is ``"external"``; ``label`` is the display name.

    Args:
        table: system name to its segment scores, one per segment in order (None or NaN
            where a segment has no score).
        name: the display name (``COMET``, ``MQM``), stored as ``label``.
        higher_is_better: whether a larger score is better (as for COMET and MQM here).
        allow_missing: accept segments without a score; otherwise they are an error.
        source: where the scores come from, for error messages.

    Raises:
        InputError: no systems, systems with different numbers of segments, or missing
            scores without ``allow_missing``.
    """

    name: ClassVar[str] = "external"

    def __init__(
        self,
        table: Mapping[str, Sequence[float | None]],
        *,
        name: str = "external",
        higher_is_better: bool = True,
        allow_missing: bool = False,
        source: str = "external scores",
    ) -> None:
        if not table:
            raise InputError(f"{source}: no scores")
        self.label = name
        self._higher_is_better = higher_is_better
        self.allow_missing = allow_missing
        self.source = source
        self.prepared = None
        arrays = {system: _as_array(values, source) for system, values in table.items()}
        lengths = {len(values) for values in arrays.values()}
        if len(lengths) != 1:
            raise InputError(f"{source}: systems have different numbers of segments {lengths}")
        self.n_segments = lengths.pop()
        for system, values in arrays.items():
            self._check_complete(system, values)
            _check_magnitude(system, values, source)
        self._table = arrays

    @classmethod
    def from_segment_scores(
        cls,
        scores: SegmentScores,
        n_segments: int,
        *,
        name: str = "external",
        higher_is_better: bool = True,
        allow_missing: bool = False,
    ) -> ExternalScores:
        """Scores read by `parbleu.io.judgments.read_segment_scores` for a test set of N segments.

        A two-column file gives one system, named ``""``.

        Raises:
            InputError: a seg_id beyond `n_segments` (with its line), or missing scores
                without ``allow_missing``.
        """
        table: dict[str, list[float | None]] = {}
        for row in scores.rows:
            if row.seg_id > n_segments:
                raise InputError(
                    f"{scores.source}: line {row.line}: seg_id {row.seg_id} is beyond the "
                    f"{n_segments} segments of the test set"
                )
            values = table.setdefault(row.system or SINGLE, [None] * n_segments)
            values[row.seg_id - 1] = row.score
        return cls(
            table,
            name=name,
            higher_is_better=higher_is_better,
            allow_missing=allow_missing,
            source=scores.source,
        )

    def _check_complete(self, system: str, values: FloatArray) -> None:
        missing = np.flatnonzero(np.isnan(values)) + 1
        if self.allow_missing or not missing.size:
            return
        owner = f"system {system!r} has" if system != SINGLE else "it has"
        first = ", ".join(str(i) for i in missing[:5])
        raise InputError(
            f"{self.source}: {owner} no score for {missing.size} of {len(values)} segments "
            f"(first missing seg_id: {first}); allow missing segments to average over the "
            "scored ones"
        )

    @property
    def systems(self) -> tuple[str, ...]:
        """The systems with scores."""
        return tuple(self._table)

    @property
    def layout(self) -> Layout:
        """``sum, count``."""
        return EXTERNAL_LAYOUT

    @property
    def higher_is_better(self) -> bool:
        """As given when the scores were made (True for COMET and MQM here)."""
        return self._higher_is_better

    def segment_scores(self, system: str = SINGLE) -> FloatArray:
        """The scores of one system, NaN where a segment has none (a read-only array)."""
        try:
            values = self._table[system]
        except KeyError:
            known = ", ".join(repr(s) for s in self._table) or "none"
            raise InputError(
                f"{self.source}: no scores for system {system!r} (has {known})"
            ) from None
        view: FloatArray = values.view()
        view.flags.writeable = False
        return view

    def system_statistics(self, system: str = SINGLE) -> Stats:
        """``(sum, count)`` per segment: ``(score, 1)`` where scored, ``(0, 0)`` where not."""
        values = self.segment_scores(system)
        scored = ~np.isnan(values)
        values = self.layout.assemble(
            {"sum": np.where(scored, values, 0.0), "count": scored}, dtype=np.float64
        )
        return Stats(self.columns, values)

    def system_score(self, system: str = SINGLE) -> ExternalScore:
        """The mean score of one system over its scored segments."""
        return self.score_totals(self.system_statistics(system).total())

    def prepare(self, references: ReferenceSet) -> ExternalReferences:
        """Nothing to prepare: external scores do not look at references."""
        return ExternalReferences(references)

    def statistics(
        self,
        hypotheses: Sequence[str],
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
    ) -> Stats:
        """Refused: external scores are looked up by system (`system_statistics`), not text."""
        del hypotheses, references, ref_streams, segment_refs
        raise InputError(
            f"{self.label}: scores computed elsewhere cannot score text; take a system's "
            "statistics by name with system_statistics(system)"
        )

    def _statistics(self, lines: list[str], prepared: ExternalReferences) -> Stats:
        del prepared
        return self.statistics(lines)

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """The mean ``sum / count`` of each row of summed statistics (NaN where count is 0)."""
        return external_means(rows, self.layout)

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """``name`` (the label) and ``missing`` (the missing-segment policy)."""
        missing = "allowed" if self.allow_missing else "error"
        return [("name", "name", self.label), ("missing", "miss", missing)]

    def signature(self, nrefs: int | str | None = None) -> Signature:
        """The signature; ``nrefs`` is ``n/a`` unless given (no references are used)."""
        return make_signature("n/a" if nrefs is None else nrefs, self.signature_fields())

    def score_totals(
        self, totals: npt.ArrayLike, signature: Signature | None = None
    ) -> ExternalScore:
        """The result for one row of summed statistics."""
        row = np.atleast_2d(np.asarray(totals, dtype=np.float64))
        return ExternalScore(
            name=self.label,
            score=float(self.scores(row)[0]),
            n_scored=int(self.layout.column(row, "count")[0]),
            signature=signature if signature is not None else self.signature(),
        )

    def __repr__(self) -> str:
        return (
            f"ExternalScores({self.label!r}, {len(self._table)} systems, "
            f"{self.n_segments} segments)"
        )


def _check_magnitude(system: str, values: FloatArray, source: str) -> None:
    """Refuse scores whose sums could overflow (`LARGEST_TOTAL`)."""
    largest = float(np.nanmax(np.abs(values), initial=0.0))
    if largest * len(values) > LARGEST_TOTAL:
        owner = f"system {system!r} has" if system != SINGLE else "it has"
        raise InputError(
            f"{source}: {owner} a score of magnitude {largest:g} over {len(values)} segments; "
            "sums of them would overflow (the magnitude times the segments must be at most "
            f"{LARGEST_TOTAL:g}); rescale the scores"
        )


def _as_array(values: Sequence[float | None], source: str) -> FloatArray:
    array: FloatArray = np.array(
        [np.nan if v is None else v for v in values], dtype=np.float64, ndmin=1
    )
    if np.isinf(array).any():
        raise InputError(f"{source}: scores must be finite numbers (NaN or None where missing)")
    return array
