"""IWSLT 2017: the TED talk test sets, one archive per direction, as sacreBLEU 2.6.0 lists them.

Transcribed from sacreBLEU's registry (``sacrebleu/dataset/__init__.py``): the archives of
WIT3 (``hlt-mt/WIT3``: ``2017-01-ted-test`` for the 2017 and 2016 test sets, ``2017-01-trnted``
for the development sets) with their MD5 sums, in sacreBLEU's order, and each pair's files,
which follow one pattern: the source ``<src>-<trg>/IWSLT17.TED.<set>.<src>-<trg>.<src>.xml``
and the reference ``<trg>-<src>/IWSLT17.TED.<set>.<trg>-<src>.<trg>.xml``.
`tests/testsets/test_registry.py` compares every fact with sacreBLEU's own registry.
"""

from __future__ import annotations

from parbleu.testsets.entries import Download, KnownTestSet, PairFiles, RawFile, RawFormat
from parbleu.testsets.registry import citations

__all__ = ["TEST_SETS"]

_WIT3 = "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive"

#: Each direction's archive of 2017-01-ted-test and its MD5 sum, in sacreBLEU's order.
_TED_TEST = """
    en-fr 1849bcc3b006dc0642a8843b11aa7192  fr-en 79bf7a2ef02d226875f55fb076e7e473
    en-de b68e7097b179491f6c466ef41ad72b9b  de-en e3f5b2a075a2da1a395c8b60bf1e9be1
    en-ar ecdc6bc4ab4c8984e919444f3c05183a  ar-en 4b5141d14b98706c081371e2f8afe0ca
    en-ja d957ee79de1f33c89077d37c5a2c5b06  ja-en c213e8bb918ebf843543fe9fd2e33db2
    en-ko 59f6a81c707378176e9ad8bb8d811f5f  ko-en 7e580af973bb389ec1d1378a1850742f
    en-zh 975a858783a0ebec8c57d83ddd5bd381  zh-en cc51d9b7fe1ff2af858c6a0dd80b8815
"""

#: The same for 2017-01-trnted.
_TRNTED = """
    en-de d8a32cfc002a4f12b17429cfa78050e6  de-en ca2b94d694150d4d6c5dc64c200fa589
    en-fr 3cf07ebe305312b12f7f1a4d5f8f8377  fr-en 19927da9de0f40348cad9c0fc61642ac
    en-zh 575b788dad6c5b9c5cee636f9ac1094a  zh-en 1c0ae40171d52593df8a6963d3828116
"""

_DEVELOPMENT = "Development data for IWSLT 2017."


def _archives(release: str, table: str, pairs: str | None = None) -> tuple[Download, ...]:
    """The archives of `release` (those of `pairs` only, in the table's order)."""
    words = table.split()
    wanted = None if pairs is None else set(pairs.split())
    return tuple(
        Download(f"{_WIT3}/{release}/texts/{pair[:2]}/{pair[3:]}/{pair}.tgz", md5=md5)
        for pair, md5 in zip(words[::2], words[1::2], strict=True)
        if wanted is None or pair in wanted
    )


def _pairs(name: str, pairs: str) -> dict[str, PairFiles]:
    """Each pair's source and reference file in test set `name` (``tst2017`` ...)."""
    out = {}
    for pair in pairs.split():
        source, target = pair.split("-")
        reverse = f"{target}-{source}"
        files = (
            RawFile(f"{pair}/IWSLT17.TED.{name}.{pair}.{source}.xml"),
            RawFile(f"{reverse}/IWSLT17.TED.{name}.{reverse}.{target}.xml"),
        )
        out[pair] = PairFiles(files)
    return out


_SIX = "en-fr fr-en en-de de-en en-zh zh-en"


def _development(name: str) -> KnownTestSet:
    return KnownTestSet(
        f"iwslt17/{name}",
        RawFormat.IWSLT_XML,
        _archives("2017-01-trnted", _TRNTED),
        _DEVELOPMENT,
        _pairs(name, _SIX),
    )


#: The test sets of this module, in sacreBLEU's order.
TEST_SETS: tuple[KnownTestSet, ...] = (
    KnownTestSet(
        "iwslt17",
        RawFormat.IWSLT_XML,
        _archives("2017-01-ted-test", _TED_TEST),
        "Official evaluation data for IWSLT.",
        _pairs("tst2017", f"{_SIX} en-ar ar-en en-ja ja-en en-ko ko-en"),
        citation=citations.IWSLT17,
    ),
    KnownTestSet(
        "iwslt17/tst2016",
        RawFormat.IWSLT_XML,
        _archives("2017-01-ted-test", _TED_TEST, _SIX),
        _DEVELOPMENT,
        _pairs("tst2016", _SIX),
    ),
    *(
        _development(name)
        for name in ("tst2015", "tst2014", "tst2013", "tst2012", "tst2011", "tst2010", "dev2010")
    ),
)
