"""The 7-bit text of the report's container (``payload.seven_bit_text``) against a reference
written from its specification, one bit at a time.

Oracle: the format as its docstring states it: the data's bits, most significant first, in
groups of 7 (zeros pad the last); a group is the ASCII character of its value, except NUL, LF,
CR and ``<``, which take the next group with them into the character U+0100 + (index << 7 |
next); the text starts with the data's length and a colon.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from parbleu.report.payload import seven_bit_bytes, seven_bit_text

ESCAPED = (0, 10, 13, 60)


def reference(data: bytes) -> str:
    bits = "".join(f"{byte:08b}" for byte in data)
    bits += "0" * (-len(bits) % 7)
    groups = [int(bits[i : i + 7], 2) for i in range(0, len(bits), 7)]
    out = []
    k = 0
    while k < len(groups):
        value = groups[k]
        if value in ESCAPED:
            following = groups[k + 1] if k + 1 < len(groups) else 0
            out.append(chr(0x100 + (ESCAPED.index(value) << 7 | following)))
            k += 2
        else:
            out.append(chr(value))
            k += 1
    return f"{len(data)}:" + "".join(out)


@given(st.binary(max_size=300))
def test_seven_bit_text_follows_its_specification(data: bytes) -> None:
    text = seven_bit_text(data)
    assert text == reference(data)
    assert not set(text.partition(":")[2]) & {"\0", "\n", "\r", "<"}
    assert seven_bit_bytes(text) == data


def test_runs_of_escaped_values_and_size() -> None:
    """Runs of escaped values (each escape takes the next group, escaped or not), and 8/7."""
    for data in (b"\0" * 21, b"<" * 14, bytes([0x1B, 0x0D]) * 30, bytes(range(256)) * 4):
        assert seven_bit_text(data) == reference(data)
        assert seven_bit_bytes(seven_bit_text(data)) == data
    body = seven_bit_text(bytes(range(256)) * 70).partition(":")[2]
    assert len(body.encode("utf-8")) == -(-256 * 70 * 8 // 7)  # 7 bits in every byte
