"""IWSLT 2017: the TED talk test sets, one archive per direction.

Transcribed from sacreBLEU 2.6.0's registry (``sacrebleu/dataset/__init__.py``): each test
set's archives and their MD5 sums, description, citation and the files of each language pair
(`parbleu.testsets.entries.pair_table`), in sacreBLEU's order.
`tests/testsets/test_registry.py` compares every fact with sacreBLEU's own registry.
"""

from __future__ import annotations

from parbleu.testsets.entries import Download, KnownTestSet, RawFormat, pair_table
from parbleu.testsets.registry import citations

__all__ = ["TEST_SETS"]

# Archives that several test sets read (each keeps its own copy, as sacreBLEU does).
_TED_TEST_EN_FR = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/en/fr/en-fr.tgz",
    md5="1849bcc3b006dc0642a8843b11aa7192",
)
_TED_TEST_FR_EN = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/fr/en/fr-en.tgz",
    md5="79bf7a2ef02d226875f55fb076e7e473",
)
_TED_TEST_EN_DE = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/en/de/en-de.tgz",
    md5="b68e7097b179491f6c466ef41ad72b9b",
)
_TED_TEST_DE_EN = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/de/en/de-en.tgz",
    md5="e3f5b2a075a2da1a395c8b60bf1e9be1",
)
_TED_TEST_EN_ZH = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/en/zh/en-zh.tgz",
    md5="975a858783a0ebec8c57d83ddd5bd381",
)
_TED_TEST_ZH_EN = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/zh/en/zh-en.tgz",
    md5="cc51d9b7fe1ff2af858c6a0dd80b8815",
)
_TRNTED_EN_DE = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-trnted/texts/en/de/en-de.tgz",
    md5="d8a32cfc002a4f12b17429cfa78050e6",
)
_TRNTED_DE_EN = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-trnted/texts/de/en/de-en.tgz",
    md5="ca2b94d694150d4d6c5dc64c200fa589",
)
_TRNTED_EN_FR = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-trnted/texts/en/fr/en-fr.tgz",
    md5="3cf07ebe305312b12f7f1a4d5f8f8377",
)
_TRNTED_FR_EN = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-trnted/texts/fr/en/fr-en.tgz",
    md5="19927da9de0f40348cad9c0fc61642ac",
)
_TRNTED_EN_ZH = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-trnted/texts/en/zh/en-zh.tgz",
    md5="575b788dad6c5b9c5cee636f9ac1094a",
)
_TRNTED_ZH_EN = Download(
    "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-trnted/texts/zh/en/zh-en.tgz",
    md5="1c0ae40171d52593df8a6963d3828116",
)

