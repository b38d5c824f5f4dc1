"""Progress of long work (reading, scoring, resampling) on standard error, on a terminal only.

One status line, rewritten in place (carriage return, then ANSI "erase line") at each step of
the work and erased before the results are printed: ``parbleu: scoring chrF2 on sys.txt
(3/16), 4.2 s``. It is written only when standard error is a terminal, so pipes, files,
CI logs and scripts reading JSON never see it. ``--progress`` shows it on a terminal even
with ``-q``; ``--no-progress`` never; the default shows it on a terminal unless ``-q``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress"]

#: Carriage return and ANSI's "erase in line" (ECMA-48 EL, ``CSI K``).
_CLEAR = "\r\x1b[K"


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):  # a closed or odd stream
        return False


class Progress:
    """A status line on `stream`, or nothing when `stream` is None.

    Args:
        stream: where to write (a terminal), or None for no progress at all.
        clock: seconds, for the elapsed time shown (a fake one in tests).
    """

    def __init__(self, stream: TextIO | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self._clock = clock
        self._start = clock()
        self._shown = False

    @classmethod
    def off(cls) -> Progress:
        """No progress."""
        return cls(None)

    @classmethod
    def for_command(
        cls,
        setting: bool | None,
        stderr: TextIO,
        *,
        quiet: bool,
        clock: Callable[[], float] = time.monotonic,
    ) -> Progress:
        """Progress as ``--progress`` (True), ``--no-progress`` (False) or neither (None) ask.

        Never on a standard error that is not a terminal.
        """
        wanted = (not quiet) if setting is None else setting
        return cls(stderr if wanted and _is_terminal(stderr) else None, clock)

    @property
    def active(self) -> bool:
        """Whether anything is written."""
        return self.stream is not None

    def step(self, message: str) -> None:
        """Show `message` and the time elapsed since the command started."""
        if self.stream is None:
            return
        elapsed = self._clock() - self._start
        self.stream.write(f"{_CLEAR}parbleu: {message}, {elapsed:.1f} s")
        self.stream.flush()
        self._shown = True

    def done(self) -> None:
        """Erase the status line (before results or an error are printed)."""
        if self.stream is not None and self._shown:
            self.stream.write(_CLEAR)
            self.stream.flush()
            self._shown = False
