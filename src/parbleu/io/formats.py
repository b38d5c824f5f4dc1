"""Which format a test-set file is in, and reading it with that format's reader.

`read_test_set` reads a file in the format given, or the one its name and content show;
name and content must agree, and a declared format the content contradicts is an error.
Each format is one row of a table (`FORMATS`: its name, file extensions and reader), so a new
reader is a new row. `sniff_lines` tells the structured formats from their first lines of
text; `parbleu.io.plain` uses it for the other direction, refusing a structured file read as
plain text.
"""

from __future__ import annotations

import importlib
import os
import re
import stat
from collections.abc import Callable, Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from parbleu.errors import InputError, OptionError
from parbleu.io.lines import READ_ERRORS, open_binary, read_error

if TYPE_CHECKING:
    from parbleu.io.records import RecordFields
    from parbleu.io.testset import TestSet

__all__ = ["FORMATS", "Format", "FormatSpec", "detect_format", "read_test_set", "sniff_lines"]


class Format(str, Enum):
    """Test-set file formats."""

    TSV = "tsv"
    JSONL = "jsonl"
    WMT_XML = "wmt-xml"
    SGML = "sgml"
    PARQUET = "parquet"
    ARROW = "arrow"

    def __str__(self) -> str:
        return self.value


class FormatSpec(NamedTuple):
    """One format: its name in messages, its file extensions, and its reader (a table row).

    ``reader`` is ``module:function``, imported when a file of the format is read (reading
    plain text imports no reader). A reader of records takes a `RecordFields` second; one of
    text takes ``encoding=`` (Parquet and Arrow carry their own).
    """

    name: str
    extensions: tuple[str, ...]
    reader: str
    records: bool
    text: bool = True

    def read(
        self, path: str, fields: RecordFields | None, encoding: str, **options: Any
    ) -> TestSet:
        """The test set in `path`, read with this format's reader."""
        module, _, function = self.reader.partition(":")
        read: Callable[..., TestSet] = getattr(importlib.import_module(module), function)
        if not self.records and fields is not None:
            raise OptionError(f"fields= applies to record formats, not {self.name}")
        arguments: tuple[Any, ...] = (path, fields) if self.records else (path,)
        if self.text:
            options = {"encoding": encoding, **options}
        return read(*arguments, **options)


#: Every test-set format: name, extensions and reader.
FORMATS: dict[Format, FormatSpec] = {
    Format.TSV: FormatSpec("TSV", (".tsv",), "parbleu.io.tsv:read_tsv", records=True),
    Format.JSONL: FormatSpec(
        "JSON Lines", (".jsonl", ".ndjson"), "parbleu.io.jsonl:read_jsonl", records=True
    ),
    Format.WMT_XML: FormatSpec(
        "WMT XML", (".xml",), "parbleu.io.wmt_xml:read_wmt_xml", records=False
    ),
    Format.SGML: FormatSpec(
        "mteval SGML", (".sgm", ".sgml"), "parbleu.io.sgml:read_sgml", records=False
    ),
    Format.PARQUET: FormatSpec(
        "Parquet", (".parquet",), "parbleu.io.arrow:read_parquet", records=True, text=False
    ),
    Format.ARROW: FormatSpec(
        "Arrow",
        (".arrow", ".feather", ".ipc"),
        "parbleu.io.arrow:read_arrow",
        records=True,
        text=False,
    ),
}
_EXTENSIONS = {extension: found for found, spec in FORMATS.items() for extension in spec.extensions}
_SGML_START = re.compile(r"<(srcset|refset|tstset|mteval)\b", re.IGNORECASE)
_XML_START = re.compile(r"<(\?xml|dataset)\b")
#: How many leading non-empty lines must all be JSON objects for a file to be JSON Lines.
_JSON_LINES_CHECKED = 5


def _head(path: str, size: int = 1 << 16) -> bytes:
    handle = open_binary(path)
    try:
        return handle.read(size)
    except READ_ERRORS as exc:
        raise read_error(path, exc) from None
    finally:
        handle.close()


