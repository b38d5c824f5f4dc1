"""What the ``parbleu`` command prints for a `ScoreRequest`: inputs read, then scored.

The command chooses how to read from what is asked:

* significance tests (``-ci``, ``-pbs``, ``-par``, ``--blocks``), sentence scores (``-sl``)
  and test sets (``-t``, ``--test-set-file``) read every segment into memory
  (`parbleu.cli.inputs.read_inputs`);
* files that every metric can score a part at a time go through the streaming pipeline of
  `parbleu.scaling.pipeline`: one system a chunk at a time, several systems in ranges of
  lines read by forked processes; memory bounded by the chunk or range;
* otherwise (NIST; TER with several systems; several systems from ``.gz`` files or
  standard input) the references are prepared once per metric and the systems read,
  checked and scored one after another (`parbleu.scaling.pipeline.score_systems`).

Every path reads, checks and scores the same segments, so their scores are identical.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO, TextIO

from parbleu.cli.inputs import (
    Inputs,
    check_sources,
    read_inputs,
    sources,
    stdin_reader,
    system_readers,
)
from parbleu.cli.languages import with_language_defaults
from parbleu.cli.options import Context, build_metrics
from parbleu.cli.progress import Progress
from parbleu.cli.render import corpus_lines, sentence_lines
from parbleu.cli.requests import MetricRequest, ScoreRequest
from parbleu.errors import OptionError
from parbleu.workers import available_cores

if TYPE_CHECKING:
    from parbleu.io.reader import LineReader
    from parbleu.metrics.base import AnyMetric
    from parbleu.scaling.pipeline import ParallelFiles, SystemScores

__all__ = ["score"]

#: sacreBLEU warns about tokenized input when this many lines end in " .".
_TOKENIZED_LINES = 100


@dataclass(frozen=True)
class _Command:
    """The request of one run, its metric options, where warnings and progress go."""

    request: ScoreRequest
    metric_request: MetricRequest  # with the language's defaults
    stderr: TextIO
    jobs: int
    labels: Sequence[str] | None
    progress: Progress

    def names(self, default: Sequence[str]) -> list[str]:
        """The systems' names: the labels given, else `default`."""
        return list(self.labels) if self.labels is not None else list(default)

    def warn_tokenized(self, tokenized_lines: int) -> None:
        """SacreBLEU's warning for a system with 100 or more lines ending in ' .'."""
        metrics = self.metric_request
        quiet = self.request.inputs.force or self.request.output.quiet
        if quiet or "bleu" not in metrics.names or metrics.settings.get("tokenize") == "none":
            return
        if tokenized_lines >= _TOKENIZED_LINES:
            print(
                "parbleu: warning: 100 or more lines end in ' .': the output looks tokenized; "
                "BLEU expects detokenized text (use --force to silence this)",
                file=self.stderr,
            )

    def metrics(self, jobs: int | None = None) -> list[AnyMetric]:
        """The metrics of the request, without references (TER's processes: `jobs`)."""
        jobs = self.jobs if jobs is None else jobs
        request = self.metric_request
        context = Context(sentence_level=request.sentence_level, jobs=jobs)
        return build_metrics(request.names, request.settings, context, several=True)

    def one_system(self, scores: Sequence[Any], fmt: str | None = None) -> list[str]:
        """One system's scores, ordered as sacreBLEU orders them: by metric name."""
        ordered = sorted(scores, key=lambda score: score.name.upper())
        output = self.request.output
        return corpus_lines(
            ordered,
            fmt=fmt or output.format,
            score_only=output.score_only,
            width=output.width,
            short=output.short,
        )

    def lines(self, names: Sequence[str], results: Sequence[SystemScores]) -> list[str]:
        """The output for every system: one system's lines, or sacreBLEU's table of several."""
        self.warn_tokenized(max(result.tokenized_lines for result in results))
        if len(results) == 1:
            return self.one_system(results[0].scores)
        from parbleu.cli.formats import system_lines  # noqa: PLC0415

        output = self.request.output
        scores = [result.scores for result in results]
        return system_lines(
            self.names(names), scores, fmt=output.format, width=output.width, short=output.short
        )


