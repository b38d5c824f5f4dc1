"""Reading files: text lines, test sets in every MT format, human judgments and segment scores.

Errors name the place: the file, and the line, record or row.

* `read_test_set` (`parbleu.io.formats`): one file in any test-set format (WMT XML, mteval
  SGML, JSON Lines, TSV with named columns, Parquet, Arrow), declared or detected, as a frozen
  `TestSet`; `combine` joins the files of one test set; `from_dataset` reads a Hugging Face
  ``datasets.Dataset``.
* `read_text_lines` (`parbleu.io.plain`): plain text, one segment per line, refusing a file
  that is in fact JSON Lines, WMT XML or SGML (`check_plain_text`); `read_segments` reads as
  sacreBLEU's command line does (trailing whitespace stripped; an empty file refused). Every
  command reads through it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.io.formats import Format, detect_format, read_test_set
    from parbleu.io.huggingface import from_dataset
    from parbleu.io.plain import check_plain_text, read_segments, read_text_lines
    from parbleu.io.records import RecordFields
    from parbleu.io.testset import Stream, TestSet, combine

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "Format": "parbleu.io.formats",
        "check_plain_text": "parbleu.io.plain",
        "detect_format": "parbleu.io.formats",
        "read_segments": "parbleu.io.plain",
        "read_test_set": "parbleu.io.formats",
        "read_text_lines": "parbleu.io.plain",
        "from_dataset": "parbleu.io.huggingface",
        "RecordFields": "parbleu.io.records",
        "Stream": "parbleu.io.testset",
        "TestSet": "parbleu.io.testset",
        "combine": "parbleu.io.testset",
    },
)

__all__ = [
    "Format",
    "RecordFields",
    "Stream",
    "TestSet",
    "check_plain_text",
    "combine",
    "detect_format",
    "from_dataset",
    "read_segments",
    "read_test_set",
    "read_text_lines",
]
