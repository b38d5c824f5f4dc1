"""Every command-line example of sacreBLEU 2.6.0's README, run unchanged.

The examples are read from the README as installed with sacreBLEU (its package metadata),
and each runs twice, in README order, in two working folders holding the same local files:
once with sacreBLEU's command line and once with parbleu's (in process), both reading the
sacreBLEU cache built from the shared data (`tests.cli.sacrebleu_cache`) through
``$SACREBLEU``. The other programs of the examples (``cat``, ``paste``, ``head``, ``jq``,
the README's ``translate.sh``) are small stand-ins run identically for both, so that every
``sacrebleu`` stage is compared on its own: its exit status (success or failure), its
standard output (text exactly, up to the version in signatures; JSON: every key and value of
sacreBLEU's, parbleu's extra keys aside), and the files it redirects to.

Oracle: sacreBLEU 2.6.0's command line, and the scores printed in its README.
"""

from __future__ import annotations

import contextlib
import importlib.metadata
import io
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from parbleu.cli.main import run
from tests.cli.conftest import Caches
from tests.cli.sacrebleu_cache import DEAD_PROXY
from tests.wmt import WmtData

pytestmark = pytest.mark.shared_data


def readme_examples() -> list[str]:
    """The ``$ ...`` command lines of sacreBLEU's README, in order."""
    metadata = importlib.metadata.metadata("sacrebleu")
    # The README is the metadata's body, or its Description field once the importlib_metadata
    # backport (imported by Dask) serves the look-up.
    body = metadata.get_payload() or metadata.get("Description", "")  # type: ignore[attr-defined]
    return [line.strip()[2:] for line in body.splitlines() if line.strip().startswith("$ ")]


#: Examples the README gives in its prose rather than after ``$``.
INLINE = ["sacrebleu --list", "sacrebleu --list -l en-fr"]
EXAMPLES = readme_examples() + INLINE
#: The paired tests resample 1,000 and 10,000 times: sacreBLEU takes minutes.
SLOW = ("--paired-bs", "--paired-ar")


def test_the_readme_has_the_examples_we_know() -> None:
    assert len(readme_examples()) == 32
    assert readme_examples()[0] == "sacrebleu -i output.detok.txt -t wmt17 -l en-de | jq -r .score"


@dataclass(frozen=True)
class Stage:
    """One program of a pipeline: what it printed and whether it succeeded."""

    argv: tuple[str, ...]
    code: int
    stdout: bytes
    stderr: bytes


def _local_files(folder: Path, data: WmtData) -> None:
    """The README's local files, from the shared data."""
    wmt17 = data.wmt17_ende.folder / "sys"
    copies = {
        "output.detok.txt": wmt17 / "online-A.0.txt",
        "kyoto-test.ref.ja": data.pair("en-ja").folder / "ref.A.txt",
        "kyoto-test.hyp.ja": data.pair("en-ja").folder / "sys" / "Online-W.txt",
        "ref1": data.pair("en-de").folder / "ref.A.txt",
        "ref2": data.pair("en-de").folder / "ref.C.txt",
        "system": data.pair("en-de").folder / "sys" / "Online-W.txt",
        # The built cache's wmt13 de-en holds WMT21 de-en text (tests.cli.sacrebleu_cache).
        "my-wmt13-output.txt": data.pair("de-en").folder / "sys" / "Online-W.txt",
    }
    for name in ("LIUM-NMT.4900", "online-A.0", "online-B.0", "online-F.0", "online-G.0"):
        copies[f"newstest2017.{name}.en-de"] = wmt17 / f"{name}.txt"
    folder.mkdir()
    for name, source in copies.items():
        shutil.copy(source, folder / name)


