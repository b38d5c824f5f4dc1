"""Files opened once and read at any byte offset, by this process and the processes it forks.

`SharedFiles` opens every file once (`parbleu.io.lines.open_binary`: a missing file or a
directory is one error naming it). Reads go through ``os.pread``, which takes its offset as
an argument and moves no file position: processes forked after the files were opened inherit
the open files and read their own byte ranges of them at the same time, without opening the
files again and without disturbing one another. Only regular files can be read this way
(not ``.gz`` files, pipes or devices); `parbleu.scaling.byteranges.readable_in_ranges` tells.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, BinaryIO

import numpy as np

from parbleu.io.lines import READ_ERRORS, open_binary, read_error
from parbleu.io.reader import LineReader

if TYPE_CHECKING:
    from pathlib import Path

__all__ = ["SharedFiles", "can_read_at_offsets"]

_BLOCK_BYTES = 1 << 22
_NEWLINE = ord("\n")


def can_read_at_offsets() -> bool:
    """Whether this platform reads files at an offset without moving a position (POSIX)."""
    return hasattr(os, "pread")


class _At:
    """One open file as a stream of bytes from a position of its own (``os.pread``)."""

    def __init__(self, descriptor: int) -> None:
        self._descriptor = descriptor
        self._position = 0
        self._size = os.fstat(descriptor).st_size  # reads ask for no more (no 4 MB buffers)

    def read(self, size: int = -1) -> bytes:
        left = max(0, self._size - self._position)
        size = left if size < 0 else min(size, left)
        if not size:  # at the end, or a file that grew: read what is there
            size = 1 << 16
        block = os.pread(self._descriptor, size, self._position)
        self._position += len(block)
        return block

    def seek(self, offset: int) -> int:
        self._position = offset
        return offset

    def close(self) -> None:
        """Nothing: the file belongs to `SharedFiles`."""


class SharedFiles:
    """Files opened once, each read from any byte offset by any process forked from here.

    Raises:
        InputError: a file that cannot be opened (the files opened before it are closed).
    """

    def __init__(self, paths: Sequence[str | Path]) -> None:
        self.paths = tuple(str(path) for path in paths)
        self._handles: list[BinaryIO] = []
        try:
            self._handles.extend(open_binary(path) for path in self.paths)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Close every file."""
        for handle in self._handles:
            handle.close()
        self._handles = []

    def __enter__(self) -> SharedFiles:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def stream(self, index: int) -> _At:
        """File `index` as a stream of bytes positioned at its start."""
        return _At(self._handles[index].fileno())

    def reader(
        self,
        index: int,
        encoding: str,
        *,
        first_line: int = 0,
        start: int = 0,
        end: int | None = None,
    ) -> LineReader:
        """Lines of file `index` from byte `start` (line `first_line`) up to byte `end`."""
        return LineReader(
            self.paths[index],
            encoding,
            first_line=first_line,
            first_byte=start,
            end_byte=end,
            stream=self.stream(index),
        )

    def line_starts(self, index: int, every: int) -> tuple[list[int], int, int]:
        """Where lines ``0, every, 2 * every, ...`` of file `index` start, counted in bytes.

        Returns those byte offsets, the number of lines (a last line without a newline
        counts) and the size of the file. Nothing is decoded: the encoding must write a
        newline as the single byte 0x0A.

        Raises:
            InputError: the file cannot be read.
        """
        offsets = [0]
        lines = position = 0
        last = b"\n"
        stream = self.stream(index)
        try:
            while block := stream.read(_BLOCK_BYTES):
                newlines = np.flatnonzero(np.frombuffer(block, dtype=np.uint8) == _NEWLINE)
                # Line `lines + i + 1` starts after the i-th newline of this block.
                wanted = np.arange(-lines % every - 1, len(newlines), every)
                offsets.extend((position + newlines[wanted[wanted >= 0]] + 1).tolist())
                lines += len(newlines)
                position += len(block)
                last = block[-1:]
        except READ_ERRORS as exc:
            raise read_error(self.paths[index], exc) from None
        if offsets[-1] == position:
            offsets.pop()
        return offsets, lines + (last != b"\n"), position

    def count_lines(self, index: int) -> int:
        """The number of lines of file `index`, counted as `line_starts` counts them."""
        lines = 0
        last = b"\n"
        stream = self.stream(index)
        try:
            while block := stream.read(_BLOCK_BYTES):
                lines += block.count(b"\n")
                last = block[-1:]
        except READ_ERRORS as exc:
            raise read_error(self.paths[index], exc) from None
        return lines + (last != b"\n")
