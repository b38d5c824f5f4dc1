"""WMT XML test sets (WMT21 and later): documents, sources, references and systems in one file.

The format of https://github.com/wmt-conference/wmt-format-tools::

    <dataset id="wmttest2022"><collection id="general">
      <doc id="..." origlang="en" domain="news">
        <src lang="en"><p><seg id="1">...</seg></p></src>
        <ref lang="de" translator="A"><p><seg id="1">...</seg></p></ref>
        <hyp system="..." language="de"><p><seg id="1">...</seg></p></hyp>
      </doc>
    </collection></dataset>

Segments come in document order, and by segment id within a document, as sacreBLEU 2.6.0
reads them (``dataset/wmt_xml.py``). References are named ``ref:<translator>`` (``ref``
without a translator) and systems by their ``system`` attribute. As in sacreBLEU, documents
of test suites (a ``testsuite`` attribute) are left out unless ``include_testsuites``, and
segments that no translator translated are left out unless ``unreferenced="keep"``.

Two choices differ from sacreBLEU on purpose. A translator who did not translate a segment
gives an absent reference (``None``), where sacreBLEU writes an empty line and scores it as
an empty reference (``missing_reference="empty"`` does that). Text is kept as the file has
it, where sacreBLEU collapses whitespace (``collapse_whitespace=True`` does that). A system
without a segment is an error, never a silently shifted line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from xml.parsers import expat

from parbleu.errors import InputError, OptionError
from parbleu.io.lines import read_lines
from parbleu.io.testset import TestSet

__all__ = ["read_wmt_xml"]

_WHITESPACE = re.compile(r"\s+")
#: A segment id: ASCII digits (``str.isdigit`` also takes ``"²"``, which ``int`` refuses), at
#: most 18 of them (``int`` refuses more than 4,300 digits with a ``ValueError``).
_SEG_ID = re.compile(r"[0-9]{1,18}")


@dataclass
class _Document:
    """One ``<doc>``: its attributes, line, and the segments of each of its parts."""

    attributes: dict[str, str]
    line: int
    source: dict[int, str] = field(default_factory=dict)
    references: dict[str | None, dict[int, str]] = field(default_factory=dict)
    systems: dict[str, dict[int, str]] = field(default_factory=dict)


@dataclass
class _Parse:
    """What the expat handlers have seen so far."""

    path: str
    parser: expat.XMLParserType
    documents: list[_Document] = field(default_factory=list)
    languages: dict[str, set[str | None]] = field(default_factory=dict)
    part: dict[int, str] | None = None  # segments of the current src/ref/hyp
    part_name: str = ""  # how errors name it: "<src>", "<ref translator='A'>" ...
    segment: tuple[int, list[str]] | None = None  # id and text of the current seg

    def error(self, message: str) -> InputError:
        return InputError(f"{self.path}: line {self.parser.CurrentLineNumber}: {message}")

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if self.segment is not None:
            raise self.error(f"unexpected <{name}> inside <seg>; expected text only")
        if name == "doc":
            line = self.parser.CurrentLineNumber
            if "id" not in attributes:
                raise self.error("<doc> without an id attribute")
            self.documents.append(_Document(dict(attributes), line))
        elif name in ("src", "ref", "hyp"):
            self._start_part(name, attributes)
        elif name == "seg":
            self._start_segment(attributes)

    def _start_part(self, name: str, attributes: dict[str, str]) -> None:
        if not self.documents:
            raise self.error(f"<{name}> outside a <doc>")
        document = self.documents[-1]
        language = attributes.get("lang", attributes.get("language"))
        self.languages.setdefault(name, set()).add(language)
        # A second <src> (<ref> of the same translator, <hyp> of the same system) in one
        # document adds its segments to the first one's, as sacreBLEU's search of the whole
        # document for <seg> elements does; it never replaces them.
        if name == "src":
            self.part, self.part_name = document.source, "<src>"
        elif name == "ref":
            translator = attributes.get("translator") or None
            self.part = document.references.setdefault(translator, {})
            self.part_name = "<ref>" if translator is None else f"<ref translator={translator!r}>"
        else:
            if "system" not in attributes:
                raise self.error("<hyp> without a system attribute")
            self.part = document.systems.setdefault(attributes["system"], {})
            self.part_name = f"<hyp system={attributes['system']!r}>"

    def _start_segment(self, attributes: dict[str, str]) -> None:
        if self.part is None:
            raise self.error("<seg> outside <src>, <ref> or <hyp>")
        value = attributes.get("id", "")
        if not _SEG_ID.fullmatch(value):
            raise self.error(
                f"<seg> needs a numeric id attribute (at most 18 ASCII digits); got {value!r:.40}"
            )
        if int(value) in self.part:
            document = self.documents[-1].attributes["id"]
            raise self.error(
                f"segment id {value} appears twice in the {self.part_name} segments of document "
                f"{document!r}"
            )
        self.segment = (int(value), [])

    def doctype(self, name: str, *_: object) -> None:
        # Entities declared there could replace text, and an external one is silently
        # skipped by expat: the segment would lose its text without a word.
        raise self.error(
            f"a <!DOCTYPE {name}> declaration; WMT XML has none (its entities could change "
            "or silently drop segment text)"
        )

    def text(self, data: str) -> None:
        if self.segment is not None:
            self.segment[1].append(data)

    def end(self, name: str) -> None:
        if name == "seg" and self.segment is not None and self.part is not None:
            number, pieces = self.segment
            self.part[number] = "".join(pieces)
            self.segment = None
        elif name in ("src", "ref", "hyp"):
            self.part = None


def _parse(path: str, encoding: str) -> _Parse:
    text = "\n".join(read_lines(path, encoding))
    parser = expat.ParserCreate()
    state = _Parse(path, parser)
    parser.StartElementHandler = state.start
    parser.EndElementHandler = state.end
    parser.CharacterDataHandler = state.text
    parser.StartDoctypeDeclHandler = state.doctype
    parser.buffer_text = True
    try:
        parser.Parse(text, True)  # noqa: FBT003 (expat's isfinal)
    except expat.ExpatError as exc:
        raise InputError(
            f"{path}: line {exc.lineno}: not well-formed XML ({expat.ErrorString(exc.code)}, "
            f"column {exc.offset + 1}); expected WMT XML (<dataset><doc><src><seg>...)"
        ) from None
    if not state.documents:
        raise InputError(f"{path}: no <doc> elements; expected WMT XML (<dataset><doc>...)")
    return state


@dataclass
class _Columns:
    """The test set's streams, filled segment by segment."""

    translators: list[str | None]
    system_names: list[str]
    source: list[str] = field(default_factory=list)
    references: dict[str | None, list[str | None]] = field(default_factory=dict)
    systems: dict[str, list[str]] = field(default_factory=dict)
    doc_ids: list[str] = field(default_factory=list)
    origlang: list[str | None] = field(default_factory=list)
    domain: list[str | None] = field(default_factory=list)


