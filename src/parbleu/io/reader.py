r"""Files read in blocks of lines, with the position of every line known.

`LineReader` reads one file (``.gz`` decompressed) a block of bytes at a time and hands out
lines as sacreBLEU reads them: lines end at ``\n`` only, a final newline ends the last line.
Bad bytes are reported with the file, the line and the byte offset, wherever they are, and a
reader can start at any line of a file (worker processes read their own byte ranges).
"""

from __future__ import annotations

import codecs
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from parbleu.errors import EncodingError
from parbleu.io.lines import READ_ERRORS, check_counts, check_encoding, open_binary, read_error

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "ByteStream",
    "LineReader",
    "check_reader_counts",
    "count_lines",
    "splits_on_newline_bytes",
]

_BLOCK_BYTES = 1 << 22
#: The first block read: a file's first lines (a format check) cost a small read, and later
#: blocks double up to `_BLOCK_BYTES`.
_FIRST_BLOCK_BYTES = 1 << 13


class ByteStream(Protocol):
    """What a `LineReader` reads: bytes from a position (a file, standard input, a range)."""

    def read(self, size: int = -1, /) -> bytes:
        """Up to `size` bytes (fewer only at the end)."""

    def seek(self, offset: int, /) -> int:
        """Move to byte `offset`."""

    def close(self) -> None:
        """Release the stream."""


def splits_on_newline_bytes(encoding: str) -> bool:
    """Whether the encoding writes a newline as the single byte 0x0A, and nothing else with it.

    True for UTF-8, Latin-1 and the like; false for UTF-16 and UTF-32.
    """
    check_encoding(encoding)
    codec = codecs.lookup(encoding)
    probe = "a\n"
    return codec.encode(probe)[0] == probe.encode("ascii") and not codec.name.startswith(
        ("utf-16", "utf-32")
    )


