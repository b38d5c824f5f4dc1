r"""Tab-separated test sets with named columns: a header line, then one segment per line.

The header names the columns (``src``, ``ref``, ``ref:B``, ``mt:sysA``, ``docid`` ...;
`parbleu.io.records.RecordFields` says which is which); ``header=`` names the columns of a
file without one. Every line must have as many fields as the header, and fields are taken
as they are (no quoting), as sacreBLEU's own TSV test sets are. Windows line ends (``\r\n``)
and a byte order mark at the start of the file (what spreadsheets write) are not part of the
fields: left there, they would rename the first or last column, which would then be ignored.
"""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.errors import InputError
from parbleu.io.lines import read_lines
from parbleu.io.records import RecordFields, records_to_test_set
from parbleu.io.testset import TestSet

__all__ = ["read_tsv"]


def read_tsv(
    path: str,
    fields: RecordFields | None = None,
    *,
    header: Sequence[str] | None = None,
    encoding: str = "utf-8",
) -> TestSet:
    """The test set in a TSV file whose first line (or `header`) names the columns.

    Raises:
        InputError: a line with another number of fields than the header, repeated column
            names, or no rows.
    """
    lines = [line.removesuffix("\r") for line in read_lines(path, encoding)]
    if lines:
        lines[0] = lines[0].removeprefix("\ufeff")
    first = 1
    if header is None:
        if not lines:
            raise InputError(f"{path}: empty; expected a header line of tab-separated names")
        header, lines, first = lines[0].split("\t"), lines[1:], 2
    names = list(header)
    repeated = sorted({name for name in names if names.count(name) > 1})
    if repeated or not all(names):
        raise InputError(f"{path}: column names must be distinct and non-empty; got {names}")
    rows = []
    for number, line in enumerate(lines, start=first):
        row = line.split("\t")
        if len(row) != len(names):
            raise InputError(
                f"{path}: line {number}: expected {len(names)} tab-separated fields "
                f"({', '.join(names)}), found {len(row)}"
            )
        rows.append(row)
    if not rows:
        raise InputError(f"{path}: no rows after the header")
    columns = {name: [row[k] for row in rows] for k, name in enumerate(names)}
    return records_to_test_set(
        columns, len(rows), fields or RecordFields(), path, lambda i: f"line {i + first}"
    )
