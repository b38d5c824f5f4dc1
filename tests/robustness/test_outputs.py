"""Every command that writes a file: never over one of its inputs, never half-written.

`WRITERS` is every way the command line writes a file (``report -o``, ``meta --plot`` in
SVG and PNG, ``meta --reference-study --plot``); `ALIASES` every way an output name can lead
to an input (the same name, ``./``, a symbolic link, a hard link, an input that happens to
have the output's name). Each pair must be refused with exit code 2 and one line naming
both, before anything is written, and the input must keep its bytes: ``meta --plot``
overwrote the reference through a symbolic link (issue 24, item 13). Then the writes
themselves (`parbleu.io.output.write_output`, item 14): a write that fails (a file-size
limit, set in a child process with ``RLIMIT_FSIZE``; a drawing that raises) leaves the
previous file byte for byte and no temporary file; a symbolic link to an output keeps
pointing at its file, which is replaced; an existing file keeps its permissions. Oracle: the
bytes of the files before and after, and the contract of `harness.assert_error`.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from parbleu.errors import InputError, OptionError
from parbleu.io.output import check_output, write_output
from tests.robustness.harness import assert_error, cli, write
from tests.robustness.test_hostile_files import REF, SYSTEMS

REF_B = b"a cat sat on the mat\nit was no surprise\nthe man bit a dog\n"


@dataclass(frozen=True)
class Files:
    """The inputs of one test: references, systems, human scores."""

    folder: Path
    refs: list[str]
    systems: list[str]
    human: str
    human_seg: str


@pytest.fixture
def files(tmp_path: Path) -> Files:
    seg = "".join(f"{name}\t{i}\t0.{i}\n" for name in SYSTEMS for i in (1, 2, 3))
    return Files(
        tmp_path,
        [write(tmp_path, "ref.txt", REF), write(tmp_path, "ref-b.txt", REF_B)],
        [write(tmp_path, f"{name}.txt", data) for name, data in SYSTEMS.items()],
        write(tmp_path, "human.tsv", b"sys-a\t0.9\nsys-b\t0.5\nsys-c\t0.1\n"),
        write(tmp_path, "human_seg.tsv", seg.encode()),
    )


@dataclass(frozen=True)
class Writer:
    """A command that writes the file `out`: its arguments, and its program name."""

    name: str
    argv: Callable[[Files, str, list[str]], list[str]]
    suffix: str
    prog: str


def _report(f: Files, out: str, systems: list[str]) -> list[str]:
    return ["report", f.refs[0], "-i", *systems, "-o", out, "-q", "-pbsn", "5", "-parn", "5"]


def _meta(f: Files, out: str, systems: list[str]) -> list[str]:
    return [
        "meta", "--refs", f.refs[0], "--systems", *systems, "--human", f.human,
        "--human-seg", f.human_seg, "--bootstrap", "0", "--plot", out,
    ]  # fmt: skip


def _study(f: Files, out: str, systems: list[str]) -> list[str]:
    return ["meta", "--reference-study", "--refs", *f.refs, "--systems", *systems, "--plot", out]


WRITERS = (
    Writer("report -o", _report, ".html", "parbleu report"),
    Writer("meta --plot svg", _meta, ".svg", "parbleu meta"),
    Writer("meta --plot png", _meta, ".png", "parbleu meta"),
    Writer("meta --reference-study --plot", _study, ".svg", "parbleu meta"),
)


def _inputs(f: Files) -> dict[str, str]:
    return {"reference": f.refs[0], "system": f.systems[1], "human": f.human}


#: How an output name reaches an input: (case, a function making that name from the input).
ALIASES: tuple[tuple[str, Callable[[Path, str, str], str]], ...] = (
    ("the same name", lambda folder, target, suffix: target),
    ("./ in the name", lambda folder, target, suffix: f"{folder}/./{Path(target).name}"),
    ("a symbolic link", lambda folder, target, suffix: _link(folder, target, suffix, soft=True)),
    ("a hard link", lambda folder, target, suffix: _link(folder, target, suffix, soft=False)),
    (
        "a link to a link",
        lambda folder, target, suffix: _link(
            folder, _link(folder, target, ".mid", soft=True), suffix, soft=True
        ),
    ),
)


def _link(folder: Path, target: str, suffix: str, *, soft: bool) -> str:
    link = folder / f"link-{len(list(folder.iterdir()))}{suffix}"
    if soft:
        link.symlink_to(target)
    else:
        link.hardlink_to(target)
    return str(link)


def _needs(writer: Writer) -> None:
    if writer.suffix == ".png":
        pytest.importorskip("matplotlib", reason="PNG plots need the plot extra")


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.name)
def test_every_writer_writes_with_good_files(files: Files, writer: Writer) -> None:
    _needs(writer)
    out = str(files.folder / f"out{writer.suffix}")
    result = cli(*writer.argv(files, out, files.systems))
    assert (result.code, result.err) == (0, ""), result
    assert Path(out).stat().st_size > 0
    assert not [p for p in files.folder.iterdir() if p.name.endswith(".tmp")]


#: Every writer with every alias that can carry its file name's suffix (a plot must end in
#: .svg or .png, so "the same name" of a .txt input is refused for its suffix already).
CASES = [
    pytest.param(writer, alias, id=f"{writer.name}-{case}")
    for writer in WRITERS
    for case, alias in ALIASES
    if writer.suffix == ".html" or "link" in case
]


@pytest.mark.parametrize(("writer", "alias"), CASES)
@pytest.mark.parametrize("role", ["reference", "system", "human"])
def test_no_writer_overwrites_an_input(
    files: Files, writer: Writer, alias: Callable[[Path, str, str], str], role: str
) -> None:
    if role == "human" and writer.name.startswith("meta --reference-study"):
        pytest.skip("a reference study reads no human scores")
    target = _inputs(files)[role]
    before = Path(target).read_bytes()
    out = alias(files.folder, target, writer.suffix)
    argv = writer.argv(files, out, files.systems)
    if role == "human" and writer.name == "report -o":
        argv += ["--human", files.human]
    result = cli(*argv)
    assert_error(result, 2, out, "is also an input", prog=writer.prog)
    assert Path(target).read_bytes() == before


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.name)
def test_an_input_named_like_the_output_is_not_overwritten(files: Files, writer: Writer) -> None:
    """A system file that has the plot's (or the report's) name is an input too."""
    named = write(files.folder, f"sys-d{writer.suffix}", SYSTEMS["sys-c"])
    result = cli(*writer.argv(files, named, [*files.systems[:2], named]))
    assert_error(result, 2, named, "is also an input", prog=writer.prog)
    assert Path(named).read_bytes() == SYSTEMS["sys-c"]


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.name)
def test_a_folder_or_an_empty_name_is_refused(files: Files, writer: Writer) -> None:
    for out in (str(files.folder), ""):
        result = cli(*writer.argv(files, out, files.systems))
        assert result.code == 2, result
        assert result.out == ""
        assert "Traceback" not in result.err


# -- atomic writes --------------------------------------------------------------------------------


def _child(argv: list[str], limit: int, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``parbleu ARGV`` in a child process whose files may not grow past `limit` bytes."""
    code = (
        "import resource, sys\n"
        f"resource.setrlimit(resource.RLIMIT_FSIZE, ({limit}, {limit}))\n"
        "sys.argv[0] = 'parbleu'\n"
        "from parbleu.cli.command import command\n"
        "command()\n"
    )
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        cwd=cwd,
        env=env,
    )


