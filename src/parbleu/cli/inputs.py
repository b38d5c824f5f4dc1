r"""Where the command's texts come from, read as sacreBLEU's command line reads them.

References come before ``-i`` (or from one file of tab-separated fields with ``-nr N``);
systems are the files given to ``-i``, or the tab-separated columns of standard input.
Every line loses its trailing whitespace (a Windows ``\r`` included), a file that is JSON
Lines, WMT XML or SGML is refused rather than scored as text, and an empty input is an error.

`read_inputs` reads everything into memory (significance tests and sentence scores need it);
`Sources` names the same inputs without reading them, and `LineRules` turns raw lines of any
chunk into segments, so that `parbleu.cli.streaming` reads one chunk at a time.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from parbleu.cli.testsets.options import check_selection, test_set_request
from parbleu.errors import InputError, OptionError
from parbleu.io.formats import check_plain_text, read_segments
from parbleu.io.lines import check_counts, split_tab_fields
from parbleu.io.reader import LineReader

__all__ = [
    "HEAD_LINES",
    "STDIN",
    "Inputs",
    "LineRules",
    "Sources",
    "check_file_head",
    "check_head",
    "read_inputs",
    "stdin_columns",
    "stdin_reader",
]

#: The name standard input goes by in messages.
STDIN = "standard input"

#: Lines at the start of a file that show whether it is plain text (`check_plain_text`).
HEAD_LINES = 20


@dataclass(frozen=True)
class Sources:
    """The files the options name, not read yet: references, then systems (None: stdin)."""

    refs: tuple[str, ...]
    ref_fields: int
    systems: tuple[str, ...] | None

    @staticmethod
    def from_args(args: argparse.Namespace) -> Sources:
        """The inputs of the options, checked for what can be told without reading them.

        Raises:
            OptionError: no reference file, ``-nr`` with several files, an empty ``-i`` or a
                file given twice to ``-i``.
        """
        if not args.refs:
            raise OptionError(
                "no reference files: give them before -i, as in: parbleu REF [REF ...] -i HYP"
            )
        if args.num_refs > 1 and len(args.refs) > 1:
            raise OptionError("-nr/--num-refs takes one reference file with tab-separated fields")
        return Sources(tuple(args.refs), args.num_refs, _systems_given(args))

    @property
    def ref_names(self) -> list[str]:
        """A name for each reference stream (``FILE (field k)`` for ``-nr``)."""
        if self.ref_fields > 1:
            return [f"{self.refs[0]} (field {k + 1})" for k in range(self.ref_fields)]
        return list(self.refs)

    @property
    def n_streams(self) -> int:
        """The number of reference streams."""
        return self.ref_fields if self.ref_fields > 1 else len(self.refs)

    def read_references(self, encoding: str) -> list[list[str]]:
        """Every reference stream, in memory."""
        if self.ref_fields > 1:
            lines = read_segments(self.refs[0], encoding)
            return split_tab_fields(lines, self.ref_fields, self.refs[0])
        return [read_segments(path, encoding) for path in self.refs]


def _systems_given(args: argparse.Namespace) -> tuple[str, ...] | None:
    """The files of ``-i`` (None: the systems are on standard input).

    Raises:
        OptionError: an empty ``-i`` or a file given twice.
    """
    if args.input is None or args.input == ["-"]:
        return None
    if not args.input:
        raise OptionError("-i/--input needs at least one file")
    if len(set(args.input)) != len(args.input):
        duplicate = next(p for p in args.input if args.input.count(p) > 1)
        raise OptionError(f"{duplicate} is given twice to -i")
    return tuple(args.input)


@dataclass(frozen=True)
class LineRules:
    """How raw lines of a chunk of parallel inputs become segments (picklable, for workers).

    A chunk holds the lines of the system (first) and of each reference file; `segments`
    strips them, splits ``-nr`` fields and, for standard input, requires one field per line.
    """

    ref_fields: int = 1
    ref_source: str = ""
    system_on_stdin: bool = False

    def segments(
        self, parts: Sequence[Sequence[str]], first_line: int = 0
    ) -> tuple[list[str], list[list[str]]]:
        """The hypotheses and reference streams of a chunk starting at line `first_line`."""
        system, *refs = ([line.rstrip() for line in part] for part in parts)
        if self.system_on_stdin:
            for number, line in enumerate(system, start=first_line + 1):
                if "\t" in line:
                    raise InputError(
                        f"{STDIN}: line {number} has {line.count(chr(9)) + 1} tab-separated "
                        "fields, line 1 has 1"
                    )
        if self.ref_fields > 1:
            refs = split_tab_fields(refs[0], self.ref_fields, self.ref_source, first_line)
        return system, refs


def check_file_head(path: str, encoding: str) -> None:
    """`check_head` on a file's first lines, read alone (a small block, not the whole file)."""
    with LineReader(path, encoding) as reader:
        check_head(reader.take(HEAD_LINES), path)


