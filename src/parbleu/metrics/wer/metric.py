"""WER and CER: word and character error rates, identical to jiwer 4.0.0's (times 100).

The error rate of a hypothesis is the number of substitutions, deletions and insertions
that turn its reference into it, over the reference's length (Levenshtein distance over
tokens: words for WER, characters for CER); papers on speech recognition report it, and
Papineni et al. (2002) fashion BLEU after it. The corpus rate is the sum of the edits of
every segment over the sum of their reference lengths, in percent as TER; lower is better.
Tokens are jiwer's (`parbleu.metrics.wer.words`, `parbleu.metrics.wer.chars`), the counts
those of the alignment jiwer reports (`parbleu.engine.edit_script`), so with one reference
the score and the counts are jiwer's.

Several references (jiwer has no such case): each segment takes the reference with the
fewest edits; among those, the longest (the lowest error rate of the segment); among
those, the first given. Its counts are the segment's statistics.

    >>> from parbleu.metrics.wer.metric import WER
    >>> WER([["the cat sat on the mat"]]).corpus_score(["the cat sat on a mat"]).score
    16.666666666666664
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray, IntArray
from parbleu.engine.edit_counts import EditCounts, edit_counts
from parbleu.engine.ranges import fixed_ranges
from parbleu.engine.segments import Segments
from parbleu.errors import InputError
from parbleu.metrics.base import Metric
from parbleu.metrics.wer.alignment import EditAlignment, align_segment
from parbleu.metrics.wer.chars import characters, jiwer_characters
from parbleu.metrics.wer.formula import WER_LAYOUT, error_rates
from parbleu.metrics.wer.options import WerOptions
from parbleu.metrics.wer.result import CerScore, WerScore
from parbleu.metrics.wer.words import WordLookup, jiwer_words, reference_words
from parbleu.options import options_from
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats

__all__ = ["CER", "WER", "ErrorRate", "PreparedEditReferences", "best_references"]

ScoreT = TypeVar("ScoreT", bound=WerScore)

#: Hypotheses aligned together (memory: their tokens and their pairs' rows).
_SEGMENTS_AT_ONCE = 1 << 13


@dataclass(frozen=True, eq=False)
class PreparedEditReferences:
    """References split into tokens once, for any number of systems."""

    references: ReferenceSet
    tokens: Segments  # every present reference, segment after segment
    firsts: IntArray  # the references of segment i are tokens ``firsts[i] .. firsts[i + 1] - 1``
    lookup: WordLookup | None  # the reference vocabulary (WER); CER's ids are code points

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return self.references.n_segments


def best_references(counts: EditCounts, lengths: IntArray, firsts: IntArray) -> IntArray:
    """For each segment, the reference (an index into `counts`) its statistics come from.

    References ``firsts[i] .. firsts[i + 1] - 1`` belong to segment ``i`` (at least one):
    the fewest edits, then the longest reference, then the first.
    """
    owner = np.repeat(np.arange(len(firsts) - 1), np.diff(firsts))
    order = np.lexsort((np.arange(len(owner)), -lengths, counts.distance, owner))
    chosen: IntArray = order[firsts[:-1]]  # each segment's references are sorted together
    return chosen


class ErrorRate(Metric[ScoreT, PreparedEditReferences]):
    """What WER and CER share; they differ in their tokens.

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape; ``None``
            marks an absent reference); or give ``ref_streams=`` or ``segment_refs=``.
        options: a `WerOptions` value; or give its fields as keywords (``lowercase``).
    """

    #: The result class, and the signature's ``tok`` value.
    result: type[ScoreT]
    unit: ClassVar[str]

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        options: WerOptions | None = None,
        **settings: Any,
    ) -> None:
        self.options = options_from(WerOptions, options, settings, self.name)
        self._setup(references, ref_streams, segment_refs)

    # -- what WER and CER define ---------------------------------------------------------------

    @abstractmethod
    def tokens(self, line: str) -> list[str]:
        """The tokens of one line, as the metric compares them."""

    @abstractmethod
    def _encode_references(self, lines: Sequence[str]) -> tuple[Segments, WordLookup | None]:
        """Token ids of reference lines, and the vocabulary hypotheses are looked up in."""

    @abstractmethod
    def _encode_hypotheses(
        self, lines: Sequence[str], prepared: PreparedEditReferences
    ) -> Segments:
        """Token ids of hypothesis lines, numbered as the prepared references."""

    # -- the statistics spine ------------------------------------------------------------------

    @property
    def layout(self) -> Layout:
        """``hits, substitutions, deletions, insertions`` (jiwer's counts)."""
        return WER_LAYOUT

    @property
    def higher_is_better(self) -> bool:
        """False: an error rate counts edits."""
        return False

    def prepare(self, references: ReferenceSet) -> PreparedEditReferences:
        """Split every present reference into tokens once; absent references are skipped."""
        lines: list[str] = []
        firsts = [0]
        for i in range(references.n_segments):
            lines += references.segment(i)
            firsts.append(len(lines))
        tokens, lookup = self._encode_references(lines)
        return PreparedEditReferences(references, tokens, np.array(firsts, np.int64), lookup)

    def _statistics(self, lines: list[str], prepared: PreparedEditReferences) -> Stats:
        parts = [
            self._counts(lines[start:stop], prepared, start, stop)
            for start, stop in fixed_ranges(len(lines), _SEGMENTS_AT_ONCE)
        ]
        values = np.concatenate(parts) if parts else np.zeros((0, len(self.columns)), np.int64)
        return Stats(self.columns, values)

    def _counts(
        self, lines: Sequence[str], prepared: PreparedEditReferences, start: int, stop: int
    ) -> npt.NDArray[np.int64]:
        """Rows of statistics of segments ``start .. stop - 1`` (their hypotheses `lines`)."""
        hypotheses = self._encode_hypotheses(lines, prepared)
        firsts = prepared.firsts[start : stop + 1]
        references = prepared.tokens.slice(int(firsts[0]), int(firsts[-1]))
        firsts = firsts - firsts[0]
        if len(references.lengths) != len(lines):  # several references: one pair each
            owner = np.repeat(np.arange(len(lines)), np.diff(firsts))
            hypotheses = hypotheses.take(owner)
        counts = edit_counts(hypotheses, references)
        chosen = best_references(counts, references.lengths, firsts)
        subs, dels = counts.substitutions[chosen], counts.deletions[chosen]
        rows: npt.NDArray[np.int64] = self.layout.assemble(
            {
                "hits": references.lengths[chosen] - subs - dels,
                "substitutions": subs,
                "deletions": dels,
                "insertions": counts.insertions[chosen],
            },
            dtype=np.int64,
        )
        return rows

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """The error rate in percent of each row of summed statistics."""
        return error_rates(rows, self.layout)

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> ScoreT:
        """The score of one row of summed statistics."""
        row = np.atleast_2d(np.asarray(totals, dtype=np.float64))
        layout = self.layout

        def count(name: str) -> int:
            return int(layout.column(row, name)[0])

        return self.result(
            score=float(error_rates(row, layout)[0]),
            hits=count("hits"),
            substitutions=count("substitutions"),
            deletions=count("deletions"),
            insertions=count("insertions"),
            signature=signature if signature is not None else self.signature(),
        )

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, then tok (``words`` or ``chars``: jiwer's default rules)."""
        return [*self.options.signature_fields(), ("tok", "t", self.unit)]

    # -- one segment, for display --------------------------------------------------------------

    def alignment(self, hypothesis: str, references: Sequence[str]) -> EditAlignment:
        """The alignment behind one segment's statistics: its chosen reference and edits.

        The same reference and counts as `statistics` of that segment gives (jiwer's
        ``process_words(...).alignments`` with one reference).
        """
        return align_segment(self.tokens(hypothesis), [self.tokens(ref) for ref in references])


class WER(ErrorRate[WerScore]):
    """Word error rate, as jiwer 4.0.0's ``wer`` (times 100), with jiwer's words.

    >>> WER([["a b c d"]]).sentence_scores(["a x c"]).tolist()
    [50.0]
    """

    name = "WER"
    result = WerScore
    unit = "words"

    def tokens(self, line: str) -> list[str]:
        """Jiwer's words of one line (after ``str.lower()`` with ``lowercase``)."""
        return jiwer_words(line.lower() if self.options.lowercase else line)

    def _encode_references(self, lines: Sequence[str]) -> tuple[Segments, WordLookup | None]:
        return reference_words(lines, lowercase=self.options.lowercase)

    def _encode_hypotheses(
        self, lines: Sequence[str], prepared: PreparedEditReferences
    ) -> Segments:
        if prepared.lookup is None:
            raise InputError("these references were prepared by CER; WER prepares its own")
        return prepared.lookup.encode(lines)


class CER(ErrorRate[CerScore]):
    """Character error rate, as jiwer 4.0.0's ``cer`` (times 100), with jiwer's characters.

    >>> CER([["abcd"]]).sentence_scores(["abd"]).tolist()
    [25.0]
    """

    name = "CER"
    result = CerScore
    unit = "chars"

    def tokens(self, line: str) -> list[str]:
        """Jiwer's characters of one line (after ``str.lower()`` with ``lowercase``)."""
        return jiwer_characters(line.lower() if self.options.lowercase else line)

    def _encode_references(self, lines: Sequence[str]) -> tuple[Segments, WordLookup | None]:
        return characters(lines, lowercase=self.options.lowercase), None

    def _encode_hypotheses(
        self, lines: Sequence[str], prepared: PreparedEditReferences
    ) -> Segments:
        del prepared  # code points are their own ids
        return characters(lines, lowercase=self.options.lowercase)