def _stand_in(argv: list[str], stdin: bytes, folder: Path) -> tuple[int, bytes]:
    """``cat``, ``paste``, ``head``, ``jq -r .score`` and ``translate.sh``, as the shell's."""
    program, *args = argv
    if program == "cat":
        return 0, b"".join((folder / name).read_bytes() for name in args)
    if program == "paste":
        columns = [(folder / name).read_text(encoding="utf-8").splitlines() for name in args]
        return 0, "".join("\t".join(row) + "\n" for row in zip(*columns, strict=True)).encode()
    if program == "head":  # the README's "head 2" names a file 2, which does not exist
        if args == ["2"] and not (folder / "2").exists():
            return 1, b""
        raise AssertionError(f"unexpected head {args}")
    if program == "jq" and args == ["-r", ".score"]:
        return 0, f"{json.loads(stdin)['score']}\n".encode()
    if program == "translate.sh":  # a stand-in system: the WMT17 output for the source read
        assert stdin.count(b"\n") == 3004, "translate.sh expects the WMT17 en-de source"
        return 0, (folder / "output.detok.txt").read_bytes()
    raise AssertionError(f"no stand-in for {program}")


Runner = Callable[[list[str], bytes, Path], tuple[int, bytes, bytes]]


def run_sacrebleu(cache: Path) -> Runner:
    def runner(args: list[str], stdin: bytes, folder: Path) -> tuple[int, bytes, bytes]:
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in ("SACREBLEU_FORMAT", "SACREBLEU_SEED") and not k.lower().endswith("proxy")
        }
        env |= {"SACREBLEU": str(cache), "HTTPS_PROXY": DEAD_PROXY, "HTTP_PROXY": DEAD_PROXY}
        done = subprocess.run(
            [sys.executable, "-m", "sacrebleu", *args],
            input=stdin,
            capture_output=True,
            cwd=folder,
            env=env | {"PYTHONHASHSEED": "0"},
            check=False,
        )
        return done.returncode, done.stdout, done.stderr

    return runner


@contextlib.contextmanager
def _inside(folder: Path, cache: Path) -> Iterator[None]:
    previous, saved = Path.cwd(), dict(os.environ)
    os.chdir(folder)
    os.environ["SACREBLEU"] = str(cache)
    os.environ["PARBLEU_OFFLINE"] = "1"  # the built cache has what the examples read
    for name in ("SACREBLEU_FORMAT", "SACREBLEU_SEED", "PARBLEU_MIRROR"):
        os.environ.pop(name, None)
    try:
        yield
    finally:
        os.chdir(previous)
        os.environ.clear()
        os.environ.update(saved)


def run_parbleu(cache: Path) -> Runner:
    def runner(args: list[str], stdin: bytes, folder: Path) -> tuple[int, bytes, bytes]:
        out, err = io.StringIO(), io.StringIO()
        with _inside(folder, cache):
            code = run(args, io.BytesIO(stdin), out, err)
        return code, out.getvalue().encode(), err.getvalue().encode()

    return runner


def _pipeline(command: str, folder: Path) -> tuple[list[list[str]], str | None]:
    """The programs of `command` (globs expanded in `folder`) and the file of ``>``."""
    tokens = shlex.split(command)
    target = None
    if ">" in tokens:
        tokens, target = tokens[: tokens.index(">")], tokens[tokens.index(">") + 1]
    stages: list[list[str]] = [[]]
    for token in tokens:
        if token == "|":
            stages.append([])
        elif "*" in token:
            stages[-1].extend(sorted(p.name for p in folder.glob(token)) or [token])
        else:
            stages[-1].append(token)
    return stages, target


@dataclass
class Workspace:
    """A folder of local files where the README's examples run in order, with one tool."""

    folder: Path
    sacrebleu: Runner
    done: dict[int, list[Stage]] = field(default_factory=dict)
    finals: dict[int, bytes] = field(default_factory=dict)

    def example(self, index: int) -> list[Stage]:
        """The stages of example `index`, after the earlier examples that write files."""
        for earlier in range(index):
            if ">" in EXAMPLES[earlier] and earlier not in self.done:
                self.example(earlier)
        if index not in self.done:
            self.done[index] = self._run(EXAMPLES[index], index)
        return self.done[index]

    def _run(self, command: str, index: int) -> list[Stage]:
        programs, target = _pipeline(command, self.folder)
        data, stages = b"", []
        for argv in programs:
            if argv[0] == "sacrebleu":
                code, out, err = self.sacrebleu(argv[1:], data, self.folder)
            else:
                (code, out), err = _stand_in(argv, data, self.folder), b""
            stages.append(Stage(tuple(argv), code, out, err))
            data = out
        if target is not None:
            (self.folder / target).write_bytes(data)
        self.finals[index] = data
        return stages