def sniff_lines(lines: Sequence[str]) -> tuple[Format, str] | None:
    """The structured format these first lines of a file are in (and why), if clearly one.

    WMT XML and SGML start with their root tag; JSON Lines has its first five non-empty lines
    all JSON objects. A line that starts with ``{`` but holds JSON that Python cannot read
    (nested deeper than its recursion limit, or a number of more than 4,300 digits) counts
    as JSON: the file is not taken for text, and its reader names the line.
    """
    filled = [line.strip().lstrip("\ufeff") for line in lines if line.strip()]
    if not filled:
        return None
    first = filled[0]
    if _XML_START.match(first):
        return Format.WMT_XML, f"it starts with {first[:40]!r}"
    if _SGML_START.match(first):
        return Format.SGML, f"it starts with {first[:40]!r}"
    checked = filled[:_JSON_LINES_CHECKED]
    if all(line.startswith("{") for line in checked):
        return _json_objects(checked)
    return None


def _json_objects(lines: Sequence[str]) -> tuple[Format, str] | None:
    """JSON Lines if every line is a JSON object (see `sniff_lines`), else None."""
    import json  # noqa: PLC0415 (reading plain text rarely needs it)

    for number, line in enumerate(lines, start=1):
        try:
            value = json.loads(line)
        except json.JSONDecodeError:
            return None
        except (ValueError, RecursionError) as exc:  # a number too long, nesting too deep
            reason = "nested too deeply" if isinstance(exc, RecursionError) else "a number too long"
            return Format.JSONL, (
                f"its first lines start with '{{' and non-empty line {number} is JSON that "
                f"Python cannot read: {reason}"
            )
        if not isinstance(value, dict):
            return None
    return Format.JSONL, f"its first {len(lines)} lines are JSON objects"


def _is_stream(path: str) -> bool:
    """Whether `path` is a pipe, FIFO, socket or device: it can be read once only."""
    try:
        mode = os.stat(path).st_mode  # noqa: PTH116 (reading plain text imports no pathlib)
    except (OSError, ValueError):
        return False
    return stat.S_ISFIFO(mode) or stat.S_ISCHR(mode) or stat.S_ISSOCK(mode)


def _sniff(path: str) -> Format | None:
    head = _head(path)
    if head.startswith(b"PAR1"):
        return Format.PARQUET
    if head.startswith(b"ARROW1"):
        return Format.ARROW
    text = head.decode("utf-8", errors="replace").split("\n")
    found = sniff_lines(text[:-1] if len(text) > 1 else text)
    return found[0] if found else None


def detect_format(path: str, declared: Format | str | None = None) -> Format:
    """The format of `path`: declared, or by its extension (``.gz`` aside) or content.

    Raises:
        InputError: content that contradicts the declared format or the extension, or a
            file whose format cannot be told.
        OptionError: an unknown declared format.
    """
    if declared is not None:
        try:
            declared = Format(declared)
        except ValueError:
            names = ", ".join(f.value for f in Format)
            raise OptionError(f"format must be one of {names}; got {declared!r}") from None
    from pathlib import PurePath  # noqa: PLC0415 (reading plain text never needs it)

    name = path[:-3] if path.endswith(".gz") else path
    by_name = _EXTENSIONS.get(PurePath(name).suffix.lower())
    expected = declared or by_name
    if _is_stream(path):  # sniffing would consume what the reader needs
        if expected is None:
            raise InputError(
                f"{path}: a pipe or device can be read only once, so its test-set format "
                "cannot be detected from its content; give format="
            )
        return expected
    content = _sniff(path)
    if expected is not None and content is not None and content is not expected:
        how = "declared" if declared is not None else "named"
        raise InputError(
            f"{path}: {how} {FORMATS[expected].name}, but its content is {FORMATS[content].name}; "
            f"read it with format={content.value!r}"
        )
    found = expected or content
    if found is None:
        names = ", ".join(f.value for f in Format)
        raise InputError(f"{path}: cannot tell its test-set format; give format= ({names})")
    return found


def read_test_set(
    path: str,
    format: Format | str | None = None,
    *,
    fields: RecordFields | None = None,
    encoding: str = "utf-8",
    **options: Any,
) -> TestSet:
    """A test set from one file, in any format of `Format`.

    `fields` names the fields of record formats (TSV, JSONL, Parquet, Arrow); `options` go
    to the format's reader (`parbleu.io.wmt_xml.read_wmt_xml` ...). Several files of one
    test set (SGML source, references, systems) combine with `parbleu.io.testset.combine`.
    """
    return FORMATS[detect_format(path, format)].read(path, fields, encoding, **options)
