r"""sacreBLEU's text files of a pair, written into the cache as sacreBLEU writes them.

What sacreBLEU's ``get_source_file`` and ``get_reference_files`` return are paths to these
files (``<cache>/<name>/<stem>.<pair>.<field>``), so `parbleu.compat.dataset` writes them
here: one line per segment, each line what sacreBLEU's conversion gives
(`parbleu.testsets.pair.TestSetPair.file_lines`), ``\n`` after each. A file already there
and not empty is kept, as sacreBLEU keeps it; a new one is written to a temporary name and
renamed into place, so a reader never sees half of it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from parbleu.testsets.pair import TestSetPair

__all__ = ["write_text_files"]


def write_text_files(pair: TestSetPair, fields: Sequence[str] | None = None) -> list[Path]:
    """The text files of `fields` (every field by default), written where missing.

    Raises:
        InputError: a field the pair does not have, or files missing from the cache.
    """
    paths = []
    for field in pair.fields() if fields is None else fields:
        path = pair.text_file(field)
        if not pair.has_text(field):
            text = "".join(f"{line}\n" for line in pair.file_lines(field))
            temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
            try:
                temporary.write_text(text, encoding="utf-8", newline="\n")
                temporary.replace(path)
            finally:
                temporary.unlink(missing_ok=True)
        paths.append(path)
    return paths