@pytest.fixture(scope="module")
def workspaces(
    caches: Caches, shared_data: WmtData, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Workspace, Workspace]:
    """sacreBLEU's and parbleu's folders."""
    base = tmp_path_factory.mktemp("readme")
    _local_files(base / "sacrebleu", shared_data)
    _local_files(base / "parbleu", shared_data)
    return (
        Workspace(base / "sacrebleu", run_sacrebleu(caches.full)),
        Workspace(base / "parbleu", run_parbleu(caches.full)),
    )


def _normal(text: str) -> str:
    return text.replace("version:parbleu-0.1.0", "version:2.6.0").replace(
        "v:parbleu-0.1.0", "v:2.6.0"
    )


def _contains(theirs: Any, ours: Any, where: str = "") -> None:
    """Every key and value of sacreBLEU's JSON is in parbleu's (which may add keys)."""
    if isinstance(theirs, dict):
        assert isinstance(ours, dict), where
        for key, value in theirs.items():
            assert key in ours, f"{where}.{key}"
            _contains(value, ours[key], f"{where}.{key}")
    elif isinstance(theirs, list):
        assert isinstance(ours, list), where
        assert len(ours) == len(theirs), where
        for i, (a, b) in enumerate(zip(theirs, ours, strict=True)):
            _contains(a, b, f"{where}[{i}]")
    elif isinstance(theirs, str) and where.endswith(".version"):
        assert (ours, theirs) == ("parbleu-0.1.0", "2.6.0"), where
    elif isinstance(theirs, str):
        assert _normal(ours) == theirs, where
    else:
        assert ours == theirs, where


def _same_output(theirs: bytes, ours: bytes) -> None:
    try:
        expected = json.loads(theirs)
    except ValueError:
        assert _normal(ours.decode()) == theirs.decode()
        return
    _contains(expected, json.loads(ours))


#: Examples that fail in sacreBLEU itself, and how parbleu fails at the same stage.
FAILING = {
    # A typo in the README (wmt21/system): an unknown test set, then an empty input.
    "sacrebleu -t wmt21/system -l zh-en --echo NiuTrans | sacrebleu -t wmt21/systems -l zh-en": [
        "unknown test set 'wmt21/system'",
        "standard input is empty",
    ],
    # The README's way to see the available fields.
    "sacrebleu -t wmt21 -l en-de --echo asdf": [
        (
            "no such field asdf in test set wmt21 for language pair en-de; available fields "
            "for wmt21/en-de: src, ref:A, ref:C, ref:D, docid, origlang"
        )
    ],
}


#: sacreBLEU 2.6.0 fails here (its paired bootstrap's float32 means are not JSON) where
#: parbleu prints the JSON; its -f text table is the oracle instead.
SACREBLEU_FAILS = {
    "sacrebleu -t wmt17 -l en-de -i newstest2017.LIUM-NMT.4900.en-de newstest2017.online-* "
    "-m bleu chrf --paired-bs": "TypeError: Object of type float32 is not JSON serializable"
}


def _paired_json_in_text_table(ours: bytes, table: str) -> None:
    """Each system's score, bootstrap mean and interval, and p-value, in sacreBLEU's table."""
    for row in json.loads(ours):
        for metric in ("BLEU", "chrF2"):
            result = row[metric]
            cell = f"{result['score']:.1f} ({result['mean']:.1f} ± {result['ci']:.1f})"
            assert cell in table, (row["system"], metric, cell)
            if result["p_value"] is not None:
                assert f"(p = {result['p_value']:.4f})" in table


