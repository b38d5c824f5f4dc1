"""MBR over many sources on Dask: one group per task (the ``dask`` extra).

``select_on_dask(groups, settings)`` builds a ``dask.bag`` with one partition per group and
maps `parbleu.pairwise.groups.select_group` over it; the choices come back in the groups'
order. With a ``distributed.Client`` active, the tasks run on its cluster; otherwise on
Dask's default scheduler for bags (processes), or the one named by ``scheduler``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Sequence
from typing import Any

from parbleu.errors import MissingDependencyError
from parbleu.pairwise.groups import CandidateGroup, GroupChoice, MbrSettings, select_group

__all__ = ["select_on_dask"]


def _bag_module() -> Any:
    try:
        return importlib.import_module("dask.bag")
    except ImportError:
        raise MissingDependencyError(
            "MBR on Dask needs dask: pip install 'parbleu[dask]'"
        ) from None


def select_on_dask(
    groups: Sequence[CandidateGroup], settings: MbrSettings, *, scheduler: str | None = None
) -> list[GroupChoice]:
    """The choice of every group, one Dask task per group, in order."""
    if not groups:
        return []
    bag = _bag_module().from_sequence(list(groups), npartitions=len(groups))
    chosen = bag.map(functools.partial(select_group, settings))
    result: list[GroupChoice] = chosen.compute(scheduler=scheduler)
    return list(result)
