"""Exceptions raised by parbleu, each carrying the exit code the CLI uses for it.

Modelled on click's hierarchy: every error formats itself as one line that says what was
expected and what was received, so the command line never shows a traceback.
"""

from __future__ import annotations

__all__ = [
    "EncodingError",
    "InputError",
    "LengthMismatchError",
    "MissingDependencyError",
    "OptionError",
    "ParbleuError",
    "ReferenceShapeError",
]

EXIT_DATA = 1
EXIT_USAGE = 2


class ParbleuError(Exception):
    """Base class of every error parbleu raises on purpose."""

    exit_code: int = EXIT_DATA


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


class MissingDependencyError(ParbleuError, ImportError):
    """An optional dependency is needed; the message names the extra that installs it."""

    exit_code = EXIT_DATA