@pytest.mark.parametrize(
    "index",
    [
        pytest.param(i, marks=pytest.mark.slow, id=EXAMPLES[i])
        if any(flag in EXAMPLES[i] for flag in SLOW)
        else pytest.param(i, id=EXAMPLES[i])
        for i in range(len(EXAMPLES))
    ],
)
def test_example_runs_as_in_sacrebleu(workspaces: tuple[Workspace, Workspace], index: int) -> None:
    sacre, ours = workspaces
    expected, got = sacre.example(index), ours.example(index)
    if EXAMPLES[index] in SACREBLEU_FAILS:
        assert SACREBLEU_FAILS[EXAMPLES[index]] in expected[0].stderr.decode()
        assert got[0].code == 0
        (command,), _ = _pipeline(EXAMPLES[index] + " -f text", sacre.folder)
        _, table, _ = sacre.sacrebleu(command[1:], b"", sacre.folder)
        _paired_json_in_text_table(got[0].stdout, table.decode())
        return
    messages = iter(FAILING.get(EXAMPLES[index], []))
    for theirs_stage, our_stage in zip(expected, got, strict=True):
        assert (our_stage.code == 0) == (theirs_stage.code == 0), (
            our_stage.argv,
            our_stage.stderr.decode(),
            theirs_stage.stderr.decode(),
        )
        if theirs_stage.code != 0 and our_stage.argv[0] == "sacrebleu":
            assert next(messages) in our_stage.stderr.decode()
            assert our_stage.stdout == theirs_stage.stdout == b""
        elif EXAMPLES[index] in INLINE:  # sacreBLEU's lines, and those of the newer sets
            newer = ("wmt24pp ", "wmt25 ")
            mine = _normal(our_stage.stdout.decode()).splitlines()
            assert [line for line in mine if not line.startswith(newer)] == (
                theirs_stage.stdout.decode().splitlines()
            )
        else:
            _same_output(theirs_stage.stdout, our_stage.stdout)
    assert next(messages, None) is None
    programs, target = _pipeline(EXAMPLES[index], sacre.folder)
    if target is not None:
        assert (ours.folder / target).read_bytes() == (sacre.folder / target).read_bytes()
    if programs[-1][0] != "sacrebleu":
        assert ours.finals[index] == sacre.finals[index]


#: Scores the README prints (sacreBLEU 2.0.0 on WMT17 en-de, whose reference the built cache
#: holds, and online-A.0 as output.detok.txt): (example, what parbleu prints must contain).
README_SCORES = [
    ("sacrebleu -i output.detok.txt -t wmt17 -l en-de | jq -r .score", "20.8\n"),
    (
        "sacrebleu -i output.detok.txt -t wmt17 -l en-de -f text",
        "= 20.8 54.4/26.6/14.9/8.7 (BP = 1.000 ratio = 1.026 hyp_len = 62880 ref_len = 61287)",
    ),
    ("sacrebleu -t wmt17 -l en-de -i output.detok.txt -b -w 4", "20.7965\n"),
    ("sacrebleu ref.detok.txt -i output.detok.txt -m bleu -b -w 4", "20.7965\n"),
    ("cat output.detok.txt | sacrebleu ref.detok.txt -m bleu -b -w 4", "20.7965\n"),
    ("sacrebleu -t wmt17 -l en-de -i output.detok.txt -m bleu chrf ter", '"score": 52.0,'),
    ("sacrebleu -t wmt17 -l en-de -i output.detok.txt -m bleu chrf ter", '"score": 69.0,'),
    (
        "sacrebleu -t wmt17 -l en-de -i output.detok.txt -m bleu chrf ter --chrf-word-order 2",
        '"score": 49.0,',
    ),
    (
        "sacrebleu -t wmt17 -l en-de -i newstest2017.online-* -m bleu chrf -f latex",
        (
            " newstest2017.online-A.0.en-de &  20.8  &  52.0   \\\\\n"
            " newstest2017.online-B.0.en-de &  26.7  &  56.3   \\\\\n"
            " newstest2017.online-F.0.en-de &  15.5  &  49.3   \\\\\n"
            " newstest2017.online-G.0.en-de &  18.2  &  51.6   \\\\\n"
        ),
    ),
]


@pytest.mark.parametrize(("command", "printed"), README_SCORES)
def test_scores_printed_in_the_readme(
    workspaces: tuple[Workspace, Workspace], command: str, printed: str
) -> None:
    ours = workspaces[1]
    index = EXAMPLES.index(command)
    stages = ours.example(index)
    assert printed in (ours.finals[index] or stages[-1].stdout).decode()
