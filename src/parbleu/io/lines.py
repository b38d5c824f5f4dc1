r"""Reading text files whole: the one place where files are opened.

Every reader of parbleu opens files through `open_binary` (``.gz`` decompressed, a missing
file or a directory named in one line). Lines end at ``\n`` only (a ``\r`` or another Unicode
line separator inside a line stays part of it, as in sacreBLEU). Every failure says which
file, and for bad bytes which line and byte offset, so that a user can open the file at the
right place. Names are opened with `open` and `os.stat`, and `gzip` imported for ``.gz`` files
only: the command line's start-up imports neither `pathlib` (2 ms) nor `gzip`.
"""

from __future__ import annotations

import codecs
import errno
import os
import stat
import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, BinaryIO

from parbleu.errors import EncodingError, InputError, LengthMismatchError, OptionError

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "check_counts",
    "check_encoding",
    "check_parallel",
    "decode_lines",
    "length_error",
    "open_binary",
    "read_error",
    "read_lines",
    "read_tab_separated",
    "same_file",
    "split_tab_fields",
]


def open_binary(path: str | Path) -> BinaryIO:
    """The file for reading bytes (``.gz`` files decompressed as they are read).

    Pipes and devices (``/dev/stdin``, a shell's ``<(...)``, ``/dev/null``) are read as files.

    Raises:
        InputError: an empty name, no such file, a symbolic link loop, a directory, or a
            file that cannot be opened; each names the file.
    """
    name = str(path)
    if not name:
        raise InputError("an empty file name was given", expected="a file name", received=name)
    try:
        mode = os.stat(name).st_mode  # noqa: PTH116 (no pathlib: see the module docstring)
    except FileNotFoundError:
        raise InputError("no such file", source=name) from None
    except OSError as exc:
        reason = "a loop of symbolic links" if exc.errno == errno.ELOOP else exc.strerror
        raise InputError(f"cannot open ({reason or exc})", source=name) from None
    if stat.S_ISDIR(mode):
        raise InputError("is a directory, expected a text file", source=name)
    try:
        if name.endswith(".gz"):
            import gzip  # noqa: PLC0415 (only for .gz files)

            return gzip.open(name, "rb")  # type: ignore[return-value]
        return open(name, "rb")  # noqa: PTH123 (no pathlib: see the module docstring)
    except OSError as exc:
        raise InputError(f"cannot open ({exc.strerror or exc})", source=name) from exc


def same_file(first: str | Path, second: str | Path) -> bool:
    """Whether two names lead to one file (through ``./``, symbolic or hard links)."""
    from pathlib import Path  # noqa: PLC0415 (not needed to score: see the module docstring)

    try:
        return Path(first).samefile(second)
    except OSError:  # one of them does not exist (yet): compare what they resolve to
        pass
    try:
        return Path(first).resolve() == Path(second).resolve()
    except (OSError, RuntimeError):  # a loop of symbolic links: the names are all there is
        return Path(first).absolute() == Path(second).absolute()


#: What reading a (possibly gzipped) file can raise besides decoding errors.
READ_ERRORS = (OSError, EOFError, zlib.error)


def read_error(path: str | Path, exc: BaseException) -> InputError:
    """The one-line error for a file that could not be read (corrupt or truncated .gz ...)."""
    import gzip  # noqa: PLC0415 (only on errors)

    if isinstance(exc, EOFError):
        reason = "it ends in the middle of a compressed stream (truncated .gz)"
    elif isinstance(exc, (zlib.error, gzip.BadGzipFile)):
        reason = f"it is not valid gzip data ({exc})"
    else:
        reason = getattr(exc, "strerror", None) or str(exc)
    return InputError(f"cannot read: {reason}", source=str(path))