def score(
    request: ScoreRequest,
    stdin: BinaryIO | None,
    stderr: TextIO,
    labels: Sequence[str] | None = None,
    *,
    progress: Progress | None = None,
) -> list[str]:
    """The lines the command prints for this request.

    `labels` name the systems in the output instead of their files.
    """
    inputs, tests = request.inputs, request.significance
    check_sources(inputs)
    _check_sentence_output(request)
    if tests.scores and not tests.wanted:
        raise OptionError(
            "--scores (segment scores computed elsewhere) goes with -ci, -pbs, -par or --blocks"
        )
    if request.output.paper_table or request.output.format in ("markdown", "csv"):
        from parbleu.cli.significance.paper_table import check_paper_table  # noqa: PLC0415

        check_paper_table(request)
    metrics = with_language_defaults(request.metrics, inputs, stderr, quiet=request.output.quiet)
    jobs = request.jobs or available_cores()
    command = _Command(request, metrics, stderr, jobs, labels, progress or Progress.off())
    in_memory = metrics.sentence_level or tests.wanted or inputs.test_set_file is not None
    if in_memory or inputs.test_set.test_set or inputs.test_set.detail:
        return _in_memory(command, read_inputs(inputs, stdin, command.progress.step, stderr))
    from parbleu.scaling.pipeline import streams_files  # noqa: PLC0415 (after parsing)

    files = sources(inputs)
    parallel = files.parallel_files()
    streamed = command.metrics(jobs=1)
    reader = None
    if files.systems is None:
        reader = stdin_reader(stdin, inputs.encoding)
        first = reader.peek(1)
        one_column = bool(first) and "\t" not in first[0].rstrip()
        if one_column and streams_files(streamed, parallel, stream=True):
            return _streamed(command, parallel, streamed, reader)
    elif streams_files(streamed, parallel, stream=False):
        return _streamed(command, parallel, streamed, None)
    command.progress.step("reading the references")
    refs = files.read_references()
    readers = system_readers(files, reader)
    return _prepared(command, files.ref_names, refs, readers, built=streamed)


def _check_sentence_output(request: ScoreRequest) -> None:
    """``-f csv`` only for segment scores (``-sl``) or the paper table; sorting only for -sl."""
    if request.metrics.sentence_level and not request.significance.wanted:
        return
    if request.output.format == "csv" and not request.output.paper_table:
        raise OptionError(
            "-f csv prints segment scores: use it with -sl (without -ci/-pbs/-par), "
            "or with --paper-table"
        )
    if request.output.sort_by_difference:
        raise OptionError("--sort-by-difference orders segment scores: use it with -sl")


def _streamed(
    command: _Command,
    files: ParallelFiles,
    metrics: list[AnyMetric],
    reader: LineReader | None,
) -> list[str]:
    """Systems read a chunk or a range at a time (`parbleu.scaling.pipeline.score_files`)."""
    from parbleu.scaling.pipeline import score_files  # noqa: PLC0415

    several = len(files.systems) > 1
    if not several:
        name = reader.path if reader is not None else files.systems[0]
        command.progress.step(f"scoring {name}, a chunk at a time")
    jobs = min(command.jobs, available_cores()) if several else command.jobs
    step = command.progress.step if several else None
    results = score_files(metrics, files, jobs=jobs, stream=reader, step=step)
    return command.lines(files.systems, results)


def _prepared(
    command: _Command,
    ref_names: Sequence[str],
    refs: Sequence[Sequence[str | None]],
    systems: Sequence[tuple[str, Callable[[], list[str]]]],
    *,
    built: list[AnyMetric] | None = None,
) -> list[str]:
    """References prepared once per metric; each system read, checked and scored.

    `built`: the metrics already made with one process each (for the streaming check), used
    again when one process each is what the systems need: building METEOR reads WordNet.
    """
    from parbleu.scaling.pipeline import score_systems  # noqa: PLC0415

    def build(jobs: int) -> list[AnyMetric]:
        return built if built is not None and jobs == 1 else command.metrics(jobs)

    results = score_systems(
        build,
        ref_names,
        refs,
        systems,
        jobs=command.jobs,
        cores=available_cores(),
        step=command.progress.step,
    )
    return command.lines([name for name, _ in systems], results)


