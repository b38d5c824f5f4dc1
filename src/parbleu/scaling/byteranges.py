r"""Parallel files cut into ranges of lines by byte offset, so that each process reads its own.

For an encoding that writes a newline as the single byte ``\n`` (UTF-8, Latin-1, ...), the
lines of a file can be found without decoding it: `count_line_ranges` counts the newlines of
every file and notes where every range of lines starts, and `read_line_range` reads one range
of every file from those offsets, decoding it and reporting bad bytes with the file's own
line numbers. The files are opened once (`parbleu.io.shared.SharedFiles`): processes forked
afterwards read their ranges of the same open files.

    >>> import tempfile, pathlib
    >>> from parbleu.io.shared import SharedFiles
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "a.txt").write_text("one\ntwo\nthree\n", encoding="utf-8")
    >>> _ = (folder / "b.txt").write_text("un\ndeux\ntrois", encoding="utf-8")
    >>> with SharedFiles([folder / "a.txt", folder / "b.txt"]) as files:
    ...     plans = plan_line_ranges(files, 2)
    ...     print([(plan.first_line, plan.lines) for plan in plans])
    ...     print(read_line_range(files, plans[1], "utf-8"))
    [(0, 2), (2, 1)]
    [['three'], ['trois']]
"""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from parbleu.engine.ranges import fixed_ranges
from parbleu.io.lines import check_counts
from parbleu.io.reader import splits_on_newline_bytes
from parbleu.io.shared import SharedFiles, can_read_at_offsets

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "LineRange",
    "count_line_ranges",
    "plan_line_ranges",
    "read_line_range",
    "readable_in_ranges",
]


def readable_in_ranges(paths: Sequence[str | Path], encoding: str) -> bool:
    r"""Whether every file can be read from any byte offset.

    True for uncompressed regular files (not pipes such as ``/dev/stdin``) in an encoding
    whose newline is the byte ``\n``, on a platform that reads files at an offset.
    """
    if not can_read_at_offsets() or not splits_on_newline_bytes(encoding):
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


def plan_line_ranges(files: SharedFiles, chunk_lines: int) -> list[LineRange]:
    """Chunks of `chunk_lines` lines of parallel files, as byte ranges of each file.

    Raises:
        LengthMismatchError: the files have different numbers of lines
            (`parbleu.io.lines.check_counts`: the first file whose count differs from the
            first file's, and the first file, each with its count).
        InputError: an unreadable file.
    """
    counts, plans = count_line_ranges(files, chunk_lines)
    check_counts(list(zip(files.paths, counts, strict=True)))
    return plans or []


def count_line_ranges(
    files: SharedFiles, chunk_lines: int
) -> tuple[list[int], list[LineRange] | None]:
    """The number of lines of each file and, if they are all the same, the chunks' ranges."""
    found = [files.line_starts(index, chunk_lines) for index in range(len(files.paths))]
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


def read_line_range(files: SharedFiles, plan: LineRange, encoding: str) -> list[list[str]]:
    """The lines of one range of every file: ``[lines of file 0, of file 1, ...]``.

    Raises:
        EncodingError: invalid bytes, named by file, line and byte offset.
    """
    parts = []
    for index, (start, end) in enumerate(zip(plan.starts, plan.ends, strict=True)):
        reader = files.reader(index, encoding, first_line=plan.first_line, start=start, end=end)
        parts.append(reader.take(plan.lines))
    return parts
