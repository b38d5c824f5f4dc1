"""How parbleu fetches files: mirror, offline, time limits, retries, progress.

One frozen `FetchSettings` value, passed to every function that may download. The library
reads no environment variable; `settings_from_environment` is the explicit helper the command
line (and any program that wants the same behaviour) calls with ``os.environ``:
``PARBLEU_MIRROR=URL`` asks for each file at ``URL/<host>/<path>`` of its original address,
and ``PARBLEU_OFFLINE=1`` forbids any network access.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from parbleu.errors import OptionError

__all__ = ["FetchSettings", "ProgressCallback", "settings_from_environment"]

#: ``progress(what, received_bytes, total_bytes_or_None)``, called as a download advances.
ProgressCallback = Callable[[str, int, "int | None"], None]

#: The values of ``PARBLEU_OFFLINE`` that turn it on and off.
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("", "0", "false", "no", "off")


@dataclass(frozen=True)
class FetchSettings:
    """How to fetch files.

    Attributes:
        mirror: a base address that replaces every original host: a file at
            ``https://host/path`` is asked for at ``<mirror>/host/path`` (``http``,
            ``https`` or ``file`` addresses).
        offline: forbid any network access; a missing file is an error that says what to
            place where.
        timeout: seconds to wait for a connection or for the next bytes of a transfer.
        deadline: seconds one attempt at one file may take in all.
        retries: attempts after the first, for failures that may pass (a reset connection,
            a timeout, a cut transfer, a 5xx or 429 answer); never for a 404.
        backoff: seconds before the first retry, doubled before each next one.
        lock_timeout: seconds to wait for another process that is downloading the same file.
        allow_unpinned_models: fetch a SentencePiece model that has no pinned sum.
        progress: told of each download's progress (the command line's bar), or None.
        log: told, in one line, of each download started or fetched again, or None.
    """

    mirror: str | None = None
    offline: bool = False
    timeout: float = 30.0
    deadline: float = 3600.0
    retries: int = 3
    backoff: float = 1.0
    lock_timeout: float = 3600.0
    allow_unpinned_models: bool = False
    progress: ProgressCallback | None = dataclasses.field(default=None, compare=False)
    log: Callable[[str], None] | None = dataclasses.field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.mirror is not None:
            if not self.mirror.startswith(("http://", "https://", "file://")):
                raise OptionError(
                    f"--mirror takes an http://, https:// or file:// address; got {self.mirror!r}"
                )
            object.__setattr__(self, "mirror", self.mirror.rstrip("/"))
        for name in ("timeout", "deadline", "backoff", "lock_timeout"):
            value = getattr(self, name)
            if not value >= 0:
                raise OptionError(f"{name} must be a number of seconds >= 0; got {value!r}")
        if self.retries < 0:
            raise OptionError(f"retries must be >= 0; got {self.retries!r}")


def settings_from_environment(environ: Mapping[str, str], **given: object) -> FetchSettings:
    """Settings from ``PARBLEU_MIRROR`` and ``PARBLEU_OFFLINE`` in `environ`, then `given`.

    Values in `given` that are not None win (``mirror=`` from ``--mirror``; ``offline=True``
    from ``--offline``).

    Raises:
        OptionError: a ``PARBLEU_OFFLINE`` that is not a yes or a no, or a bad mirror.
    """
    values: dict[str, object] = {}
    if environ.get("PARBLEU_MIRROR"):
        values["mirror"] = environ["PARBLEU_MIRROR"]
    offline = environ.get("PARBLEU_OFFLINE", "").strip().lower()
    if offline not in _TRUE + _FALSE:
        raise OptionError(f"PARBLEU_OFFLINE must be 1 or 0; got {environ['PARBLEU_OFFLINE']!r}")
    values["offline"] = offline in _TRUE
    values |= {key: value for key, value in given.items() if value is not None}
    return FetchSettings(**values)  # type: ignore[arg-type]
