"""MBR over many sources: each source's candidates are a group, chosen from independently.

`select_groups` chooses one candidate (and a top-k list) per group, in the groups' order,
in worker processes (`parbleu.workers`) or on Dask (`parbleu.pairwise.dask`, one
group per task). The candidates of a group are their own pseudo-references (sampling-based
MBR, Eikema and Aziz 2020); with ``weights="logprob"`` each pseudo-reference weighs its
sample probability, ``exp(lp_j - max lp)`` (the softmax of the group's log-probabilities,
unnormalized: the expected utility divides by the sum).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parbleu.errors import InputError
from parbleu.options import Choice, check_int, coerce_enum
from parbleu.pairwise.mbr import MbrMethod, Ranked, mbr
from parbleu.pairwise.pruning import PruningOptions
from parbleu.workers import map_in_processes

__all__ = [
    "CandidateGroup",
    "GroupChoice",
    "MbrSettings",
    "Weighting",
    "select_group",
    "select_groups",
]


class Weighting(Choice):
    """How pseudo-references are weighted."""

    UNIFORM = "uniform"
    LOGPROB = "logprob"


@dataclass(frozen=True)
class CandidateGroup:
    """The candidates of one source, in input order, with their log-probabilities if given.

    ``where`` says where each candidate was read (for error messages).
    """

    source: str
    candidates: tuple[str, ...]
    logprobs: tuple[float | None, ...]
    where: tuple[str, ...] = ()


@dataclass(frozen=True)
class MbrSettings:
    """How every group is decided: metric, options, method, top-k, weighting, pruning."""

    metric: str = "chrf"
    options: Mapping[str, Any] = field(default_factory=dict)
    method: MbrMethod = MbrMethod.EXACT
    top_k: int = 1
    weighting: Weighting = Weighting.UNIFORM
    pruning: PruningOptions = field(default_factory=PruningOptions)

    def __post_init__(self) -> None:
        object.__setattr__(self, "method", coerce_enum(MbrMethod, self.method, "method"))
        object.__setattr__(self, "weighting", coerce_enum(Weighting, self.weighting, "weights"))
        object.__setattr__(self, "top_k", check_int(self.top_k, "top_k", minimum=1))


@dataclass(frozen=True)
class GroupChoice:
    """The chosen candidate of a group and its top-k list (best first)."""

    source: str
    index: int
    candidate: str
    utility: float
    top: tuple[Ranked, ...]


def _weights(group: CandidateGroup) -> list[float]:
    missing = [i for i, lp in enumerate(group.logprobs) if lp is None or not math.isfinite(lp)]
    if missing:
        where = group.where[missing[0]] if group.where else f"candidate {missing[0]}"
        raise InputError(
            f"{where}: weights from log-probabilities need a finite log-probability for every "
            f"candidate of source {group.source!r}"
        )
    values = [float(lp) for lp in group.logprobs if lp is not None]
    top = max(values)
    return [math.exp(lp - top) for lp in values]


def select_group(settings: MbrSettings, group: CandidateGroup) -> GroupChoice:
    """The MBR choice of one group."""
    weights = _weights(group) if settings.weighting is Weighting.LOGPROB else None
    choice = mbr(
        list(group.candidates),
        metric=settings.metric,
        weights=weights,
        method=settings.method,
        pruning=settings.pruning,
        keep=settings.top_k,
        **dict(settings.options),
    )
    top = tuple(choice.top(settings.top_k))
    return GroupChoice(group.source, choice.index, choice.candidate, top[0].utility, top)


def select_groups(
    groups: Sequence[CandidateGroup], settings: MbrSettings, *, jobs: int = 1
) -> list[GroupChoice]:
    """The choice of every group, in order, in up to `jobs` processes."""
    return map_in_processes(functools.partial(select_group, settings), list(groups), jobs)
