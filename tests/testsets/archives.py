"""Downloads built at test time from ../shared/data, in every raw format of the registry.

`build` writes, for chosen pairs of a registered test set, the files its pairs read, in the
test set's format (mteval SGML, IWSLT's XML, WMT XML, plain text and gzipped text, TSV,
WMT24++ and WMT25 JSON Lines), from the WMT21 de-en text of the shared data (source, two
references, a system), packs them into the test set's archives (``.tgz``/``.tar.gz``/``.zip``,
the names of the registry's addresses), and returns them as a mirror serves them
(``/<host>/<path>``), with the registry entry whose checksums are the built files' (computed
here with hashlib, independently of parbleu). What the shared data does not have is made up
and marked so: document ids and boundaries, original languages, domains, IWSLT headers. A
few segments carry the irregularities the converters must reproduce: runs of spaces, a
reference a translator left empty, a segment no translator translated, a test-suite
document, WMT24++'s canary.
"""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
import io
import json
import tarfile
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit
from xml.sax.saxutils import escape, quoteattr

from parbleu.testsets.entries import Download, KnownTestSet, RawFormat
from tests.wmt import WmtData, read_lines

#: Segments per made-up document, and segments per test set.
DOCUMENT_SIZE = 7
SEGMENTS = 30


@dataclass(frozen=True)
class Text:
    """The text every built file is made of (the first `SEGMENTS` lines of WMT21 de-en)."""

    source: list[str]
    refs: list[list[str]]
    system: list[str]
    doc_ids: list[str]

    @classmethod
    def from_shared(cls, data: WmtData, doc_ids: Sequence[str] | None = None) -> Text:
        pair = data.pair("de-en")
        source = read_lines(pair.folder / "src.txt")[:SEGMENTS]
        source[3] = "  Runs   of\tspaces  " + source[3]  # sacreBLEU collapses them
        ids = list(doc_ids or [])
        made_up = [f"made-up.{k // DOCUMENT_SIZE}" for k in range(SEGMENTS)]
        chosen = [ids[k // DOCUMENT_SIZE] if ids else made_up[k] for k in range(SEGMENTS)]
        return cls(
            source,
            [pair.reference("A")[:SEGMENTS], pair.reference("B")[:SEGMENTS]],
            pair.system("Online-W")[:SEGMENTS],
            chosen,
        )

    def origlang(self, index: int, source: str, target: str) -> str:
        """Made up: two documents of three are in the source language."""
        return target if (index // DOCUMENT_SIZE) % 3 == 2 else source


def _documents(text: Text) -> list[tuple[str, list[int]]]:
    grouped: dict[str, list[int]] = {}
    for index, doc in enumerate(text.doc_ids):
        grouped.setdefault(doc, []).append(index)
    return list(grouped.items())


def _sgml(kind: str, text: Text, lines: list[str], pair: str, *, iwslt: bool) -> bytes:
    source, target = pair.split("-")
    out = [f'<{kind} setid="test" srclang="{source}" trglang="{target}">']
    for doc, indices in _documents(text):
        origlang = text.origlang(indices[0], source, target)
        genre = "lectures" if iwslt else "news"
        out.append(f'<doc sysid="ref" docid="{doc}" genre="{genre}" origlang="{origlang}">')
        if iwslt:
            out += [f"<url>http://example.org/{doc}</url>", "<keywords>made up</keywords>"]
        out += [f'<seg id="{i + 1}">{lines[k]}</seg>' for i, k in enumerate(indices)]
        out.append("</doc>")
    out.append(f"</{kind}>")
    return ("\n".join(out) + "\n").encode()


def _segments(tag: str, attributes: str, lines: Sequence[str], indices: list[int]) -> list[str]:
    segs = [f'<seg id="{i + 1}">{escape(lines[k])}</seg>' for i, k in enumerate(indices)]
    return [f"<{tag} {attributes}><p>", *segs, f"</p></{tag}>"]


def _wmt_xml(text: Text, pair: str, translators: Sequence[str]) -> bytes:
    source, target = pair.split("-")
    out = ['<?xml version="1.0" encoding="utf-8"?>', '<dataset id="test">', "<collection>"]
    for number, (doc, indices) in enumerate(_documents(text)):
        origlang = text.origlang(indices[0], source, target)
        domain = ("news", "speech", "social")[number % 3]
        out.append(f"<doc id={quoteattr(doc)} origlang={quoteattr(origlang)} domain='{domain}'>")
        out += _segments("src", f'lang="{source}"', text.source, indices)
        for k, translator in enumerate(translators):
            lines = list(text.refs[k % 2])
            lines[5] = "" if k == 1 else lines[5]  # a segment translator k=1 left empty
            who = f' translator="{translator}"' if translator else ""
            kept = [i for i in indices if i != 9]  # segment 9: no translator translated it
            out += _segments("ref", f'lang="{target}"{who}', lines, kept)
        out += _segments("hyp", f'system="Online-W" language="{target}"', text.system, indices)
        out.append("</doc>")
    out += ['<doc id="suite" origlang="en" testsuite="yes">']
    out += [*_segments("src", f'lang="{source}"', ["a test suite"], [0]), "</doc>"]
    out += ["</collection>", "</dataset>"]
    return ("\n".join(out) + "\n").encode()


def _wmt24pp(text: Text, pair: str) -> bytes:
    canary = "CANARY GUID 0"
    records = [dict.fromkeys(("source", "target", "original_target"), canary)]
    records[0] |= {"domain": "canary", "document_id": "canary", "is_bad_source": True}
    records += [
        {
            "domain": ("news", "social", "speech")[k % 3],
            "document_id": text.doc_ids[k],
            "is_bad_source": k == 4,
            "source": text.source[k],
            "target": text.refs[0][k],
            "original_target": text.refs[1][k],
        }
        for k in range(SEGMENTS)
    ]
    rows = [{"lp": pair, **r, "segment_id": n} for n, r in enumerate(records)]
    return "".join(json.dumps(row) + "\n" for row in rows).encode()


def _wmt25(text: Text, pairs: Sequence[str]) -> bytes:
    rows = []
    for pair in pairs:
        source_lang, target_lang = pair.split("-", 1)
        for doc, indices in _documents(text):
            refs = {"refA": {"ref": "\n\n".join(text.refs[0][k] for k in indices)}}
            rows.append(
                {
                    "doc_id": f"{pair}_#_news_#_{doc}",
                    "domain": "news",
                    "src_lang": source_lang,
                    "tgt_lang": target_lang,
                    "src_text": "\n\n".join(text.source[k] for k in indices),
                    "refs": refs if doc != text.doc_ids[-1] else {},  # the last: no reference
                    "video": None,
                    "screenshot": None,
                }
            )
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode()


def _plain(lines: Sequence[str], path: str) -> bytes:
    data = ("\n".join(lines) + "\n").encode()
    return gzip.compress(data, mtime=0) if path.endswith(".gz") else data


def _tsv(text: Text, columns: Sequence[int]) -> bytes:
    width = max(columns) + 1
    rows = []
    for k in range(SEGMENTS):
        cells = [str(k)] * width
        cells[columns[0]], cells[columns[-1]] = text.source[k], text.refs[0][k]
        rows.append("\t".join(cells))
    return ("\n".join(rows) + "\n").encode()


def pair_files(entry: KnownTestSet, pair: str, text: Text) -> dict[str, bytes]:
    """The files (path under ``raw/`` to bytes) one pair reads, in the entry's format."""
    files = entry.pairs[pair].files
    kind = entry.raw_format
    if kind is RawFormat.WMT_XML:
        translators = [*entry.default_references(pair), "X"]
        return {files[0].path: _wmt_xml(text, pair, translators)}
    if kind is RawFormat.WMT24PP_JSONL:
        return {files[0].path: _wmt24pp(text, pair)}
    if kind is RawFormat.TSV:
        return {files[0].path: _tsv(text, [f.column or 0 for f in files])}
    out = {}
    for index, file in enumerate(files):
        lines = text.source if index == 0 else text.refs[(index - 1) % 2]
        sgml = kind is not RawFormat.PLAIN_TEXT and file.path.endswith((".sgm", ".xml"))
        if sgml:
            kind_name = "srcset" if index == 0 else "refset"
            out[file.path] = _sgml(kind_name, text, lines, pair, iwslt=kind is RawFormat.IWSLT_XML)
        else:
            out[file.path] = _plain(lines, file.path)
    return out


def _pack(name: str, members: Mapping[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    if name.endswith(".zip"):
        with zipfile.ZipFile(buffer, "w") as package:
            for path, data in sorted(members.items()):
                package.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), data)
        return buffer.getvalue()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for path, data in sorted(members.items()):
            info = tarfile.TarInfo(path)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def mirror_path(url: str) -> str:
    """Where a mirror serves `url`: ``/<host>/<path>``."""
    parts = urlsplit(url)
    return f"/{parts.netloc}{parts.path}"


def _archive_of(entry: KnownTestSet, path: str) -> Download:
    archives = [d for d in entry.downloads if d.is_archive]
    top = path.split("/", 1)[0]
    for download in archives:  # IWSLT: en-de.tgz holds en-de/...
        if download.basename.split(".", 1)[0] == top:
            return download
    return archives[0]


def _sums(download: Download, data: bytes) -> Download:
    md5 = hashlib.md5(data, usedforsecurity=False).hexdigest() if download.md5 else None
    blob = None
    if download.git_blob:
        blob = hashlib.sha1(b"blob %d\0" % len(data) + data, usedforsecurity=False).hexdigest()
    lines = data.count(b"\n") if download.lines else None
    return dataclasses.replace(download, md5=md5, git_blob=blob, lines=lines)


@dataclass(frozen=True)
class Built:
    """A test set's downloads as a mirror serves them, and its entry with their sums."""

    entry: KnownTestSet
    files: dict[str, bytes]
    raw: dict[str, bytes]  # the files its pairs read, by path under raw/


def build(entry: KnownTestSet, pairs: Sequence[str], text: Text) -> Built:
    """Every download of `entry` (the files of `pairs` in them; placeholders elsewhere)."""
    raw: dict[str, bytes] = {}
    for pair in pairs:
        raw |= pair_files(entry, pair, text)
    if entry.raw_format is RawFormat.WMT25_JSONL:
        raw = {entry.pairs[pairs[0]].files[0].path: _wmt25(text, pairs)}
    by_download: dict[Download, dict[str, bytes]] = {d: {} for d in entry.downloads}
    direct = {entry.local_name(d): d for d in entry.downloads if not d.is_archive}
    for path, data in raw.items():
        by_download[direct[path] if path in direct else _archive_of(entry, path)][path] = data
    files, downloads = {}, []
    for download in entry.downloads:
        members = by_download[download]
        if download.is_archive:
            data = _pack(download.basename, members or {"README": b"placeholder\n"})
        else:
            data = next(iter(members.values()), b"placeholder\n")
        files[mirror_path(download.url)] = data
        downloads.append(_sums(download, data))
    return Built(dataclasses.replace(entry, downloads=tuple(downloads)), files, raw)
