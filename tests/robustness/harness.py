"""What every robustness test does: run a command, check its error, read files as sacreBLEU does.

`cli` runs ``parbleu`` in this process with explicit streams (argparse's usage errors, which
write to ``sys.stderr`` and raise ``SystemExit``, are captured too). `assert_error` is the
contract every bad input must meet: its exit code, one line on standard error that names
what it must name, no traceback, nothing on standard output. `sacrebleu_segments` is the
oracle's reading rule: sacreBLEU 2.6.0's command line opens a file with
``open(path, encoding=..., newline="\\n")`` (``gzip.open`` for ``.gz``) and ``rstrip()``s
every line (``sacrebleu/utils.py: smart_open``, ``sacrebleu/sacrebleu.py``).
"""

from __future__ import annotations

import gzip
import io
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import sacrebleu

from parbleu.cli.main import run

#: sacreBLEU's one-call functions, by the command line's metric names.
SACREBLEU_CORPUS: dict[str, Callable[..., object]] = {
    "bleu": sacrebleu.corpus_bleu,
    "chrf": sacrebleu.corpus_chrf,
    "ter": sacrebleu.corpus_ter,
}


@dataclass(frozen=True)
class Result:
    """What a command returned and printed."""

    code: int
    out: str
    err: str


def cli(*argv: str, stdin: bytes | None = b"") -> Result:
    """``parbleu ARGV`` in this process; ``stdin=None`` runs it with standard input closed."""
    out, err = io.StringIO(), io.StringIO()
    stream = None if stdin is None else io.BytesIO(stdin)
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = run(list(argv), stream, out, err)
        except SystemExit as exit_:  # argparse: usage errors (2), --help (0)
            code = exit_.code if isinstance(exit_.code, int) else 1
    return Result(code, out.getvalue(), err.getvalue())


def assert_error(result: Result, code: int, *mentions: str, prog: str = "parbleu") -> str:
    """The contract of an error; returns its one line.

    Exit `code` (1: bad data, 2: usage), nothing on standard output, exactly one line on
    standard error, ``PROG: error: ...``, naming every string of `mentions` (the file, the line,
    the option), and no traceback.
    """
    assert result.code == code, result
    assert result.out == "", result
    assert result.err.endswith("\n"), result
    lines = result.err.splitlines()
    assert len(lines) == 1, result
    assert lines[0].startswith(f"{prog}: error: "), result
    assert "Traceback" not in result.err
    for mention in mentions:
        assert mention in lines[0], (mention, lines[0])
    return lines[0]


def write(folder: Path, name: str, data: bytes) -> str:
    """Write `data` to ``folder/name`` (gzipped when the name ends in ``.gz``); its path."""
    path = folder / name
    path.write_bytes(gzip.compress(data) if name.endswith(".gz") else data)
    return str(path)


def sacrebleu_segments(path: str, encoding: str = "utf-8") -> list[str]:
    """The segments of a file as sacreBLEU 2.6.0's command line reads them (module docstring)."""
    if path.endswith(".gz"):
        with gzip.open(path, "rt", encoding=encoding, newline="\n") as handle:
            return [line.rstrip() for line in handle]
    with Path(path).open(encoding=encoding, newline="\n") as handle:
        return [line.rstrip() for line in handle]


def sacrebleu_score(
    metric: str, hypotheses: list[str], references: list[list[str]], **options: object
) -> str:
    """sacreBLEU's corpus score, printed as ``parbleu -b -w 16`` prints it."""
    result = SACREBLEU_CORPUS[metric](hypotheses, references, **options)
    return f"{result.score:.16f}"  # type: ignore[attr-defined]


def sacrebleu_cli(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    """sacreBLEU 2.6.0's own command line, as a process."""
    return subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        input=stdin,
        capture_output=True,
        check=False,
        timeout=120,
    )


@contextmanager
def fifo_with_writer(folder: Path, name: str, data: bytes) -> Iterator[str]:
    """A named pipe that a thread fills with `data` once a reader opens it."""
    path = folder / name
    os.mkfifo(path)

    def fill() -> None:
        try:
            with path.open("wb") as handle:
                handle.write(data)
        except BrokenPipeError:  # the reader stopped early (it refused the file)
            pass

    writer = threading.Thread(target=fill, daemon=True)
    writer.start()
    try:
        yield str(path)
    finally:
        # A writer still waiting for a reader (the command refused the file before opening
        # it) is given one: a non-blocking open never waits itself.
        for _ in range(200):
            if not writer.is_alive():
                break
            os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
            writer.join(timeout=0.05)


def child_pids(pid: int) -> list[int]:
    """The live (not zombie) children of process `pid`, from /proc."""
    children = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # the process ended while we looked
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            children.append(int(entry.name))
    return children


def alive(pids: list[int]) -> list[int]:
    """Those of `pids` that still run (a zombie has ended)."""
    running = []
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            running.append(pid)
    return running
