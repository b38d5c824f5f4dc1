r"""Is a downloaded file the one the registry names? MD5, SHA-256 or git object id.

sacreBLEU's registry gives an MD5 sum per archive; files published elsewhere come with a
SHA-256 sum or, taken from a git repository at a fixed commit, with the file's git object id
(``sha1(b"blob <size>\0" + bytes)``, what ``git hash-object`` prints). A file with none of
these has its line count checked instead (`parbleu.testsets.entries.Download.lines`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from parbleu.errors import DownloadError
from parbleu.testsets.entries import Download

__all__ = ["expected_sum", "file_sums", "mismatch"]

_CHUNK = 1 << 20


def file_sums(path: Path) -> dict[str, str]:
    """The file's MD5, SHA-256 and git object id, in one read."""
    md5, sha256 = hashlib.md5(usedforsecurity=False), hashlib.sha256()
    blob = hashlib.sha1(usedforsecurity=False)
    blob.update(b"blob %d\0" % path.stat().st_size)
    with path.open("rb") as handle:
        while chunk := handle.read(_CHUNK):
            md5.update(chunk)
            sha256.update(chunk)
            blob.update(chunk)
    return {
        "MD5": md5.hexdigest(),
        "SHA-256": sha256.hexdigest(),
        "git object id": blob.hexdigest(),
    }


def expected_sum(download: Download) -> tuple[str, str] | None:
    """The strongest sum the registry gives for `download`: its kind and value."""
    for kind, value in (
        ("SHA-256", download.sha256),
        ("git object id", download.git_blob),
        ("MD5", download.md5),
    ):
        if value:
            return kind, value
    return None


def mismatch(path: Path, download: Download, label: str) -> DownloadError | None:
    """The error for a file whose sum is not the registry's, else None.

    One line naming the file, the sum expected and the sum received.
    """
    expected = expected_sum(download)
    if expected is None:
        return None
    kind, value = expected
    received = file_sums(path)[kind]
    if received == value.lower():
        return None
    return DownloadError(
        f"{label}: {download.url} is not the file the registry names: {kind} expected {value}, "
        f"received {received}"
    )
