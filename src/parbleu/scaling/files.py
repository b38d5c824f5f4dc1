r"""Corpora of any size, from files: parallel files read in chunks of lines, statistics summed.

Files are read as sacreBLEU reads them: lines end at ``\n`` only (a ``\r`` stays part of its
line), a final newline ends the last line, ``.gz`` files are decompressed. Each chunk of
lines is scored on its own (`parbleu.scaling.chunks`) and only the sums are kept, so memory is
bounded by the chunk size whatever the size of the files. Nothing is ever dropped or
truncated: the files must have the same number of lines (`LengthMismatchError` names a file
whose count differs and the first reference file, with their counts), every byte must be
valid in the encoding (`EncodingError` names the file, the line and the byte offset), and a
missing or unreadable file is an `InputError`. The reading is that of the command line,
`parbleu.scaling.pipeline`.

    >>> import tempfile, pathlib
    >>> from parbleu import BLEU
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "hyp.txt").write_text("the cat sat on the mat\n", encoding="utf-8")
    >>> _ = (folder / "ref.txt").write_text("the cat sat on a mat\n", encoding="utf-8")
    >>> result = stream_statistics(BLEU(), folder / "hyp.txt", [folder / "ref.txt"])
    >>> round(BLEU().score_totals(result.totals).score, 2)
    53.73

`parbleu.scaling.processes` reads and scores the chunks in several processes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path

from parbleu.errors import InputError, ReferenceShapeError
from parbleu.io.reader import LineReader, check_reader_counts
from parbleu.metrics.base import AnyMetric
from parbleu.options import check_int
from parbleu.scaling.chunks import DEFAULT_CHUNK_LINES, StreamedStatistics
from parbleu.scaling.pipeline import ParallelFiles, file_statistics

__all__ = ["check_reference_files", "files_statistics", "read_chunks", "stream_statistics"]


def check_reference_files(references: object) -> list[str | Path]:
    """The reference files as a list: one file per reference stream.

    Raises:
        ReferenceShapeError: one path given where a list of paths is expected (its characters
            would be taken for file names).
        InputError: no reference files.
    """
    if isinstance(references, (str, bytes, os.PathLike)) or not isinstance(references, Sequence):
        raise ReferenceShapeError(
            "references must be a list of files, one per reference stream; got "
            f"{type(references).__name__} {references!r}: for one file pass [{references!r}]"
        )
    if not references:
        raise InputError("no reference files were given")
    return list(references)


def stream_statistics(
    metric: AnyMetric,
    hypotheses: str | Path,
    references: Sequence[str | Path],
    *,
    chunk_lines: int = DEFAULT_CHUNK_LINES,
    encoding: str = "utf-8",
    rows: bool = False,
) -> StreamedStatistics:
    """Statistics of a hypothesis file against reference files, read chunk by chunk.

    Args:
        metric: the metric.
        hypotheses: the hypothesis file.
        references: one file per reference stream.
        chunk_lines: lines per chunk.
        encoding: encoding of every file.
        rows: also keep every segment's statistics.

    Raises:
        InputError: no references, a missing or unreadable file, an unknown encoding.
        OptionError: `chunk_lines` is not a positive integer, or the metric cannot be scored
            chunk by chunk.
        LengthMismatchError: the files have different numbers of lines.
        EncodingError: invalid bytes (the message names file, line and byte offset).
    """
    return files_statistics(
        metric,
        hypotheses,
        references,
        jobs=1,
        chunk_lines=chunk_lines,
        encoding=encoding,
        rows=rows,
    )


def files_statistics(
    metric: AnyMetric,
    hypotheses: str | Path,
    references: Sequence[str | Path],
    *,
    jobs: int,
    chunk_lines: int,
    encoding: str,
    rows: bool,
) -> StreamedStatistics:
    """`stream_statistics` in `jobs` processes (`parbleu.scaling.pipeline.file_statistics`)."""
    files = [str(path) for path in check_reference_files(references)]
    metric.check_chunkable()
    check_int(chunk_lines, "chunk_lines", minimum=1)
    parallel = ParallelFiles(tuple(files), (str(hypotheses),), encoding)
    found = file_statistics([metric], parallel, jobs=jobs, chunk_lines=chunk_lines, rows=rows)
    return found[0].parts[0]


def read_chunks(
    paths: Sequence[str | Path], *, chunk_lines: int = DEFAULT_CHUNK_LINES, encoding: str = "utf-8"
) -> Iterator[list[list[str]]]:
    """Lines of parallel files, `chunk_lines` at a time: ``[lines of file 0, of file 1, ...]``.

    Raises:
        LengthMismatchError: when the files turn out to have different numbers of lines
            (before the chunk where they differ is yielded; the first file whose count
            differs from the first file's is named, and the first file).
        EncodingError, InputError: as `stream_statistics`.
    """
    check_int(chunk_lines, "chunk_lines", minimum=1)
    readers: list[LineReader] = []
    try:
        # One at a time: those opened are closed below if a later one cannot be opened.
        readers.extend(LineReader(path, encoding) for path in paths)
        while True:
            parts = [reader.take(chunk_lines) for reader in readers]
            sizes = [len(part) for part in parts]
            if len(set(sizes)) > 1:
                check_reader_counts(readers)
            if not sizes[0]:
                return
            yield parts
    finally:
        for reader in readers:
            reader.close()
