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

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.errors import OptionError
from parbleu.metrics.base import Metric
from parbleu.metrics.ter.align import ReferenceWords, count_edits
from parbleu.metrics.ter.options import TerOptions
from parbleu.metrics.ter.result import TerScore
from parbleu.references import ReferenceSet
from parbleu.signature import Signature
from parbleu.stats import Stats
from parbleu.tokenizers.tercom import TercomTokenizer

__all__ = [
    "TER",
    "TER_COLUMNS",
    "PreparedTerReferences",
    "TerOptions",
    "TerScore",
    "best_edits",
    "sequential_total",
    "ter_scores",
]

FloatArray = npt.NDArray[np.float64]

#: Statistics columns, sacreBLEU's: fewest edits, average reference length.
TER_COLUMNS = ("num_edits", "ref_length")

#: Fewest segments per worker process that make starting processes worth it.
_SEGMENTS_PER_JOB = 200


@dataclass(frozen=True, eq=False)
class PreparedTerReferences:
    """References tokenized and indexed once, for any number of systems."""

    references: ReferenceSet
    segments: tuple[tuple[ReferenceWords, ...], ...]  # the present references of each segment
    ref_lengths: FloatArray  # average reference length of each segment

    @property
    def n_segments(self) -> int:
        """Number of segments."""
        return self.references.n_segments


def ter_scores(rows: npt.ArrayLike) -> FloatArray:
    """TER in percent of each row ``[num_edits, ref_length]`` of summed statistics.

    ``100 * edits / length``; without reference words 100 if there are edits, else 0.
    """
    values = np.atleast_2d(np.asarray(rows, dtype=np.float64))
    edits, lengths = values[:, 0], values[:, 1]
    rates = np.where(edits > 0, 1.0, 0.0)
    positive = lengths > 0
    rates[positive] = edits[positive] / lengths[positive]
    scores: FloatArray = 100 * rates
    return scores


def best_edits(
    hypotheses: Sequence[Sequence[str]], segments: Sequence[Sequence[ReferenceWords]]
) -> list[int]:
    """The fewest edits of each tokenized hypothesis over the references of its segment."""
    return [
        min(count_edits(words, ref) for ref in refs)
        for words, refs in zip(hypotheses, segments, strict=True)
    ]


def _resolve_jobs(n_jobs: int | None) -> int:
    if n_jobs is None or n_jobs == -1:
        return os.cpu_count() or 1
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int) or n_jobs < 1:
        raise OptionError(f"n_jobs must be a positive integer, -1 or None; got {n_jobs!r}")
    return n_jobs


class TER(Metric[TerScore, PreparedTerReferences]):
    """TER with fixed options, optionally with references prepared once.

    Args:
        references: reference streams (K sequences of N strings, sacreBLEU's shape; ``None``
            marks an absent reference); or give ``ref_streams=`` or ``segment_refs=``.
        normalized: apply tercom's normalization (punctuation, entities, hyphenation).
        no_punct: remove punctuation.
        asian_support: with ``normalized`` or ``no_punct``, treat CJK characters and
            punctuation as tercom does.
        case_sensitive: do not lowercase.
        n_jobs: worker processes for the edit search (``-1`` or ``None``: one per CPU).
            Results do not depend on it; small inputs always run in this process.
    """

    name = "TER"

    def __init__(
        self,
        references: Any = None,
        *,
        ref_streams: Any = None,
        segment_refs: Any = None,
        normalized: bool = False,
        no_punct: bool = False,
        asian_support: bool = False,
        case_sensitive: bool = False,
        n_jobs: int | None = 1,
    ) -> None:
        self.options = TerOptions.create(
            normalized=normalized,
            no_punct=no_punct,
            asian_support=asian_support,
            case_sensitive=case_sensitive,
        )
        self.n_jobs = _resolve_jobs(n_jobs)
        self.tokenizer = self._make_tokenizer(self.options)
        self._setup(references, ref_streams, segment_refs)

    @staticmethod
    def _make_tokenizer(options: TerOptions) -> TercomTokenizer:
        return TercomTokenizer(
            normalized=options.normalized,
            no_punct=options.no_punct,
            asian_support=options.asian_support,
            case_sensitive=options.case_sensitive,
        )

    @classmethod
    def from_options(
        cls, options: TerOptions, prepared: PreparedTerReferences | None = None, n_jobs: int = 1
    ) -> TER:
        """A TER metric for validated options (and references prepared with equal options)."""
        metric = cls.__new__(cls)
        metric.options = options
        metric.n_jobs = _resolve_jobs(n_jobs)
        metric.tokenizer = cls._make_tokenizer(options)
        metric.prepared = prepared
        return metric

    @property
    def columns(self) -> tuple[str, ...]:
        """``num_edits, ref_length`` (sacreBLEU's order)."""
        return TER_COLUMNS

    def prepare(self, references: ReferenceSet) -> PreparedTerReferences:
        """Tokenize and index references once; absent references are skipped."""
        cache: dict[str, ReferenceWords] = {}
        segments = []
        lengths = []
        for i in range(references.n_segments):
            refs = []
            for text in references.segment(i):
                if text not in cache:
                    cache[text] = ReferenceWords.from_words(self.tokenizer.reference_words(text))
                refs.append(cache[text])
            segments.append(tuple(refs))
            lengths.append(sum(len(ref) for ref in refs) / len(refs))
        return PreparedTerReferences(
            references, tuple(segments), np.array(lengths, dtype=np.float64)
        )

    def _statistics(self, lines: list[str], prepared: PreparedTerReferences) -> Stats:
        hypotheses = [self.tokenizer.words(line) for line in lines]
        jobs = min(self.n_jobs, len(lines) // _SEGMENTS_PER_JOB)
        if jobs > 1:
            edits = _parallel_edits(hypotheses, prepared.segments, jobs)
        else:
            edits = best_edits(hypotheses, prepared.segments)
        values = np.column_stack([np.array(edits, dtype=np.float64), prepared.ref_lengths])
        return Stats(TER_COLUMNS, values)

    def corpus_totals(self, stats: Stats) -> FloatArray:
        """Column sums in segment order, as sacreBLEU adds them (see `sequential_total`)."""
        return sequential_total(stats)

    def scores(self, rows: npt.ArrayLike) -> FloatArray:
        """TER of each row of summed statistics."""
        return ter_scores(rows)

    def score_totals(self, totals: npt.ArrayLike, signature: Signature | None = None) -> TerScore:
        """The score of one row of summed statistics."""
        row = np.asarray(totals, dtype=np.float64)
        return TerScore(
            score=float(ter_scores(row)[0]),
            num_edits=int(row[0]),
            ref_length=float(row[1]),
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


def _edits_chunk(
    chunk: tuple[list[list[str]], tuple[tuple[ReferenceWords, ...], ...]],
) -> list[int]:
    return best_edits(*chunk)


def _parallel_edits(
    hypotheses: list[list[str]], segments: Sequence[tuple[ReferenceWords, ...]], jobs: int
) -> list[int]:
    """`best_edits` over chunks of segments in `jobs` worker processes."""
    size = -(-len(hypotheses) // (4 * jobs))
    chunks = [
        (hypotheses[lo : lo + size], tuple(segments[lo : lo + size]))
        for lo in range(0, len(hypotheses), size)
    ]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        return [edits for part in pool.map(_edits_chunk, chunks) for edits in part]
