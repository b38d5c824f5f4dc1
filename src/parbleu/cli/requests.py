"""The command line's options as frozen, typed requests: the namespace goes no further.

`parbleu.cli.parser` parses the arguments; `score_request` (the scoring command; ``parbleu
report`` has its own, `parbleu.cli.report.report_request`, made of the same parts) turns
argparse's namespace into the values below, and every other module of the command line
reads those values. The environment is taken here too, once: ``$SACREBLEU_SEED`` (the seed,
when a test is asked for) is read; the test sets' variables (``$SACREBLEU``, the cache;
``$PARBLEU_MIRROR``, ``$PARBLEU_OFFLINE``) travel in the `TestSetRequest` to
`parbleu.cli.testsets.context`, which reads them; ``$SACREBLEU_FORMAT`` is the parser's
default of ``-f``.

A request shares its parts: `InputRequest` (what to read and how), `MetricRequest` (which
metrics, with which options), `SignificanceRequest` and `OutputRequest`.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from parbleu.cli.options import CommandMetrics, metric_settings
from parbleu.cli.testsets.options import TestSetRequest, test_set_request
from parbleu.options import Choice

__all__ = [
    "TEXT_ADVICE",
    "InputFormat",
    "InputRequest",
    "MetricRequest",
    "OutputRequest",
    "ScoreRequest",
    "SignificanceRequest",
    "TestSetFile",
    "input_request",
    "metric_request",
    "output_request",
    "score_request",
]


#: What the command line says to do with a file that is not plain text.
TEXT_ADVICE = (
    "score the test set in it with --test-set-file {source}, or every line as a segment "
    "with --input-format text"
)


class InputFormat(Choice):
    """How reference and system files are read (``--input-format``)."""

    AUTO = "auto"  # plain text; a file that is JSON Lines, WMT XML or SGML is refused
    TEXT = "text"  # plain text, every line a segment whatever it looks like


@dataclass(frozen=True)
class TestSetFile:
    """A local test-set file (``--test-set-file``) and the streams chosen in it.

    ``references`` and ``systems`` are names of streams in the file (None: all of them);
    ``format`` is a `parbleu.io.Format` value, or None to tell it from the name and content.
    """

    __test__ = False  # not a pytest test class

    path: str
    format: str | None = None
    references: tuple[str, ...] | None = None
    systems: tuple[str, ...] | None = None


@dataclass(frozen=True)
class InputRequest:
    """What a command reads: reference and system files, or a test set, and how.

    ``systems`` None means standard input (no ``-i``, or ``-i -``); ``()`` is an ``-i``
    given without files (an error, reported when the inputs are read). ``advice`` is what
    the error for a file that is not plain text says to do (None: the library's advice,
    `parbleu.io.read_test_set`).
    """

    references: tuple[str, ...] = ()
    systems: tuple[str, ...] | None = None
    num_refs: int = 1
    encoding: str = "utf-8"
    input_format: InputFormat = InputFormat.AUTO
    force: bool = False
    test_set: TestSetRequest = field(default_factory=TestSetRequest)
    test_set_file: TestSetFile | None = None
    advice: str | None = None

    @property
    def on_stdin(self) -> bool:
        """Whether the systems come from standard input."""
        return self.systems is None and self.test_set_file is None


@dataclass(frozen=True)
class MetricRequest:
    """The metrics of ``-m`` and the metric options given (argparse dest to value)."""

    names: tuple[str, ...]
    settings: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    sentence_level: bool = False

    def with_settings(self, changes: Mapping[str, Any]) -> MetricRequest:
        """The same request with some option values set."""
        return replace(self, settings=MappingProxyType({**self.settings, **changes}))


@dataclass(frozen=True)
class SignificanceRequest:
    """``-ci``, ``-pbs``, ``-par``, ``--blocks``, their sample counts, the seed, ``--scores``.

    ``seed`` is resolved: ``--seed``, else ``$SACREBLEU_SEED``, else 12345 (None: fresh
    entropy); it is read only when a test is asked for.
    """

    confidence: bool = False
    confidence_n: int = 1000
    paired_bs: bool = False
    paired_bs_n: int = 1000
    paired_ar: bool = False
    paired_ar_n: int = 10000
    blocks: int | None = None
    seed: int | None = None
    scores: tuple[str, ...] = ()

    @property
    def wanted(self) -> bool:
        """Whether a confidence interval, a paired test or the block test is asked for."""
        return self.confidence or self.paired_bs or self.paired_ar or self.blocks is not None


@dataclass(frozen=True)
class OutputRequest:
    """How results are printed: format, decimals, signatures, warnings, progress.

    ``table_style`` is ``--table-style``: ``parbleu``, or ``sacrebleu`` for sacreBLEU's grid
    of a paired test. ``paper_table`` is ``--paper-table`` (`parbleu.cli.significance.paper_table`).
    ``sort_by_difference`` orders ``-sl``'s segments of several systems worst first
    (`parbleu.cli.side_by_side`).
    """

    format: str = "json"
    width: int = 1
    score_only: bool = False
    short: bool = False
    quiet: bool = False
    progress: bool | None = None
    table_style: str = "parbleu"
    paper_table: bool = False
    sort_by_difference: bool = False


@dataclass(frozen=True)
class ScoreRequest:
    """Everything the scoring command was asked for."""

    inputs: InputRequest
    metrics: MetricRequest
    significance: SignificanceRequest
    output: OutputRequest
    jobs: int = 0  # -j: 0 for one process per available core


def input_request(namespace: argparse.Namespace, environ: Mapping[str, str]) -> InputRequest:
    """The inputs of a parsed command line (`environ` travels with the test-set request)."""
    test_set = test_set_request(namespace, environ)
    systems = namespace.input
    local = None
    if namespace.test_set_file is not None:
        local = TestSetFile(
            namespace.test_set_file,
            namespace.test_set_format,
            _names(namespace.test_set_refs),
            _names(namespace.test_set_systems),
        )
    return InputRequest(
        references=tuple(namespace.refs),
        systems=None if systems is None or systems == ["-"] else tuple(systems),
        num_refs=namespace.num_refs,
        encoding=namespace.encoding,
        input_format=InputFormat(namespace.input_format),
        force=namespace.force,
        test_set=test_set,
        test_set_file=local,
        advice=TEXT_ADVICE,
    )


def _names(values: list[str] | None) -> tuple[str, ...] | None:
    return None if values is None else tuple(values)


def metric_request(namespace: argparse.Namespace, metrics: CommandMetrics) -> MetricRequest:
    """``-m``, ``-sl`` and the options given of the `metrics` the parser offered."""
    return MetricRequest(
        tuple(namespace.metrics),
        MappingProxyType(metric_settings(namespace, metrics)),
        namespace.sentence_level,
    )


def output_request(namespace: argparse.Namespace) -> OutputRequest:
    """The output options: ``-f``, ``-w``, ``-b``, ``-sh``, ``-q``, ``--progress``, ...

    ... ``--table-style`` and ``--sort-by-difference``.
    """
    return OutputRequest(
        namespace.format,
        namespace.width,
        namespace.score_only,
        namespace.short,
        namespace.quiet,
        namespace.progress,
        namespace.table_style,
        namespace.paper_table,
        namespace.sort_by_difference,
    )


def _significance(namespace: argparse.Namespace, environ: Mapping[str, str]) -> SignificanceRequest:
    request = SignificanceRequest(
        confidence=namespace.confidence,
        confidence_n=namespace.confidence_n,
        # --paper-table tests every pair with the paired bootstrap unless -par is given
        paired_bs=namespace.paired_bs or (namespace.paper_table and not namespace.paired_ar),
        paired_bs_n=namespace.paired_bs_n,
        paired_ar=namespace.paired_ar,
        paired_ar_n=namespace.paired_ar_n,
        blocks=namespace.blocks,
        scores=tuple(namespace.scores),
    )
    if not request.wanted:
        return request
    from parbleu.cli.significance.seeds import resolve_seed  # noqa: PLC0415 (tests only)

    return replace(request, seed=resolve_seed(namespace.seed, environ))


def score_request(
    namespace: argparse.Namespace, environ: Mapping[str, str], metrics: CommandMetrics
) -> ScoreRequest:
    """The scoring command's request (`metrics`: those its parser offered)."""
    return ScoreRequest(
        inputs=input_request(namespace, environ),
        metrics=metric_request(namespace, metrics),
        significance=_significance(namespace, environ),
        output=output_request(namespace),
        jobs=namespace.paired_jobs,
    )