def _given(lines: list[str]) -> Callable[[], list[str]]:
    return lambda: lines


def _prepared_metric(metric: AnyMetric, refs: Sequence[Sequence[str | None]]) -> AnyMetric:
    from parbleu.references import ReferenceSet  # noqa: PLC0415

    return metric.with_prepared(metric.prepare(ReferenceSet(tuple(map(tuple, refs)))))


def _in_memory(command: _Command, inputs: Inputs) -> list[str]:
    """Significance tests, sentence scores and test sets: every segment in memory."""
    request = command.request
    names, systems = command.names(inputs.names), inputs.systems
    if not (command.metric_request.sentence_level or request.significance.wanted):
        if request.inputs.test_set.detail and len(systems) == 1:
            return _detailed(command, inputs)
        named = list(zip(names, map(_given, systems), strict=True))
        return _prepared(command, inputs.ref_names, inputs.refs, named)
    from parbleu.scaling.pipeline import tokenized_lines  # noqa: PLC0415

    command.warn_tokenized(max(map(tokenized_lines, systems)))
    metrics = [_prepared_metric(metric, inputs.refs) for metric in command.metrics()]
    if request.significance.wanted:
        from parbleu.cli.significance import significance_lines  # noqa: PLC0415

        step = command.progress.step
        return significance_lines(request, metrics, names, systems, progress=step)
    command.progress.step("scoring each segment")
    output = request.output
    if len(systems) > 1 or output.format == "csv" or output.sort_by_difference:
        from parbleu.cli.side_by_side import SideBySide, side_by_side_lines  # noqa: PLC0415

        scores = [_sentence_scores(metrics, lines) for lines in systems]
        directions = [metric.higher_is_better for metric in metrics]
        return side_by_side_lines(SideBySide(names, scores, directions), output)
    return sentence_lines(
        _sentence_scores(metrics, systems[0]),
        fmt=output.format,
        score_only=output.score_only,
        width=output.width,
        short=output.short,
    )


def _detailed(command: _Command, inputs: Inputs) -> list[str]:
    """One system's scores, then sacreBLEU's breakdown (``-d``).

    The scores are printed as text whatever ``-f`` says, as sacreBLEU prints them. A local
    test-set file is broken down by its own original languages and domains.
    """
    from parbleu.cli.testsets.detail import breakdown_lines, detail_lines  # noqa: PLC0415
    from parbleu.scaling.pipeline import tokenized_lines  # noqa: PLC0415

    command.warn_tokenized(tokenized_lines(inputs.systems[0]))
    metrics = [_prepared_metric(metric, inputs.refs) for metric in command.metrics()]
    scores = [metric.corpus_score(inputs.systems[0]) for metric in metrics]
    test_set = command.request.inputs.test_set
    if command.request.inputs.test_set_file is not None:
        origlang = inputs.origlang if inputs.origlang and None not in inputs.origlang else None
        languages: list[str] = [str(value) for value in origlang] if origlang else []
        domain = (inputs.domain or [None] * len(languages)) if languages else []
        detail = breakdown_lines(test_set, languages, domain, metrics, inputs)
    else:
        from parbleu.cli.testsets.context import test_set_context  # noqa: PLC0415

        context = test_set_context(test_set, command.stderr)
        detail = detail_lines(test_set, context, metrics, inputs)
    return [*command.one_system(scores, fmt="text"), *detail]


def _sentence_scores(metrics: list[AnyMetric], lines: list[str]) -> list[tuple[Any, ...]]:
    """The scores of each segment, one per metric in the order given."""
    per_metric = []
    for metric in metrics:
        signature = metric.signature()
        rows = metric.statistics(lines).values
        per_metric.append([metric.score_totals(row, signature) for row in rows])
    return list(zip(*per_metric, strict=True))
