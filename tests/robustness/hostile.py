"""The corpus of hostile inputs: valid text that is easy to misread, and files that are not text.

Three tables, used by every module of this folder:

* `VALID`: pairs of reference and hypothesis files that sacreBLEU 2.6.0 reads without
  complaint (line-ending variants, Unicode line and paragraph separators inside lines, byte
  order marks, UTF-16 and Latin-1 with ``-e``, control characters, whitespace-only lines, a
  huge line). parbleu must score each exactly as sacreBLEU does.
* `INVALID_UTF8`: bytes that are not UTF-8 at every kind of position, with the line and byte
  offset an error must name (hand-counted: the oracle).
* `BAD_FILES`: names that lead to no text (missing, a directory, a symbolic-link loop, an empty
  name, corrupt or truncated gzip, empty files, ``/dev/null``), each made by a function of the
  test's temporary folder, with words the one-line error must contain.
"""

from __future__ import annotations

import gzip
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BAD_FILES", "INVALID_UTF8", "VALID", "BadBytes", "BadFile", "Text"]


@dataclass(frozen=True)
class Text:
    """Valid reference and hypothesis texts, the encoding they are written in, the metrics."""

    name: str
    ref: str
    hyp: str
    encoding: str = "utf-8"
    suffix: str = ".txt"
    metrics: tuple[str, ...] = ("bleu", "chrf", "ter")

    def ref_bytes(self) -> bytes:
        """The reference file's bytes."""
        return self.ref.encode(self.encoding)

    def hyp_bytes(self) -> bytes:
        """The hypothesis file's bytes."""
        return self.hyp.encode(self.encoding)


#: A line of 200,000 characters: 33,000 words (BLEU and chrF; TER is quadratic in it).
_WORDS = " ".join(f"w{i % 997}" for i in range(40_000))
HUGE_LINE = _WORDS[:200_000].rstrip()

VALID: tuple[Text, ...] = (
    Text("crlf", "the cat sat\r\non the mat\r\n", "the cat sat\r\non a mat\r\n"),
    Text("lone cr inside lines", "the cat\rsat on\nthe mat\n", "the cat\rsat\non the\rmat\n"),
    Text("no final newline", "the cat sat\non the mat", "the cat sat\non a mat"),
    Text(
        "U+2028 inside", "the cat\u2028sat on\nthe mat\u2028x\n", "the cat\u2028sat\non the mat\n"
    ),
    Text("U+2029 inside", "the cat\u2029sat on\nthe mat\n", "the\u2029cat sat\non the mat\n"),
    Text("U+0085 inside", "the cat\x85sat on\nthe\x85mat\n", "the cat sat\x85on\nthe mat\n"),
    Text(
        "U+000B and U+000C inside",
        "the\x0bcat sat\non\x0cthe mat\n",
        "the cat\x0bsat\non the mat\n",
    ),
    Text(
        "separators at line ends",
        "the cat sat\u2028\x85\x0b\x0c \t\non the mat\u2029\n",
        "the cat sat \x85\non the mat\n",
    ),
    Text("separators at line starts", "\u2028the cat sat\n\x85on the mat\n", "the cat\n\x0con\n"),
    Text("utf-8 bom", "\ufeffthe cat sat\non the mat\n", "\ufeffthe cat sat\non a mat\n"),
    Text("bom in the hypotheses only", "the cat sat\non the mat\n", "\ufeffthe cat sat\non it\n"),
    Text(
        "utf-16 with -e",
        "the cat sat\non the mat ü\n",
        "the cat sat\non a mat ü\n",
        encoding="utf-16",
    ),
    Text("utf-16-le with -e", "ǅ cat\u010asat\non the mat\n", "ǅ cat sat\non a mat\n", "utf-16-le"),
    Text(
        "latin-1 with -e", "thé caf\xe9 sat\non the m\xe0t\n", "thé cafe sat\non a mat\n", "latin-1"
    ),
    Text("whitespace-only lines", " \n\t\n  \n", "  \n \n\t \n"),
    Text("empty lines", "\n\n\nthe cat\n", "the cat\n\n\n\n"),
    Text(
        "nul and controls",
        "the\x00cat\x01 sat\x1b\n\x7fon\x1c the mat\n",
        "the\x00cat sat\non the mat\n",
    ),
    Text("info separators", "a\x1cb c\x1dd\x1ee\x1ff\n", "a\x1cb c d e\x1ff\n"),
    Text("astral and mixed scripts", "𝔘𝔫𝔦 😀 北京 مرحبا\nא ב\n", "𝔘𝔫𝔦 😀 北京\nא\n"),
    Text("entities", "&amp; &lt;x&gt; &quot;q&quot;\n", '& <x> "q"\n'),
    Text("gzip", "the cat sat\r\non the mat\n", "the cat sat\non a mat\n", suffix=".txt.gz"),
    Text(
        "huge line",
        HUGE_LINE + "\nend\n",
        HUGE_LINE[:150_000] + "\nend\n",
        metrics=("bleu", "chrf"),
    ),
)


