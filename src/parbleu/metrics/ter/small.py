"""TER statistics of a few segments without the batch path's arrays: one sentence at a time.

The batch path (`parbleu.metrics.ter.metric.TER.prepare` and ``_statistics``) keeps the
references of a corpus indexed, splits the hypotheses into blocks and assembles arrays; for
one sentence only tercom's search itself matters. Here each segment's references are
tokenized and indexed (`parbleu.metrics.ter.align.ReferenceWords`), the fewest edits over
them are found by the metric's search (`parbleu.metrics.ter.metric.best_edits`) and the row
is ``num_edits`` and the average reference length, as the batch path gives them
(tests/metrics/ter/test_small_path.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from parbleu.metrics.ter.align import ReferenceWords
from parbleu.references import ReferenceSet
from parbleu.stats import Layout

__all__ = ["TerSmallPath"]


@dataclass(frozen=True)
class TerSmallPath:
    """How a TER metric tokenizes, indexes and searches, for `rows`.

    Attributes:
        hypothesis_words: a hypothesis line's words.
        reference: a reference line of a segment (its index), tokenized and indexed.
        best_edits: the fewest edits of each hypothesis over its segment's references.
        layout: the statistics columns (``num_edits``, ``ref_length``).
    """

    hypothesis_words: Callable[[str], list[str]]
    reference: Callable[[str, int], ReferenceWords]
    best_edits: Callable[[list[list[str]], list[tuple[ReferenceWords, ...]]], list[int]]
    layout: Layout

    def rows(self, lines: Sequence[str], references: ReferenceSet) -> list[list[float]]:
        """One row of the layout's columns per segment."""
        segments = [
            tuple(self.reference(text, index) for text in references.segment(index))
            for index in range(len(lines))
        ]
        edits = self.best_edits([self.hypothesis_words(line) for line in lines], segments)
        edits_at, length_at = self.layout.index("num_edits"), self.layout.index("ref_length")
        rows = []
        for count, refs in zip(edits, segments, strict=True):
            row = [0.0, 0.0]
            row[edits_at] = count
            row[length_at] = sum(len(ref) for ref in refs) / len(refs)
            rows.append(row)
        return rows
