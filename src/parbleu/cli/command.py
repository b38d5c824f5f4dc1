"""The ``parbleu`` console script and ``python -m parbleu``, set up to start and end quickly.

Before NumPy is imported, OpenBLAS is asked for one thread (unless ``OPENBLAS_NUM_THREADS``
is set): the command never multiplies matrices large enough to use more, and starting a
thread per core costs every run 5-7 ms on two cores, more on larger machines. At the end the
process leaves without tearing the interpreter down: freeing every module, array and object
one by one would cost a short run 20 ms of its 0.25 s (WMT17, 16 systems). Nothing is left to
do by then: output is flushed here, pools and files were closed by their ``with`` blocks, and
worker processes die with this one (`parbleu.workers.die_with_parent`).

The cyclic garbage collector is paused while the modules load: importing creates tens of
thousands of objects and no garbage, so its 50 or so passes there find nothing (about a tenth
of the import time). Once loaded, the modules' objects are frozen (`gc.freeze`), so later
passes skip them and forked workers do not copy the pages they lie on.
"""

from __future__ import annotations

import contextlib
import gc
import os
import sys
from typing import NoReturn, TextIO

__all__ = ["command"]


def command() -> NoReturn:
    """Run the command line on ``sys.argv`` and exit with its code."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    gc.disable()
    try:
        from parbleu.cli.main import main  # noqa: PLC0415 (after the variable is set)
    finally:
        gc.enable()
    gc.freeze()

    code = main()
    _flush(sys.stdout)
    _flush(sys.stderr)
    os._exit(code)


def _flush(stream: TextIO | None) -> None:
    """Write what `stream` holds, if it still can (`main` has reported what it could not)."""
    with contextlib.suppress(OSError, ValueError):
        if stream is not None:
            stream.flush()
