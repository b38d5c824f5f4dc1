"""Every file of this repository that the README and the docs name exists.

Oracle: the repository's own tree. A path in README.md or docs/*.md that starts in one of
our folders (``src/parbleu/``, ``tests/``, ``benchmarks/``, ``docs/``, ``.ci/``) must name a
file or folder that exists, and a pattern (``tests/metrics/chrf/test_chrf_*.py``) must match
at least one, so that a moved test or module fails here before it misleads a reader.
docs/architecture.md's "Where things moved" tables name the old places on purpose and are
left out.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCUMENTS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
OURS = re.compile(r"(?<![\w./-])((?:src/parbleu|tests|benchmarks|docs|\.ci)(?:/[\w.*-]+)+)")
MOVED = "## Where things moved"


def _text(document: Path) -> str:
    text = document.read_text("utf-8")
    return text.partition(MOVED)[0] if document.name == "architecture.md" else text


def _named_paths() -> list[tuple[str, str]]:
    found = set()
    for document in DOCUMENTS:
        for path in OURS.findall(_text(document)):
            found.add((document.name, path.rstrip(".")))
    return sorted(found)


def test_the_documents_name_paths() -> None:
    named = {path for _, path in _named_paths()}
    assert len(named) > 40
    assert "tests/api/test_paper_examples.py" in named


@pytest.mark.parametrize(("document", "path"), _named_paths())
def test_named_path_exists(document: str, path: str) -> None:
    if "*" in path:
        assert any(REPO.glob(path)), f"{document} names {path}, which matches no file"
    else:
        assert (REPO / path).exists(), f"{document} names {path}, which does not exist"