def _decode_error(path: str, data: bytes, exc: UnicodeDecodeError, encoding: str) -> EncodingError:
    offset = exc.start
    # Lines are counted in the text before the bad bytes: in UTF-16 a 0x0A byte is often half
    # of another character, not a newline.
    before = data[:offset].decode(encoding, errors="replace")
    line = before.count("\n") + 1
    if "\n".encode(encoding) == b"\n":
        bytes_in = offset - (data.rfind(b"\n", 0, offset) + 1)
        place = f"byte {bytes_in} of the line"
    else:
        characters_in = len(before) - (before.rfind("\n") + 1)
        place = f"character {characters_in} of the line"
    return EncodingError(
        f"invalid {encoding} at byte offset {offset} ({place}): {data[offset : offset + 4]!r}",
        source=path,
        line=line,
    )


def check_encoding(encoding: str) -> None:
    """Raise `OptionError` unless `encoding` names a text encoding Python knows.

    Codecs that are not text encodings (``rot13``, ``hex``, ``zlib``) are refused too.
    """
    try:
        codec = codecs.lookup(encoding)
    except (LookupError, TypeError):
        raise OptionError(
            f"unknown encoding {encoding!r}",
            option="encoding",
            expected="a text encoding such as utf-8 or latin-1",
            received=encoding,
        ) from None
    if not getattr(codec, "_is_text_encoding", True):
        raise OptionError(
            f"{encoding!r} is not a text encoding (it converts {codec.name} data, not bytes to "
            "text); give one such as utf-8 or latin-1",
            option="encoding",
            received=encoding,
        )


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
        InputError: missing file, directory, unreadable or corrupt file.
        OptionError: an unknown encoding, or a codec that is not a text encoding.
        EncodingError: bytes that are not valid in `encoding`, with line and byte offset.
    """
    check_encoding(encoding)
    handle = open_binary(path)
    try:
        data = handle.read()
    except READ_ERRORS as exc:
        raise read_error(path, exc) from None
    finally:
        handle.close()
    return decode_lines(data, str(path), encoding)


def split_tab_fields(
    lines: Sequence[str], n_fields: int, source: str, first_line: int = 0
) -> list[list[str]]:
    r"""Split each line into exactly `n_fields` tab-separated fields (sacreBLEU's ``-nr``).

    The last field keeps any further tabs, as sacreBLEU's ``split('\t', n - 1)`` does.
    `first_line` is the number (0-based) of the first line in `source`, for messages.

    Raises:
        InputError: naming the first line with another number of fields.
    """
    rows = [line.split("\t", n_fields - 1) for line in lines]
    for number, fields in enumerate(rows, start=first_line + 1):
        if len(fields) != n_fields:
            raise InputError(
                f"expected {n_fields} tab-separated fields, found {len(fields)}",
                source=source,
                line=number,
                expected=f"{n_fields} fields",
                received=len(fields),
            )
    if not rows:
        return [[] for _ in range(n_fields)]
    # Columns are made from the rows once every row is checked, never `n_fields` lists ahead
    # (sacreBLEU makes them first: -nr 1000000000 never finishes there).
    return [list(column) for column in zip(*rows, strict=True)]


def read_tab_separated(path: str, n_fields: int, encoding: str = "utf-8") -> list[list[str]]:
    """Columns of a file with `n_fields` tab-separated fields per line."""
    return split_tab_fields(read_lines(path, encoding), n_fields, path)


def check_parallel(named: Sequence[tuple[str, Sequence[str]]]) -> None:
    """Require that all inputs have as many lines as the first one.

    Raises:
        LengthMismatchError: naming both inputs and both line counts.
    """
    check_counts([(name, len(lines)) for name, lines in named])


def check_counts(counts: Sequence[tuple[str, int]]) -> None:
    """Require that all inputs, named with their line counts, have as many as the first.

    Raises:
        LengthMismatchError: `length_error`'s.
    """
    if len({count for _, count in counts}) > 1:
        raise length_error(counts)


def length_error(counts: Sequence[tuple[str, int]]) -> LengthMismatchError:
    """The error for inputs of different lengths.

    It names the first input whose count differs from the first input's, and the first input,
    each with its line count.
    """
    first_name, first = counts[0]
    name, count = next((name, count) for name, count in counts[1:] if count != first)
    return LengthMismatchError(
        f"{name} has {count} lines but {first_name} has {first}; "
        "hypotheses and references must be parallel, line by line"
    )
