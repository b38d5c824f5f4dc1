"""sacreBLEU 2.6.0's ``Signature``: an ordered, updatable set of ``name:value`` fields.

Built from parbleu's frozen `parbleu.Signature`, so the fields and values are parbleu's, which
are sacreBLEU's except ``version``, which names parbleu (``version:parbleu-0.1.0``): a score
computed by parbleu says so. As in sacreBLEU, the test fields (``bs``, ``ar``, ``seed``,
``test``, ``lang``, ``origlang``, ``subset``) follow ``nrefs``, ``version`` comes last, and
``update`` sets a field (new fields go before ``version``).
"""

from __future__ import annotations

from typing import Any

from parbleu import Signature as ParbleuSignature

__all__ = ["BLEUSignature", "CHRFSignature", "Signature", "TERSignature"]

#: The fields every sacreBLEU signature knows, in its order, with their short names.
_GLOBAL_FIELDS = {
    "version": "v",
    "nrefs": "#",
    "bs": "bs",
    "ar": "ar",
    "seed": "rs",
    "test": "t",
    "lang": "l",
    "origlang": "o",
    "subset": "S",
}


class Signature:
    """Reproducibility signature, formatted as sacreBLEU formats it.

    Args:
        fields: ``(name, short name, value)`` triples, ``nrefs`` first and ``version`` last,
            as `parbleu.Signature.fields` holds them.
    """

    def __init__(self, fields: tuple[tuple[str, str, str], ...]) -> None:
        self._abbr = dict(_GLOBAL_FIELDS)
        self.info: dict[str, Any] = dict.fromkeys(_GLOBAL_FIELDS)
        for name, short, value in fields:
            self._abbr[name] = short
            self.info[name] = value

    @classmethod
    def from_parbleu(cls, signature: ParbleuSignature) -> Signature:
        """The sacreBLEU-style signature of a parbleu signature."""
        return cls(signature.fields)

    def format(self, short: bool = False) -> str:
        """``nrefs:1|case:mixed|...|version:...`` (short names with ``short=True``)."""
        names = [name for name in self.info if name != "version"] + ["version"]
        pairs = []
        for name in names:
            value = self.info[name]
            if value is None:
                continue
            if isinstance(value, bool):
                value = "yes" if value else "no"
            pairs.append(f"{self._abbr.get(name, name) if short else name}:{value}")
        return "|".join(pairs)

    def update(self, key: str, value: Any) -> None:
        """Set the field `key` (``None`` hides it)."""
        self.info[key] = value

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return self.format()


class BLEUSignature(Signature):
    """The signature of BLEU (fields ``case``, ``eff``, ``tok``, ``smooth``)."""


class CHRFSignature(Signature):
    """The signature of chrF (fields ``case``, ``eff``, ``nc``, ``nw``, ``space``)."""


class TERSignature(Signature):
    """The signature of TER (fields ``case``, ``tok``, ``norm``, ``punct``, ``asian``)."""
