"""Scoring a corpus chunk by chunk: bounded memory, identical statistics.

Every metric's statistics are sums over segments (`parbleu.stats.Stats`), so a corpus can be
scored one chunk of segments at a time: the references of a chunk are prepared, its
hypotheses scored, and only the column sums (and, if asked, the rows) are kept. Memory is
bounded by the chunk size whatever the size of the corpus, and the totals, hence the scores,
are identical to scoring the whole corpus at once.

Each chunk is scored by the metric's `chunk_statistics` (BLEU counts both sides in one pass
there, since a chunk's references serve its hypotheses only); a metric whose statistics need
the whole corpus (NIST) refuses, through `check_chunkable`.

    >>> from parbleu import BLEU
    >>> result = chunked_statistics(BLEU(), ["the cat sat on the mat"], [["the cat sat on a mat"]])
    >>> result.n_segments, [int(x) for x in result.totals[:4]]
    (1, [6, 6, 5, 3])
    >>> round(BLEU().score_totals(result.totals).score, 2)
    53.73

`parbleu.scaling.files` reads the chunks from files; `parbleu.scaling.processes` spreads them
over processes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.arrays import FloatArray
from parbleu.engine.ranges import fixed_ranges
from parbleu.errors import InputError, LengthMismatchError
from parbleu.metrics.base import AnyMetric
from parbleu.options import check_int
from parbleu.references import check_hypotheses, plain_streams
from parbleu.stats import Stats

__all__ = [
    "DEFAULT_CHUNK_LINES",
    "StreamedStatistics",
    "Streams",
    "chunk_slices",
    "chunked_statistics",
    "empty_statistics",
    "score_chunk",
    "sentence_scores",
    "sum_chunks",
]

#: Segments per chunk: large enough that per-chunk costs vanish, small enough for the cache.
DEFAULT_CHUNK_LINES = 10_000

#: Reference streams of a chunk: K lists of lines (``None`` marks an absent reference).
Streams = Sequence[Sequence[str | None]]


@dataclass(frozen=True, eq=False)
class StreamedStatistics:
    """Statistics of a corpus scored chunk by chunk.

    ``totals`` are the column sums over every segment (what a corpus score needs: pass them
    to the metric's ``score_totals``); ``rows`` holds every segment's statistics, in order,
    when they were asked for.
    """

    columns: tuple[str, ...]
    totals: npt.NDArray[Any]
    n_segments: int
    rows: Stats | None = None

    @staticmethod
    def combine(parts: Sequence[StreamedStatistics]) -> StreamedStatistics:
        """Statistics of consecutive parts of one corpus, as one."""
        if not parts:
            raise InputError("no statistics to combine")
        columns = parts[0].columns
        if any(part.columns != columns for part in parts):
            raise InputError("cannot combine statistics with different columns")
        totals = np.sum([part.totals for part in parts], axis=0)
        rows = [part.rows for part in parts]
        kept = None
        if all(row is not None for row in rows):
            kept = Stats.concat([row for row in rows if row is not None])
        return StreamedStatistics(columns, totals, sum(p.n_segments for p in parts), kept)


def score_chunk(
    metric: AnyMetric, hypotheses: Sequence[str], references: Streams, *, rows: bool
) -> StreamedStatistics:
    """Statistics of one chunk (its references prepared for it alone)."""
    stats = metric.chunk_statistics(hypotheses, references)
    return StreamedStatistics(stats.columns, stats.total(), len(stats), stats if rows else None)


def empty_statistics(metric: AnyMetric, *, rows: bool) -> StreamedStatistics:
    """The statistics of an empty corpus."""
    columns = metric.columns
    kept = Stats(columns, np.zeros((0, len(columns)), dtype=np.int64)) if rows else None
    return StreamedStatistics(columns, np.zeros(len(columns), dtype=np.int64), 0, kept)


def sum_chunks(
    metric: AnyMetric, chunks: Iterable[tuple[Sequence[str], Streams]], *, rows: bool = False
) -> StreamedStatistics:
    """Score chunks one after another and combine their statistics."""
    metric.check_chunkable()
    parts = [score_chunk(metric, hyps, refs, rows=rows) for hyps, refs in chunks]
    return StreamedStatistics.combine(parts) if parts else empty_statistics(metric, rows=rows)


def chunk_slices(
    hypotheses: Sequence[str], references: Streams, chunk_lines: int
) -> Iterator[tuple[Sequence[str], Streams]]:
    """Consecutive chunks of `chunk_lines` segments of an in-memory corpus, checked first.

    Hypotheses and references are checked as every entry point checks them
    (`parbleu.references.plain_streams`) before the first chunk is made.

    Raises:
        OptionError: `chunk_lines` is not a positive integer.
        InputError: no reference streams, a stream without one line per hypothesis, or
            hypotheses and references of the wrong types or shapes.
    """
    check_int(chunk_lines, "chunk_lines", minimum=1)
    hypotheses = check_hypotheses(hypotheses)  # a string or a generator: a shape error first
    given = isinstance(references, Sequence) and not isinstance(references, (str, bytes))
    for number, stream in enumerate(references if given else ()):
        is_stream = isinstance(stream, Sequence) and not isinstance(stream, str)
        if is_stream and len(stream) != len(hypotheses):
            raise LengthMismatchError(
                f"reference stream {number} has {len(stream)} lines but there are "
                f"{len(hypotheses)} hypotheses"
            )
    lines, streams, _ = plain_streams(hypotheses, references)
    return (
        (lines[start:stop], [stream[start:stop] for stream in streams])
        for start, stop in fixed_ranges(len(lines), chunk_lines)
    )


def chunked_statistics(
    metric: AnyMetric,
    hypotheses: Sequence[str],
    references: Streams,
    *,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    rows: bool = False,
) -> StreamedStatistics:
    """Statistics of an in-memory corpus, computed `chunk_lines` segments at a time.

    Same totals as ``metric.statistics(hypotheses, ref_streams=references)``, with working
    memory bounded by the chunk size.

    Args:
        metric: the metric (its own prepared references, if any, are not used).
        hypotheses: N hypothesis lines.
        references: K reference streams of N lines each (``None`` for an absent reference).
        chunk_lines: segments per chunk.
        rows: also keep every segment's statistics.

    Raises:
        OptionError: `chunk_lines` is not a positive integer, or the metric cannot be
            scored chunk by chunk.
        LengthMismatchError: a reference stream does not have N lines.
    """
    metric.check_chunkable()
    return sum_chunks(metric, chunk_slices(hypotheses, references, chunk_lines), rows=rows)


def sentence_scores(
    metric: AnyMetric,
    hypotheses: Sequence[str],
    references: Streams,
    *,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
) -> FloatArray:
    """The score of every segment on its own, as an array, computed chunk by chunk.

    The same as ``metric.sentence_scores(hypotheses, ref_streams=references)``.

        >>> from parbleu import BLEU
        >>> scores = sentence_scores(BLEU(effective_order=True), ["a b c", "x"], [["a b c", "y"]])
        >>> [round(float(s), 2) for s in scores]
        [100.0, 0.0]
    """
    metric.check_chunkable()
    parts = [
        metric.chunk_statistics(hyps, refs).values
        for hyps, refs in chunk_slices(hypotheses, references, chunk_lines)
    ]
    return metric.scores(np.concatenate(parts) if parts else np.zeros((0, len(metric.columns))))
