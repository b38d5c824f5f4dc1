"""WMT 2018-2020: mteval SGML, the robustness task's text, Google's extra references of WMT19.

Transcribed from sacreBLEU 2.6.0's registry (``sacrebleu/dataset/__init__.py``): each test
set's archives and their MD5 sums, description, citation and the files of each language pair
(`parbleu.testsets.entries.pair_table`), in sacreBLEU's order.
`tests/testsets/test_registry.py` compares every fact with sacreBLEU's own registry.
"""

from __future__ import annotations

from parbleu.testsets.entries import Download, KnownTestSet, RawFormat, pair_table
from parbleu.testsets.registry import citations
from parbleu.testsets.registry.subsets import SUBSETS

__all__ = ["TEST_SETS"]

# Archives that several test sets read (each keeps its own copy, as sacreBLEU does).
_WMT20_TEST = Download(
    "https://data.statmt.org/wmt20/translation-task/test.tgz",
    md5="3b1f777cfd2fb15ccf66e9bfdb2b1699",
)
_WMT20_ROBUSTNESS20_3_SETS = Download(
    "https://data.statmt.org/wmt20/robustness-task/robustness20-3-sets.zip",
    md5="a12ac9ebe89b72195041518dffc4a9d5",
)
_WMT19_TEST = Download(
    "https://data.statmt.org/wmt19/translation-task/test.tgz",
    md5="84de7162d158e28403103b01aeefc39a",
)

