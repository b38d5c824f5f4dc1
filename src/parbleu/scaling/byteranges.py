r"""Parallel files cut into ranges of lines by byte offset, so that each process reads its own.

For an encoding that writes a newline as the single byte ``\n`` (UTF-8, Latin-1, ...), the
lines of a file can be found without decoding it: `plan_line_ranges` counts the newlines of
every file (refusing files with different numbers of lines before anything is scored) and
notes where every chunk of lines starts; `read_line_range` then reads one chunk of every
file from those offsets, decoding it and reporting bad bytes with the file's own line
numbers. The parent process never holds the text.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.txt").write_text("one\ntwo\nthree\n", encoding="utf-8")
    >>> _ = (folder / "b.txt").write_text("un\ndeux\ntrois", encoding="utf-8")
    >>> paths = [folder / "a.txt", folder / "b.txt"]
    >>> plans = plan_line_ranges(paths, 2)
    >>> [(plan.first_line, plan.lines) for plan in plans]
    [(0, 2), (2, 1)]
    >>> read_line_range(paths, plans[1], "utf-8")
    [['three'], ['trois']]
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from parbleu.engine.ranges import fixed_ranges
from parbleu.errors import LengthMismatchError
from parbleu.io.lines import READ_ERRORS, open_binary, read_error
from parbleu.io.reader import LineReader, splits_on_newline_bytes

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "LineRange",
    "count_line_bytes",
    "count_line_ranges",
    "plan_line_ranges",
    "read_line_range",
    "readable_in_ranges",
]

_BLOCK_BYTES = 1 << 22
_NEWLINE = ord("\n")


def readable_in_ranges(paths: Sequence[str | Path], encoding: str) -> bool:
    r"""Whether every file can be read from any byte offset.

    True for uncompressed regular files (not pipes such as ``/dev/stdin``) in an encoding
    whose newline is the byte ``\n``.
    """
    if not splits_on_newline_bytes(encoding):
        return False
    for path in paths:
        if str(path).endswith(".gz"):
            return False
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):  # noqa: PTH116 (no pathlib to import)
                return False
        except (OSError, ValueError):
            return False  # the reader reports the problem with the file
    return True


@dataclass(frozen=True)
class LineRange:
    """Lines ``first_line .. first_line + lines - 1`` of every file, as byte ranges."""

    first_line: int
    lines: int
    starts: tuple[int, ...]  # byte offset of the first line in each file
    ends: tuple[int, ...]


def _chunk_offsets(path: str | Path, chunk_lines: int) -> tuple[list[int], int, int]:
    """Where lines ``0, chunk_lines, 2 * chunk_lines, ...`` start, and the line count.

    Returns the byte offsets, the number of lines and the size of the file.
    """
    offsets = [0]
    lines = 0
    position = 0
    last = b"\n"
    handle = open_binary(path)
    try:
        while block := handle.read(_BLOCK_BYTES):
            newlines = np.flatnonzero(np.frombuffer(block, dtype=np.uint8) == _NEWLINE)
            # Line `lines + i + 1` starts after the i-th newline of this block.
            wanted = np.arange(-lines % chunk_lines - 1, len(newlines), chunk_lines)
            wanted = wanted[wanted >= 0]
            offsets.extend((position + newlines[wanted] + 1).tolist())
            lines += len(newlines)
            position += len(block)
            last = block[-1:]
    except READ_ERRORS as exc:
        raise read_error(str(path), exc) from None
    finally:
        handle.close()
    if last != b"\n":  # a last line without a final newline
        lines += 1
    if offsets[-1] == position:
        offsets.pop()
    return offsets, lines, position


def count_line_bytes(path: str | Path) -> int:
    """The number of lines of a file, counted without decoding it as `plan_line_ranges` counts."""
    lines = 0
    last = b"\n"
    handle = open_binary(path)
    try:
        while block := handle.read(_BLOCK_BYTES):
            lines += block.count(b"\n")
            last = block[-1:]
    except READ_ERRORS as exc:
        raise read_error(str(path), exc) from None
    finally:
        handle.close()
    return lines + (last != b"\n")


def plan_line_ranges(paths: Sequence[str | Path], chunk_lines: int) -> list[LineRange]:
    """Chunks of `chunk_lines` lines of parallel files, as byte ranges of each file.

    Raises:
        LengthMismatchError: the files have different numbers of lines (each file is named
            with its count).
        InputError: a missing or unreadable file.
    """
    counts, plans = count_line_ranges(paths, chunk_lines)
    if plans is None:
        described = ", ".join(
            f"{path} has {count} lines" for path, count in zip(paths, counts, strict=True)
        )
        raise LengthMismatchError(
            f"files must have the same number of lines (one segment per line): {described}"
        )
    return plans


def count_line_ranges(
    paths: Sequence[str | Path], chunk_lines: int
) -> tuple[list[int], list[LineRange] | None]:
    """The number of lines of each file and, if they are all the same, the chunks' ranges."""
    found = [_chunk_offsets(path, chunk_lines) for path in paths]
    counts = [lines for _, lines, _ in found]
    if len(set(counts)) > 1:
        return counts, None
    plans = []
    for number, (first_line, stop) in enumerate(fixed_ranges(counts[0], chunk_lines)):
        starts = tuple(offsets[number] for offsets, _, _ in found)
        ends = tuple(
            offsets[number + 1] if number + 1 < len(offsets) else size for offsets, _, size in found
        )
        plans.append(LineRange(first_line, stop - first_line, starts, ends))
    return counts, plans


def read_line_range(paths: Sequence[str | Path], plan: LineRange, encoding: str) -> list[list[str]]:
    """The lines of one range of every file: ``[lines of file 0, of file 1, ...]``.

    Raises:
        EncodingError: invalid bytes, named by file, line and byte offset.
    """
    parts = []
    for path, start, end in zip(paths, plan.starts, plan.ends, strict=True):
        with LineReader(
            path, encoding, first_line=plan.first_line, first_byte=start, end_byte=end
        ) as reader:
            parts.append(reader.take(plan.lines))
    return parts
