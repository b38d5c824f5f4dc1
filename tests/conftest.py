"""Shared fixtures: where ../shared/data is, and the skip-or-fail policy for it.

Tests that read the shared WMT data take the `shared_data` fixture. When the folder is absent
they skip, saying why, except when PARBLEU_REQUIRE_SHARED_DATA=1 (set by .ci/run): then they
fail, so CI can never pass by skipping its conformance tests.

METEOR's tests take the `wordnet` fixture: Debian's WordNet 3.0, loaded once (they skip
without it, and fail instead under PARBLEU_REQUIRE_WORDNET=1, also set by .ci/run), and
their oracle `nltk_wordnet`, NLTK's reader on the same files, made once per session.

Property tests draw new examples on every run. HYPOTHESIS_PROFILE=ci (set by .ci/run) makes
them draw the same examples every time (and read no example database), so that CI checks what
was checked before committing; local runs keep exploring.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import settings

from tests.wmt import WmtData

if TYPE_CHECKING:
    from parbleu.metrics.meteor import WordNet

settings.register_profile("ci", derandomize=True, database=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

REPO = Path(__file__).resolve().parents[1]
DEFAULT_SHARED_DATA = REPO.parent / "shared" / "data"


def _shared_data_dir() -> Path:
    return Path(os.environ.get("PARBLEU_SHARED_DATA", DEFAULT_SHARED_DATA))


@pytest.fixture(scope="session")
def shared_data() -> WmtData:
    """The WMT data of ../shared/data (or $PARBLEU_SHARED_DATA)."""
    root = _shared_data_dir()
    if not (root / "newstest2021").is_dir():
        message = f"shared WMT data not found at {root} (set PARBLEU_SHARED_DATA)"
        if os.environ.get("PARBLEU_REQUIRE_SHARED_DATA") == "1":
            pytest.fail(message + "; PARBLEU_REQUIRE_SHARED_DATA=1 forbids skipping")
        pytest.skip(message)
    return WmtData(root)


@pytest.fixture(autouse=True)
def _test_sets_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reaches the internet for a test set or a model: downloads are off.

    The tests of downloading (tests/testsets) turn them on against a loopback mirror.
    """
    monkeypatch.setenv("PARBLEU_OFFLINE", "1")
    monkeypatch.delenv("PARBLEU_MIRROR", raising=False)


@pytest.fixture(scope="session")
def wordnet() -> WordNet:
    """Debian's WordNet 3.0 as parbleu reads it, loaded once for every METEOR test."""
    from parbleu.metrics.meteor import WordNet  # noqa: PLC0415 (only METEOR's tests need it)
    from tests.oracles.nltk_wordnet import require_wordnet  # noqa: PLC0415

    return WordNet.load(require_wordnet())


@pytest.fixture(scope="session")
def nltk_wordnet(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """NLTK's WordNet reader on the Debian files parbleu reads (the METEOR oracle)."""
    from tests.oracles.nltk_wordnet import nltk_reader  # noqa: PLC0415 (METEOR tests only)

    return nltk_reader(tmp_path_factory.mktemp("nltk_data"))


#: Tests of several minutes, run first: pytest-xdist hands out work in collection order, so
#: a worker that met one of these last would run alone for minutes after the other finished.
LONGEST_FIRST = frozenset(
    {"tests/replication/test_replicate.py::test_the_page_regenerates_exactly"}
)

#: Modules that share an oracle made once per session, one xdist work unit each group:
#: sacreBLEU's statistics of the WMT systems (`tests.oracles.sacrebleu_statistics`), and the
#: sacreBLEU test-set cache built from the shared data (`caches` in tests/cli/conftest.py).
ORACLE_GROUPS = {
    **dict.fromkeys(
        [
            "tests/metrics/bleu/test_bleu_wmt.py",
            "tests/engine/test_engine_wmt.py",
            "tests/metrics/chrf/test_chrf_wmt.py",
            "tests/significance/test_significance_sacrebleu.py",
        ],
        "sacrebleu-statistics",
    ),
    **dict.fromkeys(
        ["tests/cli/test_sacrebleu_readme.py", "tests/cli/test_testsets.py"], "sacrebleu-cache"
    ),
}


def work_unit(nodeid: str) -> str:
    """What one xdist worker runs whole: the test's module, or the oracle group it is in."""
    module = nodeid.split("::", 1)[0]
    return ORACLE_GROUPS.get(module, module)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """With ``-n`` (the README's ``-n 2``), hand out work units (`work_unit`) in collection
    order instead of single tests: a module's fixtures are made once, by one worker, and the
    modules of an oracle group fill the group's cache once. ``--dist`` other than ``load``
    (xdist's default) keeps xdist's own scheduling.
    """
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling  # noqa: PLC0415 (only with -n)

    class WorkUnitScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False  # keep the order of pytest_collection_modifyitems
    return WorkUnitScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test that reads ../shared/data must say so with ``@pytest.mark.shared_data``.

    The marker is how ``-m "not shared_data"`` leaves them out; a test that takes the fixture
    without the marker is a collection error, not a silent inclusion. The `LONGEST_FIRST`
    tests move to the front, then the `ORACLE_GROUPS` (minutes of work each, which one worker
    takes whole); the sort is stable, so modules stay whole and in order.
    """
    del config
    unmarked = [
        item.nodeid
        for item in items
        if "shared_data" in getattr(item, "fixturenames", ())
        and item.get_closest_marker("shared_data") is None
    ]
    if unmarked:
        listed = "\n  ".join(unmarked)
        raise pytest.UsageError(
            f"tests use shared_data without @pytest.mark.shared_data:\n  {listed}"
        )
    items.sort(key=_start_order)


def _start_order(item: pytest.Item) -> int:
    """0 for the longest tests, 1 for those of an oracle group, 2 for the rest."""
    if item.nodeid in LONGEST_FIRST:
        return 0
    return 1 if work_unit(item.nodeid) in ORACLE_GROUPS.values() else 2
