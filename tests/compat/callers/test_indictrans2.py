"""IndicTrans2 (AI4Bharat/IndicTrans2): paired significance tests printed as sacreBLEU's text.

``compute_metrics_significance.sh:49-50`` (and ``63-64``) runs ``sacrebleu --tokenize none REF
-i IT2 SYSTEMS... --paired-bs -m bleu --format text > FILE`` and the same with ``-m chrf
--chrf-word-order 2`` (there without the reference: the first file is then the reference,
as in sacreBLEU); the files are kept and read back. Oracle: sacreBLEU 2.6.0's command line.

parbleu prints its own table by default; with ``--table-style sacrebleu`` the output is
sacreBLEU's grid, notes and signature block, character for character but for the
``version`` field of the signatures (docs/compat.md). ``-par`` is checked too.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parbleu.cli.main import run
from tests.compat.callers.conftest import Corpus
from tests.compat.callers.patterns import assert_identical

pytestmark = pytest.mark.shared_data


@pytest.fixture(scope="module")
def files(ende: Corpus, tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The reference, then IndicTrans2's system, then the others (60 lines each)."""
    folder = tmp_path_factory.mktemp("indictrans2")
    paths = []
    for name, lines in [("ref", ende.ref), *ende.systems.items()]:
        path = folder / f"test.deu_Latn.{name}.tok"
        path.write_text("".join(f"{line}\n" for line in lines[:60]), encoding="utf-8")
        paths.append(str(path))
    return paths


def _sacrebleu_run(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "SACREBLEU_SEED"}
    return subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )


def _sacrebleu(*argv: str) -> str:
    done = _sacrebleu_run(*argv)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _parbleu(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(b""), out, err)
    assert code == 0, err.getvalue()
    return out.getvalue()


@pytest.mark.parametrize(
    "test", [["--paired-bs", "--paired-bs-n", "100"], ["--paired-ar", "--paired-ar-n", "200"]]
)
@pytest.mark.parametrize("metric", [["-m", "bleu"], ["-m", "chrf", "--chrf-word-order", "2"]])
def test_paired_test_text(
    files: list[str], test: list[str], metric: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    reference, *systems = files
    argv = ["--tokenize", "none", reference, "-i", *systems, *test, *metric, "--format", "text"]
    theirs = _sacrebleu(*argv)
    assert_identical(theirs, _parbleu(*argv, "--table-style", "sacrebleu"))
    assert _parbleu(*argv) != theirs  # parbleu's own table unless sacreBLEU's is asked for


def test_the_chrf_line_without_its_reference_fails_in_both(
    files: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Line 50 forgets ``-i``: sacreBLEU exits 1 ("Paired tests require multiple input systems
    given to --input (-i)"); parbleu writes nothing either and exits 1 (it reads the systems
    from the empty standard input first; with input there, it names the missing ``-i``)."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    argv = ["--tokenize", "none", files[1], *files[2:], "--paired-bs", "-m", "chrf"]
    argv += ["--chrf-word-order", "2", "--format", "text"]
    done = _sacrebleu_run(*argv)
    assert (done.returncode, done.stdout) == (1, "")
    assert "multiple input systems" in done.stderr
    out, err = io.StringIO(), io.StringIO()
    assert run(argv, io.BytesIO(b""), out, err) == 1
    assert out.getvalue() == ""
    assert "standard input is empty" in err.getvalue()
    out, err = io.StringIO(), io.StringIO()
    assert run(argv, io.BytesIO(b"one line\n" * 60), out, err) == 2
    assert "two systems given to -i" in err.getvalue()


def test_the_style_is_an_option_of_text_output(files: list[str]) -> None:
    out = _parbleu(files[0], "-i", *files[1:], "-pbs", "-pbsn", "20", "--table-style", "sacrebleu")
    assert out.lstrip().startswith("[")  # JSON stays JSON
    assert Path(files[0]).exists()
