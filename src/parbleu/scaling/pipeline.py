"""The one pipeline from parallel files to statistics and scores: ranges, chunks and forks.

Systems are scored with several metrics against reference files, line by line:

* **ranges**: regular files (`byteranges.readable_in_ranges`) are opened once here
  (`parbleu.io.shared.SharedFiles`) and cut into ranges of lines; this process and the
  children it forks (`forks.map_forked`), which inherit the open files, each read their
  ranges of every file from byte offsets. A range of one system is scored by the metric's
  `chunk_statistics` (BLEU counts both sides in one pass there); the systems of a range of
  several share its references, prepared once per metric. One system's ranges are chunks
  (`DEFAULT_CHUNK_LINES`), several systems' ranges are also cut to give every process one.
* **chunks**: one system read from a stream (standard input, a ``.gz`` file, a pipe, UTF-16)
  is read here a chunk at a time and scored here, or in a pool of processes with at most two
  chunks per process waiting (`workers.process_pool`).
* **systems in memory** (`score_systems`): references prepared once per metric, systems read
  and scored one after another, or shared among forked processes when each is smaller than
  a chunk.

The values passed around are named tuples (immutable, and a hundred times quicker to
declare than frozen dataclasses, which the command's start-up would pay for). Only the sums
are kept, so memory is bounded by the range or chunk; a metric whose sums depend
on their order (TER) keeps its rows (two numbers a segment) and adds them in segment order at
the end, as its oracle does. Inputs are checked before anything is scored, in the order and
with the messages of reading them whole: the first lines of every file (`Heads`: empty, not
plain text), references first; then the numbers of lines (`parbleu.io.lines.check_counts`):
the references', then each system's against them.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from parbleu.errors import InputError
from parbleu.io.lines import check_counts, split_tab_fields
from parbleu.io.plain import HEAD_LINES, STDIN, check_head
from parbleu.io.reader import LineReader
from parbleu.io.shared import SharedFiles
from parbleu.metrics.base import AnyMetric
from parbleu.references import ReferenceSet
from parbleu.scaling.byteranges import (
    LineRange,
    count_line_ranges,
    read_line_range,
    readable_in_ranges,
)
from parbleu.scaling.chunks import (
    DEFAULT_CHUNK_LINES,
    StreamedStatistics,
    empty_statistics,
    score_chunk,
)
from parbleu.scaling.forks import map_forked
from parbleu.workers import process_pool

if TYPE_CHECKING:
    from concurrent.futures import Future

__all__ = [
    "FileStatistics",
    "Heads",
    "ParallelFiles",
    "SystemScores",
    "file_statistics",
    "pooled_map",
    "score_files",
    "score_systems",
    "streams_files",
    "tokenized_lines",
]


T = TypeVar("T")
R = TypeVar("R")


def _quiet(_: str) -> None:
    """Progress nobody is shown."""


class Heads(NamedTuple):
    """How the first lines of every file are checked (`parbleu.io.plain.check_head`)."""

    check_structure: bool = True
    advice: str | None = None


class ParallelFiles(NamedTuple):
    """Reference files and system files, parallel line by line, and how to read them.

    ``ref_fields > 1`` reads one reference file of that many tab-separated fields a line
    (sacreBLEU's ``-nr``). ``heads`` None checks no first lines (the library's streaming
    functions score an empty file as an empty corpus).
    """

    references: tuple[str, ...]
    systems: tuple[str, ...] = ()
    encoding: str = "utf-8"
    ref_fields: int = 1
    heads: Heads | None = None

    @property
    def n_streams(self) -> int:
        """The number of reference streams."""
        return self.ref_fields if self.ref_fields > 1 else len(self.references)


class FileStatistics(NamedTuple):
    """One system's statistics for each metric (in order), and its lines ending in ' .'."""

    parts: tuple[StreamedStatistics, ...]
    tokenized_lines: int


class SystemScores(NamedTuple):
    """One system's corpus score for each metric (in order), and its lines ending in ' .'.

    Lines ending in ``" ."`` are sacreBLEU's sign of tokenized text, which it warns about.
    """

    scores: tuple[Any, ...]
    tokenized_lines: int


class _Tally(NamedTuple):
    """Some lines of every system: statistics ``[system][metric]``, lines ending in ' .'."""

    parts: tuple[tuple[StreamedStatistics, ...], ...]
    tokenized: tuple[int, ...]


