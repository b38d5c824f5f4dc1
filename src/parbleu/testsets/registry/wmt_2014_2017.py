"""WMT 2014-2017: mteval SGML, and Microsoft's extra references of WMT17.

Transcribed from sacreBLEU 2.6.0's registry (``sacrebleu/dataset/__init__.py``): each test
set's archives and their MD5 sums, description, citation and the files of each language pair
(`parbleu.testsets.entries.pair_table`), in sacreBLEU's order.
`tests/testsets/test_registry.py` compares every fact with sacreBLEU's own registry.
"""

from __future__ import annotations

from parbleu.testsets.entries import (
    Download,
    KnownTestSet,
    PairFiles,
    RawFile,
    RawFormat,
    pair_table,
)
from parbleu.testsets.registry import citations

__all__ = ["TEST_SETS"]

#: Microsoft's references of wmt17/ms, in their archive.
_HUMAN_PARITY = (
    "Translator-HumanParityData-master/Translator-HumanParityData/References/"
    "Translator-HumanParityData-Reference"
)

# Archives that several test sets read (each keeps its own copy, as sacreBLEU does).
_WMT17_TEST = Download(
    "https://data.statmt.org/wmt17/translation-task/test.tgz",
    md5="86a1724c276004aa25455ae2a04cef26",
)
_WMT17_TEST_UPDATE_1 = Download(
    "https://data.statmt.org/wmt17/translation-task/test-update-1.tgz",
    md5="91dbfd5af99bc6891a637a68e04dfd41",
)
_WMT16_TEST = Download(
    "https://data.statmt.org/wmt16/translation-task/test.tgz",
    md5="3d809cd0c2c86adb2c67034d15c4e446",
)

