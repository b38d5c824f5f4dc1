"""Reproducibility signatures in sacreBLEU's format.

A signature lists every setting behind a score, e.g.
``nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:parbleu-0.1.0``. Fields and values are
sacreBLEU 2.6.0's, in its order; the version names parbleu. Fields for settings sacreBLEU
cannot express (n-gram order, weights, reference length mode) appear only when those settings
differ from sacreBLEU's, so two equal signatures always mean the same arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parbleu._version import __version__

__all__ = ["Signature", "make_signature"]

#: Test-related fields shared by all metrics, in sacreBLEU's order, with their short names.
_LEADING = (("nrefs", "#"), ("bs", "bs"), ("ar", "ar"), ("seed", "rs"))


@dataclass(frozen=True)
class Signature:
    """An ordered list of (name, short name, value) fields; ``version`` comes last."""

    fields: tuple[tuple[str, str, str], ...]

    def format(self, *, short: bool = False) -> str:
        """``name:value|...`` (or ``short:value|...`` with ``short=True``)."""
        return "|".join(f"{s if short else n}:{v}" for n, s, v in self.fields)

    def as_dict(self) -> dict[str, str]:
        """Field name to value."""
        return {name: value for name, _, value in self.fields}

    def with_fields(self, **values: str | int | None) -> Signature:
        """A copy with leading test fields (``bs``, ``ar``, ``seed``) set or replaced."""
        current = {name: (short, value) for name, short, value in self.fields}
        leading = []
        for name, short in _LEADING:
            value = values.pop(name, None)
            if value is not None:
                leading.append((name, short, str(value).lower()))
            elif name in current:
                leading.append((name, short, current[name][1]))
        if values:
            raise KeyError(f"unknown signature fields {sorted(values)}")
        rest = tuple(f for f in self.fields if f[0] not in dict(_LEADING))
        return Signature(tuple(leading) + rest)

    def __str__(self) -> str:
        return self.format()


def make_signature(nrefs: int | str, metric_fields: Sequence[tuple[str, str, str]]) -> Signature:
    """A signature with sacreBLEU's field order: nrefs, metric fields, version."""
    return Signature(
        (("nrefs", "#", str(nrefs)), *metric_fields, ("version", "v", f"parbleu-{__version__}"))
    )
