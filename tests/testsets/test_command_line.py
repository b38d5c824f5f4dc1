"""Test sets on the command line: downloaded through ``--mirror``, offline, cache-only names.

Oracles: the same files scored directly (``parbleu ref.txt -i sys.txt``: a test set read
through a download must score as its reference file does); sacreBLEU 2.6.0's command line on
the cache parbleu filled (``--subset`` with its wmt19 annotations, ``-d``), which it reads
without downloading; the mirror's request counts; and the text files written here as
sacreBLEU writes them (fairseq's ``sacrebleu -t wmt14/full -l en-de --echo src`` on a cache
that holds only sacreBLEU's text files).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from parbleu.cli.main import run
from tests.testsets.archives import Built, Text
from tests.testsets.conftest import registry_of
from tests.testsets.mirror import Mirror

pytestmark = pytest.mark.shared_data

WMT17 = "https://data.statmt.org/wmt17/translation-task/test.tgz"


class Terminal(io.StringIO):
    """Standard error as a terminal."""

    def isatty(self) -> bool:
        return True


def ours(*argv: str, stderr: io.StringIO | None = None) -> tuple[int, str, str]:
    out, err = io.StringIO(), stderr or io.StringIO()
    code = run(list(argv), io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _registry(built: dict[str, Built], monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's registry holds the built test sets' checksums."""
    monkeypatch.setattr("parbleu.cli.testsets.context.TEST_SETS", registry_of(built))
    monkeypatch.delenv("SACREBLEU_FORMAT", raising=False)


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


def test_a_downloaded_test_set_scores_as_its_files(
    tmp_path: Path, mirror: Mirror, text: Text
) -> None:
    system = _write(tmp_path / "sys.txt", text.system)
    reference = _write(tmp_path / "ref.txt", text.refs[0])
    metrics = ["-m", "bleu", "chrf", "ter", "-f", "text", "-w", "4"]
    cache = ["--cache-dir", str(tmp_path / "cache")]
    downloaded = ours(
        "-t", "wmt17", "-l", "en-de", "-i", system, *metrics, *cache, "--mirror", mirror.url, "-q"
    )
    direct = ours(reference, "-i", system, *metrics)
    assert downloaded == direct
    assert mirror.count(WMT17) == 1
    offline = ours("-t", "wmt17", "-l", "en-de", "-i", system, *metrics, *cache, "--offline")
    assert offline == direct


def test_the_mirror_from_the_environment_and_what_is_said(
    tmp_path: Path, mirror: Mirror, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PARBLEU_MIRROR", mirror.url)
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    code, out, err = ours("-t", "wmt22", "-l", "cs-en", "--echo", "ref")
    assert code == 0
    assert out.count("\n") > 10
    assert err == (
        f"parbleu: downloading {mirror.url}/github.com/wmt-conference/wmt22-news-systems/"
        f"archive/refs/tags/v1.1.tar.gz to {tmp_path}/wmt22/raw/wmt22.v1.1.tar.gz\n"
    )
    assert (tmp_path / "wmt22" / "raw" / "wmt22.v1.1.tar.gz").is_file()


def test_a_progress_line_on_a_terminal_and_silence_in_a_pipe(
    tmp_path: Path, mirror: Mirror
) -> None:
    argv = ["--download", "wmt17", "--mirror", mirror.url]
    terminal = Terminal()
    assert ours(*argv, "--cache-dir", str(tmp_path / "a"), stderr=terminal)[:2] == (0, "")
    shown = terminal.getvalue()
    assert "\r\x1b[Kparbleu: wmt17: test.tgz: " in shown
    assert " MB (100%)" in shown
    assert shown.endswith("\n")  # the status line erased before the last message
    piped = ours(*argv, "--cache-dir", str(tmp_path / "b"))
    assert piped[:2] == (0, "")
    assert "\r" not in piped[2]
    assert piped[2].count("\n") == 2  # downloading ..., then verified
    assert ours(*argv, "--cache-dir", str(tmp_path / "c"), "-q") == (0, "", "")


def test_download_fetches_verifies_and_says_so(tmp_path: Path, mirror: Mirror) -> None:
    cache = tmp_path / "cache"
    code, out, err = ours(
        "--download", "wmt22", "-l", "cs-en", "--mirror", mirror.url, "--cache-dir", str(cache)
    )
    assert (code, out) == (0, "")
    assert err.splitlines()[-1] == (
        f"parbleu: wmt22 (cs-en): 1 file(s) verified in {cache / 'wmt22'}"
    )
    assert (cache / "wmt22" / "raw" / "wmt22-news-systems-1.1" / "xml").is_dir()
    again = ours("--download", "wmt22", "--offline", "--cache-dir", str(cache), "-q")
    assert again == (0, "", "")


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["--download", "wmt99"], 2, "unknown test set 'wmt99'"),
        (["--download", "wmt17", "-l", "xx-yy"], 2, "wmt17 has no language pair 'xx-yy'"),
        (["-t", "wmt17", "-l", "en-de", "--echo", "src", "--offline"], 1, "downloads are off"),
        (["-t", "wmt17", "-l", "en-de", "--echo", "src", "--mirror", "ftp://x"], 2, "--mirror"),
    ],
)
def test_download_errors(tmp_path: Path, argv: list[str], code: int, message: str) -> None:
    result, out, err = ours(*argv, "--cache-dir", str(tmp_path))
    assert (result, out) == (code, "")
    assert message in err
    assert err.count("\n") == 1


