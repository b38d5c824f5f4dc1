"""Archives extracted only inside the cache, each file written whole or not at all.

sacreBLEU 2.6.0 calls ``tarfile.extractall`` and ``ZipFile.extractall`` on what it downloads:
a member named ``../x`` or ``/etc/x``, or a link pointing out of the folder, writes outside
the cache. Here every member is checked before anything is written, and an archive with one
such member is refused whole: a path must stay inside the destination (no absolute path, no
``..`` that climbs out, no drive), links may only point inside it, and devices and pipes are
refused. Each file is written to a temporary name and renamed into place, so an interrupted
extraction never leaves a truncated file under a name that a later run would trust.
"""

from __future__ import annotations

import os
import posixpath
import shutil
import tarfile
import zipfile
from pathlib import Path
from typing import IO

from parbleu.errors import DownloadError

__all__ = ["safe_extract"]


def _inside(destination: Path, name: str, archive: Path) -> Path:
    """Where member `name` goes, or an error if that is not inside `destination`."""
    normal = posixpath.normpath(name.replace("\\", "/"))
    if (
        name.startswith(("/", "\\"))
        or (len(name) > 1 and name[1] == ":")
        or normal == ".."
        or normal.startswith("../")
    ):
        raise DownloadError(
            f"{archive}: member {name!r} would be written outside {destination}; "
            "the archive is refused and nothing of it is extracted"
        )
    return destination / normal


def _write(target: Path, source: IO[bytes], destination: Path, archive: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if not Path(os.path.realpath(target.parent)).is_relative_to(destination):
        raise DownloadError(
            f"{archive}: {target.parent} leads outside {destination} (a link left there "
            "earlier); remove it and extract again"
        )
    temporary = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        with temporary.open("wb") as out:
            shutil.copyfileobj(source, out)
        temporary.replace(target)
    finally:
        temporary.unlink(missing_ok=True)


def _check_tar_member(destination: Path, member: tarfile.TarInfo, archive: Path) -> Path:
    target = _inside(destination, member.name, archive)
    if member.issym() or member.islnk():
        # a symbolic link is relative to its folder, a hard link to the archive's root
        base = target.parent if member.issym() else destination
        pointed = posixpath.normpath(posixpath.join(str(base), member.linkname))
        _inside(destination, posixpath.relpath(pointed, str(destination)), archive)
    elif not (member.isfile() or member.isdir()):
        raise DownloadError(
            f"{archive}: member {member.name!r} is a device or pipe; the archive is refused "
            "and nothing of it is extracted"
        )
    return target


def _extract_tar(archive: Path, destination: Path) -> None:
    with tarfile.open(archive) as tar:
        members = tar.getmembers()
        targets = [_check_tar_member(destination, m, archive) for m in members]
        for member, target in zip(members, targets, strict=True):
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
            elif member.issym():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.unlink(missing_ok=True)
                target.symlink_to(member.linkname)
            else:  # a regular file, or a hard link to one: its bytes
                source = tar.extractfile(member)
                if source is not None:
                    with source:
                        _write(target, source, destination, archive)


def _extract_zip(archive: Path, destination: Path) -> None:
    with zipfile.ZipFile(archive) as package:
        members = package.infolist()
        targets = [_inside(destination, m.filename, archive) for m in members]
        for member, target in zip(members, targets, strict=True):
            if member.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            else:
                with package.open(member) as source:
                    _write(target, source, destination, archive)


def safe_extract(archive: Path, destination: Path) -> None:
    """Extract a ``.tar.gz``/``.tgz`` or ``.zip`` archive into `destination`.

    Raises:
        DownloadError: a member that would leave `destination`, a device, or an archive that
            cannot be read; nothing is extracted then.
    """
    destination = Path(os.path.realpath(destination))
    try:
        if archive.name.endswith(".zip"):
            _extract_zip(archive, destination)
        else:
            _extract_tar(archive, destination)
    except (tarfile.TarError, zipfile.BadZipFile, EOFError, OSError) as exc:
        raise DownloadError(f"{archive}: cannot extract the archive ({exc})") from None
