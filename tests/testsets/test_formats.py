"""Every raw format read as sacreBLEU reads it, and one cache shared by both tools both ways.

Oracle: sacreBLEU 2.6.0 itself, run in a subprocess whose registry's addresses and MD5 sums
point at the loopback mirror's built files (`tests.testsets.archives`): it downloads,
extracts and converts them into a cache of its own, and its text files are what parbleu
must read. Four checks, for the eight sacreBLEU test sets built (mteval SGML with and
without sacreBLEU's annotations, WMT XML with per-pair references, IWSLT XML in six
archives, SGML with a plain-text reference, plain text in a zip and in gzipped files, TSV):

- parbleu's fields and lines, converted from a cache parbleu downloaded, are sacreBLEU's
  field names and text-file lines;
- parbleu reads the cache sacreBLEU filled, offline, with the same lines;
- sacreBLEU reads the cache parbleu filled without downloading anything, and writes text
  files byte-identical to those it wrote from its own download;
- the text files parbleu writes for `parbleu.compat` are sacreBLEU's, byte for byte.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from parbleu.io.lines import read_lines
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.entries import RawFormat
from parbleu.testsets.pair import TestSetPair
from parbleu.testsets.reading import open_pair
from parbleu.testsets.settings import FetchSettings
from parbleu.testsets.text_files import write_text_files
from tests.testsets.archives import Built, mirror_path
from tests.testsets.conftest import BUILT_PAIRS, registry_of
from tests.testsets.mirror import Mirror

pytestmark = pytest.mark.shared_data

#: sacreBLEU's test sets among the built ones (the others are read by parbleu only).
SACREBLEU_SETS = [name for name in BUILT_PAIRS if name not in ("wmt24pp", "wmt25")]
PAIRS = [(name, pair) for name in SACREBLEU_SETS for pair in BUILT_PAIRS[name]]

_DRIVER = """
import json, sys
spec = json.loads(sys.stdin.read())
from sacrebleu.dataset import DATASETS
for name, facts in spec["patch"].items():
    DATASETS[name].data = facts["data"]
    DATASETS[name].md5 = facts["md5"]
out = {}
for name, pair in spec["pairs"]:
    dataset = DATASETS[name]
    files = dataset.get_files(pair)
    out[name + " " + pair] = {
        "fields": dataset.fieldnames(pair),
        "files": files,
        "refs": dataset.get_reference_files(pair),
    }
print(json.dumps(out))
"""


def sacrebleu_fill(cache: Path, built: dict[str, Built], mirror: Mirror) -> dict[str, dict]:
    """sacreBLEU, pointed at the mirror, fills `cache` with every built pair."""
    patch = {
        name: {
            "data": [mirror.url + mirror_path(d.url) for d in built[name].entry.downloads],
            "md5": [d.md5 for d in built[name].entry.downloads],
        }
        for name in SACREBLEU_SETS
    }
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env |= {"SACREBLEU": str(cache), "PYTHONHASHSEED": "0", "no_proxy": "127.0.0.1"}
    done = subprocess.run(
        [sys.executable, "-c", _DRIVER],
        input=json.dumps({"patch": patch, "pairs": PAIRS}),
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Caches:
    theirs: Path  # filled by sacreBLEU from the mirror
    ours: Path  # filled by parbleu from the mirror
    facts: dict[str, dict]  # sacreBLEU's fields, files and references per pair
    mirror: Mirror


@pytest.fixture(scope="module")
def caches(built: dict[str, Built], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Caches]:
    files = {path: data for b in built.values() for path, data in b.files.items()}
    root = tmp_path_factory.mktemp("shared-caches")
    with Mirror(files).running() as mirror:
        facts = sacrebleu_fill(root / "theirs", built, mirror)
        settings = FetchSettings(mirror=mirror.url, timeout=5, backoff=0)
        for name, pair in PAIRS:
            open_pair(name, pair, SacrebleuCache(root / "ours"), settings, registry_of(built))
        yield Caches(root / "theirs", root / "ours", facts, mirror)


def _sacrebleu_lines(caches: Caches, name: str, pair: str) -> dict[str, list[str]]:
    facts = caches.facts[f"{name} {pair}"]
    return {
        field: read_lines(path) for field, path in zip(facts["fields"], facts["files"], strict=True)
    }


def _read(cache: Path, built: dict[str, Built], name: str, pair: str) -> TestSetPair:
    """The pair in `cache`, offline: what is there must be enough."""
    return open_pair(
        name, pair, SacrebleuCache(cache), FetchSettings(offline=True), registry_of(built)
    )


@pytest.mark.parametrize(("name", "pair"), PAIRS)
def test_fields_converted_from_downloads_are_sacrebleus(
    caches: Caches, built: dict[str, Built], name: str, pair: str
) -> None:
    expected = _sacrebleu_lines(caches, name, pair)
    opened = _read(caches.ours, built, name, pair)
    fields = opened.fields()
    if built[name].entry.raw_format is RawFormat.WMT_XML:  # sacreBLEU's refs: a set's order
        assert sorted(fields) == sorted(expected)
    else:
        assert fields == list(expected)
    assert {field: opened.file_lines(field) for field in fields} == expected
    assert not any(opened.has_text(field) for field in fields)  # converted, not written


@pytest.mark.parametrize(("name", "pair"), PAIRS)
def test_parbleu_reads_the_cache_sacrebleu_filled_offline(
    caches: Caches, built: dict[str, Built], name: str, pair: str
) -> None:
    expected = _sacrebleu_lines(caches, name, pair)
    opened = _read(caches.theirs, built, name, pair)
    assert {field: opened.file_lines(field) for field in opened.fields()} == expected
    default = [Path(p).name for p in caches.facts[f"{name} {pair}"]["refs"]]
    assert [opened.text_file(f).name for f in opened.reference_fields()] == default


def test_sacrebleu_reads_the_cache_parbleu_filled_without_downloading(
    caches: Caches, built: dict[str, Built], tmp_path: Path
) -> None:
    before = sum(caches.mirror.requests.values())
    sacrebleu_fill(caches.ours, built, caches.mirror)
    assert sum(caches.mirror.requests.values()) == before
    for name, pair in PAIRS:
        for path in caches.facts[f"{name} {pair}"]["files"]:
            mine = caches.ours / Path(path).relative_to(caches.theirs)
            assert mine.read_bytes() == Path(path).read_bytes(), mine


@pytest.mark.parametrize(("name", "pair"), PAIRS)
def test_text_files_parbleu_writes_are_sacrebleus(
    caches: Caches, built: dict[str, Built], tmp_path: Path, name: str, pair: str
) -> None:
    settings = FetchSettings(mirror=caches.mirror.url, timeout=5, backoff=0)
    opened = open_pair(name, pair, SacrebleuCache(tmp_path), settings, registry_of(built))
    written = write_text_files(opened)
    theirs = caches.facts[f"{name} {pair}"]["files"]
    assert sorted(p.name for p in written) == sorted(Path(p).name for p in theirs)
    for path in theirs:
        assert (tmp_path / Path(path).relative_to(caches.theirs)).read_bytes() == Path(
            path
        ).read_bytes()
