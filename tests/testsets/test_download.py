"""Downloading a test set: fetched from a loopback mirror, verified, extracted, or refused.

Oracles: the bytes the tests built and served (`tests.testsets.archives`: checksums computed
with hashlib), the mirror's count of requests, and hand-made failures (a wrong sum, a cut
transfer, a server that stalls, a 404 and a 500, a truncated archive left by an earlier run,
two processes at once, a held lock). The segments read are the shared data's, whitespace
collapsed as sacreBLEU's ``Dataset._clean`` does (``" ".join(line.split())``).
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from parbleu.errors import DownloadError, InputError
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.download import download_test_set
from parbleu.testsets.entries import Download
from parbleu.testsets.locking import file_lock
from parbleu.testsets.reading import open_pair
from parbleu.testsets.settings import FetchSettings
from tests.testsets.archives import Built, Text, mirror_path
from tests.testsets.conftest import registry_of
from tests.testsets.mirror import Mirror

pytestmark = pytest.mark.shared_data

URL = "https://data.statmt.org/wmt17/translation-task/test.tgz"
ARCHIVE = "wmt17/raw/wmt17.test.tgz"


def fast(mirror: Mirror, **given: object) -> FetchSettings:
    """Settings for tests: the mirror, short waits."""
    values: dict[str, object] = {"mirror": mirror.url, "timeout": 2.0, "backoff": 0.0}
    return FetchSettings(**(values | given))  # type: ignore[arg-type]


def _files(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


def test_a_fresh_cache_is_filled_once(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror, text: Text
) -> None:
    cache, registry = SacrebleuCache(tmp_path), registry_of(built)
    opened = open_pair("wmt17", "en-de", cache, fast(mirror), registry)
    assert opened.lines("src") == [" ".join(line.split()) for line in text.source]
    assert opened.lines("ref") == [" ".join(line.split()) for line in text.refs[0]]
    assert (tmp_path / ARCHIVE).read_bytes() == built["wmt17"].files[mirror_path(URL)]
    assert mirror.count(URL) == 1
    again = open_pair("wmt17", "en-de", cache, fast(mirror), registry)
    assert again.lines("docid") == opened.lines("docid")
    assert mirror.count(URL) == 1  # what is there is read, not fetched again
    assert not [name for name in _files(tmp_path) if name.endswith(".part")]


def test_a_checksum_mismatch_is_one_line_and_leaves_nothing(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    registry = registry_of(built)
    entry = registry["wmt17"]
    wrong = dataclasses.replace(entry.downloads[0], md5="0" * 32)
    registry["wmt17"] = dataclasses.replace(entry, downloads=(wrong,))
    with pytest.raises(DownloadError) as caught:
        open_pair("wmt17", "en-de", SacrebleuCache(tmp_path / "cache"), fast(mirror), registry)
    message = str(caught.value)
    assert "\n" not in message
    assert URL in message
    assert f"MD5 expected {'0' * 32}, received {entry.downloads[0].md5}" in message
    assert not (tmp_path / "cache").exists()


def test_a_cut_transfer_is_fetched_again(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    mirror.plan(mirror_path(URL), "cut")
    opened = open_pair("wmt17", "en-de", SacrebleuCache(tmp_path), fast(mirror), registry_of(built))
    assert opened.lines("src")
    assert mirror.count(URL) == 2


def test_without_retries_a_cut_transfer_fails_and_leaves_no_file(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    mirror.plan(mirror_path(URL), "cut")
    settings = fast(mirror, retries=0)
    with pytest.raises(DownloadError, match="cut after"):
        open_pair("wmt17", "en-de", SacrebleuCache(tmp_path / "c"), settings, registry_of(built))
    assert not (tmp_path / "c").exists()


def test_a_stalled_server_times_out_within_bounds(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    mirror.plan(mirror_path(URL), "stall", "stall")
    settings = fast(mirror, timeout=0.3, retries=1)
    started = time.monotonic()
    with pytest.raises(DownloadError, match=r"timed out.*tried 2 times"):
        open_pair("wmt17", "en-de", SacrebleuCache(tmp_path), settings, registry_of(built))
    assert time.monotonic() - started < 3
    assert mirror.count(URL) == 2


def test_a_404_fails_at_once(tmp_path: Path, built: dict[str, Built], mirror: Mirror) -> None:
    mirror.plan(mirror_path(URL), "404")
    with pytest.raises(DownloadError, match="HTTP 404") as caught:
        open_pair("wmt17", "en-de", SacrebleuCache(tmp_path), fast(mirror), registry_of(built))
    assert f"{mirror.url}/data.statmt.org/wmt17/translation-task/test.tgz" in str(caught.value)
    assert mirror.count(URL) == 1  # no retry: the answer will not change


def test_a_500_is_tried_again(tmp_path: Path, built: dict[str, Built], mirror: Mirror) -> None:
    mirror.plan(mirror_path(URL), "500", "500")
    opened = open_pair("wmt17", "en-de", SacrebleuCache(tmp_path), fast(mirror), registry_of(built))
    assert opened.lines("ref")
    assert mirror.count(URL) == 3


def test_a_broken_earlier_download_is_fetched_again(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    """sacreBLEU trusts any non-empty archive; half of one (a run cut short) is replaced."""
    archive = tmp_path / ARCHIVE
    archive.parent.mkdir(parents=True)
    archive.write_bytes(built["wmt17"].files[mirror_path(URL)][:1000])
    said: list[str] = []
    settings = dataclasses.replace(fast(mirror), log=said.append)
    opened = open_pair("wmt17", "en-de", SacrebleuCache(tmp_path), settings, registry_of(built))
    assert opened.lines("src")
    assert mirror.count(URL) == 1
    assert archive.read_bytes() == built["wmt17"].files[mirror_path(URL)]
    assert any("not the file the registry names; fetching it again" in line for line in said)


def test_offline_without_the_files_says_what_to_place_where(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    registry = registry_of(built)
    with pytest.raises(InputError) as caught:
        open_pair("wmt17", "en-de", SacrebleuCache(tmp_path), fast(mirror, offline=True), registry)
    message = str(caught.value)
    assert "\n" not in message
    for part in (str(tmp_path / ARCHIVE), URL, registry["wmt17"].downloads[0].md5, "--offline"):
        assert str(part) in message
    assert mirror.count(URL) == 0


def test_offline_with_the_files_reads_them(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    cache, registry = SacrebleuCache(tmp_path), registry_of(built)
    first = open_pair("wmt17", "en-de", cache, fast(mirror), registry).lines("src")
    offline = open_pair("wmt17", "en-de", cache, fast(mirror, offline=True), registry)
    assert offline.lines("src") == first
    assert mirror.count(URL) == 1


def test_a_file_mirror_works(tmp_path: Path, built: dict[str, Built]) -> None:
    """--mirror file:///shared/folder: the same layout on a shared disk."""
    for path, data in built["wmt17"].files.items():
        target = tmp_path / "mirror" / path.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    settings = FetchSettings(mirror=(tmp_path / "mirror").as_uri())
    cache = SacrebleuCache(tmp_path / "cache")
    assert open_pair("wmt17", "en-de", cache, settings, registry_of(built)).lines("src")
    (tmp_path / "mirror" / "data.statmt.org" / "wmt17/translation-task/test.tgz").unlink()
    with pytest.raises(DownloadError, match="no such file"):
        download_test_set(registry_of(built)["wmt19"], cache, settings)


