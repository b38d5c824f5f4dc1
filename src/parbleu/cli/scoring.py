"""What the ``parbleu`` command prints for its options: how inputs are read, then scored.

The command chooses how to read from what is asked:

* significance tests (``-ci``, ``-pbs``, ``-par``, ``--blocks``) and sentence scores
  (``-sl``) read every segment into memory;
* one system scored with metrics that add up chunk statistics (all but NIST) is streamed a
  chunk at a time (`parbleu.cli.streaming`): memory bounded by the chunk, ``-j`` processes
  reading their own parts of the files;
* otherwise (several systems, NIST) the references are prepared once per metric and the
  systems read, checked and scored one after another.

Every path reads, checks and scores the same segments, so their scores are identical.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from parbleu.cli.inputs import (
    Inputs,
    LineRules,
    Sources,
    read_inputs,
    stdin_columns,
    stdin_reader,
)
from parbleu.cli.languages import with_language_defaults
from parbleu.cli.options import Context, build_metrics
from parbleu.cli.parser import wants_significance
from parbleu.cli.progress import Progress
from parbleu.cli.render import corpus_lines, sentence_lines
from parbleu.cli.testsets.options import check_selection
from parbleu.errors import OptionError
from parbleu.io.formats import read_segments
from parbleu.io.lines import check_counts
from parbleu.workers import available_cores

if TYPE_CHECKING:
    from parbleu.io.reader import LineReader
    from parbleu.metrics.base import AnyMetric

__all__ = ["score"]

#: sacreBLEU warns about tokenized input when this many lines end in " .".
_TOKENIZED_LINES = 100

#: A system's name and how to read its lines.
_System = tuple[str, Callable[[], list[str]]]


@dataclass(frozen=True)
class _Command:
    """The options of one run, where warnings and progress go, and how many processes."""

    args: argparse.Namespace
    stderr: TextIO
    jobs: int
    labels: Sequence[str] | None
    progress: Progress

    def names(self, default: Sequence[str]) -> list[str]:
        """The systems' names: the labels given, else `default`."""
        return list(self.labels) if self.labels is not None else list(default)

    def warn_tokenized(self, tokenized_lines: int) -> None:
        """SacreBLEU's warning for a system with 100 or more lines ending in ' .'."""
        args = self.args
        tokenize = getattr(args, "tokenize", None)
        if args.force or args.quiet or "bleu" not in args.metrics or tokenize == "none":
            return
        if tokenized_lines >= _TOKENIZED_LINES:
            print(
                "parbleu: warning: 100 or more lines end in ' .': the output looks tokenized; "
                "BLEU expects detokenized text (use --force to silence this)",
                file=self.stderr,
            )

    def metrics(self, jobs: int | None = None) -> list[AnyMetric]:
        """The metrics of the options, without references (TER's processes: `jobs`)."""
        jobs = self.jobs if jobs is None else jobs
        context = Context(sentence_level=self.args.sentence_level, jobs=jobs)
        return build_metrics(self.args.metrics, self.args, context)

    def one_system(self, scores: Sequence[Any], fmt: str | None = None) -> list[str]:
        """One system's scores, ordered as sacreBLEU orders them: by metric name."""
        ordered = sorted(scores, key=lambda score: score.name.upper())
        args = self.args
        return corpus_lines(
            ordered,
            fmt=fmt or args.format,
            score_only=args.score_only,
            width=args.width,
            short=args.short,
        )

    def systems(self, names: Sequence[str], scores: Sequence[Sequence[Any]]) -> list[str]:
        """Several systems' scores: sacreBLEU's JSON or LaTeX, or parbleu's text table."""
        from parbleu.cli.formats import system_lines  # noqa: PLC0415

        args = self.args
        return system_lines(names, scores, fmt=args.format, width=args.width, short=args.short)