class LineReader:
    """The lines of one file, read in blocks, that know where each block began.

    Args:
        path: the file (``.gz`` is decompressed).
        encoding: its encoding.
        first_line: number (0-based) of the first line, for messages, when `handle` starts
            inside the file.
        first_byte: byte offset of `handle`'s start in the file, for messages.
        end_byte: stop after this many bytes of `handle` (``None``: at the end of the file).
        stream: read this open stream (standard input) instead of opening `path`, which then
            only names it in messages; the stream is left open.
    """

    def __init__(
        self,
        path: str | Path,
        encoding: str = "utf-8",
        *,
        first_line: int = 0,
        first_byte: int = 0,
        end_byte: int | None = None,
        stream: ByteStream | None = None,
    ) -> None:
        self.path = str(path)
        self.encoding = encoding
        self.lines_read = first_line
        self._bytewise = splits_on_newline_bytes(encoding)
        self._owned = stream is None
        self._handle: ByteStream = open_binary(path) if stream is None else stream
        if first_byte:
            self._handle.seek(first_byte)
        self._offset = first_byte  # file offset of the first byte of `_pending`
        self._left = None if end_byte is None else end_byte - first_byte
        self._block = _FIRST_BLOCK_BYTES
        self._pending = b""
        self._lines: list[str] = []
        self._eof = False
        self._decoder = codecs.getincrementaldecoder(encoding)()
        self._text = ""  # an incomplete line, for encodings read as text

    def close(self) -> None:
        """Close the file (a stream given to the reader stays open)."""
        if self._owned:
            self._handle.close()

    def __enter__(self) -> LineReader:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def take(self, count: int) -> list[str]:
        """The next `count` lines (fewer only at the end of the file), without newlines."""
        while len(self._lines) < count and not self._eof:
            self._read_block()
        taken, self._lines = self._lines[:count], self._lines[count:]
        self.lines_read += len(taken)
        return taken

    def rest(self) -> list[str]:
        """Every line not taken yet."""
        while not self._eof:
            self._read_block()
        rest, self._lines = self._lines, []
        self.lines_read += len(rest)
        return rest

    def peek(self, count: int) -> list[str]:
        """The next `count` lines (fewer only at the end of the file), left to be taken."""
        while len(self._lines) < count and not self._eof:
            self._read_block()
        return self._lines[:count]

    def count_rest(self) -> int:
        """Number of lines not read yet (reads, without keeping, the rest of the file)."""
        count = len(self._lines)
        self._lines = []
        while not self._eof:
            self._read_block()
            count += len(self._lines)
            self._lines = []
        return count

    def _read(self) -> bytes:
        size = self._block if self._left is None else min(self._block, self._left)
        self._block = min(2 * self._block, _BLOCK_BYTES)
        try:
            block = self._handle.read(size) if size else b""
        except READ_ERRORS as exc:
            raise read_error(self.path, exc) from None
        if self._left is not None:
            self._left -= len(block)
        return block

    def _read_block(self) -> None:
        block = self._read()
        if not self._bytewise:
            self._read_text_block(block)
            return
        data = self._pending + block
        if block:
            cut = data.rfind(b"\n") + 1
            if not cut:
                self._pending = data
                return
        else:
            self._eof = True
            cut = len(data)
            if not data:
                return
        complete, self._pending = data[:cut], data[cut:]
        try:
            text = complete.decode(self.encoding)
        except UnicodeDecodeError as exc:
            raise self._error(complete, exc) from None
        lines = text.split("\n")
        if text.endswith("\n"):
            lines.pop()
        self._lines.extend(lines)
        self._offset += cut

    def _read_text_block(self, block: bytes) -> None:
        """Encodings whose newline is not the single byte 0x0A (UTF-16, UTF-32)."""
        state = self._decoder.getstate()
        try:
            text = self._text + self._decoder.decode(block, final=not block)
        except UnicodeDecodeError as exc:
            raise self._text_error(state, exc) from None
        self._offset += len(block)
        lines = text.split("\n")
        self._text = lines.pop()  # an incomplete last line
        self._lines.extend(lines)
        if not block:
            self._eof = True
            if self._text:
                self._lines.append(self._text)

    def _text_error(self, state: tuple[bytes, int], exc: UnicodeDecodeError) -> EncodingError:
        """Where the bad bytes are, counted in the text decoded before them.

        `exc` is about the decoder's pending bytes (`state`) followed by the block; in UTF-16
        a 0x0A byte is often half of another character, so lines are counted in text.
        """
        pending = state[0]
        decoder = codecs.getincrementaldecoder(self.encoding)(errors="replace")
        decoder.setstate(state)
        before = self._text + decoder.decode(exc.object[len(pending) : exc.start])
        characters_in = len(before) - (before.rfind("\n") + 1)
        return EncodingError(
            f"invalid {self.encoding} at byte offset {self._offset - len(pending) + exc.start} "
            f"(character {characters_in} of the line): {exc.object[exc.start : exc.start + 4]!r}",
            source=self.path,
            line=self.lines_read + len(self._lines) + before.count("\n") + 1,
        )

    def _error(self, data: bytes, exc: UnicodeDecodeError) -> EncodingError:
        start = exc.start
        line = self.lines_read + len(self._lines) + data.count(b"\n", 0, start) + 1
        line_start = data.rfind(b"\n", 0, start) + 1
        return EncodingError(
            f"invalid {self.encoding} at byte offset {self._offset + start} "
            f"(byte {start - line_start} of the line): {data[start : start + 4]!r}",
            source=self.path,
            line=line,
        )


def count_lines(path: str | Path, encoding: str = "utf-8") -> int:
    """Number of lines of a file, as `read_chunks` counts them."""
    with LineReader(path, encoding) as reader:
        return reader.count_rest()


def check_reader_counts(readers: Sequence[LineReader]) -> None:
    """Require parallel readers to hold as many lines as the first (each counted to its end).

    Raises:
        LengthMismatchError: `parbleu.io.lines.length_error`'s, naming the first reader whose
            count differs, and the first reader, with their counts.
    """
    check_counts([(reader.path, reader.lines_read + reader.count_rest()) for reader in readers])