def _sacrebleu(cache: Path, *argv: str) -> str:
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env |= {"SACREBLEU": str(cache), "HTTPS_PROXY": "http://127.0.0.1:9"}
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        timeout=120,
    )
    return done.stdout


@pytest.mark.parametrize(
    "selection",
    [["--subset", "politics"], ["--subset", "country:US"], ["--origlang", "de"]],
)
def test_wmt19_annotations_select_as_sacrebleu(
    tmp_path: Path, mirror: Mirror, selection: list[str]
) -> None:
    """sacreBLEU reads the cache parbleu filled (no download) and selects the same lines."""
    argv = ["-t", "wmt19", "-l", "de-en", "--echo", "src", "docid", *selection]
    code, out, _ = ours(*argv, "--cache-dir", str(tmp_path), "--mirror", mirror.url, "-q")
    assert code == 0
    assert out
    assert out == _sacrebleu(tmp_path, *argv)


def test_cache_only_test_sets_are_read_without_registry_facts(
    tmp_path: Path, text: Text, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Text files sacreBLEU wrote are enough: a name the registry lacks, and wmt14/full."""
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    monkeypatch.setenv("PARBLEU_OFFLINE", "1")
    folder = tmp_path / "wmt14" / "full"
    folder.mkdir(parents=True)
    fields = {"src": text.source, "ref": text.refs[0], "docid": text.doc_ids}
    fields |= {"genre": ["news"] * len(text.source), "origlang": ["en"] * len(text.source)}
    for field, lines in fields.items():
        _write(folder / f"wmt14_full.en-de.{field}", lines)
    mine = tmp_path / "mine"
    mine.mkdir()
    _write(mine / "mine.en-de.src", text.source)
    _write(mine / "mine.en-de.ref-A", text.refs[0])
    _write(mine / "mine.en-de.ref-B", text.refs[1])
    expected_src = "".join(f"{line.rstrip()}\n" for line in text.source)
    assert ours("-t", "wmt14/full", "-l", "en-de", "--echo", "src") == (0, expected_src, "")
    assert ours("-t", "mine", "-l", "en-de", "--echo", "src") == (0, expected_src, "")
    assert ours("--list", "-t", "mine") == (0, "en-de: src, ref:A, ref:B\n", "")
    listed = ours("--list")[1].splitlines()
    assert any(line.startswith("mine ") and "in the cache only" in line for line in listed)
    system = _write(tmp_path / "sys.txt", text.system)
    reference = _write(tmp_path / "ref.txt", text.refs[0])
    scored = ours("-t", "mine", "-l", "en-de", "-i", system, "-b")  # ref:A, the first by name
    assert scored == ours(reference, "-i", system, "-b")


def test_detail_with_wmt19_countries_and_domains_is_sacrebleus(
    tmp_path: Path, mirror: Mirror, text: Text
) -> None:
    system = _write(tmp_path / "sys.txt", text.system)
    argv = ["-t", "wmt19", "-l", "de-en", "-i", system, "-m", "bleu", "chrf", "-d", "-w", "2"]
    code, out, _ = ours(*argv, "--cache-dir", str(tmp_path), "--mirror", mirror.url, "-q")
    assert code == 0
    assert "country=US" in out
    expected = _sacrebleu(tmp_path, *argv)
    assert out.replace("version:parbleu-0.1.0", "version:2.6.0") == expected
