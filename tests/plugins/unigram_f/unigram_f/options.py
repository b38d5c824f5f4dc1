"""The plug-in's options: one frozen dataclass, validated on construction."""

from __future__ import annotations

from dataclasses import dataclass

from parbleu.options import Choice, check_flag, coerce_enum


class Measure(Choice):
    """Which ratio of matched words the score is."""

    F = "f"
    PRECISION = "precision"
    RECALL = "recall"


@dataclass(frozen=True)
class UnigramOptions:
    """Attributes: lowercase (compare lowercased words; on by default), measure."""

    lowercase: bool = True
    measure: Measure = Measure.F

    def __post_init__(self) -> None:
        object.__setattr__(self, "lowercase", check_flag(self.lowercase, "lowercase"))
        object.__setattr__(self, "measure", coerce_enum(Measure, self.measure, "measure"))
