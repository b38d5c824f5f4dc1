r"""NIST mteval SGML test sets (WMT until 2020): one set per file, one segment per line.

The format NIST's ``mteval-v13a.pl`` reads::

    <refset setid="newstest2017" srclang="en" trglang="de">
    <doc sysid="ref" docid="abc-1" genre="news" origlang="en">
    <p>
    <seg id="1">A sentence.</seg>
    </p>
    </doc>
    </refset>

A ``srcset`` gives the source, a ``refset`` references (one per ``sysid``: ``ref`` for files
with one), a ``tstset`` systems (by ``sysid``). Combine the files of a test set with
`parbleu.io.testset.combine`. As sacreBLEU 2.6.0 reads these files (``fake_sgml.py``),
segment text is what lies between the ``<seg ...>`` tag and the last ``</seg>`` of its line,
entities left as written (BLEU's ``13a`` tokenizer unescapes them), followed by any text
after that ``</seg>`` (sacreBLEU keeps it too; whitespace alone there is dropped);
``collapse_whitespace`` strips and collapses whitespace as sacreBLEU's text files do.
Document ids, ``genre`` (the domain) and ``origlang`` come from the ``<doc>`` lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from parbleu.errors import InputError
from parbleu.io.lines import read_lines
from parbleu.io.testset import TestSet

__all__ = ["read_sgml"]

_SET = re.compile(r"\s*<(srcset|refset|tstset)\b([^>]*)>", re.IGNORECASE)
_DOC = re.compile(r"\s*<doc\b([^>]*)>", re.IGNORECASE)
_SEG = re.compile(r"\s*<seg\b([^>]*)>(.*)</seg>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""")
_WHITESPACE = re.compile(r"\s+")


def _attributes(text: str) -> dict[str, str]:
    return {m[1].lower(): m[2] or m[3] or m[4] or "" for m in _ATTRIBUTE.finditer(text)}


@dataclass
class _Sysid:
    """The documents of one ``sysid``, in file order: id, attributes, segments."""

    documents: list[tuple[str, dict[str, str], list[tuple[str, str]]]] = field(default_factory=list)


@dataclass
class _Read:
    kind: str = ""
    attributes: dict[str, str] = field(default_factory=dict)
    sysids: dict[str, _Sysid] = field(default_factory=dict)


def _segment_text(match: re.Match[str], line: str) -> str:
    r"""What lies between ``<seg ...>`` and the last ``</seg>``, and any text after that.

    sacreBLEU's ``re.sub(r"<seg.*?>(.*)</seg>.*?", r"\1", line)`` keeps what follows the
    ``</seg>`` (its ``.*?`` matches nothing); whitespace alone there ends the line.
    """
    tail = line[match.end() :]
    return match[2] + tail if tail.strip() else match[2]


def _scan(path: str, lines: list[str]) -> _Read:
    read = _Read()
    current: list[tuple[str, str]] | None = None
    for number, line in enumerate(lines, start=1):
        where = f"{path}: line {number}"
        if (match := _SEG.match(line)) is not None:
            if current is None:
                raise InputError(f"{where}: <seg> outside a <doc>")
            seg_id = _attributes(match[1]).get("id", str(len(current) + 1))
            current.append((seg_id, _segment_text(match, line)))
        elif (match := _DOC.match(line)) is not None:
            if not read.kind:
                raise InputError(f"{where}: <doc> before <srcset>, <refset> or <tstset>")
            attributes = _attributes(match[1])
            if "docid" not in attributes:
                raise InputError(f"{where}: <doc> without a docid attribute")
            sysid = attributes.get("sysid", read.attributes.get("sysid", ""))
            current = []
            documents = read.sysids.setdefault(sysid, _Sysid()).documents
            documents.append((attributes["docid"], attributes, current))
        elif (match := _SET.match(line)) is not None:
            if read.kind:
                raise InputError(f"{where}: a second <{match[1]}>; one set per file")
            read.kind, read.attributes = match[1].lower(), _attributes(match[2])
        elif line.lstrip().lower().startswith("<seg"):
            raise InputError(f"{where}: <seg> without </seg> on the same line")
        elif line.strip() and not line.lstrip().startswith("<"):
            raise InputError(f"{where}: text outside <seg>; expected SGML tags on every line")
    if not read.kind:
        raise InputError(f"{path}: no <srcset>, <refset> or <tstset>; expected mteval SGML")
    return read


def _stream_segments(
    path: str, sysid: str, reader: _Sysid, layout: list[tuple[str, str]]
) -> list[str]:
    found = [(doc, seg) for doc, _, segments in reader.documents for seg, _ in segments]
    if found != layout:
        first = next(
            (i for i, (a, b) in enumerate(zip(found, layout, strict=False)) if a != b), len(layout)
        )
        raise InputError(
            f"{path}: sysid {sysid!r} does not have the documents and segments of the first "
            f"sysid (first difference at segment {first + 1}); expected the same layout"
        )
    return [text for _, _, segments in reader.documents for _, text in segments]


def read_sgml(path: str, *, collapse_whitespace: bool = False, encoding: str = "utf-8") -> TestSet:
    """The source, references or systems in one mteval SGML file.

    Raises:
        InputError: a line that is not mteval SGML, or sysids whose segments do not align,
            with the line or segment.
    """
    lines = read_lines(path, encoding)
    if lines:  # a byte order mark is not part of the first tag
        lines[0] = lines[0].removeprefix("\ufeff")
    read = _scan(path, lines)
    if not read.sysids:
        raise InputError(f"{path}: no <doc> in the <{read.kind}>")
    first = next(iter(read.sysids.values()))
    layout = [(doc, seg) for doc, _, segments in first.documents for seg, _ in segments]
    default = {"refset": "ref", "tstset": "system"}.get(read.kind, "src")
    streams = {
        sysid or default: _stream_segments(path, sysid, reader, layout)
        for sysid, reader in read.sysids.items()
    }
    if collapse_whitespace:
        streams = {k: [_WHITESPACE.sub(" ", t.strip()) for t in v] for k, v in streams.items()}
    documents = [(attributes, len(segments)) for _, attributes, segments in first.documents]
    doc_ids = [a["docid"] for a, n in documents for _ in range(n)]
    genre = [a.get("genre") for a, n in documents for _ in range(n)]
    origlang = [a.get("origlang") for a, n in documents for _ in range(n)]
    source = next(iter(streams.values())) if read.kind == "srcset" else None
    references = streams if read.kind == "refset" else {}
    if len(references) == 1:
        references = {"ref": next(iter(references.values()))}
    return TestSet.create(
        path,
        source=source,
        references=references,
        systems=streams if read.kind == "tstset" else {},
        doc_ids=doc_ids,
        origlang=origlang if any(origlang) else None,
        domain=genre if any(genre) else None,
        source_lang=read.attributes.get("srclang"),
        target_lang=read.attributes.get("trglang"),
    )
