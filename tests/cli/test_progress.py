"""--progress/--no-progress: a status line on standard error, only when it is a terminal.

Oracle: hand-made expectations of the terminal protocol (carriage return and ANSI "erase in
line", ECMA-48 EL), a fake terminal stream, and the command's own output without progress.
"""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest

from parbleu.cli.main import run
from parbleu.cli.progress import Progress
from parbleu.workers import available_cores

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF = str(SAMPLE / "ref.A.txt")
SYSTEMS = [str(SAMPLE / f"system-{q}.txt") for q in ("strong", "fair", "weak")]
CLEAR = "\r\x1b[K"


class Terminal(io.StringIO):
    """A standard error that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def command(*argv: str, stderr: io.StringIO) -> tuple[int, str]:
    out = io.StringIO()
    code = run(list(argv), io.BytesIO(), out, stderr)
    return code, out.getvalue()


@pytest.mark.parametrize(
    ("setting", "quiet", "terminal", "shown"),
    [
        (None, False, True, True),
        (None, True, True, False),
        (True, True, True, True),
        (False, False, True, False),
        (None, False, False, False),
        (True, False, False, False),
    ],
)
def test_when_progress_is_shown(
    setting: bool | None, quiet: bool, terminal: bool, shown: bool
) -> None:
    stream = Terminal() if terminal else io.StringIO()
    progress = Progress.for_command(setting, stream, quiet=quiet)
    progress.step("reading")
    progress.done()
    assert progress.active is shown
    assert (stream.getvalue() != "") is shown


def test_status_line_is_rewritten_and_erased() -> None:
    clock = itertools.count(start=10.0, step=0.25)
    stream = Terminal()
    progress = Progress.for_command(None, stream, quiet=False, clock=lambda: next(clock))
    progress.step("reading the references")
    progress.step("scoring BLEU, system 2 of 3")
    progress.done()
    progress.done()  # nothing left to erase
    assert stream.getvalue() == (
        f"{CLEAR}parbleu: reading the references, 0.2 s"
        f"{CLEAR}parbleu: scoring BLEU, system 2 of 3, 0.5 s"
        f"{CLEAR}"
    )


@pytest.mark.parametrize(
    "options",
    [
        ["-m", "bleu", "chrf"],
        ["-m", "bleu", "-f", "text"],
        ["-m", "chrf", "-pbs", "-pbsn", "50"],
        ["-m", "ter", "-sl", "-i", SYSTEMS[0]],
    ],
)
def test_a_terminal_gets_progress_and_the_same_results(options: list[str]) -> None:
    argv = [REF, "-i", *SYSTEMS, *options] if "-sl" not in options else [REF, *options]
    plain = io.StringIO()
    expected = command(*argv, stderr=plain)
    terminal = Terminal()
    assert command(*argv, stderr=terminal) == expected
    shown = terminal.getvalue()
    assert plain.getvalue() == ""
    assert shown.startswith(f"{CLEAR}parbleu: reading the references, ")
    assert shown.endswith(CLEAR)  # erased before the results are printed
    assert "\n" not in shown
    assert command(*argv, "--no-progress", stderr=(silent := Terminal())) == expected
    assert silent.getvalue() == ""


def test_steps_name_the_work() -> None:
    """Several systems: files checked, then the lines scored (in this process with -j 1,
    a range at a time; shared among processes with -j 2); references read whole for NIST,
    then each system read and scored."""
    terminal = Terminal()
    command(REF, "-i", *SYSTEMS, "-m", "bleu", "chrf", "-j", "1", stderr=terminal)
    steps = [s.split(", ")[0] for s in terminal.getvalue().split(CLEAR) if s]
    lines = len(Path(REF).read_text(encoding="utf-8").splitlines())
    assert steps == [
        "parbleu: reading the references",
        "parbleu: reading the systems",
        f"parbleu: scoring {len(SYSTEMS)} systems",
    ]
    assert f", lines 1-{lines} of {lines}, " in terminal.getvalue()
    terminal = Terminal()
    command(REF, "-i", *SYSTEMS, "-m", "nist", "-j", "1", stderr=terminal)
    steps = [s.split(", ")[0] for s in terminal.getvalue().split(CLEAR) if s]
    assert steps == [
        "parbleu: reading the references",
        "parbleu: preparing the references",
        *(
            step
            for system in SYSTEMS
            for step in (f"parbleu: reading {system}", "parbleu: scoring NIST")
        ),
    ]
    terminal = Terminal()
    command(REF, "-i", *SYSTEMS, "-m", "bleu", "-j", "2", stderr=terminal)
    steps = [s.split(", ")[0] for s in terminal.getvalue().split(CLEAR) if s]
    spread = " in 2 processes" if available_cores() >= 2 else ""  # never more than cores
    assert steps[-1] == f"parbleu: scoring {len(SYSTEMS)} systems{spread}"
    terminal = Terminal()
    command(REF, "-i", *SYSTEMS, "-m", "bleu", "-par", "-parn", "20", stderr=terminal)
    assert "parbleu: resampling" in terminal.getvalue()
    terminal = Terminal()
    command(REF, "-i", SYSTEMS[0], stderr=terminal)
    assert terminal.getvalue().split(", ")[0] == f"{CLEAR}parbleu: scoring {SYSTEMS[0]}"


def test_an_error_erases_the_line_first() -> None:
    terminal = Terminal()
    code, out = command(REF, "-i", "missing.txt", stderr=terminal)
    assert (code, out) == (1, "")
    assert terminal.getvalue().endswith(f"{CLEAR}parbleu: error: missing.txt: no such file\n")


def test_quiet_turns_progress_off_and_progress_turns_it_back_on() -> None:
    quiet = Terminal()
    command(REF, "-i", SYSTEMS[0], "-q", stderr=quiet)
    assert quiet.getvalue() == ""
    forced = Terminal()
    command(REF, "-i", SYSTEMS[0], "-q", "--progress", stderr=forced)
    assert forced.getvalue().startswith(CLEAR)
