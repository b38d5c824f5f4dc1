"""One process at a time per download: an exclusive lock on ``<file>.lock``.

The lock is ``flock`` on the same file sacreBLEU 2.6.0 locks (``<archive>.lock``, through
``portalocker``, whose default on POSIX is ``fcntl.flock``), so parbleu and sacreBLEU processes
sharing a cache also wait for each other. The second process waits, then finds the file
there and verified. Waiting is bounded: past `timeout` seconds the wait is an error that
names the lock. On Windows the lock is ``msvcrt.locking`` on the lock file's first byte.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from parbleu.errors import DownloadError

__all__ = ["file_lock"]

#: Seconds between two tries to take a lock held by another process.
_POLL = 0.05


def _try_lock(descriptor: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover (POSIX machines run the tests)
        import msvcrt  # noqa: PLC0415

        try:
            msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl  # noqa: PLC0415

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(descriptor: int) -> None:
    if sys.platform == "win32":  # pragma: no cover
        import msvcrt  # noqa: PLC0415

        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
        return
    import fcntl  # noqa: PLC0415

    fcntl.flock(descriptor, fcntl.LOCK_UN)


@contextlib.contextmanager
def file_lock(path: Path, timeout: float) -> Iterator[None]:
    """Hold the exclusive lock on `path` (created if absent) for the ``with`` block.

    Raises:
        DownloadError: another process held it for more than `timeout` seconds.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        deadline = time.monotonic() + timeout
        while not _try_lock(descriptor):
            if time.monotonic() >= deadline:
                raise DownloadError(
                    f"{path}: another process has held this lock for {timeout:g} s; wait for "
                    "its download to end, or remove the file if no process is running"
                )
            time.sleep(_POLL)
        try:
            yield
        finally:
            _unlock(descriptor)
    finally:
        os.close(descriptor)
