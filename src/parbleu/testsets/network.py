"""Fetching one file over the network, with bounded time, retries and a mirror.

Standard library only (``urllib``). A file at ``https://host/path`` is asked for there, or,
with a mirror, at ``<mirror>/host/path`` (`mirrored`). Every wait is bounded: ``timeout``
seconds for a connection or for the next bytes, ``deadline`` seconds for one attempt in all.
Failures that may pass (a refused or reset connection, a timeout, a transfer cut short, an
HTTP 5xx, 408 or 429 answer) are tried again ``retries`` times, after ``backoff`` seconds,
doubled each time; an answer that will not change (404, 403 ...) fails at once. The bytes go
to the file the caller names (a temporary one: the caller verifies it, then renames it into
place), and the progress callback hears of each block.
"""

from __future__ import annotations

import http.client
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

from parbleu._version import __version__
from parbleu.errors import DownloadError
from parbleu.testsets.settings import FetchSettings

__all__ = ["fetch", "mirrored"]

_CHUNK = 1 << 16


class _TransientError(Exception):
    """A failure worth another attempt."""


def mirrored(url: str, mirror: str | None) -> str:
    """Where to ask for `url`: itself, or ``<mirror>/<host>/<path>`` (query kept)."""
    if mirror is None:
        return url
    parts = urllib.parse.urlsplit(url)
    query = f"?{parts.query}" if parts.query else ""
    return f"{mirror.rstrip('/')}/{parts.netloc}{parts.path}{query}"


def _open(address: str, settings: FetchSettings) -> http.client.HTTPResponse:
    request = urllib.request.Request(address, headers={"User-Agent": f"parbleu/{__version__}"})
    try:
        return urllib.request.urlopen(request, timeout=settings.timeout)  # type: ignore[no-any-return]
    except urllib.error.HTTPError as exc:
        exc.close()
        message = f"HTTP {exc.code} {exc.reason}"
        if exc.code in (408, 425, 429) or exc.code >= 500:
            raise _TransientError(message) from None
        raise DownloadError(f"{address}: {message}") from None
    except urllib.error.URLError as exc:
        if isinstance(exc.reason, FileNotFoundError):  # a file:// mirror without the file
            raise DownloadError(f"{address}: no such file") from None
        raise _TransientError(str(exc.reason)) from None
    except (TimeoutError, ConnectionError, http.client.HTTPException) as exc:
        raise _TransientError(str(exc) or type(exc).__name__) from None


def _total(response: http.client.HTTPResponse) -> int | None:
    length = response.headers.get("Content-Length")
    return int(length) if length is not None and length.isdigit() else None


def _transfer(address: str, target: Path, settings: FetchSettings, label: str) -> None:
    started = time.monotonic()
    response = _open(address, settings)
    received = 0
    try:
        total = _total(response)
        with target.open("wb") as out:
            while chunk := response.read(_CHUNK):
                out.write(chunk)
                received += len(chunk)
                if settings.progress is not None:
                    settings.progress(label, received, total)
                if time.monotonic() - started > settings.deadline:
                    raise _TransientError(f"not done after {settings.deadline:g} s")
    except http.client.IncompleteRead as exc:
        raise _TransientError(f"the transfer was cut after {received} bytes") from exc
    except (TimeoutError, ConnectionError, http.client.HTTPException) as exc:
        raise _TransientError(f"{exc or type(exc).__name__} after {received} bytes") from None
    finally:
        response.close()
    if total is not None and received != total:
        raise _TransientError(f"the transfer was cut after {received} of {total} bytes")


def fetch(url: str, target: Path, settings: FetchSettings, label: str) -> None:
    """Write the file at `url` (through the mirror) to `target`.

    Raises:
        DownloadError: an answer that will not change, or the last failure after every
            retry, naming the address.
    """
    address = mirrored(url, settings.mirror)
    attempts = settings.retries + 1
    for attempt in range(attempts):
        failure = _attempt(address, target, settings, label)
        if failure is None:
            return
        if attempt + 1 == attempts:
            tries = f" (tried {attempts} times)" if attempts > 1 else ""
            raise DownloadError(f"{address}: {failure}{tries}")
        time.sleep(settings.backoff * 2**attempt)


def _attempt(address: str, target: Path, settings: FetchSettings, label: str) -> str | None:
    """One attempt: None when it succeeded, else why it failed (worth another attempt)."""
    try:
        _transfer(address, target, settings, label)
    except _TransientError as exc:
        return str(exc)
    return None
