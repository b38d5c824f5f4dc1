"""Writers of WMT XML and mteval SGML files for the reader tests, independent of the readers.

WMT XML is written with `xml.etree.ElementTree` (the layout of wmt-format-tools); SGML with
plain string formatting, one tag per line, as NIST's and WMT's files are.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path


@dataclass
class Doc:
    """One document: attributes, source segments, references by translator, systems."""

    doc_id: str
    source: list[str]
    references: dict[str | None, dict[int, str]] = field(default_factory=dict)
    systems: dict[str, list[str]] = field(default_factory=dict)
    attributes: dict[str, str] = field(default_factory=dict)


def _part(
    parent: ET.Element, tag: str, attributes: dict[str, str], segments: dict[int, str]
) -> None:
    element = ET.SubElement(parent, tag, attributes)
    paragraph = ET.SubElement(element, "p")
    for number, text in sorted(segments.items()):
        ET.SubElement(paragraph, "seg", {"id": str(number)}).text = text


def write_wmt_xml(
    path: Path, docs: list[Doc], *, src_lang: str = "en", trg_lang: str = "de"
) -> None:
    root = ET.Element("dataset", {"id": "test"})
    collection = ET.SubElement(root, "collection", {"id": "general"})
    for doc in docs:
        element = ET.SubElement(collection, "doc", {"id": doc.doc_id, **doc.attributes})
        _part(element, "src", {"lang": src_lang}, dict(enumerate(doc.source, start=1)))
        for translator, segments in doc.references.items():
            attributes = {"lang": trg_lang}
            if translator is not None:
                attributes["translator"] = translator
            _part(element, "ref", attributes, segments)
        for system, lines in doc.systems.items():
            attributes = {"system": system, "language": trg_lang}
            _part(element, "hyp", attributes, dict(enumerate(lines, start=1)))
    ET.indent(root)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def write_sgml(
    path: Path, kind: str, docs: list[tuple[dict[str, str], list[str]]], **set_attributes: str
) -> None:
    """One set (``srcset``, ``refset``, ``tstset``) of documents, segments as given (raw)."""
    head = " ".join(f'{key}="{value}"' for key, value in set_attributes.items())
    lines = [f"<{kind} {head}>"]
    for attributes, segments in docs:
        lines.append("<doc " + " ".join(f'{k}="{v}"' for k, v in attributes.items()) + ">")
        lines.append("<p>")
        lines += [f'<seg id="{i}">{text}</seg>' for i, text in enumerate(segments, start=1)]
        lines += ["</p>", "</doc>"]
    lines.append(f"</{kind}>")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