@pytest.mark.parametrize("writer", WRITERS, ids=lambda w: w.name)
def test_a_write_that_fails_leaves_the_previous_file(files: Files, writer: Writer) -> None:
    """Past a file-size limit the write fails: the old file stays whole, nothing is left over."""
    _needs(writer)
    out = files.folder / f"out{writer.suffix}"
    previous = b"the previous good file\n"
    out.write_bytes(previous)
    result = _child(writer.argv(files, str(out), files.systems), 200, files.folder)
    assert result.returncode == 1, result
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1, result.stderr
    assert "cannot write" in result.stderr
    assert "left unchanged" in result.stderr
    assert out.read_bytes() == previous
    assert not [p.name for p in files.folder.iterdir() if p.name.endswith(".tmp")]


def test_a_drawing_that_raises_leaves_the_previous_file(tmp_path: Path) -> None:
    out = tmp_path / "figure.png"
    out.write_bytes(b"old")

    def half_then_fail(handle: object) -> None:
        handle.write(b"half a figure")  # type: ignore[attr-defined]
        raise InputError("nothing to plot")

    with pytest.raises(InputError, match="nothing to plot"):
        write_output(out, half_then_fail)
    assert out.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["figure.png"]


def test_a_link_to_an_output_keeps_pointing_at_its_replaced_file(tmp_path: Path) -> None:
    real = tmp_path / "reports" / "real.html"
    real.parent.mkdir()
    real.write_text("old")
    real.chmod(0o640)
    link = tmp_path / "link.html"
    link.symlink_to(real)
    write_output(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"
    assert stat.S_IMODE(real.stat().st_mode) == 0o640
    assert sorted(p.name for p in real.parent.iterdir()) == ["real.html"]


def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        write_output(tmp_path / "new.svg", b"<svg/>")
    finally:
        os.umask(mask)
    assert stat.S_IMODE((tmp_path / "new.svg").stat().st_mode) == 0o644


def test_a_device_is_written_in_place() -> None:
    write_output("/dev/null", "anything")  # no temporary file beside it, no rename over it


def test_check_output_names_both_files(tmp_path: Path) -> None:
    source = write(tmp_path, "ref.txt", REF)
    (tmp_path / "ref-link.svg").symlink_to(source)
    with pytest.raises(OptionError, match=r"--plot .*ref-link.svg is also an input \(.*ref.txt\)"):
        check_output(str(tmp_path / "ref-link.svg"), [None, source], option="--plot")
    check_output(str(tmp_path / "new.svg"), [source, None], option="--plot")  # no error
