r"""Reading text files whole: the one place where files are opened.

Every reader of parbleu opens files through `open_binary` (``.gz`` decompressed, a missing
file or a directory named in one line). Lines end at ``\n`` only (a ``\r`` or another Unicode
line separator inside a line stays part of it, as in sacreBLEU). Every failure says which
file, and for bad bytes which line and byte offset, so that a user can open the file at the
right place.
"""

from __future__ import annotations

import codecs
import gzip
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

from parbleu.errors import EncodingError, InputError, LengthMismatchError

__all__ = [
    "check_encoding",
    "check_parallel",
    "decode_lines",
    "open_binary",
    "read_lines",
    "read_tab_separated",
    "split_tab_fields",
]


def open_binary(path: str | Path) -> BinaryIO:
    """The file for reading bytes (``.gz`` files decompressed as they are read).

    Raises:
        InputError: no such file, a directory, or a file that cannot be opened.
    """
    file = Path(path)
    if not file.exists():
        raise InputError(f"{path}: no such file")
    if file.is_dir():
        raise InputError(f"{path}: is a directory, expected a text file")
    try:
        if file.name.endswith(".gz"):
            return gzip.open(file, "rb")  # type: ignore[return-value]
        return file.open("rb")
    except OSError as exc:
        raise InputError(f"{path}: cannot open ({exc.strerror or exc})") from exc


def _decode_error(path: str, data: bytes, exc: UnicodeDecodeError, encoding: str) -> EncodingError:
    offset = exc.start
    line = data.count(b"\n", 0, offset) + 1
    line_start = data.rfind(b"\n", 0, offset) + 1
    return EncodingError(
        f"{path}: line {line}: invalid {encoding} at byte offset {offset} "
        f"(byte {offset - line_start} of the line): {data[offset : offset + 4]!r}"
    )


def check_encoding(encoding: str) -> None:
    """Raise `InputError` unless `encoding` names a codec Python knows."""
    try:
        codecs.lookup(encoding)
    except LookupError:
        raise InputError(f"unknown encoding {encoding!r}") from None


def decode_lines(data: bytes, source: str, encoding: str = "utf-8") -> list[str]:
    """Split bytes read from `source` into lines without their newline.

    Raises:
        EncodingError: bytes that are not valid in `encoding`, with line and byte offset.
    """
    check_encoding(encoding)
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise _decode_error(source, data, exc, encoding) from None
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()  # the final newline ends the last line, it does not start a new one
    return lines


def read_lines(path: str | Path, encoding: str = "utf-8") -> list[str]:
    """All lines of a text file (``.gz`` files are decompressed) without their newline.

    Raises:
        InputError: missing file, directory, unreadable file, unknown encoding.
        EncodingError: bytes that are not valid in `encoding`, with line and byte offset.
    """
    check_encoding(encoding)
    handle = open_binary(path)
    try:
        data = handle.read()
    except (OSError, EOFError, gzip.BadGzipFile) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from exc
    finally:
        handle.close()
    return decode_lines(data, str(path), encoding)


def split_tab_fields(lines: Sequence[str], n_fields: int, source: str) -> list[list[str]]:
    r"""Split each line into exactly `n_fields` tab-separated fields (sacreBLEU's ``-nr``).

    The last field keeps any further tabs, as sacreBLEU's ``split('\t', n - 1)`` does.

    Raises:
        InputError: naming the first line with another number of fields.
    """
    columns: list[list[str]] = [[] for _ in range(n_fields)]
    for number, line in enumerate(lines, start=1):
        fields = line.split("\t", n_fields - 1)
        if len(fields) != n_fields:
            raise InputError(
                f"{source}: line {number}: expected {n_fields} tab-separated fields, "
                f"found {len(fields)}"
            )
        for column, field in zip(columns, fields, strict=True):
            column.append(field)
    return columns


def read_tab_separated(path: str, n_fields: int, encoding: str = "utf-8") -> list[list[str]]:
    """Columns of a file with `n_fields` tab-separated fields per line."""
    return split_tab_fields(read_lines(path, encoding), n_fields, path)


def check_parallel(named: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Require that all inputs have as many lines as the first one.

    Raises:
        LengthMismatchError: naming both inputs and both line counts.
    """
    first_name, first = named[0]
    for name, lines in named[1:]:
        if len(lines) != len(first):
            raise LengthMismatchError(
                f"{name} has {len(lines)} lines but {first_name} has {len(first)}; "
                "hypotheses and references must be parallel, line by line"
            )
