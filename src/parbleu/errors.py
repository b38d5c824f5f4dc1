"""Exceptions raised by parbleu, each carrying the exit code the CLI uses for it.

Modelled on click's hierarchy: every error formats itself as one line that says what was
expected and what was received, so the command line never shows a traceback. An error may
carry its context as fields (the file and line, the option, what was expected and what was
received); `str(error)` puts them in one order, ``FILE: line N: MESSAGE`` (where the file
and line are known), and `details` gives them to programs:

    >>> error = InputError("expected 2 tab-separated fields, found 1", source="h.tsv", line=3)
    >>> str(error)
    'h.tsv: line 3: expected 2 tab-separated fields, found 1'
    >>> error.details()["line"], error.exit_code
    (3, 1)
"""

from __future__ import annotations

from functools import partial
from typing import Any

__all__ = [
    "DownloadError",
    "EncodingError",
    "InputError",
    "LengthMismatchError",
    "MissingDependencyError",
    "OptionError",
    "ParbleuError",
    "PluginError",
    "ReferenceShapeError",
    "UnknownTestSetError",
]

EXIT_DATA = 1
EXIT_USAGE = 2


class ParbleuError(Exception):
    """Base class of every error parbleu raises on purpose.

    Args:
        message: what went wrong (and, where no field says it, where and what was received).
        source: the file or stream the error is about.
        line: its line number (1-based), or record number for record-based formats.
        option: the option the error is about.
        expected: what was expected, in words.
        received: the value received.
    """

    exit_code: int = EXIT_DATA

    def __init__(
        self,
        message: str,
        *,
        source: str | None = None,
        line: int | None = None,
        option: str | None = None,
        expected: str | None = None,
        received: object = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.source = source
        self.line = line
        self.option = option
        self.expected = expected
        self.received = received

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep the fields when an error crosses a process boundary (worker processes).
        rebuild = partial(
            type(self),
            source=self.source,
            line=self.line,
            option=self.option,
            expected=self.expected,
            received=self.received,
        )
        return (rebuild, (self.message,))

    def __str__(self) -> str:
        place = f"{self.source}: " if self.source is not None else ""
        if self.line is not None:
            place += f"line {self.line}: "
        return place + self.message

    def details(self) -> dict[str, Any]:
        """The error as fields: kind, message as printed, context, exit code."""
        return {
            "error": type(self).__name__,
            "message": str(self),
            "source": self.source,
            "line": self.line,
            "option": self.option,
            "expected": self.expected,
            "received": None if self.received is None else repr(self.received),
            "exit_code": self.exit_code,
        }


class InputError(ParbleuError, ValueError):
    """The data given to parbleu is unusable: wrong shape, wrong type, unreadable, empty."""

    exit_code = EXIT_DATA


class ReferenceShapeError(InputError, TypeError):
    """References were passed in a shape that would silently give a wrong score."""


class LengthMismatchError(InputError):
    """Two inputs that must be parallel (line by line) have different lengths."""


class EncodingError(InputError):
    """A file is not valid text in the requested encoding."""


class OptionError(ParbleuError, ValueError):
    """An option has a value outside what the metric accepts (a usage error)."""

    exit_code = EXIT_USAGE


class PluginError(OptionError):
    """A metric plug-in cannot be used (the message names its entry point and package).

    It fails to import, declares no `MetricEntry`, or takes a name that is already taken.
    """


class MissingDependencyError(ParbleuError, ImportError):
    """An optional dependency is needed; the message names the extra that installs it."""

    exit_code = EXIT_DATA


class DownloadError(ParbleuError):
    """A file could not be fetched, or is not what it must be (its checksum); says which."""

    exit_code = EXIT_DATA


class UnknownTestSetError(ParbleuError, LookupError):
    """A test set, or a language pair of one, that neither the registry nor the cache has.

    A `LookupError`, not a `ValueError`: code written for sacreBLEU catches ``ValueError``
    for its own argument errors (COMET's ``TESTSET:LANGPAIR``), and sacreBLEU raises a plain
    ``Exception`` here.
    """

    exit_code = EXIT_USAGE
