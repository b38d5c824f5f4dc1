"""Hostile archives are refused whole; good ones are extracted inside the cache only.

Oracle: archives made by hand with ``tarfile`` and ``zipfile``, each with one member that
would write outside the destination (``..``, an absolute path, a link out, a device), and
the files on disk afterwards (none outside, none inside).
"""

from __future__ import annotations

import io
import tarfile
import zipfile
from pathlib import Path

import pytest

from parbleu.errors import DownloadError
from parbleu.testsets.extract import safe_extract


def _tar(path: Path, *members: tarfile.TarInfo) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        good = tarfile.TarInfo("test/good.txt")
        good.size = 3
        archive.addfile(good, io.BytesIO(b"ok\n"))
        for member in members:
            data = b"evil\n" if member.isfile() else b""
            member.size = len(data)
            archive.addfile(member, io.BytesIO(data))
    return path


def _member(name: str, kind: bytes = tarfile.REGTYPE, link: str = "") -> tarfile.TarInfo:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    return info


HOSTILE = {
    "dot-dot": _member("test/../../evil.txt"),
    "absolute": _member("/tmp/parbleu-evil.txt"),
    "symlink out": _member("test/link", tarfile.SYMTYPE, "../../outside"),
    "absolute symlink": _member("test/abs", tarfile.SYMTYPE, "/etc"),
    "hard link out": _member("test/hard", tarfile.LNKTYPE, "../outside.txt"),
    "device": _member("test/dev", tarfile.CHRTYPE),
    "fifo": _member("test/fifo", tarfile.FIFOTYPE),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_tar_member_refuses_the_whole_archive(tmp_path: Path, kind: str) -> None:
    archive = _tar(tmp_path / "a.tgz", HOSTILE[kind])
    destination = tmp_path / "cache" / "wmt17" / "raw"
    destination.mkdir(parents=True)
    with pytest.raises(DownloadError, match=r"the archive is refused|device or pipe") as caught:
        safe_extract(archive, destination)
    assert "\n" not in str(caught.value)
    assert list(destination.rglob("*")) == []  # not even the good member
    assert not (tmp_path / "evil.txt").exists()
    assert not Path("/tmp/parbleu-evil.txt").exists()


def test_a_hostile_zip_member_refuses_the_whole_archive(tmp_path: Path) -> None:
    archive = tmp_path / "a.zip"
    with zipfile.ZipFile(archive, "w") as package:
        package.writestr("sets/good.txt", "ok\n")
        package.writestr("../evil.txt", "evil\n")
    destination = tmp_path / "raw"
    destination.mkdir()
    with pytest.raises(DownloadError, match="outside"):
        safe_extract(archive, destination)
    assert list(destination.rglob("*")) == []
    assert not (tmp_path / "evil.txt").exists()


def test_links_inside_and_nested_folders_are_kept(tmp_path: Path) -> None:
    archive = _tar(
        tmp_path / "a.tgz",
        _member("test/sub/", tarfile.DIRTYPE),
        _member("test/inside", tarfile.SYMTYPE, "good.txt"),
    )
    destination = tmp_path / "raw"
    safe_extract(archive, destination)
    assert (destination / "test" / "good.txt").read_bytes() == b"ok\n"
    assert (destination / "test" / "inside").read_bytes() == b"ok\n"
    assert (destination / "test" / "sub").is_dir()


def test_a_link_left_there_earlier_is_not_written_through(tmp_path: Path) -> None:
    """An older extraction (sacreBLEU's extractall) left raw/test -> outside: refused."""
    outside = tmp_path / "outside"
    outside.mkdir()
    destination = tmp_path / "raw"
    destination.mkdir()
    (destination / "test").symlink_to(outside)
    with pytest.raises(DownloadError, match="leads outside"):
        safe_extract(_tar(tmp_path / "a.tgz"), destination)
    assert list(outside.iterdir()) == []


def test_a_corrupt_archive_is_one_line(tmp_path: Path) -> None:
    archive = tmp_path / "a.tgz"
    archive.write_bytes(b"not a tarball")
    with pytest.raises(DownloadError, match="cannot extract the archive"):
        safe_extract(archive, tmp_path / "raw")