class _Work(NamedTuple):
    """How raw lines of every file become statistics (pickled to a pool's workers)."""

    metrics: tuple[AnyMetric, ...]
    n_refs: int  # reference files
    ref_fields: int
    ref_source: str
    rows: bool | None  # None: where the metric needs them
    stdin_system: bool = False  # the one system is standard input: one field per line

    def tally_chunk(self, chunk: tuple[Sequence[Sequence[str]], int]) -> _Tally:
        """`tally` of ``(raw lines, first line)``."""
        return self.tally(*chunk)

    def tally(self, parts: Sequence[Sequence[str]], first_line: int) -> _Tally:
        """The statistics of raw lines (references first) starting at line `first_line`."""
        refs, systems = self._segments(parts, first_line)
        if len(systems) == 1:
            stats = tuple(
                score_chunk(metric, systems[0], refs, rows=self.keeps_rows(metric))
                for metric in self.metrics
            )
            return _Tally((stats,), (tokenized_lines(systems[0]),))
        reference_set = ReferenceSet(tuple(map(tuple, refs)))
        prepared = [metric.with_prepared(metric.prepare(reference_set)) for metric in self.metrics]
        return _Tally(
            tuple(
                tuple(
                    _statistics(metric, lines, rows=self.keeps_rows(metric)) for metric in prepared
                )
                for lines in systems
            ),
            tuple(tokenized_lines(lines) for lines in systems),
        )

    def keeps_rows(self, metric: AnyMetric) -> bool:
        """Whether the segments' statistics of `metric` are kept (TER sums them in order)."""
        return self.rows if self.rows is not None else not metric.sums_in_any_order

    def _segments(
        self, parts: Sequence[Sequence[str]], first_line: int
    ) -> tuple[list[list[str]], list[list[str]]]:
        """Lines without trailing whitespace: reference streams (``-nr`` split), systems."""
        stripped = [[line.rstrip() for line in part] for part in parts]
        refs, systems = stripped[: self.n_refs], stripped[self.n_refs :]
        if self.stdin_system:
            _check_one_field(systems[0], first_line)
        if self.ref_fields > 1:
            refs = split_tab_fields(refs[0], self.ref_fields, self.ref_source, first_line)
        return refs, systems


def _check_one_field(lines: Sequence[str], first_line: int) -> None:
    for number, line in enumerate(lines, start=first_line + 1):
        if "\t" in line:
            raise InputError(
                f"{STDIN}: line {number} has {line.count(chr(9)) + 1} tab-separated fields, "
                "line 1 has 1"
            )


def tokenized_lines(lines: Sequence[str]) -> int:
    """Lines ending in ``" ."`` (counted without a Python call per line)."""
    return sum(map(str.endswith, lines, itertools.repeat(" .")))


def _statistics(metric: AnyMetric, lines: Sequence[str], *, rows: bool) -> StreamedStatistics:
    stats = metric.statistics(lines)
    return StreamedStatistics(stats.columns, stats.total(), len(stats), stats if rows else None)


def streams_files(metrics: Sequence[AnyMetric], files: ParallelFiles, *, stream: bool) -> bool:
    """Whether `file_statistics` can score these systems (else read them: `score_systems`).

    Every metric must score a part of the corpus alone (not NIST). Several systems also
    need metrics whose sums do not depend on their order (not TER) and files readable from
    any byte offset; `stream` says the one system comes from a stream.
    """
    if any(metric.chunk_refusal is not None for metric in metrics):
        return False
    if stream:
        return not files.systems
    if len(files.systems) <= 1:
        return bool(files.systems)
    return all(metric.sums_in_any_order for metric in metrics) and readable_in_ranges(
        [*files.references, *files.systems], files.encoding
    )


def file_statistics(
    metrics: Sequence[AnyMetric],
    files: ParallelFiles,
    *,
    jobs: int,
    stream: LineReader | None = None,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    rows: bool | None = None,
    step: Callable[[str], None] = _quiet,
) -> list[FileStatistics]:
    """Each system's statistics for every metric, read in ranges or chunks (see the module).

    Args:
        metrics: metrics without references, each able to score a chunk alone.
        files: the references and systems; none when `stream` holds the one system.
        jobs: processes, this one included.
        stream: the one system, read from standard input or another stream.
        chunk_lines: most lines in a chunk or range.
        rows: keep every segment's statistics (None: for the metrics whose sums depend on
            their order, TER, which `score_files` adds in segment order).
        step: told what is being done (progress), in this process only.

    Raises:
        InputError, EncodingError, LengthMismatchError: as reading the files whole does.
    """
    work = _Work(
        tuple(metrics),
        len(files.references),
        files.ref_fields,
        files.references[0],
        rows,
        stdin_system=stream is not None and stream.path == STDIN,
    )
    paths = [*files.references, *files.systems]
    several = len(files.systems) > 1
    if stream is None and (jobs > 1 or several) and readable_in_ranges(paths, files.encoding):
        tallies = _ranged(work, files, jobs=jobs, lines=chunk_lines, step=step)
    else:
        tallies = _streamed(work, files, stream, jobs=jobs, chunk_lines=chunk_lines)
    n_systems = max(1, len(files.systems))
    return [
        FileStatistics(
            tuple(
                StreamedStatistics.combine([t.parts[system][m] for t in tallies])
                if tallies
                else empty_statistics(metric, rows=work.keeps_rows(metric))
                for m, metric in enumerate(metrics)
            ),
            sum(t.tokenized[system] for t in tallies),
        )
        for system in range(n_systems)
    ]


