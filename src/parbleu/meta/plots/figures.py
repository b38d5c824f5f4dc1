"""The figures of the paper's section 5 as values: what to draw, not how.

* `Scatter` (Papineni et al. 2002, Figures 5 and 6): one point per system, the metric score
  on x, the human score on y, the least-squares line and its correlation r.
* `Normalized` (Figure 7): every score of every system linearly normalized to its range
  across the systems, ``(v - min) / (max - min)``, one line per scorer, systems ordered by
  the first series (the human score), so how far apart the metric puts systems can be
  compared with how far apart the humans put them. `Normalized.from_reference_study` draws
  the reference study (`parbleu.meta.references`) the same way: one line per choice of
  references, systems in the order of the all-references score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from parbleu.errors import InputError
from parbleu.meta.correlation import Regression, normalize_to_range
from parbleu.meta.systems import SystemCorrelation

if TYPE_CHECKING:
    from parbleu.meta.references import ReferenceStudy

__all__ = ["Figure", "Normalized", "Scatter"]


@dataclass(frozen=True)
class Scatter:
    """Metric (x) against human (y) scores of systems, with the regression line."""

    title: str
    x_label: str
    y_label: str
    labels: tuple[str, ...]
    x: tuple[float, ...]
    y: tuple[float, ...]
    line: Regression | None = None

    def __post_init__(self) -> None:
        if not len(self.labels) == len(self.x) == len(self.y):
            raise InputError(
                f"scatter {self.title!r}: {len(self.labels)} labels, {len(self.x)} x and "
                f"{len(self.y)} y values"
            )
        if not self.labels:
            raise InputError(f"scatter {self.title!r}: no points")

    @classmethod
    def from_correlation(
        cls, result: SystemCorrelation, *, title: str | None = None, human: str = "human"
    ) -> Scatter:
        """The scatter of a `SystemCorrelation` (the metric as reported, e.g. TER)."""
        return cls(
            title=title or f"{result.metric} vs {human} (r = {result.regression.r:.2f})",
            x_label=result.metric,
            y_label=human,
            labels=result.systems,
            x=result.metric_scores,
            y=result.human_scores,
            line=result.regression if np.isfinite(result.regression.slope) else None,
        )


@dataclass(frozen=True)
class Normalized:
    """Scores of several scorers over the same systems, each normalized to its range."""

    title: str
    systems: tuple[str, ...]
    series: tuple[tuple[str, tuple[float, ...]], ...]  # (name, raw higher-is-better scores)

    def __post_init__(self) -> None:
        for name, values in self.series:
            if len(values) != len(self.systems):
                raise InputError(
                    f"normalized {self.title!r}: series {name!r} has {len(values)} values for "
                    f"{len(self.systems)} systems"
                )
        if not self.series or not self.systems:
            raise InputError(f"normalized {self.title!r}: no series or no systems")

    @classmethod
    def from_correlations(
        cls, results: Sequence[SystemCorrelation], *, title: str = "", human: str = "human"
    ) -> Normalized:
        """Human and metric scores (TER negated) of the systems, ordered by human score."""
        first = results[0]
        order = np.argsort(first.human_scores, kind="stable")
        systems = tuple(first.systems[i] for i in order)
        series = [(human, tuple(first.human_scores[i] for i in order))]
        for result in results:
            if result.systems != first.systems:
                raise InputError(f"{result.metric} is over other systems than {first.metric}")
            sign = 1.0 if result.higher_is_better else -1.0
            name = result.metric if result.higher_is_better else f"-{result.metric}"
            series.append((name, tuple(sign * result.metric_scores[i] for i in order)))
        return cls(
            title or f"Scores normalized to their range ({human} order)", systems, tuple(series)
        )

    @classmethod
    def from_reference_study(cls, study: ReferenceStudy, *, title: str = "") -> Normalized:
        """All references, then each one alone (TER negated), systems by the all-refs score.

        A series is named by the metric and the references it uses (``BLEU A+C+D``).
        """
        sign = 1.0 if study.higher_is_better else -1.0
        whole = study.all
        order = sorted(range(len(study.systems)), key=lambda i: sign * whole.scores[i])
        singles = [s for s in study.settings if len(s.references) == 1]
        prefix = "" if study.higher_is_better else "-"
        series = tuple(
            (
                f"{prefix}{study.metric} {'+'.join(s.references)}",
                tuple(sign * s.scores[i] for i in order),
            )
            for s in [whole, *singles]
        )
        systems = tuple(study.systems[i] for i in order)
        return cls(title or f"{study.metric}: one reference vs all", systems, series)

    def normalized(self) -> list[tuple[str, list[float]]]:
        """Each series as ``(v - min) / (max - min)``."""
        return [(name, [float(v) for v in normalize_to_range(vs)]) for name, vs in self.series]


Figure = Scatter | Normalized
