"""The typed form of a registered test set: where its files come from and what each pair reads.

A `KnownTestSet` says which files to download (`Download`: address and checksum), how the
files are written (`RawFormat`), and, for each language pair, which of the downloaded or
extracted files hold its source, references and metadata (`PairFiles`). The registry's data
modules (`parbleu.testsets.registry`) write the pairs as compact tables that `pair_table`
reads::

    cs-en newstest2017-csen-src.cs.sgm newstest2017-csen-ref.en.sgm
    en-he wmttest2023.en-he.all.xml refs=refB
    en-fr MTNT/test/test.en-fr.tsv@1 MTNT/test/test.en-fr.tsv@2

one pair a line (a line starting with ``+`` continues the one before): the pair, then its
files (relative to the test set's ``raw/`` folder, after a common `prefix`), ``@N`` for the
column of a tab-separated file, and ``refs=`` for the translators a WMT XML pair scores
instead of the test set's default (``refs=`` alone: the reference without a translator,
field ``ref``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass, field

from parbleu.errors import OptionError
from parbleu.options import Choice

__all__ = [
    "ARCHIVE_SUFFIXES",
    "Download",
    "KnownTestSet",
    "PairFiles",
    "RawFile",
    "RawFormat",
    "downloads",
    "pair_table",
]

#: The file names that are archives, extracted into ``raw/`` after download (as sacreBLEU's
#: ``utils.extract_tarball``); every other download is kept as it is.
ARCHIVE_SUFFIXES = (".tar.gz", ".tgz", ".zip")


class RawFormat(Choice):
    """How a test set's files are written, one value per reader.

    The first six are sacreBLEU 2.6.0's dataset classes (``sacrebleu/dataset/``); the last
    two are the formats of test sets sacreBLEU does not list.
    """

    SGML = "sgml"  # FakeSGMLDataset: mteval SGML, one file per side (WMT until 2020)
    IWSLT_XML = "iwslt-xml"  # IWSLTXMLDataset: read line by line as SGML
    SGML_ADDITION = "sgml+text"  # WMTAdditionDataset: .sgm files as SGML, others as text
    WMT_XML = "wmt-xml"  # WMTXMLDataset: one XML file per pair (WMT 2021 and later)
    PLAIN_TEXT = "text"  # PlainTextDataset: one segment a line
    TSV = "tsv"  # TSVDataset: columns of a tab-separated file
    WMT24PP_JSONL = "wmt24pp-jsonl"  # WMT24++: one JSON object a segment
    WMT25_JSONL = "wmt25-jsonl"  # WMT25 general task: one JSON object a document


@dataclass(frozen=True)
class Download:
    """One file to download, and what it must be.

    Attributes:
        url: its original address.
        md5: the MD5 sum sacreBLEU's registry gives.
        sha256: a SHA-256 sum published with the file.
        git_blob: the file's git object id (SHA-1 of ``blob <size>``, a zero byte and the
            bytes), for files taken from a git repository at a fixed commit.
        lines: the number of lines, checked where no sum is published.
    """

    url: str
    md5: str | None = None
    sha256: str | None = None
    git_blob: str | None = None
    lines: int | None = None

    @property
    def basename(self) -> str:
        """The last part of the address's path (``test.tgz``)."""
        return posixpath.basename(self.url)

    @property
    def is_archive(self) -> bool:
        """Whether the file is extracted after download."""
        return self.basename.endswith(ARCHIVE_SUFFIXES)

    @property
    def verified(self) -> bool:
        """Whether a checksum pins the file's bytes."""
        return any((self.md5, self.sha256, self.git_blob))


@dataclass(frozen=True)
class RawFile:
    """A file a pair reads, relative to ``raw/``; ``column``: its column, for a TSV file."""

    path: str
    column: int | None = None

    def __str__(self) -> str:
        return self.path if self.column is None else f"{self.path}@{self.column}"


@dataclass(frozen=True)
class PairFiles:
    """The files of one language pair, and the translators it scores where not the default.

    For the SGML and plain-text formats: the source, then each reference. For WMT XML and the
    JSONL formats: the one file holding every field.
    """

    files: tuple[RawFile, ...]
    references: tuple[str, ...] | None = None


@dataclass(frozen=True)
class KnownTestSet:
    """One registered test set.

    Attributes:
        name: its name (sacreBLEU's for the test sets sacreBLEU lists: ``wmt17``,
            ``wmt21/systems``).
        raw_format: how its files are written.
        downloads: the files to download, in order.
        description: the line ``--list`` prints.
        pairs: each language pair's files, in the registry's order.
        references: the translators scored by default (WMT XML ``A`` is field ``ref:A``;
            empty for the formats whose references are ``ref``, ``ref:0`` ...).
        citation: the BibTeX entry, where there is one.
        in_sacrebleu: whether sacreBLEU 2.6.0's registry lists it.
        subsets: document id to ``COUNTRY-domain`` annotations (sacreBLEU's ``SUBSETS``,
            for ``--subset`` on wmt18 and wmt19).
        note: what a user should know that the facts above do not say (what is verified
            where no checksum is published).
    """

    name: str
    raw_format: RawFormat
    downloads: tuple[Download, ...]
    description: str
    pairs: Mapping[str, PairFiles]
    references: tuple[str, ...] = ()
    citation: str | None = None
    in_sacrebleu: bool = True
    subsets: Mapping[str, str] | None = field(default=None, repr=False)
    note: str | None = None

    @property
    def file_stem(self) -> str:
        """The name in sacreBLEU's file names (``wmt21/systems`` becomes ``wmt21_systems``)."""
        return self.name.replace("/", "_")

    def local_name(self, download: Download) -> str:
        """A download's file name in ``raw/``: the stem, a dot and the address's base name."""
        return f"{self.file_stem}.{download.basename}"

    def default_references(self, pair: str) -> tuple[str, ...]:
        """The translators `pair` scores: its own where the registry gives them, else the set's."""
        own = self.pairs[pair].references
        return self.references if own is None else own


def downloads(*specs: str) -> tuple[Download, ...]:
    """Downloads from ``"URL MD5"`` strings (sacreBLEU's facts: an address and its MD5 sum)."""
    out = []
    for spec in specs:
        url, md5 = spec.split()
        out.append(Download(url, md5=md5))
    return tuple(out)


def _raw_file(token: str, prefix: str) -> RawFile:
    path, at, column = token.partition("@")
    return RawFile(prefix + path, int(column) if at else None)


def pair_table(text: str, prefix: str = "") -> dict[str, PairFiles]:
    """The pairs of a registry table (see the module docstring), in the table's order.

    Raises:
        OptionError: a line without files, or a pair listed twice (a broken table).
    """
    pairs: dict[str, PairFiles] = {}
    lines: list[str] = []
    for line in text.strip().splitlines():
        if line.lstrip().startswith("+ ") and lines:
            lines[-1] += " " + line.lstrip()[2:]
        else:
            lines.append(line)
    for line in lines:
        pair, *tokens = line.split()
        files = tuple(_raw_file(t, prefix) for t in tokens if not t.startswith("refs="))
        refs = [t.removeprefix("refs=") for t in tokens if t.startswith("refs=")]
        if not files or pair in pairs:
            raise OptionError(f"registry table: bad line {line!r}")
        references = tuple(refs[0].split(",")) if refs else None
        pairs[pair] = PairFiles(files, references)
    return pairs
