"""TER, translation edit rate (Snover et al., 2006), exactly as sacreBLEU 2.6.0 computes it.

TER is the number of edits (insertions, deletions, substitutions of words and shifts of word
blocks) that turn a hypothesis into a reference, divided by the reference length. With
several references a segment counts its fewest edits over the references and the average
length of its references (the paper, section 2); the corpus score is the sum of edits over
the sum of those lengths. The edits are found by tercom's greedy shift search, made move for
move as sacreBLEU makes it (`parbleu.metrics.ter.align`), so the statistics are identical.

Statistics per segment: ``num_edits`` (a whole number) and ``ref_length`` (the average
reference length), as floats. Edge cases as in sacreBLEU: a segment whose references are
empty counts every hypothesis word as an edit; a corpus with no reference words scores 100
if it needs any edit and 0 otherwise.

    >>> from parbleu.metrics.ter.metric import TER
    >>> ter = TER([["a b c d e f g h"]])
    >>> ter.corpus_score(["d e f g h a b c"]).score  # one shift of a block, 8 words
    12.5
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import BoolArray, FloatArray
from parbleu.engine.ranges import fixed_ranges
from parbleu.errors import InputError
from parbleu.metrics.base import Float32Scorer, Metric
from parbleu.metrics.ter.align import ReferenceWords
from parbleu.metrics.ter.formula import TER_LAYOUT, ter_float32, ter_scores
from parbleu.metrics.ter.lanes import count_edits_of_pairs
from parbleu.metrics.ter.options import TerOptions
from parbleu.metrics.ter.result import TerScore
from parbleu.metrics.ter.small import TerSmallPath
from parbleu.options import options_from
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Layout, Stats
from parbleu.tokenizers.tercom import TercomTokenizer
from parbleu.workers import map_in_processes, resolve_jobs

__all__ = ["TER", "PreparedTerReferences", "best_edits", "sequential_total"]

#: Fewest segments per worker process that make starting processes worth it.
_SEGMENTS_PER_JOB = 200
#: Hypotheses tokenized and aligned together in this process (memory: their words).
_TOKENIZED_AT_ONCE = 1024

#: Largest memory TER's alignment of one segment may need. The edit distance keeps two bits
#: per hypothesis word and reference word (Myers' columns), a reference index one bit per
#: distinct word and position: a 100,000-word segment against a 100,000-word reference needs
#: 2.5 GB, and tercom's search would take days on it (as in sacreBLEU).
TER_MEMORY_LIMIT = 4 << 30


def _check_size(what: str, segment: int, needed: int) -> None:
    if needed > TER_MEMORY_LIMIT:
        raise InputError(
            f"TER of {what} needs about {needed / 2**30:.1f} GiB for its "
            f"alignment (the limit is {TER_MEMORY_LIMIT / 2**30:.0f} GiB); TER is quadratic in "
            "the segment length, as in tercom and sacreBLEU: split such segments",
            line=segment + 1,
        )


@dataclass(frozen=True, eq=False)
class PreparedTerReferences:
    """References tokenized and indexed once, for any number of systems."""

    references: ReferenceSet
    segments: tuple[tuple[ReferenceWords, ...], ...]  # the present references of each segment
    ref_lengths: FloatArray  # average reference length of each segment
    longest: int  # the most words of any reference

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return self.references.n_segments


def best_edits(
    hypotheses: Sequence[Sequence[str]], segments: Sequence[Sequence[ReferenceWords]]
) -> list[int]:
    """The fewest edits of each tokenized hypothesis over the references of its segment."""
    pairs = [(words, ref) for words, refs in zip(hypotheses, segments, strict=True) for ref in refs]
    edits = iter(count_edits_of_pairs(pairs))
    return [min(islice(edits, len(refs))) for refs in segments]


def _best_edits_of(
    chunk: tuple[Sequence[Sequence[str]], Sequence[Sequence[ReferenceWords]]],
) -> list[int]:
    return best_edits(*chunk)


class TER(Metric[TerScore, PreparedTerReferences]):
    """TER with fixed options, optionally with references prepared once.

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape; ``None``
            marks an absent reference); or give ``ref_streams=`` or ``segment_refs=``.
        n_jobs: worker processes for the edit search (``-1`` or ``None``: one per CPU).
            Results do not depend on it; small inputs always run in this process.
        options: a `TerOptions` value; or give its fields as keywords (``normalized``,
            ``no_punct``, ``asian_support``, ``case_sensitive``), documented there.
    """

    name = "TER"

    #: Up to this many segments, references given to a call are indexed segment by segment
    #: (`parbleu.metrics.ter.small`) instead of being prepared for a corpus
    #: (``benchmarks/percall.py --crossover``: as fast or faster up to about 16 segments).
    small_input_limit = 16

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        n_jobs: int | None = 1,
        options: TerOptions | None = None,
        **settings: Any,
    ) -> None:
        self.options = options_from(TerOptions, options, settings, "TER")
        self.n_jobs = resolve_jobs(n_jobs, "n_jobs")
        self.tokenizer = TercomTokenizer(
            normalized=self.options.normalized,
            no_punct=self.options.no_punct,
            asian_support=self.options.asian_support,
            case_sensitive=self.options.case_sensitive,
        )
        self._setup(references, ref_streams, segment_refs)

    @property
    def layout(self) -> Layout:
        """``num_edits, ref_length`` (sacreBLEU's order)."""
        return TER_LAYOUT

    @property
    def higher_is_better(self) -> bool:
        """False: TER counts edits."""
        return False

    @property
    def sums_in_any_order(self) -> bool:
        """False: average reference lengths are floats, added in segment order."""
        return False

    def prepare(self, references: ReferenceSet) -> PreparedTerReferences:
        """Tokenize and index references once; absent references are skipped."""
        cache: dict[str, ReferenceWords] = {}
        segments = []
        lengths = []
        for i in range(references.n_segments):
            refs = []
            for text in references.segment(i):
                if text not in cache:
                    cache[text] = self._reference(text, i)
                refs.append(cache[text])
            segments.append(tuple(refs))
            lengths.append(sum(len(ref) for ref in refs) / len(refs))
        longest = max((len(ref.words) for ref in cache.values()), default=0)
        return PreparedTerReferences(
            references, tuple(segments), np.array(lengths, dtype=np.float64), longest
        )

    def _reference(self, text: str, segment: int) -> ReferenceWords:
        """One reference line of a segment, tokenized, checked for size and indexed."""
        words = self.tokenizer.reference_words(text)
        distinct = len(set(words))
        _check_size(f"a {len(words):,}-word reference", segment, distinct * len(words) // 8)
        return ReferenceWords.from_words(words)

    def _small_rows(self, lines: list[str], references: ReferenceSet) -> list[list[float]]:
        """The rows of ``_statistics`` for a few segments, without arrays."""
        longest = max(
            len(text) for index in range(len(lines)) for text in references.segment(index)
        )
        if max(map(len, lines)) * longest // 4 > TER_MEMORY_LIMIT:  # characters bound words
            rows: list[list[float]] = self._statistics(
                lines, self.prepare(references)
            ).values.tolist()
            return rows
        small = TerSmallPath(self.tokenizer.words, self._reference, best_edits, self.layout)
        return small.rows(lines, references)

    def _statistics(self, lines: list[str], prepared: PreparedTerReferences) -> Stats:
        jobs = min(self.n_jobs, len(lines) // _SEGMENTS_PER_JOB)
        if jobs > 1:
            hypotheses = self._hypotheses(lines, prepared, 0)
            size = -(-len(hypotheses) // (4 * jobs))
            chunks = [
                (hypotheses[start:stop], prepared.segments[start:stop])
                for start, stop in fixed_ranges(len(hypotheses), size)
            ]
            edits = [e for part in map_in_processes(_best_edits_of, chunks, jobs) for e in part]
        else:  # a block at a time: only one block's words are held
            edits = []
            for start, stop in fixed_ranges(len(lines), _TOKENIZED_AT_ONCE):
                hypotheses = self._hypotheses(lines[start:stop], prepared, start)
                edits += best_edits(hypotheses, prepared.segments[start:stop])
        values = self.layout.assemble(
            {"num_edits": np.array(edits, dtype=np.float64), "ref_length": prepared.ref_lengths},
            dtype=np.float64,
        )
        return Stats(self.columns, values)

    def _hypotheses(
        self, lines: Sequence[str], prepared: PreparedTerReferences, first: int
    ) -> list[list[str]]:
        """The words of hypotheses `lines` (segments `first` on), each checked for size."""
        hypotheses = [self.tokenizer.words(line) for line in lines]
        if max(map(len, hypotheses), default=0) * prepared.longest // 4 <= TER_MEMORY_LIMIT:
            return hypotheses  # no pair of these can exceed the limit
        for i, words in enumerate(hypotheses, first):
            longest = max((len(ref) for ref in prepared.segments[i]), default=0)
            what = f"a {len(words):,}-word hypothesis against a {longest:,}-word reference"
            _check_size(what, i, len(words) * longest // 4)
        return hypotheses

    def statistics_over_references(
        self, single: Sequence[Stats], present: BoolArray
    ) -> Stats | None:
        """Each segment's fewest edits over its present references, and their mean length.

        The rule of `best_edits` and `prepare`. None where a segment has no reference (its
        edits are its hypothesis length, which single-reference statistics do not hold).
        """
        if not single or not present.any(axis=1).all():
            return None
        edits = np.stack([stats.column("num_edits") for stats in single], axis=1)
        lengths = np.stack([stats.column("ref_length") for stats in single], axis=1)
        values = self.layout.assemble(
            {
                "num_edits": np.where(present, edits, np.inf).min(axis=1),
                "ref_length": np.where(present, lengths, 0.0).sum(axis=1) / present.sum(axis=1),
            },
            dtype=np.float64,
        )
        return Stats(self.columns, values)

    def corpus_totals(self, stats: Stats) -> FloatArray:
        """Column sums in segment order, as sacreBLEU adds them (see `sequential_total`)."""
        return sequential_total(stats)

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """TER of each row of summed statistics."""
        return ter_scores(rows, self.layout)

    def float32_scorer(self) -> Float32Scorer:
        """SacreBLEU's float32 bootstrap arithmetic."""
        layout = self.layout
        return lambda rows: ter_float32(rows, layout)

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> TerScore:
        """The score of one row of summed statistics."""
        values = totals if isinstance(totals, list) else np.asarray(totals).ravel().tolist()
        if len(values) != len(self.layout.columns):
            self._check_width(np.asarray(values))
        edits = float(values[self.layout.index("num_edits")])
        length = float(values[self.layout.index("ref_length")])
        # The formula of `ter_scores`, for one row.
        rate = edits / length if length > 0 else (1.0 if edits > 0 else 0.0)
        return TerScore(
            score=100 * rate,
            num_edits=int(edits),
            ref_length=length,
            signature=signature if signature is not None else self.signature(),
        )

    def signature_fields(self) -> list[tuple[str, str, str]]:
        """case, tok, norm, punct, asian (sacreBLEU's fields and values)."""
        return self.options.signature_fields()


def sequential_total(stats: Stats) -> FloatArray:
    """Column sums added one segment after another.

    Average reference lengths such as 12.333... make floating-point sums depend on their
    order; sacreBLEU adds segments in order, and so does this (numpy's `sum` adds pairwise).
    """
    if len(stats) == 0:
        return np.zeros(len(stats.columns))
    totals: FloatArray = np.cumsum(stats.values, axis=0, dtype=np.float64)[-1]
    return totals
