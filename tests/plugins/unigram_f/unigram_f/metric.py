"""Unigram precision, recall and F of whitespace-separated words, on parbleu's spine.

Per segment: ``matches`` (words of the hypothesis clipped by their count in the reference),
``hyp_words`` and ``ref_words``; with several references, the reference with the most
matches (the first on a tie). The corpus score is that of the summed statistics:
P = matches / hyp_words, R = matches / ref_words, F = 2 matches / (hyp_words + ref_words),
in percent (0 where a denominator is 0).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.metrics.base import Metric
from parbleu.metrics.result import Scored
from parbleu.options import options_from
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats
from unigram_f.options import Measure, UnigramOptions

LAYOUT = Layout(("matches", "hyp_words", "ref_words"))


@dataclass(frozen=True)
class UnigramScore(Scored):
    """The corpus score."""

    name: str
    score: float
    signature: Signature


@dataclass(frozen=True, eq=False)
class UnigramReferences:
    """The words of every reference, counted once."""

    references: ReferenceSet
    counts: tuple[tuple[Counter[str] | None, ...], ...]  # per segment, per reference


class UnigramF(Metric[UnigramScore, UnigramReferences]):
    """Unigram F (or precision, recall) with fixed options."""

    name = "UniF"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        options: UnigramOptions | None = None,
        **settings: Any,
    ) -> None:
        self.options = options_from(UnigramOptions, options, settings, "UnigramF")
        self._setup(references, ref_streams, segment_refs)

    @property
    def layout(self) -> Layout:
        """``matches, hyp_words, ref_words``."""
        return LAYOUT

    def _words(self, line: str) -> list[str]:
        return (line.lower() if self.options.lowercase else line).split()

    def prepare(self, references: ReferenceSet) -> UnigramReferences:
        """Count the words of every reference."""
        counts = tuple(
            tuple(None if ref is None else Counter(self._words(ref)) for ref in segment)
            for segment in zip(*references.streams, strict=True)
        )
        return UnigramReferences(references, counts)

    def _statistics(self, lines: list[str], prepared: UnigramReferences) -> Stats:
        rows = []
        for line, references in zip(lines, prepared.counts, strict=True):
            hyp = Counter(self._words(line))
            best = (-1, 0)
            for ref in references:
                if ref is not None:
                    matches = sum(min(n, ref[w]) for w, n in hyp.items())
                    best = max(best, (matches, -ref.total()), key=lambda pair: pair[0])
            rows.append(
                {"matches": max(best[0], 0), "hyp_words": hyp.total(), "ref_words": -best[1]}
            )
        parts = {name: np.array([r[name] for r in rows], dtype=np.int64) for name in LAYOUT.columns}
        return Stats(LAYOUT.columns, LAYOUT.assemble(parts, dtype=np.int64))

    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """The score of each row of summed statistics, in percent."""
        values = np.atleast_2d(np.asarray(rows, dtype=np.float64))
        matches = LAYOUT.column(values, "matches")
        hyp, ref = LAYOUT.column(values, "hyp_words"), LAYOUT.column(values, "ref_words")
        denominator = {
            Measure.F: (hyp + ref) / 2,
            Measure.PRECISION: hyp,
            Measure.RECALL: ref,
        }[self.options.measure]
        safe = np.where(denominator > 0, denominator, 1.0)
        return np.where(denominator > 0, 100.0 * matches / safe, 0.0)

    def score_totals(
        self, totals: npt.ArrayLike, signature: Signature | None = None
    ) -> UnigramScore:
        """The score of one row of summed statistics."""
        return UnigramScore(
            name=self.name,
            score=float(self.scores(totals)[0]),
            signature=signature if signature is not None else self.signature(),
        )

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case and measure."""
        return [
            ("case", "c", "lc" if self.options.lowercase else "mixed"),
            ("measure", "m", str(self.options.measure)),
        ]