def score_files(
    metrics: Sequence[AnyMetric],
    files: ParallelFiles,
    *,
    jobs: int,
    stream: LineReader | None = None,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    step: Callable[[str], None] | None = None,
) -> list[SystemScores]:
    """Each system's corpus scores: `file_statistics` summed as each metric sums a corpus."""
    found = file_statistics(
        metrics, files, jobs=jobs, stream=stream, chunk_lines=chunk_lines, step=step or _quiet
    )
    return [
        SystemScores(
            tuple(
                _corpus_score(metric, part, files.n_streams)
                for metric, part in zip(metrics, system.parts, strict=True)
            ),
            system.tokenized_lines,
        )
        for system in found
    ]


def _corpus_score(metric: AnyMetric, statistics: StreamedStatistics, n_streams: int) -> Any:
    totals = statistics.totals
    if statistics.rows is not None and not metric.sums_in_any_order:
        totals = metric.corpus_totals(statistics.rows)
    return metric.score_totals(totals, metric.signature(n_streams))


def _check_heads(readers: Sequence[LineReader], heads: Heads | None) -> None:
    """Every input's first lines, in the order given (references first)."""
    if heads is None:
        return
    for reader in readers:
        check_head(
            reader.peek(HEAD_LINES),
            reader.path,
            check_structure=heads.check_structure,
            advice=heads.advice,
        )


def _check_counts(files: ParallelFiles, counts: Sequence[int]) -> None:
    """The references' numbers of lines, then each system's against theirs."""
    n_refs = len(files.references)
    ref_counts = list(zip(files.references, counts[:n_refs], strict=True))
    check_counts(ref_counts)
    for name, count in zip(files.systems, counts[n_refs:], strict=True):
        check_counts([*ref_counts, (name, count)])


