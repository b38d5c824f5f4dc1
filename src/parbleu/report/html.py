"""Writes a `Report` as one HTML file: the only module of parbleu that writes HTML.

The page is the template of ``assets/``, its stylesheet and scripts inlined, the summary as a
JSON data block and the segment data as a block of 7-bit text (``payload.seven_bit_text``);
nothing is fetched, and a Content Security Policy forbids fetching anything (``default-src
'none'``) and runs only the script and style whose SHA-256 digests it names, and workers the
script makes itself from its own functions (``worker-src blob:``: TER's shift search and
Compare's n-gram counts run in one, off the page's thread). Data never becomes markup: the
title is HTML-escaped, the JSON block escapes ``<``, ``>``, ``&`` and the line separators
U+2028 and U+2029 (so no ``</script>`` or comment opener can appear in it), the 7-bit text
has no ``<``, NUL, CR or LF, and the scripts set every text with ``textContent``.
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from importlib import resources
from pathlib import Path

from parbleu._version import __version__
from parbleu.io.json_output import json_text
from parbleu.io.output import write_output
from parbleu.report.build import Report
from parbleu.report.payload import json_ready

__all__ = ["render", "safe_json", "write"]

_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
_UNSAFE_IN_SCRIPT = re.compile(r"</script|<!--", re.IGNORECASE)


def safe_json(value: object) -> str:
    """JSON that can stand inside a ``<script>`` element of an HTML page."""
    text = json_text(json_ready(value), ascii_only=True, compact=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _asset(name: str) -> str:
    return (resources.files("parbleu.report") / "assets" / name).read_text(encoding="utf-8")


def _script() -> str:
    folder = resources.files("parbleu.report") / "assets" / "js"
    names = sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".js"))
    body = "\n".join((folder / name).read_text(encoding="utf-8") for name in names)
    script = f'(() => {{\n"use strict";\n{body}\n}})();\n'
    if _UNSAFE_IN_SCRIPT.search(script):
        raise RuntimeError("a report script contains '</script' or '<!--'")
    return script


def _digest(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def render(report: Report) -> str:
    """The whole page."""
    style = _asset("report.css")
    script = _script()
    policy = (
        f"default-src 'none'; script-src {_digest(script)}; style-src {_digest(style)}; "
        "worker-src blob:; img-src 'none'; connect-src 'none'; base-uri 'none'; "
        "form-action 'none'"
    )
    values = {
        "csp": policy,
        "version": __version__,
        "title": html.escape(report.title, quote=True),
        "style": style,
        "overview": safe_json(report.overview),
        "segments": report.segments,
        "script": script,
    }
    return _PLACEHOLDER.sub(lambda match: values[match.group(1)], _asset("template.html"))


def write(path: str | Path, report: Report) -> Path:
    """Write the page to `path` (UTF-8, replaced atomically: `parbleu.io.output`); returns it."""
    return write_output(Path(path), render(report))