@dataclass(frozen=True)
class BadBytes:
    """Bytes that are not valid in `encoding`, and where the error must say they are."""

    name: str
    data: bytes
    line: int
    offset: int
    encoding: str = "utf-8"


INVALID_UTF8: tuple[BadBytes, ...] = (
    BadBytes("first byte of the file", b"\xffthe cat\nsat down\n", line=1, offset=0),
    BadBytes("middle of a line", b"the \xc3 cat\nsat down\n", line=1, offset=4),
    BadBytes("first byte of a later line", b"the cat\n\x80sat down\n", line=2, offset=8),
    BadBytes("last byte of the file", b"the cat\nsat down\xff", line=2, offset=16),
    BadBytes("truncated sequence at the end", b"the cat\nsat down\xe2\x82", line=2, offset=16),
    BadBytes("truncated sequence before a newline", b"the cat\xe2\x82\nsat\n", line=1, offset=7),
    BadBytes("overlong encoding", b"the cat\nsat \xc0\xaf\n", line=2, offset=12),
    BadBytes("encoded surrogate", b"a\nb\nc \xed\xa0\x80\n", line=3, offset=6),
    BadBytes("beyond U+10FFFF", b"\xf4\x90\x80\x80\nx\n", line=1, offset=0),
    BadBytes("after a crlf line", b"ok\r\nbad\xfe\r\n", line=2, offset=7),
    # UTF-16: a lone high surrogate on line 3, after a U+010A whose low byte is 0x0A.
    BadBytes(
        "utf-16 lone surrogate",
        "a b\n\u010a x\n".encode("utf-16-le") + b"\x00\xd8" + "q\n".encode("utf-16-le"),
        line=3,
        offset=16,
        encoding="utf-16-le",
    ),
)


@dataclass(frozen=True)
class BadFile:
    """A name that leads to no scoreable text, made in a folder, and what its error says."""

    name: str
    make: Callable[[Path], str]
    mentions: tuple[str, ...]
    names_file: bool = True  # the message names the path (not for the empty name)


def _missing(folder: Path) -> str:
    return str(folder / "missing.txt")


def _directory(folder: Path) -> str:
    path = folder / "a-directory"
    path.mkdir(exist_ok=True)
    return str(path)


def _loop(folder: Path) -> str:
    path = folder / "loop.txt"
    if not path.is_symlink():
        path.symlink_to(path)
    return str(path)


def _bytes(name: str, data: bytes) -> Callable[[Path], str]:
    def make(folder: Path) -> str:
        path = folder / name
        path.write_bytes(data)
        return str(path)

    return make


_GZIP = gzip.compress(b"the cat sat\non the mat\n")

BAD_FILES: tuple[BadFile, ...] = (
    BadFile("missing", _missing, ("no such file",)),
    BadFile("directory", _directory, ("is a directory",)),
    BadFile("symbolic-link loop", _loop, ("loop of symbolic links",)),
    BadFile("empty name", lambda _: "", ("empty file name",), names_file=False),
    BadFile("truncated gzip", _bytes("truncated.txt.gz", _GZIP[:-12]), ("truncated .gz",)),
    BadFile(
        "corrupt gzip", _bytes("corrupt.txt.gz", _GZIP[:10] + b"\xff" * 20), ("not valid gzip",)
    ),
    BadFile("not gzip at all", _bytes("plain.txt.gz", b"the cat\n"), ("not valid gzip",)),
    BadFile("empty file", _bytes("empty.txt", b""), ("empty",)),
    BadFile("dev null", lambda _: "/dev/null", ("empty",)),
    BadFile("invalid utf-8", _bytes("bad.txt", b"the cat\nsat\xff\n"), ("line 2", "invalid utf-8")),
)
