"""A local test-set file on the command line (``--test-set-file FILE``), scored or echoed.

The file is read by `parbleu.io.read_test_set`: WMT XML, mteval SGML, JSON Lines, TSV with
named columns, Parquet or Arrow, the format given by ``--test-set-format`` or told from the
file's name and content. Its references are the streams ``--test-set-refs`` names (default:
every reference of the file, in its order). The systems are the files of ``-i`` when given
(scored against the file's references, as with ``-t``), else the streams of the file that
``--test-set-systems`` names (default: all of them), else, for a file without systems,
standard input. ``--origlang`` and ``--subset`` keep the segments of documents by original
language and domain (a regular expression; sacreBLEU's ``country:`` prefix is removed), as
with ``-t``; the source, document ids, original languages and domains come with the texts
(the report's documents, ``-d``'s breakdown). Lines lose their trailing whitespace, as every
input of the command line; a segment without a reference stays without it (None).

``--echo FIELD ...`` prints fields of the file as plain text, one segment a line (several
fields tab-separated, ``all`` for every field, ``ref`` for the first reference when no field
has that name), and ``--list`` names the fields. Every problem is one line naming the file:
a stream it does not have (with those it has), no references, a record of the wrong shape
(the reader names the line or row).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, BinaryIO

from parbleu.cli.inputs import Inputs, Sources, read_systems, systems_given
from parbleu.cli.requests import InputRequest, TestSetFile
from parbleu.errors import InputError, OptionError

if TYPE_CHECKING:
    from parbleu.io.testset import TestSet

__all__ = ["local_inputs", "local_query_lines", "read_local"]


def _check_options(request: InputRequest, local: TestSetFile) -> None:
    """Options that cannot go with a test-set file, refused before it is read."""
    if request.test_set.test_set:
        raise OptionError("give either a test set (-t) or a test-set file (--test-set-file)")
    if request.references:
        raise OptionError(
            "give either a test-set file or reference files, not both "
            f"(got --test-set-file {local.path} and {request.references[0]})"
        )
    if request.num_refs != 1:
        raise OptionError(
            "-nr/--num-refs splits a reference file of yours; it does not apply to --test-set-file"
        )
    if local.systems is not None and request.systems is not None:
        raise OptionError(
            f"--test-set-systems chooses systems in {local.path} and -i gives system files: "
            "give one or the other"
        )


def read_local(request: InputRequest, local: TestSetFile) -> TestSet:
    """The test set of the file, its segments chosen by ``--origlang`` and ``--subset``.

    Raises:
        OptionError: options that do not go with a test-set file, an unknown format.
        InputError: the file cannot be read as a test set (the reader names the record), or
            no segment is kept.
    """
    from parbleu.io.formats import read_test_set  # noqa: PLC0415 (local test sets only)

    _check_options(request, local)
    test_set = read_test_set(local.path, local.format, encoding=request.encoding)
    keep = _kept(test_set, local.path, request.test_set.origlang, request.test_set.subset)
    return test_set if keep is None else test_set.select(keep)


def _kept(
    test_set: TestSet, path: str, origlang: str | None, subset: str | None
) -> list[int] | None:
    """The segments ``--origlang`` and ``--subset`` keep (None: every segment)."""
    if origlang is None and subset is None:
        return None
    keep = [True] * test_set.n_segments
    if origlang is not None:
        languages = _metadata(test_set.origlang, path, "--origlang", "original language")
        wanted = origlang.removeprefix("non-")
        negated = origlang.startswith("non-")
        keep = [
            k and ((value == wanted) != negated) for k, value in zip(keep, languages, strict=True)
        ]
    if subset is not None:
        domains = _metadata(test_set.domain, path, "--subset", "domain")
        try:
            pattern = re.compile(subset.removeprefix("country:"))
        except re.error as exc:
            raise OptionError(f"--subset {subset!r} is not a regular expression: {exc}") from None
        keep = [
            k and d is not None and bool(pattern.search(d))
            for k, d in zip(keep, domains, strict=True)
        ]
    chosen = [index for index, kept in enumerate(keep) if kept]
    if not chosen:
        described = " ".join(
            f"{name}={value}"
            for name, value in (("origlang", origlang), ("subset", subset))
            if value is not None
        )
        raise InputError(f"{path}: no segment with {described}")
    return chosen


def _metadata(
    values: Sequence[str | None] | None, path: str, option: str, what: str
) -> Sequence[str | None]:
    if values is None or all(value is None for value in values):
        raise InputError(f"{path}: {option} selects documents by {what}, and the file gives none")
    return values


def _streams(
    available: Sequence[str], asked: Sequence[str] | None, path: str, kind: str, option: str
) -> list[str]:
    """The streams asked for (default: all), each one the file has."""
    if asked is None:
        return list(available)
    for name in asked:
        if name not in available:
            raise InputError(
                f"{path}: no {kind} named {name!r} ({option}); its {kind}s: "
                f"{', '.join(available) or 'none'}"
            )
    return list(asked)


def _stripped(lines: Sequence[str | None]) -> list[str | None]:
    return [None if line is None else line.rstrip() for line in lines]


def local_inputs(
    request: InputRequest,
    local: TestSetFile,
    stdin: BinaryIO | None,
    step: Callable[[str], None],
) -> Inputs:
    """The references and systems of a test-set file (the systems of ``-i``, if given)."""
    test_set = read_local(request, local)
    path = local.path
    if not test_set.references:
        raise InputError(f"{path}: holds no references to score against")
    ref_names = _streams(
        test_set.reference_names, local.references, path, "reference", "--test-set-refs"
    )
    refs = [_stripped(stream) for stream in test_set.reference_streams(ref_names)]
    _check_every_segment_has_a_reference(test_set, ref_names, refs, path)
    if request.systems is not None or (not test_set.systems and local.systems is None):
        given = systems_given(request)
        files = Sources((), 1, given, request.encoding, request.input_format, request.advice)
        names, systems = read_systems(files, stdin, step)
    else:
        step("reading the system outputs")
        names = _streams(test_set.system_names, local.systems, path, "system", "--test-set-systems")
        systems = [[line.rstrip() for line in test_set.system(name)] for name in names]
    return Inputs(
        ref_names,
        refs,
        names,
        systems,
        source=None if test_set.source is None else list(test_set.source),
        doc_ids=None if test_set.doc_ids is None else list(test_set.doc_ids),
        origlang=None if test_set.origlang is None else list(test_set.origlang),
        domain=None if test_set.domain is None else list(test_set.domain),
    )


def _check_every_segment_has_a_reference(
    test_set: TestSet, names: Sequence[str], refs: Sequence[Sequence[str | None]], path: str
) -> None:
    """A segment that none of the chosen references translates cannot be scored."""
    for index, segment in enumerate(zip(*refs, strict=True)):
        if all(line is None for line in segment):
            where = f" of document {test_set.doc_ids[index]}" if test_set.doc_ids else ""
            raise InputError(
                f"{path}: segment {index + 1}{where} has no reference among "
                f"{', '.join(names)}; choose others with --test-set-refs"
            )


def _fields(test_set: TestSet) -> dict[str, Sequence[str | None]]:
    """The fields of a test set by name, in sacreBLEU's order for WMT XML."""
    fields: dict[str, Sequence[str | None]] = {}
    if test_set.source is not None:
        fields["src"] = test_set.source
    fields |= {stream.name: stream.lines for stream in test_set.references}
    named = (("docid", test_set.doc_ids), ("origlang", test_set.origlang))
    fields |= {name: values for name, values in named if values is not None}
    if test_set.domain is not None and any(value is not None for value in test_set.domain):
        fields["domain"] = test_set.domain
    return fields | {stream.name: stream.lines for stream in test_set.systems}


def _echoed(test_set: TestSet, asked: Sequence[str], path: str) -> list[str]:
    """The fields asked for, with ``all`` and the ``ref`` of the first reference."""
    fields = _fields(test_set)
    if "all" in asked:
        if len(asked) != 1:
            raise OptionError("--echo all cannot be combined with other fields")
        return list(fields)
    chosen = []
    for name in asked:
        field = name
        if name == "ref" and name not in fields and test_set.references:
            field = test_set.references[0].name
        if field not in fields:
            raise OptionError(f"no such field {name} in {path}; its fields: {', '.join(fields)}")
        chosen.append(field)
    return chosen


def local_query_lines(request: InputRequest, local: TestSetFile) -> list[str]:
    """``--echo FIELD ...`` or ``--list`` for a test-set file."""
    test_set = read_local(request, local)
    if request.test_set.echo is None:
        return [f"{local.path}: {', '.join(_fields(test_set))}"]
    fields = _fields(test_set)
    columns = [fields[name] for name in _echoed(test_set, request.test_set.echo, local.path)]
    return ["\t".join(value or "" for value in row) for row in zip(*columns, strict=True)]
