"""The test sets parbleu knows, and where their files lie in the cache.

Oracle: sacreBLEU 2.6.0's own registry (``sacrebleu.dataset.DATASETS``), its datasets'
file-name methods and its spBLEU model table (``tokenizer_spm.SPM_MODELS``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sacrebleu.dataset import DATASETS
from sacrebleu.dataset.fake_sgml import FakeSGMLDataset
from sacrebleu.dataset.wmt_xml import WMTXMLDataset
from sacrebleu.tokenizers.tokenizer_spm import SPM_MODELS
from sacrebleu.utils import SACREBLEU_DIR

from parbleu.cli.testsets import SPM_MODEL_URLS, TEST_SETS, CachedPair, RawFormat, SacrebleuCache
from parbleu.tokenizers.spm import SACREBLEU_MODEL_FILES

NAMES = sorted(TEST_SETS)


def test_the_supported_test_sets() -> None:
    assert NAMES == ["wmt13", "wmt17", "wmt21", "wmt21/systems"]


@pytest.mark.parametrize("name", NAMES)
def test_facts_are_sacrebleus(name: str) -> None:
    ours, theirs = TEST_SETS[name], DATASETS[name]
    assert [ours.url] == theirs.data
    assert [ours.md5] == theirs.md5
    assert ours.description == theirs.description
    assert ours.citation == theirs.citation
    assert list(ours.pairs) == list(theirs.langpairs)  # the order --list prints
    assert {pair: list(files) for pair, files in ours.pairs.items()} == theirs.langpairs
    assert list(ours.references) == theirs.kwargs.get("refs", [])
    kind = RawFormat.WMT_XML if isinstance(theirs, WMTXMLDataset) else RawFormat.SGML
    assert isinstance(theirs, (WMTXMLDataset, FakeSGMLDataset))
    assert ours.raw_format is kind


@pytest.mark.parametrize("name", NAMES)
def test_file_names_are_sacrebleus(name: str) -> None:
    """Each path is where sacreBLEU's dataset object puts it under its own cache folder."""
    cache = SacrebleuCache(Path(SACREBLEU_DIR))
    ours, theirs = TEST_SETS[name], DATASETS[name]
    assert str(cache.folder(ours)) == theirs._outdir
    assert str(cache.archive(ours)) == os.path.join(  # noqa: PTH118 (as sacreBLEU joins)
        theirs._rawdir, theirs._get_tarball_filename(ours.url)
    )
    for pair in ours.pairs:
        fields = ["src", "ref", "ref:A", "docid", "origlang", "Online-W"]
        for field in fields:
            expected = theirs._get_txt_file_path(pair, field)
            assert str(CachedPair(cache, ours, pair).text_file(field)) == expected
        for index, raw in enumerate(theirs.langpairs[pair]):
            assert str(cache.raw_file(ours, pair, index)) == os.path.join(theirs._rawdir, raw)  # noqa: PTH118


@pytest.mark.parametrize("name", [n for n in NAMES if TEST_SETS[n].raw_format is RawFormat.SGML])
def test_sgml_fields_are_sacrebleus(name: str) -> None:
    """SGML test sets name their fields without reading a file, as sacreBLEU does."""
    ours, theirs = TEST_SETS[name], DATASETS[name]
    cache = SacrebleuCache(Path("/nonexistent"))
    for pair in ours.pairs:
        assert CachedPair(cache, ours, pair).fields() == theirs.fieldnames(pair)


def test_spm_models_are_sacrebleus() -> None:
    assert {name: SPM_MODELS[name]["url"] for name in SPM_MODEL_URLS} == dict(SPM_MODEL_URLS)
    assert set(SPM_MODEL_URLS) == set(SPM_MODELS)
    for name, url in SPM_MODEL_URLS.items():
        assert SACREBLEU_MODEL_FILES[name] == os.path.basename(url)  # noqa: PTH119
