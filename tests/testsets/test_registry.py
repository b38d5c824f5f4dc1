"""The registry: every test set sacreBLEU 2.6.0 lists, fact for fact, and the newer ones.

Oracle: sacreBLEU 2.6.0's own registry (``sacrebleu.dataset.DATASETS`` and ``SUBSETS``), its
datasets' file-name methods and SGML field names (which read no file), and its spBLEU model
table (``tokenizer_spm.SPM_MODELS``). The sweep takes well under a second.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from sacrebleu.dataset import DATASETS, SUBSETS
from sacrebleu.dataset.fake_sgml import FakeSGMLDataset, WMTAdditionDataset
from sacrebleu.dataset.iwslt_xml import IWSLTXMLDataset
from sacrebleu.dataset.plain_text import PlainTextDataset
from sacrebleu.dataset.tsv import TSVDataset
from sacrebleu.dataset.wmt_xml import WMTXMLDataset
from sacrebleu.tokenizers.tokenizer_spm import SPM_MODELS as SACREBLEU_SPM
from sacrebleu.utils import SACREBLEU_DIR

from parbleu.errors import OptionError
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.conversion import RawPair
from parbleu.testsets.entries import KnownTestSet, RawFormat, pair_table
from parbleu.testsets.pair import TestSetPair
from parbleu.testsets.registry import SPM_MODELS, TEST_SETS
from parbleu.testsets.registry.beyond import WMT24PP_REVISION, WMT25_COMMIT
from parbleu.testsets.registry.subsets import SUBSETS as OURS_SUBSETS
from parbleu.tokenizers.spm import SACREBLEU_MODEL_FILES

NAMES = list(DATASETS)

#: sacreBLEU's dataset class of each raw format (subclasses first).
CLASSES = {
    RawFormat.SGML_ADDITION: WMTAdditionDataset,
    RawFormat.IWSLT_XML: IWSLTXMLDataset,
    RawFormat.SGML: FakeSGMLDataset,
    RawFormat.WMT_XML: WMTXMLDataset,
    RawFormat.PLAIN_TEXT: PlainTextDataset,
    RawFormat.TSV: TSVDataset,
}


def sacrebleu_shape(entry: KnownTestSet) -> dict[str, object]:
    """Our pairs written as sacreBLEU's registry writes them."""
    out: dict[str, object] = {}
    for pair, files in entry.pairs.items():
        paths = [f.path if f.column is None else f"{f.column}:{f.path}" for f in files.files]
        if files.references is not None:
            out[pair] = {"path": paths[0], "refs": list(files.references)}
        else:
            out[pair] = paths
    return out


def test_every_test_set_of_sacrebleu_in_its_order_then_the_newer_ones() -> None:
    assert list(TEST_SETS)[: len(NAMES)] == NAMES
    assert len(NAMES) == 67
    assert sum(len(TEST_SETS[n].pairs) for n in NAMES) == 452
    newer = [n for n in TEST_SETS if n not in DATASETS]
    assert newer == ["wmt24pp", "wmt25"]
    assert [TEST_SETS[n].in_sacrebleu for n in TEST_SETS] == [n in DATASETS for n in TEST_SETS]


@pytest.mark.parametrize("name", NAMES)
def test_facts_are_sacrebleus(name: str) -> None:
    ours, theirs = TEST_SETS[name], DATASETS[name]
    assert [d.url for d in ours.downloads] == theirs.data
    assert [d.md5 for d in ours.downloads] == theirs.md5
    assert ours.description == theirs.description
    assert ours.citation == theirs.citation
    assert sacrebleu_shape(ours) == theirs.langpairs
    assert list(ours.pairs) == list(theirs.langpairs)  # the order --list prints
    assert list(ours.references) == theirs.kwargs.get("refs", [])
    assert type(theirs) is CLASSES[ours.raw_format]
    assert ours.subsets == SUBSETS.get(name)


@pytest.mark.parametrize("name", NAMES)
def test_file_names_are_sacrebleus(name: str) -> None:
    """Each path is where sacreBLEU's dataset object puts it under its own cache folder."""
    cache = SacrebleuCache(Path(SACREBLEU_DIR))
    ours, theirs = TEST_SETS[name], DATASETS[name]
    assert str(cache.folder(name)) == theirs._outdir
    assert str(cache.raw_folder(name)) == theirs._rawdir
    for download in ours.downloads:
        expected = os.path.join(theirs._rawdir, theirs._get_tarball_filename(download.url))  # noqa: PTH118
        assert str(cache.download_file(ours, download)) == expected
    for pair in ours.pairs:
        for field in ("src", "ref", "ref:A", "ref:0", "docid", "origlang", "Online-W"):
            assert str(cache.text_file(name, pair, field)) == theirs._get_txt_file_path(pair, field)


@pytest.mark.parametrize(
    "name", [n for n in NAMES if TEST_SETS[n].raw_format is not RawFormat.WMT_XML]
)
def test_field_names_read_without_files_are_sacrebleus(name: str) -> None:
    """SGML, IWSLT, text and TSV test sets name their fields from the registry alone."""
    ours, theirs = TEST_SETS[name], DATASETS[name]
    nowhere = SacrebleuCache(Path("/nonexistent"))
    for pair in ours.pairs:
        assert list(RawPair(ours, pair, Path("/nonexistent")).fields()) == theirs.fieldnames(pair)
        assert TestSetPair(nowhere, name, pair, ours).fields() == theirs.fieldnames(pair)


def test_wmt_xml_references_scored_are_sacrebleus() -> None:
    for name in NAMES:
        ours, theirs = TEST_SETS[name], DATASETS[name]
        if ours.raw_format is RawFormat.WMT_XML:
            for pair in ours.pairs:
                wanted = [f"ref:{t}" if t else "ref" for t in ours.default_references(pair)]
                assert wanted == theirs._get_langpair_allowed_refs(pair)


def test_subsets_are_sacrebleus() -> None:
    assert OURS_SUBSETS == SUBSETS


def test_spm_models_are_sacrebleus() -> None:
    assert set(SPM_MODELS) == set(SACREBLEU_SPM)
    for name, model in SPM_MODELS.items():
        assert model.url == SACREBLEU_SPM[name]["url"]
        assert model.file_name == SACREBLEU_MODEL_FILES[name]


def test_the_newer_test_sets_are_pinned_and_consistent() -> None:
    wmt24pp, wmt25 = TEST_SETS["wmt24pp"], TEST_SETS["wmt25"]
    assert len(wmt24pp.pairs) == 55
    assert all(WMT24PP_REVISION in d.url and d.lines == 998 for d in wmt24pp.downloads)
    for pair, files in wmt24pp.pairs.items():  # each pair reads its own download
        (download,) = [d for d in wmt24pp.downloads if d.basename == f"{pair}.jsonl"]
        assert [f.path for f in files.files] == [wmt24pp.local_name(download)]
    assert len(wmt25.pairs) == 31
    assert WMT25_COMMIT in wmt25.downloads[0].url
    assert re.fullmatch(r"[0-9a-f]{40}", wmt25.downloads[0].git_blob or "")
    assert {f.path for p in wmt25.pairs.values() for f in p.files} == {
        wmt25.local_name(wmt25.downloads[0])
    }


@pytest.mark.parametrize("table", ["en-de", "en-de a.sgm\nen-de b.sgm"])
def test_a_broken_pair_table_is_refused(table: str) -> None:
    with pytest.raises(OptionError, match="registry table"):
        pair_table(table)
