"""Which format a file is in, reading any test-set file, and refusing one read as plain text.

`read_test_set` reads a file in the format given, or the one its name and content show;
name and content must agree, and a declared format the content contradicts is an error.
`check_plain_text` is for the other direction: lines about to be scored as plain text (one
segment per line) that are in fact JSON Lines, WMT XML or SGML raise an error that says how
to read them, instead of being scored as text (a JSONL reference read as text gives BLEU 8.5
instead of 35.4; an SGML file gives one "segment" per tag line).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Any

from parbleu.errors import InputError, OptionError
from parbleu.io.lines import READ_ERRORS, open_binary, read_error, read_lines

if TYPE_CHECKING:
    from parbleu.io.records import RecordFields
    from parbleu.io.testset import TestSet

__all__ = ["Format", "check_plain_text", "detect_format", "read_test_set", "read_text_lines"]


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


_EXTENSIONS = {
    ".tsv": Format.TSV,
    ".jsonl": Format.JSONL,
    ".ndjson": Format.JSONL,
    ".xml": Format.WMT_XML,
    ".sgm": Format.SGML,
    ".sgml": Format.SGML,
    ".parquet": Format.PARQUET,
    ".arrow": Format.ARROW,
    ".feather": Format.ARROW,
    ".ipc": Format.ARROW,
}
_NAMES = {
    Format.TSV: "TSV",
    Format.JSONL: "JSON Lines",
    Format.WMT_XML: "WMT XML",
    Format.SGML: "mteval SGML",
    Format.PARQUET: "Parquet",
    Format.ARROW: "Arrow",
}
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


def _sniff_lines(lines: Sequence[str]) -> tuple[Format, str] | None:
    """The structured format these text lines are in (and why), if they clearly are one."""
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
        import json  # noqa: PLC0415 (reading plain text rarely needs it)

        try:
            if all(isinstance(json.loads(line), dict) for line in checked):
                return Format.JSONL, f"its first {len(checked)} lines are JSON objects"
        except (ValueError, RecursionError):  # not JSON; or too deep, or too long a number
            return None
    return None


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
    found = _sniff_lines(text[:-1] if len(text) > 1 else text)
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
            f"{path}: {how} {_NAMES[expected]}, but its content is {_NAMES[content]}; "
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
    # The readers are imported here: reading plain text (the command line) needs none.
    from parbleu.io.arrow import read_arrow, read_parquet  # noqa: PLC0415
    from parbleu.io.jsonl import read_jsonl  # noqa: PLC0415
    from parbleu.io.sgml import read_sgml  # noqa: PLC0415
    from parbleu.io.tsv import read_tsv  # noqa: PLC0415
    from parbleu.io.wmt_xml import read_wmt_xml  # noqa: PLC0415

    found = detect_format(path, format)
    if found in (Format.WMT_XML, Format.SGML) and fields is not None:
        raise OptionError(f"fields= applies to record formats, not {_NAMES[found]}")
    if found is Format.WMT_XML:
        return read_wmt_xml(path, encoding=encoding, **options)
    if found is Format.SGML:
        return read_sgml(path, encoding=encoding, **options)
    if found is Format.TSV:
        return read_tsv(path, fields, encoding=encoding, **options)
    if found is Format.JSONL:
        return read_jsonl(path, fields, encoding=encoding, **options)
    if found is Format.PARQUET:
        return read_parquet(path, fields, **options)
    return read_arrow(path, fields, **options)


def check_plain_text(lines: Sequence[str], source: str) -> None:
    """Refuse lines that are a structured test-set file rather than one segment per line.

    Raises:
        InputError: naming the format found and how to read the file instead.
    """
    found = _sniff_lines(lines[: 4 * _JSON_LINES_CHECKED])
    if found is not None:
        format_, why = found
        raise InputError(
            f"{source}: this is {_NAMES[format_]} ({why}), not plain text with one segment "
            f"per line; read it as a test set: parbleu.io.read_test_set({source!r}, "
            f"format={format_.value!r})"
        )


def read_text_lines(path: str, encoding: str = "utf-8") -> list[str]:
    """The lines of a plain-text file of segments, refusing a structured file (see above)."""
    lines = read_lines(path, encoding)
    check_plain_text(lines, path)
    return lines


def read_segments(path: str, encoding: str = "utf-8") -> list[str]:
    r"""One segment per line, as sacreBLEU's command line reads a file.

    Trailing whitespace (a Windows ``\r`` included) is stripped from every line, a file that
    is JSON Lines, WMT XML or SGML is refused (`check_plain_text`), and so is an empty file.
    """
    lines = [line.rstrip() for line in read_text_lines(path, encoding)]
    if not lines:
        raise InputError("is empty: nothing to score", source=path)
    return lines
