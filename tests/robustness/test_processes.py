"""The command as a process: worker counts, workers dying with their parent, closed streams.

Run as real processes (``sys.executable -m parbleu``), with the file descriptors a shell gives
(``<&-``, ``>&-``, ``2>&-``, ``> /dev/full``). Child processes are read from /proc (these tests
skip, saying so, where there is none). Oracles: the documented behaviour (README "Exit codes",
docs/robustness.md): workers never outnumber the chunks of work (``-j 1000`` on 3,004 lines used
to fork 1,000 processes) and end within seconds of their parent, however it ends (issue 16).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.robustness.harness import alive, child_pids, write

HAS_PROC = Path("/proc/self/stat").exists()
needs_proc = pytest.mark.skipif(not HAS_PROC, reason="no /proc to read child processes from")
PARBLEU = [sys.executable, "-m", "parbleu"]


def _corpus(folder: Path, lines: int, seed: int = 1) -> tuple[str, str]:
    """A reference and a hypothesis file of `lines` segments of 10-40 words."""
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(3000)]
    refs, hyps = [], []
    for _ in range(lines):
        ref = [rng.choice(words) for _ in range(rng.randint(10, 40))]
        hyp = [w if rng.random() < 0.6 else rng.choice(words) for w in ref]
        refs.append(" ".join(ref))
        hyps.append(" ".join(hyp))
    return (
        write(folder, "ref.txt", ("\n".join(refs) + "\n").encode()),
        write(folder, "hyp.txt", ("\n".join(hyps) + "\n").encode()),
    )


def _most_children(argv: list[str]) -> tuple[int, subprocess.CompletedProcess[bytes]]:
    """Run `argv`, watching its children; the most seen at once, and how it ended."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    most = 0
    while process.poll() is None:
        most = max(most, len(child_pids(process.pid)))
        time.sleep(0.01)
    out, err = process.communicate()
    return most, subprocess.CompletedProcess(argv, process.returncode, out, err)


@needs_proc
@pytest.mark.parametrize(
    ("metric", "most"),
    # BLEU: 3,004 lines are one chunk of 10,000, scored in the process itself; TER spreads its
    # edit search over at most one process per 200 segments.
    [("bleu", 0), ("ter", 3004 // 200)],
)
def test_a_thousand_jobs_start_no_more_workers_than_the_work_has(
    tmp_path: Path, metric: str, most: int
) -> None:
    ref, hyp = _corpus(tmp_path, 3004)
    seen, done = _most_children([*PARBLEU, ref, "-i", hyp, "-m", metric, "-b", "-j", "1000"])
    assert done.returncode == 0, done.stderr
    assert seen <= most
    one = subprocess.run(
        [*PARBLEU, ref, "-i", hyp, "-m", metric, "-b"], capture_output=True, check=True
    )
    assert done.stdout == one.stdout


@needs_proc
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGKILL"])
def test_workers_die_with_their_parent(tmp_path: Path, signal_name: str) -> None:
    """Two ranges of lines: the parent scores one, a forked worker the other."""
    ref, hyp = _corpus(tmp_path, 12_000)
    process = subprocess.Popen(
        [*PARBLEU, ref, "-i", hyp, "-m", "ter", "-j", "2"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    workers: list[int] = []
    while not workers and time.monotonic() < deadline and process.poll() is None:
        workers = child_pids(process.pid)
        time.sleep(0.02)
    assert workers, "the workers never started"
    process.send_signal(getattr(signal, signal_name))
    process.wait(timeout=30)
    deadline = time.monotonic() + 5
    while alive(workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = alive(workers)
    for pid in left:  # do not leave them running if the test fails
        os.kill(pid, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent"


def _shell(command: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``sh -c COMMAND`` with $0 the Python interpreter and $@ `args`."""
    return subprocess.run(
        ["sh", "-c", command, sys.executable, *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    folder = tmp_path_factory.mktemp("small")
    ref, hyp = _corpus(folder, 30)
    human = write(folder, "human.tsv", b"a\t1\nb\t2\nc\t3\n")
    for name in "abc":
        write(folder, f"{name}.txt", Path(hyp).read_bytes())
    return ref, hyp, human


def _one_line(text: str, *mentions: str) -> None:
    lines = text.splitlines()
    assert len(lines) == 1, text
    assert "Traceback" not in text
    for mention in mentions:
        assert mention in lines[0], (mention, lines[0])


def test_closed_standard_input_is_fine_when_files_are_given(small: tuple[str, str, str]) -> None:
    ref, hyp, _ = small
    done = _shell('exec "$0" -m parbleu "$@" <&-', ref, "-i", hyp, "-b")
    assert (done.returncode, done.stderr) == (0, "")
    assert float(done.stdout) > 0
    done = _shell('exec "$0" -m parbleu "$@" <&-', ref, "-b")
    assert (done.returncode, done.stdout) == (1, "")
    _one_line(done.stderr, "parbleu: error: standard input is closed")


@pytest.mark.parametrize(
    ("redirect", "mention"),
    [(">&-", "standard output is closed"), ("> /dev/full", "No space left on device")],
)
@pytest.mark.parametrize("command", ["score", "meta", "sentence level"])
def test_closed_or_full_standard_output_is_exit_code_1(
    small: tuple[str, str, str], redirect: str, mention: str, command: str
) -> None:
    ref, hyp, human = small
    folder = str(Path(ref).parent)
    argv = {
        "score": [ref, "-i", hyp],
        "sentence level": [ref, "-i", hyp, "-sl"],
        "meta": [
            "meta",
            *("--refs", ref, "--systems", *(f"{folder}/{n}.txt" for n in "abc")),
            *("--human", human, "--bootstrap", "0"),
        ],
    }[command]
    done = _shell(f'exec "$0" -m parbleu "$@" {redirect}', *argv)
    assert done.returncode == 1
    _one_line(done.stderr, "error", mention)


@pytest.mark.parametrize(
    ("argv", "code", "mention"),
    [(["-i", "missing.txt"], 1, "missing.txt: no such file"), (["-w", "-1"], 2, "--width/-w")],
)
def test_with_standard_error_closed_the_error_goes_to_standard_output(
    small: tuple[str, str, str], argv: list[str], code: int, mention: str
) -> None:
    ref, _, _ = small
    done = _shell('exec "$0" -m parbleu "$@" 2>&-', ref, *argv)
    assert done.returncode == code
    _one_line(done.stdout, "parbleu: error:", mention)


def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path) -> None:
    ref, hyp = _corpus(tmp_path, 3000)
    process = subprocess.Popen(
        [*PARBLEU, ref, "-i", hyp, "-sl", "-f", "text"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert process.stdout.readline().startswith(b"BLEU|")
    process.stdout.close()  # as `| head -n 1` does
    _, err = process.communicate(timeout=120)
    assert (process.returncode, err) == (0, b"")
