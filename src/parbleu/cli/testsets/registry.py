"""The sacreBLEU test sets parbleu reads from sacreBLEU's cache, and the files each one has.

Facts from sacreBLEU 2.6.0's registry (``sacrebleu/dataset/__init__.py``) and its spBLEU
tokenizer (``sacrebleu/tokenizers/tokenizer_spm.py``), kept only for the test sets parbleu
supports: ``wmt13``, ``wmt17`` (mteval SGML, WMT until 2020), ``wmt21`` and
``wmt21/systems`` (WMT XML, with the submitted systems). For each: the archive sacreBLEU
downloads and its MD5 sum, the description and citation it prints, the file of each language
pair inside the archive, and the reference translators it scores by default. Nothing here is
downloaded; the archive's address is only named in messages that say how to get it.
`tests/cli/test_testsets_registry.py` checks every fact against sacreBLEU's own registry.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass

from parbleu.options import Choice

__all__ = ["SPM_MODEL_URLS", "TEST_SETS", "KnownTestSet", "RawFormat"]


class RawFormat(Choice):
    """How a test set's files are written: one mteval SGML file per side, or one WMT XML."""

    SGML = "sgml"
    WMT_XML = "wmt-xml"


@dataclass(frozen=True)
class KnownTestSet:
    """One sacreBLEU test set: where sacreBLEU gets it and which file holds each pair.

    Attributes:
        name: sacreBLEU's name (``wmt17``, ``wmt21/systems``).
        raw_format: the format of the files in the archive.
        url: the archive sacreBLEU downloads.
        md5: its MD5 sum, as sacreBLEU checks it.
        description: the line ``--list`` prints.
        pairs: for each language pair, in sacreBLEU's order, its files inside the archive
            (SGML: the source, then each reference; WMT XML: the one file).
        references: the translators scored by default (WMT XML: ``A`` is field ``ref:A``).
        citation: the BibTeX entry, where sacreBLEU has one.
    """

    name: str
    raw_format: RawFormat
    url: str
    md5: str
    description: str
    pairs: Mapping[str, tuple[str, ...]]
    references: tuple[str, ...] = ()
    citation: str | None = None

    @property
    def file_stem(self) -> str:
        """The name in sacreBLEU's file names (``wmt21/systems`` becomes ``wmt21_systems``)."""
        return self.name.replace("/", "_")

    @property
    def archive(self) -> str:
        """The archive's file name in ``raw/``: the stem, a dot and the URL's base name."""
        return f"{self.file_stem}.{posixpath.basename(self.url)}"


def _pairs(names: str) -> list[tuple[str, str]]:
    return [(pair.split("-")[0], pair.split("-")[1]) for pair in names.split()]


def _wmt13() -> dict[str, tuple[str, ...]]:
    pairs = "cs-en en-cs de-en en-de es-en en-es fr-en en-fr ru-en en-ru"
    return {
        f"{s}-{t}": (f"test/newstest2013-src.{s}.sgm", f"test/newstest2013-src.{t}.sgm")
        for s, t in _pairs(pairs)
    }


def _wmt17() -> dict[str, tuple[str, ...]]:
    pairs = "cs-en de-en en-cs en-de en-fi en-lv en-ru en-tr en-zh fi-en lv-en ru-en tr-en zh-en"
    return {
        f"{s}-{t}": (
            f"test/newstest2017-{s}{t}-src.{s}.sgm",
            f"test/newstest2017-{s}{t}-ref.{t}.sgm",
        )
        for s, t in _pairs(pairs)
    }


#: WMT21's language pairs in sacreBLEU's order; the last four are FLORES, not news.
_WMT21_PAIRS = (
    "de-fr en-de en-ha en-is en-ja fr-de ha-en is-en ja-en zh-en en-zh cs-en de-en en-cs en-ru "
    "ru-en bn-hi hi-bn xh-zu zu-xh"
)
_FLORES = ("bn-hi", "hi-bn", "xh-zu", "zu-xh")