def check_head(lines: Sequence[str], source: str) -> None:
    """Refuse an input whose first lines show it is empty or not plain text.

    Raises:
        InputError: the input is empty, or is JSON Lines, WMT XML or SGML.
    """
    if not lines:
        if source == STDIN:
            raise InputError(f"{STDIN} is empty: nothing to score")
        raise InputError("is empty: nothing to score", source=source)
    if source != STDIN:
        check_plain_text(lines[:HEAD_LINES], source)


def stdin_columns(reader: LineReader) -> list[list[str]]:
    """Systems as the tab-separated columns of standard input (sacreBLEU's convention).

    Raises:
        InputError: standard input is empty, or a line has another number of fields than
            the first.
    """
    lines = reader.rest()
    if not lines:
        raise InputError(f"{STDIN} is empty: nothing to score")
    width = len(lines[0].rstrip().split("\t"))
    columns: list[list[str]] = [[] for _ in range(width)]
    for number, line in enumerate(lines, start=1):
        fields = line.rstrip().split("\t")
        if len(fields) != width:
            raise InputError(
                f"{STDIN}: line {number} has {len(fields)} tab-separated fields, line 1 has {width}"
            )
        for column, field in zip(columns, fields, strict=True):
            column.append(field.rstrip())
    return columns


def stdin_reader(stdin: BinaryIO | None, encoding: str) -> LineReader:
    """A reader of standard input.

    Raises:
        InputError: standard input is closed.
    """
    if stdin is None:
        raise InputError(f"{STDIN} is closed: give the system output files with -i FILE [FILE ...]")
    return LineReader(STDIN, encoding, stream=stdin)


@dataclass(frozen=True)
class Inputs:
    """The texts a command scores: named reference streams and named systems, checked."""

    ref_names: list[str]
    refs: list[list[str]]
    names: list[str]
    systems: list[list[str]]

    def __post_init__(self) -> None:
        named = [
            *zip(self.ref_names, self.refs, strict=True),
            *zip(self.names, self.systems, strict=True),
        ]
        for name, lines in named:
            if not lines:
                raise InputError(f"{name} is empty: nothing to score")
        check_counts([(name, len(lines)) for name, lines in named])


def read_inputs(
    args: argparse.Namespace,
    stdin: BinaryIO | None,
    environ: Mapping[str, str],
    step: Callable[[str], None] = lambda _: None,
    stderr: TextIO | None = None,
) -> Inputs:
    """The references and systems the options name, all in memory.

    References are files, or the test set of ``-t`` in sacreBLEU's cache (``--cache-dir``,
    else ``$SACREBLEU`` in `environ`); with ``--origlang`` or ``--subset``, only the segments
    they keep.
    """
    check_selection(test_set_request(args))
    step("reading the references")
    if args.test_set:
        return _test_set_inputs(args, stdin, environ, step, stderr)
    sources = Sources.from_args(args)
    refs = sources.read_references(args.encoding)
    return _with_systems(args, stdin, sources.ref_names, refs, sources.systems, step=step)


def _test_set_inputs(
    args: argparse.Namespace,
    stdin: BinaryIO | None,
    environ: Mapping[str, str],
    step: Callable[[str], None],
    stderr: TextIO | None,
) -> Inputs:
    """The references of ``-t`` and the systems, the segments ``--origlang``/``--subset`` keep."""
    from parbleu.cli.testsets.context import test_set_context  # noqa: PLC0415 (test sets only)
    from parbleu.cli.testsets.selection import kept_segments, test_set_references  # noqa: PLC0415

    request = test_set_request(args)
    context = test_set_context(request, environ, stderr)
    ref_names, refs = test_set_references(request, context)
    inputs = _with_systems(args, stdin, ref_names, refs, _systems_given(args), step=step)
    keep = kept_segments(request, context, len(refs[0]))
    if keep is None:
        return inputs
    systems = inputs.systems
    refs, systems = [[r[i] for i in keep] for r in refs], [[s[i] for i in keep] for s in systems]
    return Inputs(ref_names, refs, inputs.names, systems)


def _with_systems(
    args: argparse.Namespace,
    stdin: BinaryIO | None,
    ref_names: list[str],
    refs: list[list[str]],
    systems_given: Sequence[str] | None,
    *,
    step: Callable[[str], None],
) -> Inputs:
    """The references given, and the systems: files, else standard input's columns."""
    step("reading the system outputs")
    if systems_given is None:
        systems = stdin_columns(stdin_reader(stdin, args.encoding))
        names = [f"System {i + 1}" for i in range(len(systems))]
    else:
        names = list(systems_given)
        systems = [read_segments(path, args.encoding) for path in systems_given]
    return Inputs(ref_names, refs, names, systems)
