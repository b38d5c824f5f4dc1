"""Scoring with several processes: chunks of a corpus spread over workers, statistics summed.

Statistics are sums over segments, so workers score chunks independently and return their
column sums (and, if asked, their rows); the result is identical to scoring in one process.

Files go through the command line's pipeline (`parbleu.scaling.pipeline`): regular files in
an encoding that writes a newline as one byte (UTF-8, Latin-1, ...) are counted, checked to
have the same number of lines, and read in ranges by this process and its forks, which
inherit the open files; other files (``.gz``, pipes, UTF-16) are read here a chunk at a time
and sent to a pool, with at most two chunks per worker waiting, so memory stays bounded
either way. In-memory corpora are chunked and sent to a pool the same way.

    >>> from parbleu import BLEU
    >>> hypotheses = ["the cat sat on the mat", "a dog"]
    >>> references = [["the cat sat on a mat", "the dog"]]
    >>> result = parallel_chunked_statistics(BLEU(), hypotheses, references, jobs=2, chunk_lines=1)
    >>> result.n_segments, [int(x) for x in result.totals[:2]]
    (2, [8, 8])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import partial
from pathlib import Path

from parbleu.metrics.base import AnyMetric
from parbleu.options import check_int
from parbleu.scaling.chunks import (
    DEFAULT_CHUNK_LINES,
    StreamedStatistics,
    Streams,
    chunk_slices,
    chunked_statistics,
    empty_statistics,
    score_chunk,
)
from parbleu.scaling.files import files_statistics
from parbleu.scaling.pipeline import pooled_map

__all__ = ["parallel_chunked_statistics", "parallel_statistics"]


def parallel_chunked_statistics(
    metric: AnyMetric,
    hypotheses: Sequence[str],
    references: Streams,
    *,
    jobs: int,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    rows: bool = False,
) -> StreamedStatistics:
    """`parbleu.scaling.chunks.chunked_statistics` with up to `jobs` worker processes.

    The metric and the chunks are pickled to the workers; there are never more workers than
    chunks, so a small corpus is scored in this process.
    """
    check_int(jobs, "jobs", minimum=1)
    check_int(chunk_lines, "chunk_lines", minimum=1)
    metric.check_chunkable()
    chunks = chunk_slices(hypotheses, references, chunk_lines)  # checks the input first
    workers = min(jobs, -(-len(hypotheses) // chunk_lines))  # never more workers than chunks
    if workers <= 1:
        return chunked_statistics(
            metric, hypotheses, references, chunk_lines=chunk_lines, rows=rows
        )
    copies = ((list(hyps), [list(s) for s in refs]) for hyps, refs in chunks)
    return _pool_chunks(metric, copies, jobs=workers, rows=rows)


def parallel_statistics(
    metric: AnyMetric,
    hypotheses: str | Path,
    references: Sequence[str | Path],
    *,
    jobs: int,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    encoding: str = "utf-8",
    rows: bool = False,
) -> StreamedStatistics:
    """`parbleu.scaling.files.stream_statistics` with `jobs` processes.

    Regular files are read in ranges by this process and its forks, other files (``.gz``,
    pipes, UTF-16) a chunk at a time here and scored in a pool (`parbleu.scaling.pipeline`).

    Raises:
        InputError: no references, a missing or unreadable file, an unknown encoding.
        OptionError: `jobs` or `chunk_lines` not a positive integer, or a metric that cannot
            be scored chunk by chunk.
        LengthMismatchError: the files have different numbers of lines (checked before any
            scoring).
        EncodingError: invalid bytes (the message names file, line and byte offset).
    """
    check_int(jobs, "jobs", minimum=1)
    return files_statistics(
        metric,
        hypotheses,
        references,
        jobs=jobs,
        chunk_lines=chunk_lines,
        encoding=encoding,
        rows=rows,
    )


def _pool_chunks(
    metric: AnyMetric,
    chunks: Iterable[tuple[Sequence[str], Streams]],
    *,
    jobs: int,
    rows: bool,
) -> StreamedStatistics:
    """Score chunks in worker processes, keeping at most ``2 * jobs`` chunks in flight."""
    parts = pooled_map(partial(_score_chunk, metric, rows), chunks, jobs)
    return StreamedStatistics.combine(parts) if parts else empty_statistics(metric, rows=rows)


def _score_chunk(
    metric: AnyMetric, rows: bool, chunk: tuple[Sequence[str], Streams]
) -> StreamedStatistics:
    """Worker: one chunk's statistics."""
    hypotheses, references = chunk
    return score_chunk(metric, hypotheses, references, rows=rows)
