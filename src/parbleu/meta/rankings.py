"""Two rankings of the same systems compared: Kendall's tau and the pairs that swap.

The paper's reference study (Papineni et al. 2002, section 3) asks whether the ranking of
systems holds with one reference instead of several.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from parbleu.errors import InputError
from parbleu.meta.correlation import kendall, paired_vectors

__all__ = ["RankComparison", "compare_rankings"]


@dataclass(frozen=True)
class RankComparison:
    """How two score vectors of the same systems rank them (e.g. one reference vs all)."""

    tau: float  # Kendall's tau-b
    swapped: tuple[tuple[str, str], ...]  # (first ahead under a, first ahead under b)
    tie_changes: int  # pairs tied under exactly one of the two


def compare_rankings(systems: Sequence[str], a: npt.ArrayLike, b: npt.ArrayLike) -> RankComparison:
    """Kendall's tau-b between two scorings and the system pairs they order differently."""
    x, y = paired_vectors(a, b)
    if len(systems) != len(x):
        raise InputError(f"{len(systems)} system names for {len(x)} scores")
    swapped, tie_changes = [], 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            sx, sy = np.sign(x[i] - x[j]), np.sign(y[i] - y[j])
            if sx * sy < 0:
                ahead = (systems[i], systems[j]) if sx > 0 else (systems[j], systems[i])
                swapped.append(ahead)
            elif (sx == 0) != (sy == 0):
                tie_changes += 1
    return RankComparison(kendall(x, y), tuple(swapped), tie_changes)
