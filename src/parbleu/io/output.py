r"""Writing an output file: never over one of the command's inputs, never half-written.

Every file parbleu writes (``parbleu report -o`` and ``--export``, ``parbleu meta --plot``,
``parbleu replicate --doc`` and ``--figures``, ``parbleu demo``'s report,
`parbleu.report.write_report` and `parbleu.report.write_exports`, `parbleu.meta.plots.save`)
goes through the two functions here:

* `check_output` refuses an output name that is empty, a directory, or the same file as an
  input of the command: through ``./``, a symbolic link (followed to the end) or a hard link,
  the comparison is of the files, not of the names. It runs before anything is computed.
* `write_output` writes the new content to a temporary file in the target's folder, flushes
  it to the disk and renames it over the target (``os.replace``, atomic on POSIX). If
  writing fails (a full disk, a file-size limit, an interrupt), the temporary file is removed
  and the previous file is left as it was: there is never a cut file under the target's name.
  A symbolic link keeps pointing where it pointed (the file it leads to is replaced, not the
  link); an existing file keeps its permission bits; pipes and devices (``/dev/stdout``) are
  written in place, as they cannot be replaced.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> write_output(folder / "out.txt", "one\n").read_text()
    'one\n'
    >>> check_output(str(folder / "out.txt"), [str(folder / "out.txt")], option="-o")
    Traceback (most recent call last):
    ...
    parbleu.errors.OptionError: -o ...out.txt is also an input (...); writing it would ...
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

from parbleu.errors import InputError, OptionError
from parbleu.io.lines import same_file

__all__ = ["Content", "check_output", "write_output"]

#: What `write_output` writes: text (UTF-8), bytes, or a function that writes to a binary file.
Content = str | bytes | Callable[[BinaryIO], None]

#: Attempts at a fresh temporary name (each has 48 random bits: a clash is all but impossible).
_ATTEMPTS = 8


def check_output(path: str, inputs: Iterable[str | Path | None], *, option: str) -> None:
    """Refuse an output name that would destroy an input, or that cannot be a file.

    Args:
        path: the output file as given.
        inputs: every file the command reads (None entries are skipped).
        option: the option that named the output, for the message (``-o/--output``).

    Raises:
        OptionError: an empty name, an existing directory, or one of `inputs` (the same
            file, however it is named).
    """
    if not path:
        raise OptionError(f"{option} needs a file name; got ''", option=option, received=path)
    if os.path.isdir(path):  # noqa: PTH112 (a str in, no Path needed)
        raise OptionError(
            f"{option} {path} is a directory; give a file name", option=option, received=path
        )
    for name in inputs:
        if name is not None and str(name) and same_file(path, name):
            raise OptionError(
                f"{option} {path} is also an input ({name}); writing it would destroy that input",
                option=option,
                received=path,
            )


def _target(path: Path) -> Path:
    """The file to replace: the end of a chain of symbolic links, else `path` itself."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _fresh(folder: Path, name: str) -> tuple[Path, int]:
    """A new temporary file beside the target, created with the usual permissions (umask)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    for _ in range(_ATTEMPTS):
        candidate = folder / f".{name}.{secrets.token_hex(6)}.tmp"
        try:
            return candidate, os.open(candidate, flags, 0o666)
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {folder / name}")


def _write(handle: BinaryIO, content: Content) -> None:
    if isinstance(content, str):
        handle.write(content.encode("utf-8"))
    elif isinstance(content, bytes):
        handle.write(content)
    else:
        content(handle)


def _replace(target: Path, content: Content) -> None:
    """Write to a temporary file in the target's folder, then rename it over the target."""
    temporary, descriptor = _fresh(target.parent, target.name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            _write(handle, content)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(FileNotFoundError):  # a new file: the umask decided
            temporary.chmod(stat.S_IMODE(target.stat().st_mode))
        temporary.replace(target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise


def write_output(path: str | Path, content: Content) -> Path:
    """Write `content` to `path` atomically (see the module docstring); returns `path`.

    Args:
        path: the output file (created, or replaced as a whole).
        content: text (written as UTF-8, newlines as given), bytes, or a function that writes
            the content to the binary file it is given (a figure's ``savefig``).

    Raises:
        InputError: the file cannot be written (the message names it and the reason, and
            says that a previous file of that name is unchanged).
    """
    given = Path(path)
    target = _target(given)
    try:
        mode = os.stat(target).st_mode  # noqa: PTH116
    except OSError:
        mode = 0
    try:
        if mode and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            with open(target, "wb") as handle:  # noqa: PTH123 (a pipe or device: in place)
                _write(handle, content)
        else:
            _replace(target, content)
    except OSError as error:
        kept = "left unchanged" if stat.S_ISREG(mode) else "not created"
        raise InputError(
            f"cannot write {path}: {error.strerror or error}; the file was {kept}"
        ) from None
    return given
