"""The field names of a WMT XML file from a scan of its start tags, without reading it whole.

``--list -t wmt21/systems`` needs only the names: the references (``ref:<translator>``,
``ref`` without one) and systems of the documents that are not test suites, in the order
they first appear, between ``src`` and the document fields ``docid``, ``origlang`` (sacreBLEU
2.6.0's order, ``dataset/wmt_xml.py``). A scan of an 11 MB file takes a tenth of a full read.
Only where a document has a ``domain`` does the full read decide (sacreBLEU names the field
when the last segment's document has one): `wmt_xml_fields` returns None then.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from parbleu.errors import InputError
from parbleu.io.lines import read_lines

__all__ = ["wmt_xml_fields"]


@dataclass
class _Names:
    """Stream names met by a scan of start tags (test-suite documents left out)."""

    references: dict[str, None] = field(default_factory=dict)
    systems: dict[str, None] = field(default_factory=dict)
    domain: bool = False
    skip: bool = False

    def start(self, name: str, attributes: dict[str, str]) -> None:
        if name == "doc":
            self.skip = "testsuite" in attributes
            self.domain = self.domain or (not self.skip and "domain" in attributes)
        elif self.skip:
            return
        elif name == "ref":
            translator = attributes.get("translator")
            self.references["ref" if not translator else f"ref:{translator}"] = None
        elif name == "hyp" and "system" in attributes:
            self.systems[attributes["system"]] = None


def wmt_xml_fields(path: Path) -> tuple[str, ...] | None:
    """The fields of a WMT XML file, or None when its documents have domains (read it all).

    Raises:
        InputError: XML that is not well-formed, with the line.
    """
    names = _Names()
    parser = expat.ParserCreate()
    parser.StartElementHandler = names.start
    try:
        parser.Parse("\n".join(read_lines(path)), True)  # noqa: FBT003 (expat's isfinal)
    except expat.ExpatError as exc:
        raise InputError(
            f"not well-formed XML ({expat.ErrorString(exc.code)})",
            source=str(path),
            line=exc.lineno,
        ) from None
    if names.domain:
        return None
    return ("src", *names.references, "docid", "origlang", *names.systems)