#: The test sets of this module, in sacreBLEU's order.
TEST_SETS: tuple[KnownTestSet, ...] = (
    KnownTestSet(
        "iwslt17",
        RawFormat.IWSLT_XML,
        (
            _TED_TEST_EN_FR,
            _TED_TEST_FR_EN,
            _TED_TEST_EN_DE,
            _TED_TEST_DE_EN,
            Download(
                "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/en/ar/en-ar.tgz",
                md5="ecdc6bc4ab4c8984e919444f3c05183a",
            ),
            Download(
                "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/ar/en/ar-en.tgz",
                md5="4b5141d14b98706c081371e2f8afe0ca",
            ),
            Download(
                "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/en/ja/en-ja.tgz",
                md5="d957ee79de1f33c89077d37c5a2c5b06",
            ),
            Download(
                "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/ja/en/ja-en.tgz",
                md5="c213e8bb918ebf843543fe9fd2e33db2",
            ),
            Download(
                "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/en/ko/en-ko.tgz",
                md5="59f6a81c707378176e9ad8bb8d811f5f",
            ),
            Download(
                "https://raw.githubusercontent.com/hlt-mt/WIT3/master/archive/2017-01-ted-test/texts/ko/en/ko-en.tgz",
                md5="7e580af973bb389ec1d1378a1850742f",
            ),
            _TED_TEST_EN_ZH,
            _TED_TEST_ZH_EN,
        ),
        "Official evaluation data for IWSLT.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2017.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2017.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2017.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2017.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2017.en-de.en.xml
            + de-en/IWSLT17.TED.tst2017.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2017.de-en.de.xml
            + en-de/IWSLT17.TED.tst2017.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2017.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2017.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2017.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2017.en-zh.en.xml
            en-ar en-ar/IWSLT17.TED.tst2017.en-ar.en.xml
            + ar-en/IWSLT17.TED.tst2017.ar-en.ar.xml
            ar-en ar-en/IWSLT17.TED.tst2017.ar-en.ar.xml
            + en-ar/IWSLT17.TED.tst2017.en-ar.en.xml
            en-ja en-ja/IWSLT17.TED.tst2017.en-ja.en.xml
            + ja-en/IWSLT17.TED.tst2017.ja-en.ja.xml
            ja-en ja-en/IWSLT17.TED.tst2017.ja-en.ja.xml
            + en-ja/IWSLT17.TED.tst2017.en-ja.en.xml
            en-ko en-ko/IWSLT17.TED.tst2017.en-ko.en.xml
            + ko-en/IWSLT17.TED.tst2017.ko-en.ko.xml
            ko-en ko-en/IWSLT17.TED.tst2017.ko-en.ko.xml
            + en-ko/IWSLT17.TED.tst2017.en-ko.en.xml
            """
        ),
        citation=citations.IWSLT17,
    ),
    KnownTestSet(
        "iwslt17/tst2016",
        RawFormat.IWSLT_XML,
        (
            _TED_TEST_EN_FR,
            _TED_TEST_FR_EN,
            _TED_TEST_EN_DE,
            _TED_TEST_DE_EN,
            _TED_TEST_EN_ZH,
            _TED_TEST_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2016.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2016.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2016.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2016.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2016.en-de.en.xml
            + de-en/IWSLT17.TED.tst2016.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2016.de-en.de.xml
            + en-de/IWSLT17.TED.tst2016.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2016.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2016.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2016.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2016.en-zh.en.xml
            """
        ),
    ),
    KnownTestSet(
        "iwslt17/tst2015",
        RawFormat.IWSLT_XML,
        (
            _TRNTED_EN_DE,
            _TRNTED_DE_EN,
            _TRNTED_EN_FR,
            _TRNTED_FR_EN,
            _TRNTED_EN_ZH,
            _TRNTED_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2015.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2015.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2015.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2015.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2015.en-de.en.xml
            + de-en/IWSLT17.TED.tst2015.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2015.de-en.de.xml
            + en-de/IWSLT17.TED.tst2015.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2015.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2015.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2015.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2015.en-zh.en.xml
            """
        ),
    ),
    KnownTestSet(
        "iwslt17/tst2014",
        RawFormat.IWSLT_XML,
        (
            _TRNTED_EN_DE,
            _TRNTED_DE_EN,
            _TRNTED_EN_FR,
            _TRNTED_FR_EN,
            _TRNTED_EN_ZH,
            _TRNTED_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2014.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2014.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2014.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2014.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2014.en-de.en.xml
            + de-en/IWSLT17.TED.tst2014.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2014.de-en.de.xml
            + en-de/IWSLT17.TED.tst2014.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2014.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2014.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2014.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2014.en-zh.en.xml
            """
        ),
    ),
    KnownTestSet(
        "iwslt17/tst2013",
        RawFormat.IWSLT_XML,
        (
            _TRNTED_EN_DE,
            _TRNTED_DE_EN,
            _TRNTED_EN_FR,
            _TRNTED_FR_EN,
            _TRNTED_EN_ZH,
            _TRNTED_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2013.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2013.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2013.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2013.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2013.en-de.en.xml
            + de-en/IWSLT17.TED.tst2013.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2013.de-en.de.xml
            + en-de/IWSLT17.TED.tst2013.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2013.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2013.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2013.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2013.en-zh.en.xml
            """
        ),
    ),
    KnownTestSet(
        "iwslt17/tst2012",
        RawFormat.IWSLT_XML,
        (
            _TRNTED_EN_DE,
            _TRNTED_DE_EN,
            _TRNTED_EN_FR,
            _TRNTED_FR_EN,
            _TRNTED_EN_ZH,
            _TRNTED_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2012.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2012.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2012.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2012.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2012.en-de.en.xml
            + de-en/IWSLT17.TED.tst2012.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2012.de-en.de.xml
            + en-de/IWSLT17.TED.tst2012.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2012.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2012.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2012.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2012.en-zh.en.xml
            """
        ),
    ),
    KnownTestSet(
        "iwslt17/tst2011",
        RawFormat.IWSLT_XML,
        (
            _TRNTED_EN_DE,
            _TRNTED_DE_EN,
            _TRNTED_EN_FR,
            _TRNTED_FR_EN,
            _TRNTED_EN_ZH,
            _TRNTED_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2011.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2011.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2011.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2011.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2011.en-de.en.xml
            + de-en/IWSLT17.TED.tst2011.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2011.de-en.de.xml
            + en-de/IWSLT17.TED.tst2011.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2011.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2011.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2011.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2011.en-zh.en.xml
            """
        ),
    ),
    KnownTestSet(
        "iwslt17/tst2010",
        RawFormat.IWSLT_XML,
        (
            _TRNTED_EN_DE,
            _TRNTED_DE_EN,
            _TRNTED_EN_FR,
            _TRNTED_FR_EN,
            _TRNTED_EN_ZH,
            _TRNTED_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.tst2010.en-fr.en.xml
            + fr-en/IWSLT17.TED.tst2010.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.tst2010.fr-en.fr.xml
            + en-fr/IWSLT17.TED.tst2010.en-fr.en.xml
            en-de en-de/IWSLT17.TED.tst2010.en-de.en.xml
            + de-en/IWSLT17.TED.tst2010.de-en.de.xml
            de-en de-en/IWSLT17.TED.tst2010.de-en.de.xml
            + en-de/IWSLT17.TED.tst2010.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.tst2010.en-zh.en.xml
            + zh-en/IWSLT17.TED.tst2010.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.tst2010.zh-en.zh.xml
            + en-zh/IWSLT17.TED.tst2010.en-zh.en.xml
            """
        ),
    ),
    KnownTestSet(
        "iwslt17/dev2010",
        RawFormat.IWSLT_XML,
        (
            _TRNTED_EN_DE,
            _TRNTED_DE_EN,
            _TRNTED_EN_FR,
            _TRNTED_FR_EN,
            _TRNTED_EN_ZH,
            _TRNTED_ZH_EN,
        ),
        "Development data for IWSLT 2017.",
        pair_table(
            """
            en-fr en-fr/IWSLT17.TED.dev2010.en-fr.en.xml
            + fr-en/IWSLT17.TED.dev2010.fr-en.fr.xml
            fr-en fr-en/IWSLT17.TED.dev2010.fr-en.fr.xml
            + en-fr/IWSLT17.TED.dev2010.en-fr.en.xml
            en-de en-de/IWSLT17.TED.dev2010.en-de.en.xml
            + de-en/IWSLT17.TED.dev2010.de-en.de.xml
            de-en de-en/IWSLT17.TED.dev2010.de-en.de.xml
            + en-de/IWSLT17.TED.dev2010.en-de.en.xml
            en-zh en-zh/IWSLT17.TED.dev2010.en-zh.en.xml
            + zh-en/IWSLT17.TED.dev2010.zh-en.zh.xml
            zh-en zh-en/IWSLT17.TED.dev2010.zh-en.zh.xml
            + en-zh/IWSLT17.TED.dev2010.en-zh.en.xml
            """
        ),
    ),
)