#: The test sets of this module, in sacreBLEU's order.
TEST_SETS: tuple[KnownTestSet, ...] = (
    KnownTestSet(
        "wmt17",
        RawFormat.SGML,
        (_WMT17_TEST,),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2017-csen-src.cs.sgm newstest2017-csen-ref.en.sgm
            de-en newstest2017-deen-src.de.sgm newstest2017-deen-ref.en.sgm
            en-cs newstest2017-encs-src.en.sgm newstest2017-encs-ref.cs.sgm
            en-de newstest2017-ende-src.en.sgm newstest2017-ende-ref.de.sgm
            en-fi newstest2017-enfi-src.en.sgm newstest2017-enfi-ref.fi.sgm
            en-lv newstest2017-enlv-src.en.sgm newstest2017-enlv-ref.lv.sgm
            en-ru newstest2017-enru-src.en.sgm newstest2017-enru-ref.ru.sgm
            en-tr newstest2017-entr-src.en.sgm newstest2017-entr-ref.tr.sgm
            en-zh newstest2017-enzh-src.en.sgm newstest2017-enzh-ref.zh.sgm
            fi-en newstest2017-fien-src.fi.sgm newstest2017-fien-ref.en.sgm
            lv-en newstest2017-lven-src.lv.sgm newstest2017-lven-ref.en.sgm
            ru-en newstest2017-ruen-src.ru.sgm newstest2017-ruen-ref.en.sgm
            tr-en newstest2017-tren-src.tr.sgm newstest2017-tren-ref.en.sgm
            zh-en newstest2017-zhen-src.zh.sgm newstest2017-zhen-ref.en.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT17,
    ),
    KnownTestSet(
        "wmt17/B",
        RawFormat.SGML,
        (_WMT17_TEST,),
        "Additional reference for EN-FI and FI-EN.",
        pair_table(
            """
            en-fi newstestB2017-enfi-src.en.sgm newstestB2017-enfi-ref.fi.sgm
            """,
            prefix="test/",
        ),
    ),
    KnownTestSet(
        "wmt17/tworefs",
        RawFormat.SGML,
        (_WMT17_TEST,),
        "Systems with two references.",
        pair_table(
            """
            en-fi newstest2017-enfi-src.en.sgm newstest2017-enfi-ref.fi.sgm
            + newstestB2017-enfi-ref.fi.sgm
            """,
            prefix="test/",
        ),
    ),
    KnownTestSet(
        "wmt17/improved",
        RawFormat.SGML,
        (_WMT17_TEST_UPDATE_1,),
        "Improved zh-en and en-zh translations.",
        pair_table(
            """
            en-zh newstest2017-enzh-src.en.sgm newstest2017-enzh-ref.zh.sgm
            zh-en newstest2017-zhen-src.zh.sgm newstest2017-zhen-ref.en.sgm
            """
        ),
    ),
    KnownTestSet(
        "wmt17/dev",
        RawFormat.SGML,
        (
            Download(
                "https://data.statmt.org/wmt17/translation-task/dev.tgz",
                md5="9b1aa63c1cf49dccdd20b962fe313989",
            ),
        ),
        "Development sets released for new languages in 2017.",
        pair_table(
            """
            en-lv newsdev2017-enlv-src.en.sgm newsdev2017-enlv-ref.lv.sgm
            en-zh newsdev2017-enzh-src.en.sgm newsdev2017-enzh-ref.zh.sgm
            lv-en newsdev2017-lven-src.lv.sgm newsdev2017-lven-ref.en.sgm
            zh-en newsdev2017-zhen-src.zh.sgm newsdev2017-zhen-ref.en.sgm
            """,
            prefix="dev/",
        ),
    ),
    KnownTestSet(
        "wmt17/ms",
        RawFormat.SGML_ADDITION,
        (
            Download(
                "https://github.com/MicrosoftTranslator/Translator-HumanParityData/archive/master.zip",
                md5="18fdaa7a3c84cf6ef688da1f6a5fa96f",
            ),
            _WMT17_TEST_UPDATE_1,
        ),
        "Additional Chinese-English references from Microsoft Research.",
        {
            "zh-en": PairFiles(
                (
                    RawFile("newstest2017-zhen-src.zh.sgm"),
                    RawFile("newstest2017-zhen-ref.en.sgm"),
                    RawFile(f"{_HUMAN_PARITY}-HT.txt"),
                    RawFile(f"{_HUMAN_PARITY}-PE.txt"),
                )
            )
        },
        citation=citations.WMT17_MS,
    ),
    KnownTestSet(
        "wmt16",
        RawFormat.SGML,
        (_WMT16_TEST,),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2016-csen-src.cs.sgm newstest2016-csen-ref.en.sgm
            de-en newstest2016-deen-src.de.sgm newstest2016-deen-ref.en.sgm
            en-cs newstest2016-encs-src.en.sgm newstest2016-encs-ref.cs.sgm
            en-de newstest2016-ende-src.en.sgm newstest2016-ende-ref.de.sgm
            en-fi newstest2016-enfi-src.en.sgm newstest2016-enfi-ref.fi.sgm
            en-ro newstest2016-enro-src.en.sgm newstest2016-enro-ref.ro.sgm
            en-ru newstest2016-enru-src.en.sgm newstest2016-enru-ref.ru.sgm
            en-tr newstest2016-entr-src.en.sgm newstest2016-entr-ref.tr.sgm
            fi-en newstest2016-fien-src.fi.sgm newstest2016-fien-ref.en.sgm
            ro-en newstest2016-roen-src.ro.sgm newstest2016-roen-ref.en.sgm
            ru-en newstest2016-ruen-src.ru.sgm newstest2016-ruen-ref.en.sgm
            tr-en newstest2016-tren-src.tr.sgm newstest2016-tren-ref.en.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT16,
    ),
    KnownTestSet(
        "wmt16/B",
        RawFormat.SGML,
        (_WMT16_TEST,),
        "Additional reference for EN-FI.",
        pair_table(
            """
            en-fi newstest2016-enfi-src.en.sgm newstestB2016-enfi-ref.fi.sgm
            """,
            prefix="test/",
        ),
    ),
    KnownTestSet(
        "wmt16/tworefs",
        RawFormat.SGML,
        (_WMT16_TEST,),
        "EN-FI with two references.",
        pair_table(
            """
            en-fi newstest2016-enfi-src.en.sgm newstest2016-enfi-ref.fi.sgm
            + newstestB2016-enfi-ref.fi.sgm
            """,
            prefix="test/",
        ),
    ),
    KnownTestSet(
        "wmt16/dev",
        RawFormat.SGML,
        (
            Download(
                "https://data.statmt.org/wmt16/translation-task/dev.tgz",
                md5="4a3dc2760bb077f4308cce96b06e6af6",
            ),
        ),
        "Development sets released for new languages in 2016.",
        pair_table(
            """
            en-ro newsdev2016-enro-src.en.sgm newsdev2016-enro-ref.ro.sgm
            en-tr newsdev2016-entr-src.en.sgm newsdev2016-entr-ref.tr.sgm
            ro-en newsdev2016-roen-src.ro.sgm newsdev2016-roen-ref.en.sgm
            tr-en newsdev2016-tren-src.tr.sgm newsdev2016-tren-ref.en.sgm
            """,
            prefix="dev/",
        ),
    ),
    KnownTestSet(
        "wmt15",
        RawFormat.SGML,
        (Download("https://statmt.org/wmt15/test.tgz", md5="67e3beca15e69fe3d36de149da0a96df"),),
        "Official evaluation data.",
        pair_table(
            """
            en-fr newsdiscusstest2015-enfr-src.en.sgm newsdiscusstest2015-enfr-ref.fr.sgm
            fr-en newsdiscusstest2015-fren-src.fr.sgm newsdiscusstest2015-fren-ref.en.sgm
            cs-en newstest2015-csen-src.cs.sgm newstest2015-csen-ref.en.sgm
            de-en newstest2015-deen-src.de.sgm newstest2015-deen-ref.en.sgm
            en-cs newstest2015-encs-src.en.sgm newstest2015-encs-ref.cs.sgm
            en-de newstest2015-ende-src.en.sgm newstest2015-ende-ref.de.sgm
            en-fi newstest2015-enfi-src.en.sgm newstest2015-enfi-ref.fi.sgm
            en-ru newstest2015-enru-src.en.sgm newstest2015-enru-ref.ru.sgm
            fi-en newstest2015-fien-src.fi.sgm newstest2015-fien-ref.en.sgm
            ru-en newstest2015-ruen-src.ru.sgm newstest2015-ruen-ref.en.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT15,
    ),
    KnownTestSet(
        "wmt14",
        RawFormat.SGML,
        (
            Download(
                "https://statmt.org/wmt14/test-filtered.tgz", md5="84c597844c1542e29c2aff23aaee4310"
            ),
        ),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2014-csen-src.cs.sgm newstest2014-csen-ref.en.sgm
            en-cs newstest2014-csen-src.en.sgm newstest2014-csen-ref.cs.sgm
            de-en newstest2014-deen-src.de.sgm newstest2014-deen-ref.en.sgm
            en-de newstest2014-deen-src.en.sgm newstest2014-deen-ref.de.sgm
            en-fr newstest2014-fren-src.en.sgm newstest2014-fren-ref.fr.sgm
            fr-en newstest2014-fren-src.fr.sgm newstest2014-fren-ref.en.sgm
            en-hi newstest2014-hien-src.en.sgm newstest2014-hien-ref.hi.sgm
            hi-en newstest2014-hien-src.hi.sgm newstest2014-hien-ref.en.sgm
            en-ru newstest2014-ruen-src.en.sgm newstest2014-ruen-ref.ru.sgm
            ru-en newstest2014-ruen-src.ru.sgm newstest2014-ruen-ref.en.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT14,
    ),
    KnownTestSet(
        "wmt14/full",
        RawFormat.SGML,
        (
            Download(
                "https://statmt.org/wmt14/test-full.tgz", md5="a8cd784e006feb32ac6f3d9ec7eb389a"
            ),
        ),
        "Evaluation data released after official evaluation for further research.",
        pair_table(
            """
            cs-en newstest2014-csen-src.cs.sgm newstest2014-csen-ref.en.sgm
            en-cs newstest2014-csen-src.en.sgm newstest2014-csen-ref.cs.sgm
            de-en newstest2014-deen-src.de.sgm newstest2014-deen-ref.en.sgm
            en-de newstest2014-deen-src.en.sgm newstest2014-deen-ref.de.sgm
            en-fr newstest2014-fren-src.en.sgm newstest2014-fren-ref.fr.sgm
            fr-en newstest2014-fren-src.fr.sgm newstest2014-fren-ref.en.sgm
            en-hi newstest2014-hien-src.en.sgm newstest2014-hien-ref.hi.sgm
            hi-en newstest2014-hien-src.hi.sgm newstest2014-hien-ref.en.sgm
            en-ru newstest2014-ruen-src.en.sgm newstest2014-ruen-ref.ru.sgm
            ru-en newstest2014-ruen-src.ru.sgm newstest2014-ruen-ref.en.sgm
            """,
            prefix="test-full/",
        ),
    ),
)
