"""Shared WMT21 data for the callers' patterns (a few hundred segments, built once)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.wmt import WmtData

#: Segments each pattern scores: enough for real statistics, few enough to stay cheap.
SEGMENTS = 200


@dataclass(frozen=True)
class Corpus:
    """One WMT21 pair: references by letter and a few systems, cut to `SEGMENTS` lines."""

    refs: dict[str, list[str]]
    systems: dict[str, list[str]]

    @property
    def ref(self) -> list[str]:
        return next(iter(self.refs.values()))

    @property
    def names(self) -> list[str]:
        return list(self.systems)


def _corpus(data: WmtData, pair: str, n_systems: int = 3) -> Corpus:
    folder = data.pair(pair)
    refs = {letter: folder.reference(letter)[:SEGMENTS] for letter in folder.reference_names}
    names = folder.system_names[:n_systems]
    return Corpus(refs, {name: folder.system(name)[:SEGMENTS] for name in names})


@pytest.fixture(scope="session")
def ende(shared_data: WmtData) -> Corpus:
    """WMT21 English-German: references A, C and D, three systems."""
    return _corpus(shared_data, "newstest2021/en-de")


@pytest.fixture(scope="session")
def enzh(shared_data: WmtData) -> Corpus:
    """WMT21 English-Chinese: references A and B, three systems."""
    return _corpus(shared_data, "newstest2021/en-zh")
