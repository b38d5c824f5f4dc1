"""Strict tooling is part of the suite: ruff (lint and format) and mypy --strict pass.

Skips when the tools are not installed (they come with the ``test`` extra).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=REPO, capture_output=True, text=True, check=False)


@pytest.mark.skipif(shutil.which("ruff") is None, reason="ruff is not installed")
def test_ruff_lint_and_format() -> None:
    lint = _run("ruff", "check", "src", "tests", "benchmarks")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    formatted = _run("ruff", "format", "--check", "src", "tests", "benchmarks")
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr


def test_mypy_strict() -> None:
    pytest.importorskip("mypy")
    checked = _run(sys.executable, "-m", "mypy")
    assert checked.returncode == 0, checked.stdout + checked.stderr