#: The test sets of this module, in sacreBLEU's order.
TEST_SETS: tuple[KnownTestSet, ...] = (
    KnownTestSet(
        "wmt20/tworefs",
        RawFormat.SGML,
        (_WMT20_TEST,),
        "WMT20 news test sets with two references",
        pair_table(
            """
            de-en newstest2020-deen-src.de.sgm newstest2020-deen-ref.en.sgm
            + newstestB2020-deen-ref.en.sgm
            en-de newstest2020-ende-src.en.sgm newstest2020-ende-ref.de.sgm
            + newstestB2020-ende-ref.de.sgm
            en-zh newstest2020-enzh-src.en.sgm newstest2020-enzh-ref.zh.sgm
            + newstestB2020-enzh-ref.zh.sgm
            ru-en newstest2020-ruen-src.ru.sgm newstest2020-ruen-ref.en.sgm
            + newstestB2020-ruen-ref.en.sgm
            zh-en newstest2020-zhen-src.zh.sgm newstest2020-zhen-ref.en.sgm
            + newstestB2020-zhen-ref.en.sgm
            """,
            prefix="sgm/",
        ),
    ),
    KnownTestSet(
        "wmt20",
        RawFormat.SGML,
        (_WMT20_TEST,),
        "Official evaluation data for WMT20",
        pair_table(
            """
            cs-en newstest2020-csen-src.cs.sgm newstest2020-csen-ref.en.sgm
            de-en newstest2020-deen-src.de.sgm newstest2020-deen-ref.en.sgm
            de-fr newstest2020-defr-src.de.sgm newstest2020-defr-ref.fr.sgm
            en-cs newstest2020-encs-src.en.sgm newstest2020-encs-ref.cs.sgm
            en-de newstest2020-ende-src.en.sgm newstest2020-ende-ref.de.sgm
            en-iu newstest2020-eniu-src.en.sgm newstest2020-eniu-ref.iu.sgm
            en-ja newstest2020-enja-src.en.sgm newstest2020-enja-ref.ja.sgm
            en-km newstest2020-enkm-src.en.sgm newstest2020-enkm-ref.km.sgm
            en-pl newstest2020-enpl-src.en.sgm newstest2020-enpl-ref.pl.sgm
            en-ps newstest2020-enps-src.en.sgm newstest2020-enps-ref.ps.sgm
            en-ru newstest2020-enru-src.en.sgm newstest2020-enru-ref.ru.sgm
            en-ta newstest2020-enta-src.en.sgm newstest2020-enta-ref.ta.sgm
            en-zh newstest2020-enzh-src.en.sgm newstest2020-enzh-ref.zh.sgm
            fr-de newstest2020-frde-src.fr.sgm newstest2020-frde-ref.de.sgm
            iu-en newstest2020-iuen-src.iu.sgm newstest2020-iuen-ref.en.sgm
            ja-en newstest2020-jaen-src.ja.sgm newstest2020-jaen-ref.en.sgm
            km-en newstest2020-kmen-src.km.sgm newstest2020-kmen-ref.en.sgm
            pl-en newstest2020-plen-src.pl.sgm newstest2020-plen-ref.en.sgm
            ps-en newstest2020-psen-src.ps.sgm newstest2020-psen-ref.en.sgm
            ru-en newstest2020-ruen-src.ru.sgm newstest2020-ruen-ref.en.sgm
            ta-en newstest2020-taen-src.ta.sgm newstest2020-taen-ref.en.sgm
            zh-en newstest2020-zhen-src.zh.sgm newstest2020-zhen-ref.en.sgm
            """,
            prefix="sgm/",
        ),
    ),
    KnownTestSet(
        "wmt20/dev",
        RawFormat.SGML,
        (
            Download(
                "https://data.statmt.org/wmt20/translation-task/dev.tgz",
                md5="037f2b37aab74febbb1b2307dc2afb54",
            ),
        ),
        "Development data for tasks new to 2020.",
        pair_table(
            """
            iu-en newsdev2020-iuen-src.iu.sgm newsdev2020-iuen-ref.en.sgm
            en-iu newsdev2020-eniu-src.en.sgm newsdev2020-eniu-ref.iu.sgm
            ja-en newsdev2020-jaen-src.ja.sgm newsdev2020-jaen-ref.en.sgm
            en-ja newsdev2020-enja-src.en.sgm newsdev2020-enja-ref.ja.sgm
            pl-en newsdev2020-plen-src.pl.sgm newsdev2020-plen-ref.en.sgm
            en-pl newsdev2020-enpl-src.en.sgm newsdev2020-enpl-ref.pl.sgm
            ta-en newsdev2020-taen-src.ta.sgm newsdev2020-taen-ref.en.sgm
            en-ta newsdev2020-enta-src.en.sgm newsdev2020-enta-ref.ta.sgm
            """,
            prefix="dev/",
        ),
    ),
    KnownTestSet(
        "wmt20/robust/set1",
        RawFormat.PLAIN_TEXT,
        (_WMT20_ROBUSTNESS20_3_SETS,),
        "WMT20 robustness task, set 1",
        pair_table(
            """
            en-ja robustness20-set1-enja.en robustness20-set1-enja.ja
            en-de robustness20-set1-ende.en robustness20-set1-ende.de
            """,
            prefix="robustness20-3-sets/",
        ),
    ),
    KnownTestSet(
        "wmt20/robust/set2",
        RawFormat.PLAIN_TEXT,
        (_WMT20_ROBUSTNESS20_3_SETS,),
        "WMT20 robustness task, set 2",
        pair_table(
            """
            en-ja robustness20-set2-enja.en robustness20-set2-enja.ja
            ja-en robustness20-set2-jaen.ja robustness20-set2-jaen.en
            """,
            prefix="robustness20-3-sets/",
        ),
    ),
    KnownTestSet(
        "wmt20/robust/set3",
        RawFormat.PLAIN_TEXT,
        (_WMT20_ROBUSTNESS20_3_SETS,),
        "WMT20 robustness task, set 3",
        pair_table(
            """
            de-en robustness20-set3-deen.de robustness20-set3-deen.en
            """,
            prefix="robustness20-3-sets/",
        ),
    ),
    KnownTestSet(
        "wmt19",
        RawFormat.SGML,
        (_WMT19_TEST,),
        "Official evaluation data.",
        pair_table(
            """
            cs-de newstest2019-csde-src.cs.sgm newstest2019-csde-ref.de.sgm
            de-cs newstest2019-decs-src.de.sgm newstest2019-decs-ref.cs.sgm
            de-en newstest2019-deen-src.de.sgm newstest2019-deen-ref.en.sgm
            de-fr newstest2019-defr-src.de.sgm newstest2019-defr-ref.fr.sgm
            en-cs newstest2019-encs-src.en.sgm newstest2019-encs-ref.cs.sgm
            en-de newstest2019-ende-src.en.sgm newstest2019-ende-ref.de.sgm
            en-fi newstest2019-enfi-src.en.sgm newstest2019-enfi-ref.fi.sgm
            en-gu newstest2019-engu-src.en.sgm newstest2019-engu-ref.gu.sgm
            en-kk newstest2019-enkk-src.en.sgm newstest2019-enkk-ref.kk.sgm
            en-lt newstest2019-enlt-src.en.sgm newstest2019-enlt-ref.lt.sgm
            en-ru newstest2019-enru-src.en.sgm newstest2019-enru-ref.ru.sgm
            en-zh newstest2019-enzh-src.en.sgm newstest2019-enzh-ref.zh.sgm
            fi-en newstest2019-fien-src.fi.sgm newstest2019-fien-ref.en.sgm
            fr-de newstest2019-frde-src.fr.sgm newstest2019-frde-ref.de.sgm
            gu-en newstest2019-guen-src.gu.sgm newstest2019-guen-ref.en.sgm
            kk-en newstest2019-kken-src.kk.sgm newstest2019-kken-ref.en.sgm
            lt-en newstest2019-lten-src.lt.sgm newstest2019-lten-ref.en.sgm
            ru-en newstest2019-ruen-src.ru.sgm newstest2019-ruen-ref.en.sgm
            zh-en newstest2019-zhen-src.zh.sgm newstest2019-zhen-ref.en.sgm
            """,
            prefix="sgm/",
        ),
        citation=citations.WMT19,
        subsets=SUBSETS["wmt19"],
    ),
    KnownTestSet(
        "wmt19/dev",
        RawFormat.SGML,
        (
            Download(
                "https://data.statmt.org/wmt19/translation-task/dev.tgz",
                md5="f2ec7af5947c19e0cacb3882eb208002",
            ),
        ),
        "Development data for tasks new to 2019.",
        pair_table(
            """
            lt-en newsdev2019-lten-src.lt.sgm newsdev2019-lten-ref.en.sgm
            en-lt newsdev2019-enlt-src.en.sgm newsdev2019-enlt-ref.lt.sgm
            gu-en newsdev2019-guen-src.gu.sgm newsdev2019-guen-ref.en.sgm
            en-gu newsdev2019-engu-src.en.sgm newsdev2019-engu-ref.gu.sgm
            kk-en newsdev2019-kken-src.kk.sgm newsdev2019-kken-ref.en.sgm
            en-kk newsdev2019-enkk-src.en.sgm newsdev2019-enkk-ref.kk.sgm
            """,
            prefix="dev/",
        ),
    ),
    KnownTestSet(
        "wmt19/google/ar",
        RawFormat.SGML_ADDITION,
        (
            _WMT19_TEST,
            Download(
                "https://raw.githubusercontent.com/google/wmt19-paraphrased-references/master/wmt19/ende/wmt19-ende-ar.ref",
                md5="d66d9e91548ced0ac476f2390e32e2de",
            ),
        ),
        "Additional high-quality reference for WMT19/en-de.",
        pair_table(
            """
            en-de sgm/newstest2019-ende-src.en.sgm wmt19_google_ar.wmt19-ende-ar.ref
            """
        ),
        citation=citations.WMT19_GOOGLE_AR,
    ),
    KnownTestSet(
        "wmt19/google/arp",
        RawFormat.SGML_ADDITION,
        (
            _WMT19_TEST,
            Download(
                "https://raw.githubusercontent.com/google/wmt19-paraphrased-references/master/wmt19/ende/wmt19-ende-arp.ref",
                md5="c70ea808cf2bff621ad7a8fddd4deca9",
            ),
        ),
        "Additional paraphrase of wmt19/google/ar.",
        pair_table(
            """
            en-de sgm/newstest2019-ende-src.en.sgm wmt19_google_arp.wmt19-ende-arp.ref
            """
        ),
        citation=citations.WMT19_GOOGLE_AR,
    ),
    KnownTestSet(
        "wmt19/google/wmtp",
        RawFormat.SGML_ADDITION,
        (
            _WMT19_TEST,
            Download(
                "https://raw.githubusercontent.com/google/wmt19-paraphrased-references/master/wmt19/ende/wmt19-ende-wmtp.ref",
                md5="587c660ee5fd44727f0db025b71c6a82",
            ),
        ),
        "Additional paraphrase of the official WMT19 reference.",
        pair_table(
            """
            en-de sgm/newstest2019-ende-src.en.sgm wmt19_google_wmtp.wmt19-ende-wmtp.ref
            """
        ),
        citation=citations.WMT19_GOOGLE_AR,
    ),
    KnownTestSet(
        "wmt19/google/hqr",
        RawFormat.SGML_ADDITION,
        (
            _WMT19_TEST,
            Download(
                "https://raw.githubusercontent.com/google/wmt19-paraphrased-references/master/wmt19/ende/wmt19-ende-hqr.ref",
                md5="d9221135f62d7152de041f5bfc8efaea",
            ),
        ),
        "Best human selected-reference between wmt19 and wmt19/google/ar.",
        pair_table(
            """
            en-de sgm/newstest2019-ende-src.en.sgm wmt19_google_hqr.wmt19-ende-hqr.ref
            """
        ),
        citation=citations.WMT19_GOOGLE_AR,
    ),
    KnownTestSet(
        "wmt19/google/hqp",
        RawFormat.SGML_ADDITION,
        (
            _WMT19_TEST,
            Download(
                "https://raw.githubusercontent.com/google/wmt19-paraphrased-references/master/wmt19/ende/wmt19-ende-hqp.ref",
                md5="b7c3a07a59c8eccea5367e9ec5417a8a",
            ),
        ),
        "Best human-selected reference between wmt19/google/arp and wmt19/google/wmtp.",
        pair_table(
            """
            en-de sgm/newstest2019-ende-src.en.sgm wmt19_google_hqp.wmt19-ende-hqp.ref
            """
        ),
        citation=citations.WMT19_GOOGLE_AR,
    ),
    KnownTestSet(
        "wmt19/google/hqall",
        RawFormat.SGML_ADDITION,
        (
            _WMT19_TEST,
            Download(
                "https://raw.githubusercontent.com/google/wmt19-paraphrased-references/master/wmt19/ende/wmt19-ende-hqall.ref",
                md5="edecf10ced59e10b703a6fbcf1fa9dfa",
            ),
        ),
        (
            "Best human-selected reference among original official reference and the Google "
            "reference and paraphrases."
        ),
        pair_table(
            """
            en-de sgm/newstest2019-ende-src.en.sgm wmt19_google_hqall.wmt19-ende-hqall.ref
            """
        ),
        citation=citations.WMT19_GOOGLE_AR,
    ),
    KnownTestSet(
        "wmt18",
        RawFormat.SGML,
        (
            Download(
                "https://data.statmt.org/wmt18/translation-task/test.tgz",
                md5="f996c245ecffea23d0006fa4c34e9064",
            ),
        ),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2018-csen-src.cs.sgm newstest2018-csen-ref.en.sgm
            de-en newstest2018-deen-src.de.sgm newstest2018-deen-ref.en.sgm
            en-cs newstest2018-encs-src.en.sgm newstest2018-encs-ref.cs.sgm
            en-de newstest2018-ende-src.en.sgm newstest2018-ende-ref.de.sgm
            en-et newstest2018-enet-src.en.sgm newstest2018-enet-ref.et.sgm
            en-fi newstest2018-enfi-src.en.sgm newstest2018-enfi-ref.fi.sgm
            en-ru newstest2018-enru-src.en.sgm newstest2018-enru-ref.ru.sgm
            et-en newstest2018-eten-src.et.sgm newstest2018-eten-ref.en.sgm
            fi-en newstest2018-fien-src.fi.sgm newstest2018-fien-ref.en.sgm
            ru-en newstest2018-ruen-src.ru.sgm newstest2018-ruen-ref.en.sgm
            en-tr newstest2018-entr-src.en.sgm newstest2018-entr-ref.tr.sgm
            tr-en newstest2018-tren-src.tr.sgm newstest2018-tren-ref.en.sgm
            en-zh newstest2018-enzh-src.en.sgm newstest2018-enzh-ref.zh.sgm
            zh-en newstest2018-zhen-src.zh.sgm newstest2018-zhen-ref.en.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT18,
        subsets=SUBSETS["wmt18"],
    ),
    KnownTestSet(
        "wmt18/test-ts",
        RawFormat.SGML,
        (
            Download(
                "https://data.statmt.org/wmt18/translation-task/test-ts.tgz",
                md5="5c621a34d512cc2dd74162ae7d00b320",
            ),
        ),
        "Official evaluation sources with extra test sets interleaved.",
        pair_table(
            """
            cs-en newstest2018-csen-src-ts.cs.sgm newstest2018-csen-ref-ts.en.sgm
            de-en newstest2018-deen-src-ts.de.sgm newstest2018-deen-ref-ts.en.sgm
            en-cs newstest2018-encs-src-ts.en.sgm newstest2018-encs-ref-ts.cs.sgm
            en-de newstest2018-ende-src-ts.en.sgm newstest2018-ende-ref-ts.de.sgm
            en-et newstest2018-enet-src-ts.en.sgm newstest2018-enet-ref-ts.et.sgm
            en-fi newstest2018-enfi-src-ts.en.sgm newstest2018-enfi-ref-ts.fi.sgm
            en-ru newstest2018-enru-src-ts.en.sgm newstest2018-enru-ref-ts.ru.sgm
            et-en newstest2018-eten-src-ts.et.sgm newstest2018-eten-ref-ts.en.sgm
            fi-en newstest2018-fien-src-ts.fi.sgm newstest2018-fien-ref-ts.en.sgm
            ru-en newstest2018-ruen-src-ts.ru.sgm newstest2018-ruen-ref-ts.en.sgm
            en-tr newstest2018-entr-src-ts.en.sgm newstest2018-entr-ref-ts.tr.sgm
            tr-en newstest2018-tren-src-ts.tr.sgm newstest2018-tren-ref-ts.en.sgm
            en-zh newstest2018-enzh-src-ts.en.sgm newstest2018-enzh-ref-ts.zh.sgm
            zh-en newstest2018-zhen-src-ts.zh.sgm newstest2018-zhen-ref-ts.en.sgm
            """,
            prefix="test-ts/",
        ),
    ),
    KnownTestSet(
        "wmt18/dev",
        RawFormat.SGML,
        (
            Download(
                "https://data.statmt.org/wmt18/translation-task/dev.tgz",
                md5="486f391da54a7a3247f02ebd25996f24",
            ),
        ),
        "Development data (Estonian<>English).",
        pair_table(
            """
            et-en newsdev2018-eten-src.et.sgm newsdev2018-eten-ref.en.sgm
            en-et newsdev2018-enet-src.en.sgm newsdev2018-enet-ref.et.sgm
            """,
            prefix="dev/",
        ),
    ),
)
