"""`parbleu.compat.dataset`: sacreBLEU's ``DATASETS`` and test-set functions, as callers use them.

Oracles: sacreBLEU 2.6.0 itself (its registry in process; its ``get_source_file`` and
``get_reference_files`` in a subprocess on a copy of the same cache, which it reads without
downloading), and the calling patterns of real clients: nlpack's ``DATASETS.get(name)`` and
``name in DATASETS``, COMET's ``-d TESTSET:LANGPAIR`` (``except ValueError`` means a malformed
argument; any other exception is printed as "SacreBLEU error").
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from sacrebleu.dataset import DATASETS as SACREBLEU_DATASETS

from parbleu.compat import dataset
from parbleu.errors import UnknownTestSetError
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.reading import open_pair
from parbleu.testsets.settings import FetchSettings
from tests.testsets.archives import Built
from tests.testsets.conftest import registry_of
from tests.testsets.mirror import Mirror


def comet_sacrebleu_dataset(argument: str) -> str:
    """COMET's handling of ``-d`` (``comet/cli/score.py``), with parbleu.compat."""
    try:
        testset, langpair = argument.rsplit(":", maxsplit=1)
        return dataset.get_source_file(testset, langpair)
    except ValueError:
        return "SacreBLEU testset format must be TESTSET:LANGPAIR, e.g., wmt20:de-en"
    except Exception as exc:
        return f"SacreBLEU error: {exc}"


def test_datasets_is_a_mapping_as_in_sacrebleu() -> None:
    assert dataset.DATASETS.get("wmt99") is None
    assert "wmt99" not in dataset.DATASETS
    assert "wmt19" in dataset.DATASETS
    assert list(dataset.DATASETS)[: len(SACREBLEU_DATASETS)] == list(SACREBLEU_DATASETS)
    for name, theirs in SACREBLEU_DATASETS.items():
        ours = dataset.DATASETS[name]
        facts = ("data", "md5", "description", "citation", "langpairs", "kwargs")
        assert {f: getattr(ours, f) for f in facts} == {f: getattr(theirs, f) for f in facts}


def test_the_lookups_are_sacrebleus() -> None:
    assert dataset.get_available_testsets()[:3] == ["wmt25", "wmt24pp", "wmt24"]
    theirs = sorted(SACREBLEU_DATASETS, reverse=True)
    assert [n for n in dataset.get_available_testsets() if n in SACREBLEU_DATASETS] == theirs
    assert dataset.get_langpairs_for_testset("wmt99") == []
    assert dataset.get_langpairs_for_testset("wmt22") == list(SACREBLEU_DATASETS["wmt22"].langpairs)
    assert "wmt09" in dataset.get_available_testsets_for_langpair("en-it")


def test_an_unknown_test_set_is_not_a_value_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    assert comet_sacrebleu_dataset("wmt99:en-de") == "SacreBLEU error: No such test set wmt99"
    assert comet_sacrebleu_dataset("wmt17") == (
        "SacreBLEU testset format must be TESTSET:LANGPAIR, e.g., wmt20:de-en"
    )
    with pytest.raises(UnknownTestSetError, match="No such language pair wmt17/xx-yy"):
        dataset.get_reference_files("wmt17", "xx-yy")


_SACREBLEU = """
import json, sys
from sacrebleu.utils import get_reference_files, get_source_file
pairs = json.loads(sys.argv[1])
print(json.dumps([[get_source_file(n, p), get_reference_files(n, p)] for n, p in pairs]))
"""


@pytest.mark.shared_data
def test_comet_reads_a_filled_cache_as_sacrebleu_writes_it(
    tmp_path: Path, built: dict[str, Built], mirror: Mirror, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``comet-score -d wmt17:en-de``: the files sacreBLEU would give, byte for byte."""
    pairs = [("wmt17", "en-de"), ("wmt22", "cs-en"), ("wmt22", "liv-en")]
    settings = FetchSettings(mirror=mirror.url, backoff=0)
    for name, pair in pairs:
        open_pair(name, pair, SacrebleuCache(tmp_path / "ours"), settings, registry_of(built))
    shutil.copytree(tmp_path / "ours", tmp_path / "theirs")
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env |= {"SACREBLEU": str(tmp_path / "theirs"), "HTTPS_PROXY": "http://127.0.0.1:9"}
    done = subprocess.run(
        [sys.executable, "-c", _SACREBLEU, json.dumps(pairs)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    expected = json.loads(done.stdout)
    monkeypatch.setenv("SACREBLEU", str(tmp_path / "ours"))
    monkeypatch.setenv("PARBLEU_OFFLINE", "1")
    for (name, pair), (source, references) in zip(pairs, expected, strict=True):
        mine = comet_sacrebleu_dataset(f"{name}:{pair}")
        assert Path(mine).relative_to(tmp_path / "ours") == Path(source).relative_to(
            tmp_path / "theirs"
        )
        assert Path(mine).read_bytes() == Path(source).read_bytes()
        mine_refs = dataset.get_reference_files(name, pair)
        assert [Path(r).name for r in mine_refs] == [Path(r).name for r in references]
        for ours, theirs in zip(mine_refs, references, strict=True):
            assert Path(ours).read_bytes() == Path(theirs).read_bytes()
