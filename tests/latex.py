"""Compiling a LaTeX table with Debian's pdflatex (the oracle that the table is valid LaTeX).

Locally the tests that need pdflatex skip, saying why, when it is absent; under
PARBLEU_REQUIRE_PDFLATEX=1 (set by .ci/run, which installs texlive-latex-base and
texlive-latex-recommended for booktabs) they fail instead.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

PREAMBLE = "\\documentclass{article}\\usepackage{booktabs}\\begin{document}\n"


def compile_table(table: str, folder: Path) -> None:
    """Compile `table` in a minimal booktabs document; fail with pdflatex's log if it errs."""
    if shutil.which("pdflatex") is None:
        message = "pdflatex is not installed (apt-get install texlive-latex-recommended)"
        if os.environ.get("PARBLEU_REQUIRE_PDFLATEX") == "1":
            pytest.fail(message + "; PARBLEU_REQUIRE_PDFLATEX=1 forbids skipping")
        pytest.skip(message)
    (folder / "t.tex").write_text(PREAMBLE + table + "\n\\end{document}\n", encoding="utf-8")
    done = subprocess.run(
        ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert (folder / "t.pdf").stat().st_size > 0