def _ranged(
    work: _Work, files: ParallelFiles, *, jobs: int, lines: int, step: Callable[[str], None]
) -> list[_Tally]:
    """Ranges read by this process and its forks from the files, opened once here."""
    paths = [*files.references, *files.systems]
    n_refs, n_systems = len(files.references), len(files.systems)
    with SharedFiles(paths) as shared:
        step("reading the references")
        _check_heads([shared.reader(i, files.encoding) for i in range(n_refs)], files.heads)
        step("reading the systems")
        readers = [shared.reader(i, files.encoding) for i in range(n_refs, len(paths))]
        _check_heads(readers, files.heads)
        if len(files.systems) > 1:  # at least one range per process
            lines = max(1, min(lines, -(-shared.count_lines(0) // max(jobs, 1))))
        counts, plans = count_line_ranges(shared, lines)
        _check_counts(files, counts)
        workers = min(jobs, len(plans or ()))
        if workers > 1:
            step(f"scoring {n_systems} systems in {workers} processes")

        def tally(plan: LineRange) -> _Tally:
            if workers <= 1:
                first, last = plan.first_line + 1, plan.first_line + plan.lines
                step(f"scoring {n_systems} systems, lines {first}-{last} of {counts[0]}")
            return work.tally(read_line_range(shared, plan, files.encoding), plan.first_line)

        return map_forked(lambda: tally, plans or [], workers)


def _streamed(
    work: _Work,
    files: ParallelFiles,
    stream: LineReader | None,
    *,
    jobs: int,
    chunk_lines: int,
) -> list[_Tally]:
    """Every file (or the stream) read here a chunk at a time, references opened first."""
    with ExitStack() as stack:
        paths = [*files.references, *files.systems]
        readers = [stack.enter_context(LineReader(path, files.encoding)) for path in paths]
        if stream is not None:
            readers.append(stream)
        _check_heads(readers, files.heads)
        return _pooled(work, _read_chunks(readers, chunk_lines), jobs)


def _read_chunks(
    readers: Sequence[LineReader], chunk_lines: int
) -> Iterator[tuple[list[list[str]], int]]:
    """Parallel chunks of every input with the number of their first line, counts checked."""
    first = 0
    while True:
        parts = [reader.take(chunk_lines) for reader in readers]
        if len({len(part) for part in parts}) > 1:
            counts = [reader.lines_read + reader.count_rest() for reader in readers]
            check_counts(
                [(reader.path, count) for reader, count in zip(readers, counts, strict=True)]
            )
        if not parts[0]:
            return
        yield parts, first
        first += len(parts[0])


def _pooled(work: _Work, chunks: Iterator[tuple[list[list[str]], int]], jobs: int) -> list[_Tally]:
    """Chunks scored here (one job, or one chunk) or in workers (`pooled_map`)."""
    return pooled_map(work.tally_chunk, chunks, jobs)


def pooled_map(function: Callable[[T], R], items: Iterable[T], jobs: int) -> list[R]:
    """``[function(item) for item in items]`` in a pool of `jobs` processes, items made lazily.

    At most ``2 * jobs`` items wait in the pool, so items read as they are needed (chunks
    of a file) stay bounded in memory. With one job, or fewer than two items, no worker is
    started. `function` and the items are pickled to the workers.
    """
    iterator = iter(items)
    ahead = list(itertools.islice(iterator, 2))
    every = itertools.chain(ahead, iterator)
    if jobs == 1 or len(ahead) < 2:  # one item: no worker is worth starting
        return [function(item) for item in every]
    results = []
    with process_pool(jobs) as pool:
        waiting: deque[Future[R]] = deque()
        for item in every:
            if len(waiting) >= 2 * jobs:
                results.append(waiting.popleft().result())
            waiting.append(pool.submit(function, item))
        results.extend(future.result() for future in waiting)
    return results


#: A system's name and how to read its lines.
System = tuple[str, Callable[[], list[str]]]


def score_systems(
    build: Callable[[int], Sequence[AnyMetric]],
    ref_names: Sequence[str],
    references: Sequence[Sequence[str | None]],
    systems: Sequence[System],
    *,
    jobs: int,
    cores: int,
    step: Callable[[str], None] = _quiet,
) -> list[SystemScores]:
    """References in memory, prepared once per metric; each system read, checked and scored.

    `build(jobs)` makes the metrics, each allowed `jobs` processes of its own (TER). With
    several processes and several systems of at most a chunk each, the systems are shared
    among this process and forked children (`map_forked`), never more processes than
    `cores`: each prepares the references itself, all at the same time, which is quicker
    than preparing them once before forking; unless a metric's prepared references keep
    work that later systems reuse (`systems_share_prepared_work`: METEOR), where they are
    scored in this process (the metrics keep the one process each they were built with).
    Larger systems are scored one after another, each spread over the processes.
    """
    ref_counts = [(name, len(lines)) for name, lines in zip(ref_names, references, strict=True)]
    check_counts(ref_counts)
    workers = min(jobs, cores, len(systems))
    forked = workers > 1 and len(references[0]) <= DEFAULT_CHUNK_LINES
    metric_jobs = 1 if forked else jobs
    metrics = build(metric_jobs)
    if forked and any(metric.systems_share_prepared_work for metric in metrics):
        forked = False  # one process: the systems reuse what the references keep
    n_streams = len(references)
    step("preparing the references")

    def scored(
        scorers: Sequence[Callable[[list[str]], Any]],
        system: System,
        tell: Callable[[str], None],
    ) -> SystemScores:
        name, read = system
        tell(f"reading {name}")
        lines = read()
        check_counts([*ref_counts, (name, len(lines))])
        row = []
        for metric, corpus_score in zip(metrics, scorers, strict=True):
            tell(f"scoring {metric.name}, {name}")
            row.append(corpus_score(lines))
        return SystemScores(tuple(row), tokenized_lines(lines))

    def scorers() -> list[Callable[[list[str]], Any]]:
        return [_scorer(metric, references, metric_jobs, n_streams) for metric in metrics]

    if not forked:
        made = scorers()
        return [scored(made, system, step) for system in systems]

    def worker() -> Callable[[System], SystemScores]:
        made = scorers()
        return lambda system: scored(made, system, _quiet)

    step(f"scoring {len(systems)} systems in {workers} processes")
    return map_forked(worker, systems, workers)


def _scorer(
    metric: AnyMetric, references: Sequence[Sequence[str | None]], jobs: int, n_streams: int
) -> Callable[[list[str]], Any]:
    """A metric's corpus score of a system's lines against `references`.

    References are prepared once for all systems, unless the corpus is large enough for its
    chunks to be spread over `jobs` processes, where each chunk counts its own references.
    A metric that cannot be chunked (NIST) or whose sums depend on their order (TER, which
    spreads its own work over `jobs` processes) scores the corpus in one piece.
    """
    spread = jobs > 1 and len(references[0]) > DEFAULT_CHUNK_LINES
    if not spread or metric.chunk_refusal is not None or not metric.sums_in_any_order:
        prepared = metric.with_prepared(metric.prepare(ReferenceSet(tuple(map(tuple, references)))))
        return prepared.corpus_score
    from parbleu.scaling.processes import parallel_chunked_statistics  # noqa: PLC0415

    def corpus_score(lines: list[str]) -> Any:
        totals = parallel_chunked_statistics(metric, lines, references, jobs=jobs).totals
        return metric.score_totals(totals, metric.signature(n_streams))

    return corpus_score
