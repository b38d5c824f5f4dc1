"""Scoring with several processes: chunks of a corpus spread over workers, statistics summed.

Statistics are sums over segments, so workers score chunks independently and return their
column sums (and, if asked, their rows); the result is identical to scoring in one process.

For regular files in an encoding that writes a newline as one byte (UTF-8, Latin-1, ...) the
parent only counts lines: it finds where every chunk starts in each file (checking first
that all files have the same number of lines) and each worker reads and decodes its own byte
ranges, so the parent never holds the text. Otherwise (``.gz`` files, pipes, UTF-16) the parent
reads the chunks and sends them to the workers, with at most two chunks per worker waiting,
so memory stays bounded either way.

    >>> from parbleu import BLEU
    >>> hypotheses = ["the cat sat on the mat", "a dog"]
    >>> references = [["the cat sat on a mat", "the dog"]]
    >>> result = parallel_chunked_statistics(BLEU(), hypotheses, references, jobs=2, chunk_lines=1)
    >>> result.n_segments, [int(x) for x in result.totals[:2]]
    (2, [8, 8])
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from concurrent.futures import Future
from pathlib import Path

from parbleu.metrics.base import AnyMetric
from parbleu.options import check_int
from parbleu.scaling.byteranges import (
    LineRange,
    plan_line_ranges,
    read_line_range,
    readable_in_ranges,
)
from parbleu.scaling.chunks import (
    DEFAULT_CHUNK_LINES,
    StreamedStatistics,
    Streams,
    chunk_slices,
    chunked_statistics,
    empty_statistics,
    score_chunk,
)
from parbleu.scaling.files import check_reference_files, read_chunks, stream_statistics
from parbleu.workers import process_pool

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
    """`parbleu.scaling.files.stream_statistics` with `jobs` worker processes.

    Raises:
        InputError: no references, a missing or unreadable file, an unknown encoding.
        OptionError: `jobs` or `chunk_lines` not a positive integer, or a metric that cannot
            be scored chunk by chunk.
        LengthMismatchError: the files have different numbers of lines (checked before any
            scoring).
        EncodingError: invalid bytes (the message names file, line and byte offset).
    """
    check_int(jobs, "jobs", minimum=1)
    metric.check_chunkable()
    check_int(chunk_lines, "chunk_lines", minimum=1)
    paths = [hypotheses, *check_reference_files(references)]
    if jobs == 1:
        return stream_statistics(
            metric, hypotheses, references, chunk_lines=chunk_lines, encoding=encoding, rows=rows
        )
    if not readable_in_ranges(paths, encoding):
        chunks = read_chunks(paths, chunk_lines=chunk_lines, encoding=encoding)
        return _pool_chunks(metric, ((p[0], p[1:]) for p in chunks), jobs=jobs, rows=rows)
    plans = plan_line_ranges(paths, chunk_lines)
    if not plans:
        return empty_statistics(metric, rows=rows)
    tasks = [(metric, paths, plan, encoding, rows) for plan in plans]
    with process_pool(min(jobs, len(tasks))) as pool:
        parts = list(pool.map(_score_ranges, tasks))
    return StreamedStatistics.combine(parts)


def _pool_chunks(
    metric: AnyMetric,
    chunks: Iterable[tuple[Sequence[str], Streams]],
    *,
    jobs: int,
    rows: bool,
) -> StreamedStatistics:
    """Score chunks in worker processes, keeping at most ``2 * jobs`` chunks in flight."""
    parts: list[StreamedStatistics] = []
    with process_pool(jobs) as pool:
        waiting: deque[Future[StreamedStatistics]] = deque()
        for hyps, refs in chunks:
            if len(waiting) >= 2 * jobs:
                parts.append(waiting.popleft().result())
            waiting.append(pool.submit(score_chunk, metric, hyps, refs, rows=rows))
        parts.extend(future.result() for future in waiting)
    return StreamedStatistics.combine(parts) if parts else empty_statistics(metric, rows=rows)


def _score_ranges(
    task: tuple[AnyMetric, list[str | Path], LineRange, str, bool],
) -> StreamedStatistics:
    """Worker: read one range of lines of every file and score it."""
    metric, paths, plan, encoding, rows = task
    parts = read_line_range(paths, plan, encoding)
    return score_chunk(metric, parts[0], parts[1:], rows=rows)