def _add_document(
    path: str, document: _Document, columns: _Columns, *, keep: bool, empty: bool
) -> None:
    doc_id = document.attributes["id"]
    for number in sorted(document.source):
        references = {t: document.references.get(t, {}).get(number) for t in columns.translators}
        if not keep and references and not any(references.values()):
            continue  # sacreBLEU's rule: a segment no translator translated is left out
        for translator, text in references.items():
            columns.references.setdefault(translator, []).append(
                "" if text is None and empty else text
            )
        for system in columns.system_names:
            output = document.systems.get(system, {}).get(number)
            if output is None:
                raise InputError(
                    f"{path}: line {document.line}: system {system!r} has no segment {number} "
                    f"in document {doc_id!r}"
                )
            columns.systems.setdefault(system, []).append(output)
        columns.source.append(document.source[number])
        columns.doc_ids.append(doc_id)
        columns.origlang.append(document.attributes.get("origlang"))
        columns.domain.append(document.attributes.get("domain"))


def read_wmt_xml(
    path: str,
    *,
    include_testsuites: bool = False,
    unreferenced: str = "skip",
    missing_reference: str = "absent",
    collapse_whitespace: bool = False,
    encoding: str = "utf-8",
) -> TestSet:
    """The test set in a WMT XML file (see the module docstring for the choices).

    Args:
        path: the ``.xml`` file (``.gz`` is decompressed).
        include_testsuites: keep documents with a ``testsuite`` attribute.
        unreferenced: ``skip`` (sacreBLEU) or ``keep`` segments without any reference.
        missing_reference: ``absent`` (None) or ``empty`` (sacreBLEU's empty line).
        collapse_whitespace: strip and collapse whitespace runs, as sacreBLEU's text files.
        encoding: the file's encoding.

    Raises:
        InputError: malformed XML or WMT XML, with the line.
        OptionError: an unknown value of `unreferenced` or `missing_reference`.
    """
    if unreferenced not in ("skip", "keep"):
        raise OptionError(f"unreferenced must be 'skip' or 'keep'; got {unreferenced!r}")
    if missing_reference not in ("absent", "empty"):
        raise OptionError(
            f"missing_reference must be 'absent' or 'empty'; got {missing_reference!r}"
        )
    state = _parse(path, encoding)
    documents = [
        d for d in state.documents if include_testsuites or "testsuite" not in d.attributes
    ]
    translators = list(dict.fromkeys(t for d in documents for t in d.references))
    systems = list(dict.fromkeys(s for d in documents for s in d.systems))
    columns = _Columns(translators, systems)
    for document in documents:
        _add_document(
            path, document, columns, keep=unreferenced == "keep", empty=missing_reference == "empty"
        )
    return _test_set(path, state, columns, collapse=collapse_whitespace)


def _test_set(path: str, state: _Parse, columns: _Columns, *, collapse: bool) -> TestSet:
    def clean(text: str | None) -> str | None:
        return _WHITESPACE.sub(" ", text.strip()) if collapse and text is not None else text

    def language(part: str) -> str | None:
        found = sorted(x for x in state.languages.get(part, set()) if x is not None)
        if len(found) > 1:
            raise InputError(f"{path}: <{part}> elements in several languages {found}")
        return found[0] if found else None

    def name(translator: str | None) -> str:
        return "ref" if translator is None else f"ref:{translator}"

    return TestSet.create(
        path,
        source=[clean(line) or "" for line in columns.source],
        references={name(t): [clean(x) for x in v] for t, v in columns.references.items()},
        systems={s: [clean(x) or "" for x in v] for s, v in columns.systems.items()},
        doc_ids=columns.doc_ids,
        origlang=columns.origlang if any(columns.origlang) else None,
        domain=columns.domain if any(columns.domain) else None,
        source_lang=language("src"),
        target_lang=language("ref") or language("hyp"),
    )
