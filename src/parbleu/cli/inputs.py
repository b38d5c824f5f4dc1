r"""Where the commands' texts come from: one function, `read_inputs`, reads them for all.

The scoring command, ``parbleu report`` and ``parbleu meta`` read what an `InputRequest`
names through `read_inputs`:

* reference files before ``-i`` (or one file of tab-separated fields with ``-nr N``), and the
  systems: the files given to ``-i``, or the tab-separated columns of standard input. Every
  line loses its trailing whitespace (a Windows ``\r`` included), a file that is JSON Lines,
  WMT XML or SGML is refused rather than scored as text (unless ``--input-format text``),
  and an empty input is an error;
* the test set of ``-t`` in sacreBLEU's cache (downloaded there first if missing), with
  ``--origlang`` and ``--subset``;
* a local test-set file (``--test-set-file``, `parbleu.cli.local`), its references and
  systems chosen by name.

`Sources` names the reference and system files without reading them, for the scoring
command's paths that stream them (`parbleu.scaling.pipeline`) or read one system at a time
(`system_readers`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, BinaryIO, TextIO

from parbleu.cli.requests import InputFormat, InputRequest
from parbleu.cli.testsets.options import check_selection
from parbleu.errors import InputError, OptionError
from parbleu.io.lines import check_counts, split_tab_fields
from parbleu.io.plain import STDIN, read_segments
from parbleu.io.reader import LineReader

if TYPE_CHECKING:
    from parbleu.scaling.pipeline import ParallelFiles

__all__ = [
    "Inputs",
    "Sources",
    "read_inputs",
    "read_systems",
    "sources",
    "stdin_columns",
    "stdin_reader",
    "system_readers",
    "systems_given",
]

#: A system's name and how to read its lines.
SystemReader = tuple[str, Callable[[], list[str]]]


def _quiet(_: str) -> None:
    """Progress nobody is shown."""


@dataclass(frozen=True)
class Inputs:
    """The texts a command scores: named reference streams and named systems, checked.

    A reference stream may hold None where a local test set has no reference for a
    segment. ``source``, ``doc_ids``, ``origlang`` and ``domain`` come with a test set.
    """

    ref_names: list[str]
    refs: list[list[str | None]]
    names: list[str]
    systems: list[list[str]]
    source: list[str] | None = None
    doc_ids: list[str] | None = None
    origlang: list[str | None] | None = None
    domain: list[str | None] | None = None

    def __post_init__(self) -> None:
        named: list[tuple[str, Sequence[str | None]]] = [
            *zip(self.ref_names, self.refs, strict=True),
            *zip(self.names, self.systems, strict=True),
        ]
        for name, lines in named:
            if not lines:
                raise InputError(f"{name} is empty: nothing to score")
        check_counts([(name, len(lines)) for name, lines in named])


@dataclass(frozen=True)
class Sources:
    """The files of a request, not read yet: references, then systems (None: stdin)."""

    refs: tuple[str, ...]
    ref_fields: int
    systems: tuple[str, ...] | None
    encoding: str
    input_format: InputFormat
    advice: str | None = None

    @property
    def ref_names(self) -> list[str]:
        """A name for each reference stream (``FILE (field k)`` for ``-nr``)."""
        if self.ref_fields > 1:
            return [f"{self.refs[0]} (field {k + 1})" for k in range(self.ref_fields)]
        return list(self.refs)

    def read(self, path: str) -> list[str]:
        """One file's segments, checked as the request says."""
        check = self.input_format is InputFormat.AUTO
        return read_segments(path, self.encoding, check_structure=check, advice=self.advice)

    def read_references(self) -> list[list[str]]:
        """Every reference stream, in memory."""
        if self.ref_fields > 1:
            return split_tab_fields(self.read(self.refs[0]), self.ref_fields, self.refs[0])
        return [self.read(path) for path in self.refs]

    def parallel_files(self) -> ParallelFiles:
        """The files for the streaming pipeline (the systems of ``-i``; none for stdin)."""
        from parbleu.scaling.pipeline import Heads, ParallelFiles  # noqa: PLC0415 (scoring)

        check = self.input_format is InputFormat.AUTO
        return ParallelFiles(
            self.refs,
            self.systems or (),
            self.encoding,
            self.ref_fields,
            Heads(check_structure=check, advice=self.advice),
        )


def systems_given(request: InputRequest) -> tuple[str, ...] | None:
    """The files of ``-i`` (None: the systems are on standard input).

    Raises:
        OptionError: an empty ``-i`` or a file given twice.
    """
    files = request.systems
    if files is None:
        return None
    if not files:
        raise OptionError("-i/--input needs at least one file")
    if len(set(files)) != len(files):
        duplicate = next(path for path in files if files.count(path) > 1)
        raise OptionError(f"{duplicate} is given twice to -i")
    return files


