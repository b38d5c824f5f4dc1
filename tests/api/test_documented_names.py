"""Every name the README and the docs mention exists, and their Python examples import.

Oracle: the documentation itself. Each dotted ``parbleu.x.y`` name in README.md and
docs/*.md must resolve (an importable module, then attributes), and every ``from parbleu...
import ...`` line in them must run, so that a moved or renamed module or function fails here
before it fails a reader.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
DOTTED = re.compile(r"\bparbleu(?:\.[A-Za-z_][A-Za-z0-9_]*)+")
IMPORT = re.compile(r"^\s*from (parbleu[\w.]*) import ([\w, ]+)$", re.MULTILINE)


def _dotted_names() -> list[str]:
    names = {name for doc in DOCUMENTS for name in DOTTED.findall(doc.read_text("utf-8"))}
    return sorted(name for name in names if not name.startswith("parbleu.egg"))


def _imports() -> list[tuple[str, str]]:
    found = set()
    for doc in DOCUMENTS:
        for module, names in IMPORT.findall(doc.read_text("utf-8")):
            found.update((module, name.strip()) for name in names.split(",") if name.strip())
    return sorted(found)


def _resolve(dotted: str) -> object:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            value = getattr(value, attribute)
        return value
    raise ModuleNotFoundError(dotted)


def test_the_documents_mention_names() -> None:
    assert len(_dotted_names()) > 20
    assert len(_imports()) > 10


@pytest.mark.parametrize("dotted", _dotted_names())
def test_documented_name_exists(dotted: str) -> None:
    _resolve(dotted)


@pytest.mark.parametrize(("module", "name"), _imports())
def test_documented_import_runs(module: str, name: str) -> None:
    assert hasattr(importlib.import_module(module), name), f"from {module} import {name}"


def test_the_readme_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """The README's Python block, run as written: its printed score is the one it shows."""
    text = (REPO / "README.md").read_text("utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.DOTALL)
    assert blocks, "README.md has no python block"
    exec(compile(blocks[0], "README.md", "exec"), {})
    shown = re.search(r"print\(score\)\s+# (BLEU = [\d.]+)", blocks[0])
    assert shown is not None
    assert capsys.readouterr().out.startswith(shown.group(1))
