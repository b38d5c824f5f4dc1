"""Shared pieces of the significance output: the threshold, the signatures block."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from parbleu.io.json_output import json_text, undefined_as_null
from parbleu.signature import Signature

__all__ = ["THRESHOLD", "json_by_system", "signature_lines"]


class _Test(Protocol):
    """A test of several systems for one metric: its name and signature."""

    @property
    def name(self) -> str:
        """The metric's name."""

    @property
    def signature(self) -> Signature:
        """The signature of the test."""


T = TypeVar("T", bound=_Test)

#: p-values below this get sacreBLEU's "*".
THRESHOLD = 0.05


def signature_lines(signatures: Sequence[tuple[str, str]]) -> list[str]:
    """SacreBLEU's block of metric signatures under a ruled title."""
    rule = "-" * len("Metric signatures")
    return [rule, "Metric signatures", rule] + [
        f" - {name:<10} {signature}" for name, signature in signatures
    ]


def json_by_system(
    tests: Sequence[T],
    systems: Callable[[T], Sequence[Any]],
    fields: Callable[[T, Any], dict[str, Any]],
) -> list[str]:
    """One JSON list of systems, each with every test's fields for it (sacreBLEU's layout).

    ``systems(test)`` lists the test's per-system results in the same order for every test;
    ``fields(test, result)`` are the keys of one metric for one system.
    """
    rows: list[dict[str, Any]] = []
    for i, first in enumerate(systems(tests[0])):
        row: dict[str, Any] = {"system": first.system}
        for test in tests:
            result = systems(test)[i]
            row[test.name] = {**fields(test, result), "signature": test.signature.format()}
        rows.append(row)
    return [json_text(undefined_as_null(rows), indent=4)]