def sources(request: InputRequest) -> Sources:
    """The reference and system files of a request, checked for what needs no reading.

    Raises:
        OptionError: no reference file, ``-nr`` with several files, an empty ``-i`` or a
            file given twice to ``-i``.
    """
    if not request.references:
        raise OptionError(
            "no reference files: give them before -i, as in: parbleu REF [REF ...] -i HYP"
        )
    if request.num_refs > 1 and len(request.references) > 1:
        raise OptionError("-nr/--num-refs takes one reference file with tab-separated fields")
    return Sources(
        request.references,
        request.num_refs,
        systems_given(request),
        request.encoding,
        request.input_format,
        request.advice,
    )


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


def system_readers(
    files: Sources, stdin: LineReader | Callable[[], LineReader] | None
) -> list[SystemReader]:
    """Each system's name and how to read it: the files of ``-i``, else stdin's columns.

    Standard input is read when this is called (its number of columns names the systems);
    `stdin` is its reader, or how to make it (None: the systems are files).
    """
    if files.systems is not None or stdin is None:
        return [(path, _reads(files, path)) for path in files.systems or ()]
    reader = stdin if isinstance(stdin, LineReader) else stdin()
    columns = stdin_columns(reader)
    names = [f"System {i + 1}" for i in range(len(columns))]
    return [(name, _given(lines)) for name, lines in zip(names, columns, strict=True)]


def _reads(files: Sources, path: str) -> Callable[[], list[str]]:
    return lambda: files.read(path)


def _given(lines: list[str]) -> Callable[[], list[str]]:
    return lambda: lines


def check_sources(request: InputRequest) -> None:
    """Refuse what can be told wrong before reading: a selection without a test set.

    Raises:
        OptionError: ``--origlang`` or ``--subset`` without ``-t`` or ``--test-set-file``.
    """
    if request.test_set_file is None:
        check_selection(request.test_set)


def read_inputs(
    request: InputRequest,
    stdin: BinaryIO | None,
    step: Callable[[str], None] = _quiet,
    stderr: TextIO | None = None,
) -> Inputs:
    """The references and systems a request names, all in memory (see the module).

    A test set of ``-t`` missing from the cache is downloaded, reported on `stderr` (None:
    silently; `parbleu.cli.testsets.context`).

    Raises:
        OptionError: options that contradict one another (see `sources`).
        InputError, EncodingError, LengthMismatchError: a file that cannot be read as asked,
            an empty input, inputs of different lengths.
    """
    check_sources(request)
    step("reading the references")
    if request.test_set_file is not None:
        from parbleu.cli.local import local_inputs  # noqa: PLC0415 (local test sets only)

        return local_inputs(request, request.test_set_file, stdin, step)
    if request.test_set.test_set:
        return _test_set_inputs(request, stdin, step, stderr)
    files = sources(request)
    refs = files.read_references()
    return _with_systems(files, stdin, files.ref_names, refs, step)


def read_systems(
    files: Sources, stdin: BinaryIO | None, step: Callable[[str], None]
) -> tuple[list[str], list[list[str]]]:
    """The systems' names and lines: the files of ``-i``, else standard input's columns."""
    step("reading the system outputs")
    readers = system_readers(files, lambda: stdin_reader(stdin, files.encoding))
    return [name for name, _ in readers], [read() for _, read in readers]


def _with_systems(
    files: Sources,
    stdin: BinaryIO | None,
    ref_names: list[str],
    refs: Sequence[Sequence[str | None]],
    step: Callable[[str], None],
) -> Inputs:
    """The references given, and the systems: files, else standard input's columns."""
    names, systems = read_systems(files, stdin, step)
    return Inputs(ref_names, [list(r) for r in refs], names, systems)


def _test_set_inputs(
    request: InputRequest,
    stdin: BinaryIO | None,
    step: Callable[[str], None],
    stderr: TextIO | None,
) -> Inputs:
    """The references of ``-t`` and the systems, the segments ``--origlang``/``--subset`` keep."""
    from parbleu.cli.testsets.context import test_set_context  # noqa: PLC0415 (test sets only)
    from parbleu.cli.testsets.selection import kept_segments, test_set_references  # noqa: PLC0415

    test_set = request.test_set
    context = test_set_context(test_set, stderr)
    ref_names, refs = test_set_references(test_set, context)
    files = Sources(
        (), 1, systems_given(request), request.encoding, request.input_format, request.advice
    )
    inputs = _with_systems(files, stdin, ref_names, refs, step)
    keep = kept_segments(test_set, context, len(refs[0]))
    if keep is None:
        return inputs
    kept: list[list[str | None]] = [[r[i] for i in keep] for r in inputs.refs]
    systems = [[s[i] for i in keep] for s in inputs.systems]
    return Inputs(ref_names, kept, inputs.names, systems)
