"""One system's corpus scores, its files read a chunk at a time: memory bounded by the chunk.

Every metric that can score a chunk on its own (all but NIST) adds up the statistics of
chunks of `DEFAULT_CHUNK_LINES` lines, each chunk's references counted with it, in one pass
over the files for all metrics. With ``jobs > 1`` the chunks go to worker processes: for
regular files each worker reads its own byte ranges (`parbleu.scaling.byteranges`), so the
parent holds no text; otherwise (standard input, ``.gz`` files, pipes, UTF-16) the parent
reads the chunks and keeps at most two per worker waiting. Integer statistics are summed
chunk by chunk; a metric whose sums depend on their order (TER) keeps its rows (two numbers a
segment) and adds them in segment order at the end, as its oracle does.

Inputs are checked as `parbleu.cli.inputs.read_inputs` checks them, with the same messages:
an empty input, a structured file, files of different lengths (each named with its count).
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parbleu.cli.inputs import HEAD_LINES, LineRules, check_file_head, check_head
from parbleu.io.lines import check_counts, length_error
from parbleu.io.reader import LineReader
from parbleu.metrics.base import AnyMetric
from parbleu.scaling.byteranges import (
    LineRange,
    count_line_ranges,
    read_line_range,
    readable_in_ranges,
)
from parbleu.scaling.chunks import DEFAULT_CHUNK_LINES, StreamedStatistics, score_chunk
from parbleu.workers import process_pool

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = ["Streamed", "stream_scores"]


@dataclass(frozen=True)
class _Tally:
    """What one chunk adds up to: each metric's statistics, and system lines ending in ' .'."""

    parts: tuple[StreamedStatistics, ...]
    tokenized: int


@dataclass(frozen=True)
class _Work:
    """How every chunk is read and scored (pickled to the workers)."""

    metrics: tuple[AnyMetric, ...]
    rules: LineRules
    encoding: str

    def tally(self, parts: Sequence[Sequence[str]], first_line: int) -> _Tally:
        """The statistics of a chunk's raw lines (system first) starting at `first_line`."""
        hypotheses, refs = self.rules.segments(parts, first_line)
        stats = tuple(
            score_chunk(metric, hypotheses, refs, rows=not metric.sums_in_any_order)
            for metric in self.metrics
        )
        return _Tally(stats, sum(line.endswith(" .") for line in hypotheses))


@dataclass(frozen=True)
class Streamed:
    """Corpus scores of one system (in the order of the metrics) and its tokenized lines."""

    scores: list[Any]
    tokenized_lines: int


def stream_scores(
    metrics: Sequence[AnyMetric],
    system: str | LineReader,
    references: Sequence[str],
    rules: LineRules,
    *,
    n_streams: int,
    encoding: str,
    jobs: int,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
) -> Streamed:
    """Corpus scores of one system against reference files.

    Args:
        metrics: chunkable metrics without references.
        system: the system's file, or a reader of standard input.
        references: the reference files (one, split by `rules`, for ``-nr``).
        rules: how raw lines become segments.
        n_streams: the number of reference streams, for the signatures.
        encoding: the encoding of every input.
        jobs: processes.
        chunk_lines: lines per chunk.

    Raises:
        InputError, EncodingError, LengthMismatchError: as `read_inputs`.
    """
    work = _Work(tuple(metrics), rules, encoding)
    if isinstance(system, str) and jobs > 1 and readable_in_ranges([system, *references], encoding):
        tallies = _ranged(work, [system, *references], jobs, chunk_lines)
    else:
        with ExitStack() as stack:  # references opened first, as `read_inputs` reads them
            refs = [stack.enter_context(LineReader(path, encoding)) for path in references]
            if not isinstance(system, LineReader):
                system = stack.enter_context(LineReader(system, encoding))
            tallies = _pooled(work, _read_chunks([system, *refs], chunk_lines), jobs)
    return Streamed(_scores(metrics, tallies, n_streams), sum(t.tokenized for t in tallies))


def _checked_order(names: Sequence[str]) -> list[int]:
    """Indices of the inputs in the order `read_inputs` checks them: references, system."""
    return [*range(1, len(names)), 0]


def _tally_range(task: tuple[_Work, list[str], LineRange]) -> _Tally:
    """Worker: read one range of lines of every file and score it."""
    work, paths, plan = task
    return work.tally(read_line_range(paths, plan, work.encoding), plan.first_line)


def _ranged(work: _Work, paths: list[str], jobs: int, chunk_lines: int) -> list[_Tally]:
    """Chunks read by the workers from byte ranges of regular files."""
    for index in _checked_order(paths):
        check_file_head(paths[index], work.encoding)
    counts, plans = count_line_ranges(paths, chunk_lines)
    if plans is None:
        raise length_error([(paths[i], counts[i]) for i in _checked_order(paths)])
    tasks = [(work, paths, plan) for plan in plans]
    if len(tasks) == 1:
        return [_tally_range(tasks[0])]
    with process_pool(min(jobs, len(tasks))) as pool:
        return list(pool.map(_tally_range, tasks))


def _read_chunks(
    readers: Sequence[LineReader], chunk_lines: int
) -> Iterator[tuple[list[list[str]], int]]:
    """Parallel chunks of every input with the number of their first line, checked."""
    names = [reader.path for reader in readers]
    for index in _checked_order(names):
        check_head(readers[index].peek(HEAD_LINES), names[index])
    first = 0
    while True:
        parts = [reader.take(chunk_lines) for reader in readers]
        if len({len(part) for part in parts}) > 1:
            counts = [reader.lines_read + reader.count_rest() for reader in readers]
            check_counts([(names[i], counts[i]) for i in _checked_order(names)])
        if not parts[0]:
            return
        yield parts, first
        first += len(parts[0])


def _pooled(work: _Work, chunks: Iterator[tuple[list[list[str]], int]], jobs: int) -> list[_Tally]:
    """Chunks read here, scored here (one job) or in workers, at most ``2 * jobs`` waiting."""
    ahead = list(itertools.islice(chunks, 2))
    every = itertools.chain(ahead, chunks)
    if jobs == 1 or len(ahead) < 2:  # one chunk: no worker is worth starting
        return [work.tally(*chunk) for chunk in every]
    tallies = []
    with process_pool(jobs) as pool:
        waiting: deque[Future[_Tally]] = deque()
        for chunk in every:
            if len(waiting) >= 2 * jobs:
                tallies.append(waiting.popleft().result())
            waiting.append(pool.submit(work.tally, *chunk))
        tallies.extend(future.result() for future in waiting)
    return tallies


def _scores(metrics: Sequence[AnyMetric], tallies: Sequence[_Tally], n_streams: int) -> list[Any]:
    """Each metric's corpus score from the chunks' statistics, summed as the metric sums."""
    scores = []
    for number, metric in enumerate(metrics):
        combined = StreamedStatistics.combine([tally.parts[number] for tally in tallies])
        if combined.rows is not None and not metric.sums_in_any_order:
            totals = metric.corpus_totals(combined.rows)
        else:
            totals = combined.totals
        scores.append(metric.score_totals(totals, metric.signature(n_streams)))
    return scores