_DOWNLOAD = """
import dataclasses, sys
from pathlib import Path
from parbleu.testsets import FetchSettings, SacrebleuCache, TEST_SETS, download_test_set
entry = TEST_SETS["wmt17"]
download = dataclasses.replace(entry.downloads[0], md5=sys.argv[1])
entry = dataclasses.replace(entry, downloads=(download,))
paths = download_test_set(entry, SacrebleuCache(Path(sys.argv[2])), FetchSettings(
    mirror=sys.argv[3], timeout=10, lock_timeout=60), ["en-de"])
print(paths[0].stat().st_size)
"""


def test_two_processes_download_once_and_both_succeed(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    """The file is served slowly, so both processes ask while the first is downloading."""
    mirror.plan(mirror_path(URL), "slow")
    md5 = built["wmt17"].entry.downloads[0].md5 or ""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    argv = [sys.executable, "-c", _DOWNLOAD, md5, str(tmp_path), mirror.url]
    runs = [subprocess.Popen(argv, stdout=subprocess.PIPE, env=env) for _ in range(2)]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0]
    size = str(len(built["wmt17"].files[mirror_path(URL)])).encode()
    assert [out.strip() for out in outputs] == [size, size]
    assert mirror.count(URL) == 1


def test_a_held_lock_is_waited_for_within_bounds(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    lock = tmp_path / (ARCHIVE + ".lock")
    settings = fast(mirror, lock_timeout=0.2)
    with file_lock(lock, 1.0), pytest.raises(DownloadError, match=r"held this lock for 0\.2 s"):
        download_test_set(registry_of(built)["wmt17"], SacrebleuCache(tmp_path), settings)
    assert mirror.count(URL) == 0


def test_only_the_files_a_newer_test_set_pair_reads_are_fetched(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    """WMT24++ has a file per pair: one pair fetches one file (sacreBLEU's sets: all)."""
    entry = registry_of(built)["wmt24pp"]
    paths = download_test_set(entry, SacrebleuCache(tmp_path), fast(mirror), ["en-de_DE"])
    assert [p.name for p in paths] == ["wmt24pp.en-de_DE.jsonl"]
    assert sum(mirror.requests.values()) == 1


def test_a_wmt24pp_file_of_another_length_is_refused(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror
) -> None:
    """No checksum is published for WMT24++: the record count is checked instead."""
    entry = registry_of(built)["wmt24pp"]
    pinned = next(d for d in entry.downloads if d.basename == "en-de_DE.jsonl")
    wrong = dataclasses.replace(pinned, lines=998)
    others = tuple(wrong if d is pinned else d for d in entry.downloads)
    with pytest.raises(DownloadError, match="records, expected 998"):
        download_test_set(
            dataclasses.replace(entry, downloads=others),
            SacrebleuCache(tmp_path),
            fast(mirror),
            ["en-de_DE"],
        )


def test_settings_refuse_bad_values() -> None:
    from parbleu.errors import OptionError  # noqa: PLC0415

    with pytest.raises(OptionError, match="--mirror takes"):
        FetchSettings(mirror="ftp://example.org")
    with pytest.raises(OptionError, match="timeout"):
        FetchSettings(timeout=-1)
    assert FetchSettings(mirror="http://m.example/").mirror == "http://m.example"
    assert isinstance(Download("https://h/x.tgz").is_archive, bool)


def test_the_lock_is_the_one_sacrebleu_takes(tmp_path: Path) -> None:
    """sacreBLEU locks ``<archive>.lock`` with portalocker: the two exclude each other."""
    import portalocker  # noqa: PLC0415 (sacreBLEU's dependency: its lock, the oracle)

    lock = tmp_path / (ARCHIVE + ".lock")
    with file_lock(lock, 1.0), pytest.raises(portalocker.exceptions.AlreadyLocked):
        portalocker.Lock(str(lock), timeout=0.1, fail_when_locked=True).acquire()
    holder = portalocker.Lock(str(lock), timeout=1)
    with holder, pytest.raises(DownloadError, match="held"), file_lock(lock, 0.1):
        pass