def _wmt21(folder: str, suffix: str) -> dict[str, tuple[str, ...]]:
    def corpus(pair: str) -> str:
        return "florestest" if pair in _FLORES else "newstest"

    return {pair: (f"{folder}/{corpus(pair)}2021.{pair}{suffix}",) for pair in _WMT21_PAIRS.split()}


_WMT13_CITATION = (
    "@InProceedings{bojar-EtAl:2013:WMT,\n"
    "  author    = {Bojar, Ond\\v{r}ej  and  Buck, Christian  and  Callison-Burch, Chris  and  "
    "Federmann, Christian  and  Haddow, Barry  and  Koehn, Philipp  and  Monz, Christof  and  "
    "Post, Matt  and  Soricut, Radu  and  Specia, Lucia},\n"
    "  title     = {Findings of the 2013 {Workshop on Statistical Machine Translation}},\n"
    "  booktitle = {Proceedings of the Eighth Workshop on Statistical Machine Translation},\n"
    "  month     = {August},\n"
    "  year      = {2013},\n"
    "  address   = {Sofia, Bulgaria},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {1--44},\n"
    "  url       = {http://www.aclweb.org/anthology/W13-2201}\n"
    "}"
)

_WMT17_CITATION = (
    "@InProceedings{bojar-EtAl:2017:WMT1,\n"
    "  author    = {Bojar, Ond\\v{r}ej  and  Chatterjee, Rajen  and  Federmann, Christian  and  "
    "Graham, Yvette  and  Haddow, Barry  and  Huang, Shujian  and  Huck, Matthias  and  "
    "Koehn, Philipp  and  Liu, Qun  and  Logacheva, Varvara  and  Monz, Christof  and  "
    "Negri, Matteo  and  Post, Matt  and  Rubino, Raphael  and  Specia, Lucia  and  "
    "Turchi, Marco},\n"
    "  title     = {Findings of the 2017 Conference on Machine Translation (WMT17)},\n"
    "  booktitle = {Proceedings of the Second Conference on Machine Translation, Volume 2: "
    "Shared Task Papers},\n"
    "  month     = {September},\n"
    "  year      = {2017},\n"
    "  address   = {Copenhagen, Denmark},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {169--214},\n"
    "  url       = {http://www.aclweb.org/anthology/W17-4717}\n"
    "}"
)

#: The test sets parbleu knows, by sacreBLEU's name.
TEST_SETS: Mapping[str, KnownTestSet] = {
    entry.name: entry
    for entry in (
        KnownTestSet(
            "wmt13",
            RawFormat.SGML,
            "https://statmt.org/wmt13/test.tgz",
            "48eca5d02f637af44e85186847141f67",
            "Official evaluation data.",
            _wmt13(),
            citation=_WMT13_CITATION,
        ),
        KnownTestSet(
            "wmt17",
            RawFormat.SGML,
            "https://data.statmt.org/wmt17/translation-task/test.tgz",
            "86a1724c276004aa25455ae2a04cef26",
            "Official evaluation data.",
            _wmt17(),
            citation=_WMT17_CITATION,
        ),
        KnownTestSet(
            "wmt21",
            RawFormat.WMT_XML,
            "https://data.statmt.org/wmt21/translation-task/test.tgz",
            "32e7ab995bc318414375d60f0269af92",
            "Official evaluation data for WMT21.",
            _wmt21("test", ".xml"),
            references=("A",),
        ),
        KnownTestSet(
            "wmt21/systems",
            RawFormat.WMT_XML,
            "https://github.com/wmt-conference/wmt21-news-systems/archive/refs/tags/v1.3.tar.gz",
            "a6aee4099da58f98f71eb3fac1694237",
            "WMT21 system output.",
            _wmt21("wmt21-news-systems-1.3/xml", ".all.xml"),
            references=("A",),
        ),
    )
}

#: Where sacreBLEU downloads each spBLEU model from; it keeps the file under the URL's base
#: name in ``<cache>/models/`` (`parbleu.tokenizers.spm.SACREBLEU_MODEL_FILES`).
SPM_MODEL_URLS: Mapping[str, str] = {
    "spm": "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model",
    "flores101": (
        "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model"
    ),
    "flores200": "https://tinyurl.com/flores200sacrebleuspm",
    "spBLEU-1K": "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model",
}
