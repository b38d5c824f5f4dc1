"""A test set's files brought into the cache: fetched, verified, extracted, or refused.

For each file a test set needs (`needed_downloads`), under the file's lock
(`parbleu.testsets.locking`):

1. a copy already in the cache is verified against the registry's sum before it is trusted
   (sacreBLEU trusts any non-empty file); a copy that fails, such as one a run cut short left
   behind, is fetched again;
2. otherwise it is fetched to a temporary file beside it (`parbleu.testsets.network`),
   verified, and only then renamed into place: a mismatch is one error naming the file, the
   sum expected and the sum received, and leaves nothing in the cache;
3. an archive is extracted inside the test set's ``raw/`` folder
   (`parbleu.testsets.extract`) when a file a pair reads is missing.

A second process asking for the same file waits for the lock, then finds it there and
verified. Offline (`FetchSettings.offline`), a missing file is an error that says what to
place where.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from parbleu.errors import DownloadError, InputError
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.checksums import expected_sum, mismatch
from parbleu.testsets.entries import Download, KnownTestSet, RawFormat
from parbleu.testsets.extract import safe_extract
from parbleu.testsets.locking import file_lock
from parbleu.testsets.network import fetch, mirrored
from parbleu.testsets.settings import FetchSettings

__all__ = ["download_test_set", "needed_downloads", "offline_error"]


def needed_downloads(test_set: KnownTestSet, pairs: Sequence[str] | None) -> list[Download]:
    """The downloads `pairs` need (every one for all pairs, or for a set sacreBLEU lists).

    sacreBLEU fetches every file of a test set before it reads any pair; doing the same for
    its test sets leaves a cache it never needs to complete. For the newer test sets an
    archive is always needed and any other file only by the pairs that read it.
    """
    if pairs is None or test_set.in_sacrebleu:
        return list(test_set.downloads)
    read = {f.path for pair in pairs for f in test_set.pairs[pair].files}
    return [d for d in test_set.downloads if d.is_archive or test_set.local_name(d) in read]


def _sum_text(download: Download) -> str:
    expected = expected_sum(download)
    return "" if expected is None else f" ({expected[0]} {expected[1]})"


def offline_error(test_set: KnownTestSet, download: Download, path: Path) -> InputError:
    """The one-line error for a file that offline mode may not fetch."""
    return InputError(
        f"{test_set.name}: {path} is not in the cache and downloads are off (--offline or "
        f"PARBLEU_OFFLINE=1): place the file of {download.url}{_sum_text(download)} there, "
        "or run once without --offline"
    )


def _check_lines(path: Path, test_set: KnownTestSet, download: Download) -> None:
    """For a file without a published sum, what can be checked (WMT24++'s records)."""
    if download.lines is None:
        return
    if test_set.raw_format is RawFormat.WMT24PP_JSONL:
        from parbleu.testsets.jsonl_sets import check_wmt24pp_file  # noqa: PLC0415

        pair = download.basename.removesuffix(".jsonl")
        try:
            check_wmt24pp_file(path, pair, download.lines)
        except InputError as exc:
            raise DownloadError(f"{test_set.name}: {download.url}: {exc}") from None


def _verified(path: Path, test_set: KnownTestSet, download: Download) -> DownloadError | None:
    error = mismatch(path, download, test_set.name)
    if error is None:
        try:
            _check_lines(path, test_set, download)
        except DownloadError as exc:
            return exc
    return error


def _fetch_verified(
    test_set: KnownTestSet, download: Download, path: Path, settings: FetchSettings
) -> None:
    temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        try:
            fetch(download.url, temporary, settings, f"{test_set.name}: {download.basename}")
        except DownloadError as exc:
            raise DownloadError(
                f"{test_set.name}: {exc}; without the network, use a mirror (--mirror URL) or "
                f"place the file at {path}"
            ) from None
        error = _verified(temporary, test_set, download)
        if error is not None:
            raise error
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)


def _obtain(
    test_set: KnownTestSet, download: Download, path: Path, settings: FetchSettings
) -> bool:
    """Make sure `path` holds `download`, verified; True when it was fetched now."""
    if path.is_file():
        error = _verified(path, test_set, download)
        if error is None:
            return False
        if settings.offline:
            raise InputError(
                f"{path} is not the file the registry names ({error}); replace it with the "
                f"file of {download.url} (downloads are off: --offline or PARBLEU_OFFLINE=1)"
            )
        if settings.log is not None:
            settings.log(f"{path} is not the file the registry names; fetching it again")
        path.unlink()
    elif settings.offline:
        raise offline_error(test_set, download, path)
    if settings.log is not None:
        settings.log(f"downloading {mirrored(download.url, settings.mirror)} to {path}")
    _fetch_verified(test_set, download, path, settings)
    return True


def _remove_if_empty(folders: Sequence[Path]) -> None:
    """Remove `folders`, innermost first, up to the first that is not empty."""
    for folder in folders:
        if not folder.is_dir() or any(folder.iterdir()):
            return
        folder.rmdir()


def download_test_set(
    test_set: KnownTestSet,
    cache: SacrebleuCache,
    settings: FetchSettings,
    pairs: Sequence[str] | None = None,
) -> list[Path]:
    """Bring the files `pairs` of `test_set` need into `cache` (see the module docstring).

    Returns:
        the downloaded files (in ``raw/``).

    Raises:
        DownloadError: a file that cannot be fetched, or whose sum is wrong.
        InputError: offline and a file is missing; an archive that lacks a file the
            registry names.
    """
    raw = cache.raw_folder(test_set.name)
    created = [p for p in (raw, raw.parent, *raw.parent.parents) if not p.exists()]
    paths = []
    try:
        for download in needed_downloads(test_set, pairs):
            path = cache.download_file(test_set, download)
            with file_lock(path.with_name(path.name + ".lock"), settings.lock_timeout):
                fetched = _obtain(test_set, download, path, settings)
                if download.is_archive and (fetched or _missing(test_set, raw, pairs)):
                    safe_extract(path, raw)
            paths.append(path)
    except (DownloadError, InputError):
        if created:  # a first download that failed leaves no folder or lock behind
            for lock in raw.glob("*.lock"):
                lock.unlink(missing_ok=True)
            _remove_if_empty(created)
        raise
    missing = [] if pairs is None else _missing(test_set, raw, pairs)
    if missing:
        raise InputError(
            f"{test_set.name}: {missing[0]} is not in what was downloaded, though the registry "
            "names it"
        )
    return paths


def _missing(test_set: KnownTestSet, raw: Path, pairs: Sequence[str] | None) -> list[Path]:
    chosen = list(test_set.pairs) if pairs is None else pairs
    paths = dict.fromkeys(raw / f.path for pair in chosen for f in test_set.pairs[pair].files)
    return [path for path in paths if not path.is_file()]
