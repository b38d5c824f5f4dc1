"""The bundled sample's files and the command line run in process, for the CLI tests."""

from __future__ import annotations

import io
from contextlib import redirect_stderr
from pathlib import Path

from parbleu.cli.main import run

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF_A, REF_B = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "ref.B.txt")
STRONG, FAIR, WEAK = (str(SAMPLE / f"system-{q}.txt") for q in ("strong", "fair", "weak"))


def lines(path: str) -> list[str]:
    """A file's lines."""
    return Path(path).read_text(encoding="utf-8").splitlines()


def parbleu(*argv: str) -> tuple[int, str, str]:
    """Exit code, standard output and standard error of ``parbleu ARGV`` (argparse's too)."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):  # argparse's usage errors
        try:
            code = run(list(argv), io.BytesIO(b""), out, err)
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()
