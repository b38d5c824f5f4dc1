"""The file itself: the data container, JSON that cannot end a script, the security policy,
and scripts that never turn data into markup.

Oracles: an independent reader of the container written from its specification in
parbleu/report/payload.py; ``json.loads``; ``hashlib`` digests of the inlined code; Python's
own formatting for fixed-point scores.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import struct
import zlib
from importlib import resources
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parbleu import BLEU
from parbleu.report import build_report, render
from parbleu.report.payload import Payload, json_ready, seven_bit_bytes, smallest_unsigned
from parbleu.report.scoring import MISSING, fixed_point

TYPES = {"u8": "<u1", "u16": "<u2", "u32": "<u4", "i32": "<i4", "f64": "<f8"}


def read_container(encoded: str) -> tuple[dict[str, Any], dict[str, Any]]:
    data = zlib.decompress(seven_bit_bytes(encoded))
    assert data[:4] == b"PBR1"
    (length,) = struct.unpack("<I", data[4:8])
    header = json.loads(data[8 : 8 + length])
    base = -(-(8 + length) // 8) * 8
    sections = {}
    for name, (offset, size, kind, *layout) in header["sections"].items():
        assert (base + offset) % 8 == 0, name
        raw = data[base + offset : base + offset + size]
        if kind in TYPES:
            width = np.dtype(TYPES[kind]).itemsize
            assert layout == (["planes"] if width > 1 else []), name
            planes = np.frombuffer(raw, dtype=np.uint8).reshape(width, -1)
            sections[name] = planes.T.copy().view(TYPES[kind]).ravel()
        else:
            sections[name] = raw.decode("utf-8") if kind == "utf8" else json.loads(raw)
    return header, sections


def test_container_round_trip() -> None:
    payload = Payload(header={"n": 3})
    payload.add_array("a", np.array([1, 2, 300], dtype=np.uint16))
    payload.add_text("t", "é😀<")
    payload.add_array("f", np.array([0.5, np.nan]))
    payload.add_json("j", {"x": [1, float("nan")]})
    header, sections = read_container(payload.encode())
    assert header["n"] == 3
    assert sections["a"].tolist() == [1, 2, 300]
    assert sections["t"] == "é😀<"
    assert sections["f"][0] == 0.5
    assert np.isnan(sections["f"][1])
    assert sections["j"] == {"x": [1, None]}


def test_report_container_holds_the_text_row_by_row(sample: dict[str, Any]) -> None:
    report = build_report(
        sample["refs"], sample["systems"], source=sample["refs"][1], metrics=["bleu"]
    )
    header, sections = read_container(report.segments)
    lengths = sections["text/lengths"]
    rows = [
        line
        for i in range(30)
        for line in (
            sample["refs"][1][i],
            sample["refs"][0][i],
            sample["refs"][1][i],
            *(s[i] for s in sample["systems"].values()),
        )
    ]
    assert sections["text"] == "".join(rows)
    assert lengths.tolist() == [len(r) for r in rows]
    assert (header["n_segments"], header["n_references"], header["n_systems"]) == (30, 2, 3)
    scores = sections["scores/bleu"].reshape(3, 30)
    sentence = BLEU(effective_order=True).scores(
        BLEU(sample["refs"]).statistics(sample["systems"]["weak"]).values
    )
    assert [f"{v / 100:.2f}" for v in scores[2]] == [f"{v:.2f}" for v in sentence]


@given(
    st.lists(
        st.floats(-1e6, 1e6, allow_nan=False)
        | st.sampled_from([0.125, 2.675, -0.005, 1.005, float("nan")]),
        max_size=50,
    ),
    st.integers(0, 4),
)
def test_fixed_point_rounds_as_python_formats(values: list[float], decimals: int) -> None:
    array = np.array(values, dtype=np.float64)
    fixed = fixed_point(array, decimals)
    if fixed is None:  # too large for 32 bits: stored as float64 instead
        assert np.nanmax(np.abs(array)) * 10**decimals >= 2**31 - 1
        return
    for value, units in zip(values, fixed.tolist(), strict=True):
        if np.isnan(value):
            assert units == MISSING
        else:
            text = f"{value:.{decimals}f}"
            assert units == int(text.replace(".", "").replace("-", "") or 0) * (
                -1 if text.startswith("-") else 1
            )


def test_fixed_point_refuses_what_does_not_fit() -> None:
    assert fixed_point(np.array([3e7]), 2) is None
    assert smallest_unsigned(np.array([255])).dtype == np.uint8
    assert smallest_unsigned(np.array([256])).dtype == np.uint16
    assert smallest_unsigned(np.array([70000])).dtype == np.uint32
    assert json_ready({"a": (np.float64("inf"), np.int64(3))}) == {"a": [None, 3]}


NASTY = [
    "</script><script>alert(1)</script>",
    "<!--",
    "]]>",
    "\u2028\u2029",
    "a&b",
    "\x00",
    "{{script}}",
]


def test_page_embeds_data_that_cannot_close_its_script(sample: dict[str, Any]) -> None:
    systems = {name: [NASTY[i % len(NASTY)] for i in range(30)] for name in NASTY[:3]}
    report = build_report(sample["refs"], systems, metrics=["bleu"], title="{{script}}</title>")
    page = render(report)
    blocks = re.findall(r"<script[^>]*>(.*?)</script>", page, flags=re.DOTALL)
    assert len(blocks) == 3  # summary, data, program: no other script ends early
    summary = blocks[0]
    for forbidden in ("<", ">", "&", "\u2028", "\u2029"):
        assert forbidden not in summary
    assert json.loads(summary)["systems"] == NASTY[:3]
    assert "<title>{{script}}&lt;/title&gt;</title>" in page
    data = re.search(
        r'<script type="application/octet-stream" id="pb-segments">(.*?)</script>', page, re.DOTALL
    )
    assert data is not None
    assert re.fullmatch(r"[0-9]+:[^\0\r\n<]*", data.group(1))


def test_security_policy_names_the_inlined_code(sample: dict[str, Any]) -> None:
    page = render(build_report(sample["refs"], sample["systems"], metrics=["bleu"]))
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', page)
    assert policy is not None
    script = re.findall(r"<script>(.*?)</script>", page, flags=re.DOTALL)[-1]
    style = re.search(r"<style>(.*?)</style>", page, flags=re.DOTALL)
    assert style is not None
    for code, directive in ((script, "script-src"), (style.group(1), "style-src")):
        digest = base64.b64encode(hashlib.sha256(code.encode()).digest()).decode()
        assert f"{directive} 'sha256-{digest}'" in policy.group(1)
    assert "default-src 'none'" in policy.group(1)
    assert "connect-src 'none'" in policy.group(1)


def asset_texts() -> dict[str, str]:
    folder = resources.files("parbleu.report") / "assets"
    texts = {f"js/{p.name}": p.read_text(encoding="utf-8") for p in (folder / "js").iterdir()}
    texts.update({p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.is_file()})
    return texts


@pytest.mark.parametrize(
    "pattern",
    [
        r"innerHTML",
        r"outerHTML",
        r"insertAdjacentHTML",
        r"document\.write",
        r"\beval\(",
        r"new Function",
        r"\bfetch\(",
        r"XMLHttpRequest",
        r"WebSocket",
        r"\bimport\(",
        r"importScripts",
        r"\.src\s*=",
        r"https?://(?!www\.w3\.org/2000/svg)",
        r"createContextualFragment",
        r"DOMParser",
        r"setTimeout\(\s*['\"`]",
    ],
)
def test_scripts_never_parse_markup_or_reach_the_network(pattern: str) -> None:
    for name, text in asset_texts().items():
        assert not re.search(pattern, text), f"{name} matches {pattern}"
