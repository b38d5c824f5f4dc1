"""Files that are not text, in every place of every command that reads a file.

Every kind of `hostile.BAD_FILES` (missing, a directory, a symbolic-link loop, an empty name,
truncated and corrupt gzip, empty files, ``/dev/null``, invalid UTF-8) is given as each file
of ``parbleu``, ``parbleu meta`` and ``parbleu report`` (`ROLES`), and must give exit code 1
and one line naming the file and what is wrong with it (`harness.assert_error`). Oracle: the
contract itself, and hand-made files; valid files reached another way (a FIFO, a symbolic link,
``./``) must score as the plain file does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.robustness.harness import Result, assert_error, cli, fifo_with_writer, write
from tests.robustness.hostile import BAD_FILES, BadFile

#: Three systems against one reference, three segments.
REF = b"the cat sat on the mat\nit was not surprising\nthe man bit the dog\n"
SYSTEMS = {
    "sys-a": b"the cat sat on the mat\nit was not a surprise\nthe man bit the dog\n",
    "sys-b": b"a cat sat on a mat\nno surprise\nthe dog bit the man\n",
    "sys-c": b"cat\nsurprising\nman dog\n",
}


@dataclass(frozen=True)
class Good:
    """Valid files of one test: the reference, three systems, human and external scores."""

    folder: Path
    ref: str
    systems: list[str]
    human: str
    human_seg: str
    scores: str
    docids: str

    @property
    def out(self) -> str:
        """Where a report goes."""
        return str(self.folder / "report.html")


@pytest.fixture
def good(tmp_path: Path) -> Good:
    systems = [write(tmp_path, f"{name}.txt", data) for name, data in SYSTEMS.items()]
    seg = "".join(f"{name}\t{i}\t0.{i}\n" for name in SYSTEMS for i in (1, 2, 3))
    return Good(
        tmp_path,
        write(tmp_path, "ref.txt", REF),
        systems,
        write(tmp_path, "human.tsv", b"sys-a\t0.9\nsys-b\t0.5\nsys-c\t0.1\n"),
        write(tmp_path, "human_seg.tsv", seg.encode()),
        write(tmp_path, "comet.tsv", seg.encode()),
        write(tmp_path, "docids.txt", b"d1\nd1\nd2\n"),
    )


@dataclass(frozen=True)
class Role:
    """A place where a command reads a file: the command line with `bad` there."""

    name: str
    argv: Callable[[Good, str], list[str]]
    prog: str = "parbleu"
    empty_name_code: int = 1  # NAME=FILE options refuse an empty FILE as a usage error


def _meta(good: Good, refs: list[str], systems: list[str], *extra: str) -> list[str]:
    return ["meta", "--refs", *refs, "--systems", *systems, "--bootstrap", "0", *extra]


def _report(good: Good, refs: list[str], systems: list[str], *extra: str) -> list[str]:
    return [
        "report",
        *refs,
        "-i",
        *systems,
        "-o",
        good.out,
        "-q",
        "-pbsn",
        "5",
        "-parn",
        "5",
        *extra,
    ]


ROLES: tuple[Role, ...] = (
    Role("reference", lambda g, bad: [bad, "-i", g.systems[0]]),
    Role("second reference", lambda g, bad: [g.ref, bad, "-i", g.systems[0]]),
    Role("-nr reference", lambda g, bad: [bad, "-nr", "2", "-i", g.systems[0]]),
    Role("hypotheses", lambda g, bad: [g.ref, "-i", bad]),
    Role("second system", lambda g, bad: [g.ref, "-i", g.systems[0], bad, "-f", "text"]),
    Role("-pbs system", lambda g, bad: [g.ref, "-i", g.systems[0], bad, "-pbs", "-pbsn", "5"]),
    Role("-j 2 system", lambda g, bad: [g.ref, "-i", bad, "-j", "2", "-m", "bleu", "ter"]),
    Role(
        "-pbs --scores",
        lambda g, bad: [g.ref, "-i", *g.systems, "--scores", f"X={bad}", "-pbs", "-pbsn", "5"],
        empty_name_code=2,
    ),
    Role(
        "meta reference",
        lambda g, bad: _meta(g, [bad], g.systems, "--human", g.human),
        "parbleu meta",
    ),
    Role(
        "meta system",
        lambda g, bad: _meta(g, [g.ref], [*g.systems[:2], bad], "--human", g.human),
        "parbleu meta",
    ),
    Role(
        "meta --human",
        lambda g, bad: _meta(g, [g.ref], g.systems, "--human", bad),
        "parbleu meta",
    ),
    Role(
        "meta --human-seg",
        lambda g, bad: _meta(g, [g.ref], g.systems, "--human-seg", bad),
        "parbleu meta",
    ),
    Role(
        "meta --external",
        lambda g, bad: _meta(g, [g.ref], g.systems, "--human", g.human, "--external", f"X={bad}"),
        "parbleu meta",
        empty_name_code=2,
    ),
    Role("report reference", lambda g, bad: _report(g, [bad], g.systems), "parbleu report"),
    Role(
        "report system",
        lambda g, bad: _report(g, [g.ref], [*g.systems[:2], bad]),
        "parbleu report",
    ),
    Role(
        "report --src",
        lambda g, bad: _report(g, [g.ref], g.systems, "--src", bad),
        "parbleu report",
    ),
    Role(
        "report --docids",
        lambda g, bad: _report(g, [g.ref], g.systems, "--docids", bad),
        "parbleu report",
    ),
    Role(
        "report --human",
        lambda g, bad: _report(g, [g.ref], g.systems, "--human", bad),
        "parbleu report",
    ),
    Role(
        "report --scores",
        lambda g, bad: _report(g, [g.ref], g.systems, "--scores", f"X={bad}"),
        "parbleu report",
        empty_name_code=2,
    ),
)


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.name)
def test_every_role_works_with_good_files(good: Good, role: Role) -> None:
    # The baseline of the table below: with a good file in the role, the command succeeds.
    stand_in = {
        "meta --human": good.human,
        "meta --human-seg": good.human_seg,
        "meta --external": good.scores,
        "-pbs --scores": good.scores,
        "report --docids": good.docids,
        "report --human": good.human,
        "report --scores": good.scores,
    }.get(role.name, good.ref)
    if role.name == "-nr reference":
        two = b"".join(line.replace(b" ", b"\t", 1) + b"\n" for line in REF.splitlines())
        stand_in = write(good.folder, "two.tsv", two)
    if role.name in ("second system", "-pbs system", "meta system", "report system"):
        stand_in = good.systems[2]
    result = cli(*role.argv(good, stand_in))
    assert (result.code, result.err) == (0, ""), result
    assert result.out


@pytest.mark.parametrize("role", ROLES, ids=lambda r: r.name)
@pytest.mark.parametrize("bad", BAD_FILES, ids=lambda b: b.name)
def test_a_bad_file_in_any_role_is_one_line_naming_it(good: Good, role: Role, bad: BadFile) -> None:
    path = bad.make(good.folder)
    result = cli(*role.argv(good, path))
    code = role.empty_name_code if bad.name == "empty name" else 1
    if code == 2:
        assert_error(result, 2, "NAME=", prog=role.prog)  # NAME=FILE, NAME=TSV
        return
    named = (path,) if bad.names_file else ()
    assert_error(result, code, *named, *bad.mentions, prog=role.prog)
    assert not Path(good.out).exists()  # a report is not written


def _score(*argv: str) -> Result:
    result = cli(*argv, "-b", "-w", "16")
    assert (result.code, result.err) == (0, ""), result
    return result


def test_a_fifo_scores_as_the_file_it_carries(good: Good) -> None:
    expected = _score(good.ref, "-i", good.systems[1]).out
    data = Path(good.systems[1]).read_bytes()
    with fifo_with_writer(good.folder, "hyp.fifo", data) as fifo:
        assert _score(good.ref, "-i", fifo).out == expected
    with fifo_with_writer(good.folder, "ref.fifo", REF) as fifo:
        assert _score(fifo, "-i", good.systems[1]).out == expected
    with fifo_with_writer(good.folder, "j2.fifo", data) as fifo:
        assert _score(good.ref, "-i", fifo, "-j", "2").out == expected


def test_links_and_dot_slash_read_the_same_file(good: Good) -> None:
    expected = _score(good.ref, "-i", good.systems[1]).out
    link = good.folder / "link.txt"
    link.symlink_to(good.systems[1])
    assert _score(good.ref, "-i", str(link)).out == expected
    dotted = f"{good.folder}/./sys-b.txt"
    assert _score(good.ref, "-i", dotted).out == expected


def test_the_same_system_twice_is_a_usage_error(good: Good) -> None:
    a = good.systems[0]
    assert_error(cli(good.ref, "-i", a, a), 2, a, "twice")
    assert_error(
        cli(*_report(good, [good.ref], [a, a])), 2, "both name system", prog="parbleu report"
    )
    assert_error(
        cli(*_meta(good, [good.ref], [a, *good.systems], "--human", good.human)),
        2,
        "both name system",
        prog="parbleu meta",
    )


def test_a_reference_given_as_a_system_in_meta_is_refused_however_named(good: Good) -> None:
    """Scored against itself it gets BLEU 100 and distorts every correlation (issue 16)."""
    link = good.folder / "ref-link.txt"
    link.symlink_to(good.ref)
    for alias in (good.ref, str(link), f"{good.folder}/./ref.txt"):
        result = cli(*_meta(good, [good.ref], [*good.systems[:2], alias], "--human", good.human))
        assert_error(result, 2, alias, "both as a reference and as a system", prog="parbleu meta")


def test_a_report_never_overwrites_one_of_its_inputs(good: Good) -> None:
    before = Path(good.systems[0]).read_bytes()
    argv = ["report", good.ref, "-i", *good.systems, "-q", "-o"]
    for target in (good.systems[0], good.ref, f"{good.folder}/./ref.txt"):
        result = cli(*argv, target)
        assert_error(result, 2, "is also an input", prog="parbleu report")
    assert Path(good.systems[0]).read_bytes() == before
    assert_error(cli(*argv, ""), 2, "-o/--output needs a file name", prog="parbleu report")


def test_files_of_different_lengths_name_both_files_and_counts(good: Good) -> None:
    short = write(good.folder, "short.txt", b"the cat\n")
    line = assert_error(cli(good.ref, "-i", short), 1, short, good.ref)
    assert "1 lines" in line
    assert "3" in line
    assert_error(
        cli(*_meta(good, [good.ref], [*good.systems, short], "--human", good.human)),
        1,
        short,
        prog="parbleu meta",
    )
    assert_error(cli(*_report(good, [good.ref], [short])), 1, short, prog="parbleu report")


def test_a_structured_file_is_not_scored_as_text(good: Good) -> None:
    jsonl = write(good.folder, "refs.jsonl", b'{"ref": "a b"}\n' * 3)
    line = assert_error(cli(jsonl, "-i", good.systems[0]), 1, jsonl, "JSON Lines")
    assert f"--test-set-file {jsonl}" in line
    assert "--input-format text" in line
    xml = write(good.folder, "hyp.txt", b'<?xml version="1.0"?>\n<dataset>\n</dataset>\n')
    assert_error(cli(good.ref, "-i", xml), 1, xml, "WMT XML")


def test_closed_standard_input_only_matters_when_it_is_read(good: Good) -> None:
    assert cli(good.ref, "-i", good.systems[0], stdin=None).code == 0
    assert_error(cli(good.ref, stdin=None), 1, "standard input is closed", "-i FILE")
    assert_error(cli(good.ref, stdin=b""), 1, "standard input is empty")
