"""Fixtures of the command-line tests: sacreBLEU caches built from ../shared/data."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli.sacrebleu_cache import build_raw, complete
from tests.wmt import WmtData


@dataclass(frozen=True)
class Caches:
    """Two sacreBLEU caches of the same test sets (`tests.cli.sacrebleu_cache`).

    ``raw``: the archives and their extracted files only, as after extracting by hand.
    ``full``: the same after sacreBLEU wrote its text files, as after ``sacrebleu -t``.
    """

    raw: Path
    full: Path


@pytest.fixture(scope="session")
def caches(shared_data: WmtData, tmp_path_factory: pytest.TempPathFactory) -> Caches:
    """The built caches (about 10 s: sacreBLEU converts every pair once)."""
    base = tmp_path_factory.mktemp("sacrebleu-caches")
    build_raw(base / "raw", shared_data)
    complete(base / "raw", base / "full")
    return Caches(base / "raw", base / "full")