def score(
    args: argparse.Namespace,
    stdin: BinaryIO | None,
    stderr: TextIO,
    labels: Sequence[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    progress: Progress | None = None,
) -> list[str]:
    """The lines the command prints for these options and inputs.

    `labels` name the systems in the output instead of their files; `environ` is where
    sacreBLEU's variables are read (``$SACREBLEU``, the cache; ``$SACREBLEU_SEED``).
    """
    environ = environ if environ is not None else {}
    check_selection(args)
    if args.scores and not wants_significance(args):
        raise OptionError(
            "--scores (segment scores computed elsewhere) goes with -ci, -pbs, -par or --blocks"
        )
    args = with_language_defaults(args, environ, stderr)
    jobs = args.paired_jobs or available_cores()
    command = _Command(args, stderr, jobs, labels, progress or Progress.off())
    if args.sentence_level or wants_significance(args) or args.test_set or args.detail:
        inputs = read_inputs(args, stdin, environ, command.progress.step)
        return _in_memory(command, inputs, environ)
    sources = Sources.from_args(args)
    streamed = build_metrics(args.metrics, args, Context(jobs=1))
    chunkable = all(metric.chunk_refusal is None for metric in streamed)
    if sources.systems is None:
        reader = stdin_reader(stdin, args.encoding)
        first = reader.peek(1)
        if chunkable and first and "\t" not in first[0].rstrip():
            rules = LineRules(sources.ref_fields, sources.refs[0], system_on_stdin=True)
            return _streamed(command, sources, streamed, reader, rules)
        systems: Iterable[_System] = _stdin_systems(command, reader)
    elif chunkable and len(sources.systems) == 1:
        rules = LineRules(sources.ref_fields, sources.refs[0])
        return _streamed(command, sources, streamed, sources.systems[0], rules)
    else:
        paths = sources.systems
        if chunkable and _in_ranges(sources, streamed, args.encoding):
            return _ranged(command, sources, streamed)
        readers = [lambda path=path: read_segments(path, args.encoding) for path in paths]
        systems = zip(command.names(paths), readers, strict=True)
    command.progress.step("reading the references")
    refs = sources.read_references(args.encoding)
    return _prepared(command, sources.ref_names, refs, systems)


def _in_ranges(sources: Sources, metrics: Sequence[AnyMetric], encoding: str) -> bool:
    """Whether several systems can be read and scored a range of lines at a time.

    Their statistics must add up in any order (BLEU, chrF), and every file must be readable
    from any byte offset (`parbleu.scaling.byteranges.readable_in_ranges`); references as
    tab-separated fields (``-nr``) are read whole.
    """
    from parbleu.scaling.byteranges import readable_in_ranges  # noqa: PLC0415

    systems = sources.systems or ()
    return (
        len(systems) > 1
        and sources.ref_fields == 1
        and all(metric.sums_in_any_order for metric in metrics)
        and readable_in_ranges([*sources.refs, *systems], encoding)
    )


def _ranged(command: _Command, sources: Sources, metrics: list[AnyMetric]) -> list[str]:
    """Several systems, each range of lines read and scored in one of the processes."""
    from parbleu.cli.ranged import score_in_ranges  # noqa: PLC0415

    systems = sources.systems or ()
    names = command.names(systems)
    result = score_in_ranges(
        metrics,
        sources.refs,
        list(zip(names, systems, strict=True)),
        encoding=command.args.encoding,
        jobs=min(command.jobs, available_cores()),
        step=command.progress.step,
    )
    command.warn_tokenized(max(result.tokenized_lines))
    return command.systems(names, result.scores)


def _streamed(
    command: _Command,
    sources: Sources,
    metrics: list[AnyMetric],
    system: str | LineReader,
    rules: LineRules,
) -> list[str]:
    """One system, read a chunk at a time."""
    from parbleu.cli.streaming import stream_scores  # noqa: PLC0415

    name = system if isinstance(system, str) else system.path
    command.progress.step(f"scoring {name}, a chunk at a time")
    result = stream_scores(
        metrics,
        system,
        sources.refs,
        rules,
        n_streams=sources.n_streams,
        encoding=command.args.encoding,
        jobs=command.jobs,
    )
    command.warn_tokenized(result.tokenized_lines)
    return command.one_system(result.scores)


def _stdin_systems(command: _Command, reader: LineReader) -> Iterator[_System]:
    """Systems as the tab-separated columns of standard input, read when first asked for."""
    columns = stdin_columns(reader)
    names = command.names([f"System {i + 1}" for i in range(len(columns))])
    for name, lines in zip(names, columns, strict=True):
        yield name, _given(lines)


def _given(lines: list[str]) -> Callable[[], list[str]]:
    return lambda: lines


def _prepared(
    command: _Command,
    ref_names: Sequence[str],
    refs: list[list[str]],
    systems: Iterable[_System],
) -> list[str]:
    """References prepared once per metric; each system read, checked and scored.

    With several processes and several systems of less than a chunk each, the systems are
    shared among this process and forked children (`map_forked`), never more processes than
    cores: each prepares the references itself, all at the same time, which is quicker than
    preparing them once before forking. Larger systems are scored one after another, each
    spread over the processes.
    """
    from parbleu.scaling.chunks import DEFAULT_CHUNK_LINES  # noqa: PLC0415

    ref_counts = [(name, len(lines)) for name, lines in zip(ref_names, refs, strict=True)]
    check_counts(ref_counts)
    systems = list(systems)  # standard input's columns are read here, after the references
    workers = min(command.jobs, available_cores(), len(systems))
    forked = workers > 1 and len(refs[0]) <= DEFAULT_CHUNK_LINES
    jobs = 1 if forked else command.jobs
    metrics = command.metrics(jobs)
    command.progress.step("preparing the references")

    def scorers() -> list[Callable[[list[str]], Any]]:
        return [_scorer(metric, refs, jobs) for metric in metrics]

    def scored(
        corpus_scores: list[Callable[[list[str]], Any]],
        system: _System,
        step: Callable[[str], None],
    ) -> tuple[list[Any], int]:
        """A system's scores and its lines that end in ' .'."""
        name, read = system
        step(f"reading {name}")
        lines = read()
        check_counts([*ref_counts, (name, len(lines))])
        row = []
        for metric, corpus_score in zip(metrics, corpus_scores, strict=True):
            step(f"scoring {metric.name}, {name}")
            row.append(corpus_score(lines))
        return row, _tokenized_lines(lines)

    if forked:
        from parbleu.scaling.forks import map_forked  # noqa: PLC0415

        def worker() -> Callable[[_System], tuple[list[Any], int]]:
            corpus_scores = scorers()
            return lambda system: scored(corpus_scores, system, _silent)

        command.progress.step(f"scoring {len(systems)} systems in {workers} processes")
        results = map_forked(worker, systems, workers)
    else:
        corpus_scores = scorers()
        results = [scored(corpus_scores, system, command.progress.step) for system in systems]
    command.warn_tokenized(max(tokenized for _, tokenized in results))
    scores = [row for row, _ in results]
    if len(scores) == 1:
        return command.one_system(scores[0])
    return command.systems([name for name, _ in systems], scores)


def _silent(_: str) -> None:
    """Progress of work done in a child process: not shown."""


def _tokenized_lines(lines: Sequence[str]) -> int:
    return sum(line.endswith(" .") for line in lines)


def _scorer(metric: AnyMetric, refs: list[list[str]], jobs: int) -> Callable[[list[str]], Any]:
    """A metric's corpus score of a system's lines against `refs`.

    References are prepared once for all systems, unless the corpus is large enough for its
    chunks to be spread over `jobs` processes, where each chunk counts its own references.
    A metric that cannot be chunked (NIST) or whose sums depend on their order (TER, which
    spreads its own work over `jobs` processes) scores the corpus in one piece.
    """
    from parbleu.scaling.chunks import DEFAULT_CHUNK_LINES  # noqa: PLC0415

    spread = jobs > 1 and len(refs[0]) > DEFAULT_CHUNK_LINES
    if not spread or metric.chunk_refusal is not None or not metric.sums_in_any_order:
        return _prepared_metric(metric, refs).corpus_score
    from parbleu.scaling.processes import parallel_chunked_statistics  # noqa: PLC0415

    def corpus_score(lines: list[str]) -> Any:
        totals = parallel_chunked_statistics(metric, lines, refs, jobs=jobs).totals
        return metric.score_totals(totals, metric.signature(len(refs)))

    return corpus_score


def _prepared_metric(metric: AnyMetric, refs: list[list[str]]) -> AnyMetric:
    from parbleu.references import ReferenceSet  # noqa: PLC0415

    return metric.with_prepared(metric.prepare(ReferenceSet(tuple(map(tuple, refs)))))


def _in_memory(command: _Command, inputs: Inputs, environ: Mapping[str, str]) -> list[str]:
    """Significance tests, sentence scores and test sets: every segment in memory."""
    args = command.args
    names, systems = command.names(inputs.names), inputs.systems
    if not (args.sentence_level or wants_significance(args)):
        if args.detail and len(systems) == 1:
            return _detailed(command, inputs, environ)
        named = zip(names, map(_given, systems), strict=True)
        return _prepared(command, inputs.ref_names, inputs.refs, named)
    command.warn_tokenized(max(_tokenized_lines(lines) for lines in systems))
    metrics = [_prepared_metric(metric, inputs.refs) for metric in command.metrics()]
    if wants_significance(args):
        from parbleu.cli.significance import significance_lines  # noqa: PLC0415

        step = command.progress.step
        return significance_lines(args, metrics, names, systems, environ, progress=step)
    if len(systems) > 1:
        raise OptionError(f"sentence-level mode scores one system; got {len(systems)}")
    command.progress.step("scoring each segment")
    return sentence_lines(
        _sentence_scores(metrics, systems[0]),
        fmt=args.format,
        score_only=args.score_only,
        width=args.width,
        short=args.short,
    )


def _detailed(command: _Command, inputs: Inputs, environ: Mapping[str, str]) -> list[str]:
    """One system's scores, then sacreBLEU's breakdown (``-d``).

    The scores are printed as text whatever ``-f`` says, as sacreBLEU prints them.
    """
    from parbleu.cli.testsets.detail import detail_lines  # noqa: PLC0415
    from parbleu.cli.testsets.selection import cache_from  # noqa: PLC0415

    command.warn_tokenized(_tokenized_lines(inputs.systems[0]))
    metrics = [_prepared_metric(metric, inputs.refs) for metric in command.metrics()]
    scores = [metric.corpus_score(inputs.systems[0]) for metric in metrics]
    cache = cache_from(command.args.cache_dir, environ)
    detail = detail_lines(command.args, cache, metrics, inputs)
    return [*command.one_system(scores, fmt="text"), *detail]


def _sentence_scores(metrics: list[AnyMetric], lines: list[str]) -> list[tuple[Any, ...]]:
    """The scores of each segment, one per metric in the order given."""
    per_metric = []
    for metric in metrics:
        signature = metric.signature()
        rows = metric.statistics(lines).values
        per_metric.append([metric.score_totals(row, signature) for row in rows])
    return list(zip(*per_metric, strict=True))
