"""Fixtures of the test-set tests: no proxy, the built downloads, a loopback mirror."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest

from parbleu.testsets.entries import KnownTestSet
from parbleu.testsets.registry import TEST_SETS
from tests.testsets.archives import Built, Text, build
from tests.testsets.mirror import Mirror
from tests.wmt import WmtData

#: The test sets built for the tests, one or more per raw format, with the pairs built.
BUILT_PAIRS: dict[str, tuple[str, ...]] = {
    "wmt17": ("en-de",),  # mteval SGML in a .tgz
    "wmt19": ("de-en",),  # SGML with sacreBLEU's document annotations (--subset)
    "wmt22": ("cs-en", "liv-en"),  # WMT XML; refs=B and a reference without translator
    "iwslt17/tst2015": ("en-de",),  # IWSLT XML in six archives
    "wmt17/ms": ("zh-en",),  # SGML and plain-text references, from a .tgz and a .zip
    "wmt20/robust/set1": ("en-de",),  # plain text in a .zip
    "multi30k/2018": ("en-de", "en-fr", "en-cs"),  # plain text: a .tar.gz and .gz files
    "mtnt1.1/test": ("en-fr",),  # TSV columns
    "wmt24pp": ("en-de_DE",),  # WMT24++ JSON Lines
    "wmt25": ("en-cs_CZ", "cs-uk_UA"),  # WMT25 JSON Lines, one document a record
}


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Requests go straight to 127.0.0.1, whatever proxies the environment names."""
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("no_proxy", "127.0.0.1,localhost")
    for name in ("PARBLEU_MIRROR", "PARBLEU_OFFLINE", "SACREBLEU"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture(scope="session")
def text(shared_data: WmtData) -> Text:
    """The text the built files are made of."""
    return Text.from_shared(shared_data)


@pytest.fixture(scope="session")
def built(shared_data: WmtData) -> dict[str, Built]:
    """Every test set of `BUILT_PAIRS`, built once (wmt19's documents: annotated ids)."""
    from sacrebleu.dataset import SUBSETS  # noqa: PLC0415 (document ids sacreBLEU annotates)

    plain = Text.from_shared(shared_data)
    annotated = Text.from_shared(shared_data, list(SUBSETS["wmt19"])[:10])
    out = {
        name: build(TEST_SETS[name], pairs, annotated if name == "wmt19" else plain)
        for name, pairs in BUILT_PAIRS.items()
    }
    paths = [path for b in out.values() for path in b.files]
    assert len(paths) == len(set(paths)), "two built test sets share an address"
    return out


def registry_of(built: Mapping[str, Built]) -> dict[str, KnownTestSet]:
    """The registry with the built test sets' checksums."""
    return {**TEST_SETS, **{name: b.entry for name, b in built.items()}}


@pytest.fixture
def mirror(built: dict[str, Built]) -> Iterator[Mirror]:
    """The built downloads, served on 127.0.0.1 for one test."""
    files = {path: data for b in built.values() for path, data in b.files.items()}
    with Mirror(files).running() as running:
        yield running
