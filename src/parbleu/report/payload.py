"""The report's segment data as one compressed binary container the browser reads at once.

Layout, little-endian: the 4 bytes ``PBR1``, a 32-bit length ``L``, ``L`` bytes of UTF-8 JSON
(the header: sizes, settings and where each section lies), then the sections, each starting
at a multiple of 8 bytes. A section of numbers wider than a byte is stored in byte planes
(every number's first byte, then every second byte, ...; its table entry ends with
``"planes"``), as Blosc's shuffle filter does: deflate finds the runs of equal high bytes, and
the scores, lengths and token offsets of 100,000 segments shrink from 3.5 to 2.5 MB. The
whole container is compressed with zlib's deflate (the browser's
``DecompressionStream("deflate")`` reads it) and written as text, 7 bits a character
(`seven_bit_text`): 8/7 of the deflated size where base64 takes 4/3.

Text goes in segment by segment (source, references, outputs of one segment next to each
other): outputs of several systems for one sentence share most of their words, and deflate
only looks back 32 KiB, so this order compresses to about 60% of the size that file after
file would (measured on WMT21 de-en, docs/report.md).
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from parbleu.io.json_output import json_text

__all__ = [
    "MAGIC",
    "Payload",
    "json_ready",
    "seven_bit_bytes",
    "seven_bit_text",
    "smallest_unsigned",
]

MAGIC = b"PBR1"
#: deflate level: on 100,000 distinct WMT21 segments x 4 systems (benchmarks/report.py), level 6
#: (zlib's default) gives 27.1 MB in 5.5 s, level 4 28.0 MB in 2.3 s, level 9 27.0 MB in
#: 6.6 s (under load; docs/report.md).
LEVEL = 6

#: 7-bit values a page cannot hold as themselves inside ``<script>``: NUL (the parser makes it
#: U+FFFD), LF and CR (writers and the parser rewrite line ends) and ``<`` (it could end the
#: element). Each is written as one character U+0100 + (index << 7 | next 7 bits).
_ESCAPED = (0, 10, 13, 60)
_ESCAPE_BASE = 0x100

_TYPES = {
    np.dtype(np.uint8): "u8",
    np.dtype(np.uint16): "u16",
    np.dtype(np.uint32): "u32",
    np.dtype(np.int32): "i32",
    np.dtype(np.float64): "f64",
}


def smallest_unsigned(values: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """Non-negative integers in the narrowest of uint8, uint16 and uint32 that holds them."""
    top = int(values.max(initial=0))
    if values.size and int(values.min()) < 0:
        raise ValueError("smallest_unsigned takes non-negative integers")
    for dtype in (np.uint8, np.uint16, np.uint32):
        if top <= np.iinfo(dtype).max:
            return values.astype(dtype)
    raise ValueError(f"{top} does not fit in 32 bits")


def seven_bit_text(data: bytes) -> str:
    """`data` as ``"LENGTH:"`` and one character per 7 bits, most significant bit first.

    Every 7-bit value is the ASCII character of that code, except the four of ``_ESCAPED``:
    such a value and the 7 bits after it become one two-byte UTF-8 character (U+0100 to
    U+02FF), so that the page's UTF-8 holds 7 bits in every byte (the idea of Kevin Albertson's
    base-122). The page reads it back in 02-data.js (``sevenBitBytes``).
    """
    groups = _groups_of_seven(data).astype(np.int32)
    index = np.full(128, -1, dtype=np.int32)
    index[list(_ESCAPED)] = np.arange(len(_ESCAPED))
    forbidden = index[groups] >= 0
    # In a run of forbidden values, the first, third, ... are escapes; each takes the next.
    at = np.arange(groups.size, dtype=np.int32)
    run_start = np.maximum.accumulate(np.where(forbidden, -1, at)) + 1
    escape = forbidden & ((at - run_start) % 2 == 0)
    following = np.append(groups[1:], 0)
    codes = np.where(escape, _ESCAPE_BASE + (index[groups] << 7 | following), groups)
    keep = ~np.concatenate([[False], escape[:-1]]) if groups.size else escape
    text = codes[keep].astype("<u4").tobytes().decode("utf-32-le")
    return f"{len(data)}:{text}"


def _groups_of_seven(data: bytes) -> npt.NDArray[np.int64]:
    """`data`'s bits in groups of 7, most significant first (zeros pad the last one)."""
    raw = np.frombuffer(data + b"\0" * (-len(data) % 7), dtype=np.uint8).reshape(-1, 7)
    words = np.zeros(raw.shape[0], dtype=np.int64)
    for k in range(7):
        words = words << 8 | raw[:, k]
    groups = (words[:, None] >> np.arange(49, -1, -7)) & 127
    return groups.ravel()[: -(-len(data) * 8 // 7)]


def seven_bit_bytes(text: str) -> bytes:
    """The bytes `seven_bit_text` wrote (a reader for tests and tools)."""
    length, _, body = text.partition(":")
    codes = np.frombuffer(body.encode("utf-32-le"), dtype="<u4").astype(np.int64)
    escaped = codes >= _ESCAPE_BASE
    first = np.where(escaped, np.array(_ESCAPED)[(codes - _ESCAPE_BASE) >> 7 & 3], codes)
    groups = np.empty(codes.size + int(escaped.sum()), dtype=np.int64)
    positions = np.arange(codes.size) + np.concatenate([[0], np.cumsum(escaped)[:-1]])
    groups[positions] = first
    groups[positions[escaped] + 1] = (codes[escaped] - _ESCAPE_BASE) & 127
    rows = np.append(groups, np.zeros(-groups.size % 8, dtype=np.int64)).reshape(-1, 8)
    words = np.zeros(rows.shape[0], dtype=np.int64)
    for k in range(8):
        words = words << 7 | rows[:, k]
    raw = (words[:, None] >> np.arange(48, -1, -8)) & 255
    return raw.astype(np.uint8).tobytes()[: int(length)]


def json_ready(value: Any) -> Any:
    """Nested values with NaN and infinities as None (JSON has no such numbers)."""
    if isinstance(value, float):
        return value if np.isfinite(value) else None
    if isinstance(value, (np.floating, np.integer)):
        return json_ready(value.item())
    if isinstance(value, Mapping):
        return {str(k): json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(v) for v in value]
    if isinstance(value, np.ndarray):
        return json_ready(value.tolist())
    return value


@dataclass
class Payload:
    """Sections collected for one container (built once, then `encode`d)."""

    header: dict[str, Any] = field(default_factory=dict)
    _sections: list[tuple[str, str, bytes, bool]] = field(default_factory=list)

    def add_array(self, name: str, values: npt.NDArray[Any]) -> None:
        """A typed array section (uint8/16/32, int32 or float64)."""
        array = np.ascontiguousarray(values)
        kind = _TYPES.get(array.dtype)
        if kind is None:
            raise TypeError(f"section {name}: unsupported dtype {array.dtype}")
        data = array.astype(array.dtype.newbyteorder("<")).tobytes()
        width = array.dtype.itemsize
        if width > 1:
            planes = np.frombuffer(data, dtype=np.uint8).reshape(-1, width).T.tobytes()
            self._sections.append((name, kind, planes, True))
        else:
            self._sections.append((name, kind, data, False))

    def add_text(self, name: str, text: str) -> None:
        """A UTF-8 text section."""
        self._sections.append((name, "utf8", text.encode("utf-8"), False))

    def add_json(self, name: str, value: Any) -> None:
        """A JSON section (UTF-8)."""
        text = json_text(json_ready(value), compact=True)
        self._sections.append((name, "json", text.encode("utf-8"), False))

    def encode(self) -> str:
        """The container, deflated and written by `seven_bit_text`."""
        table: dict[str, list[Any]] = {}
        offset = 0
        for name, kind, data, planes in self._sections:
            table[name] = [offset, len(data), kind, *(["planes"] if planes else [])]
            offset += -(-len(data) // 8) * 8
        head = json_text(json_ready({**self.header, "sections": table})).encode("utf-8")
        start = -(-(8 + len(head)) // 8) * 8
        parts = [MAGIC, struct.pack("<I", len(head)), head, b"\0" * (start - 8 - len(head))]
        for _, _, data, _ in self._sections:
            parts += [data, b"\0" * (-len(data) % 8)]
        compressor = zlib.compressobj(LEVEL)
        deflated = b"".join([*(compressor.compress(p) for p in parts), compressor.flush()])
        return seven_bit_text(deflated)
