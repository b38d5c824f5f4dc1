"""WMT 2021-2024: WMT XML, one file per pair with every reference and system.

Transcribed from sacreBLEU 2.6.0's registry (``sacrebleu/dataset/__init__.py``): each test
set's archives and their MD5 sums, description, citation and the files of each language pair
(`parbleu.testsets.entries.pair_table`), in sacreBLEU's order.
`tests/testsets/test_registry.py` compares every fact with sacreBLEU's own registry.
"""

from __future__ import annotations

from parbleu.testsets.entries import Download, KnownTestSet, RawFormat, pair_table

__all__ = ["TEST_SETS"]

# Archives that several test sets read (each keeps its own copy, as sacreBLEU does).
_WMT21_TEST = Download(
    "https://data.statmt.org/wmt21/translation-task/test.tgz",
    md5="32e7ab995bc318414375d60f0269af92",
)

#: The test sets of this module, in sacreBLEU's order.
TEST_SETS: tuple[KnownTestSet, ...] = (
    KnownTestSet(
        "wmt24",
        RawFormat.WMT_XML,
        (
            Download(
                "https://github.com/wmt-conference/wmt24-news-systems/releases/download/v1.1/data_onlyxml.tar.gz",
                md5="299963fcb7b4e86d6d212bf69beb9580",
            ),
        ),
        "WMT24 official test set release, v1.1 (excluding TS)",
        pair_table(
            """
            cs-uk wmttest2024.cs-uk.all.xml
            en-cs wmttest2024.en-cs.all.xml
            en-de wmttest2024.en-de.all.xml
            en-es wmttest2024.en-es.all.xml
            en-hi wmttest2024.en-hi.all.xml
            en-is wmttest2024.en-is.all.xml
            en-ja wmttest2024.en-ja.all.xml
            en-ru wmttest2024.en-ru.all.xml
            en-uk wmttest2024.en-uk.all.xml
            en-zh wmttest2024.en-zh.all.xml
            ja-zh wmttest2024.ja-zh.all.xml
            """,
            prefix="xml/",
        ),
        references=("refA",),
    ),
    KnownTestSet(
        "wmt23",
        RawFormat.WMT_XML,
        (
            Download(
                "https://github.com/wmt-conference/wmt23-news-systems/archive/refs/tags/v.0.1.tar.gz",
                md5="63576405e4ce07130a19ad76ba7eb75b",
            ),
        ),
        "Official evaluation and system data for WMT23.",
        pair_table(
            """
            cs-uk wmttest2023.cs-uk.all.xml
            de-en wmttest2023.de-en.all.xml
            en-cs wmttest2023.en-cs.all.xml
            en-de wmttest2023.en-de.all.xml
            en-he wmttest2023.en-he.all.xml refs=refB
            en-ja wmttest2023.en-ja.all.xml
            en-ru wmttest2023.en-ru.all.xml
            en-uk wmttest2023.en-uk.all.xml
            en-zh wmttest2023.en-zh.all.xml
            he-en wmttest2023.he-en.all.xml refs=refB
            ja-en wmttest2023.ja-en.all.xml
            ru-en wmttest2023.ru-en.all.xml
            uk-en wmttest2023.uk-en.all.xml
            zh-en wmttest2023.zh-en.all.xml
            """,
            prefix="wmt23-news-systems-v.0.1/xml/",
        ),
        references=("refA",),
    ),
    KnownTestSet(
        "wmt22",
        RawFormat.WMT_XML,
        (
            Download(
                "https://github.com/wmt-conference/wmt22-news-systems/archive/refs/tags/v1.1.tar.gz",
                md5="0840978b9b50b9ac3b2b081e37d620b9",
            ),
        ),
        "Official evaluation and system data for WMT22.",
        pair_table(
            """
            cs-en wmttest2022.cs-en.all.xml refs=B
            cs-uk wmttest2022.cs-uk.all.xml
            de-en wmttest2022.de-en.all.xml
            de-fr wmttest2022.de-fr.all.xml
            en-cs wmttest2022.en-cs.all.xml refs=B
            en-de wmttest2022.en-de.all.xml
            en-hr wmttest2022.en-hr.all.xml
            en-ja wmttest2022.en-ja.all.xml
            en-liv wmttest2022.en-liv.all.xml
            en-ru wmttest2022.en-ru.all.xml
            en-uk wmttest2022.en-uk.all.xml
            en-zh wmttest2022.en-zh.all.xml
            fr-de wmttest2022.fr-de.all.xml
            ja-en wmttest2022.ja-en.all.xml
            liv-en wmttest2022.liv-en.all.xml refs=
            ru-en wmttest2022.ru-en.all.xml
            ru-sah wmttest2022.ru-sah.all.xml refs=
            sah-ru wmttest2022.sah-ru.all.xml
            uk-cs wmttest2022.uk-cs.all.xml
            uk-en wmttest2022.uk-en.all.xml
            zh-en wmttest2022.zh-en.all.xml
            """,
            prefix="wmt22-news-systems-1.1/xml/",
        ),
        references=("A",),
    ),
    KnownTestSet(
        "wmt21/systems",
        RawFormat.WMT_XML,
        (
            Download(
                "https://github.com/wmt-conference/wmt21-news-systems/archive/refs/tags/v1.3.tar.gz",
                md5="a6aee4099da58f98f71eb3fac1694237",
            ),
        ),
        "WMT21 system output.",
        pair_table(
            """
            de-fr newstest2021.de-fr.all.xml
            en-de newstest2021.en-de.all.xml
            en-ha newstest2021.en-ha.all.xml
            en-is newstest2021.en-is.all.xml
            en-ja newstest2021.en-ja.all.xml
            fr-de newstest2021.fr-de.all.xml
            ha-en newstest2021.ha-en.all.xml
            is-en newstest2021.is-en.all.xml
            ja-en newstest2021.ja-en.all.xml
            zh-en newstest2021.zh-en.all.xml
            en-zh newstest2021.en-zh.all.xml
            cs-en newstest2021.cs-en.all.xml
            de-en newstest2021.de-en.all.xml
            en-cs newstest2021.en-cs.all.xml
            en-ru newstest2021.en-ru.all.xml
            ru-en newstest2021.ru-en.all.xml
            bn-hi florestest2021.bn-hi.all.xml
            hi-bn florestest2021.hi-bn.all.xml
            xh-zu florestest2021.xh-zu.all.xml
            zu-xh florestest2021.zu-xh.all.xml
            """,
            prefix="wmt21-news-systems-1.3/xml/",
        ),
        references=("A",),
    ),
    KnownTestSet(
        "wmt21",
        RawFormat.WMT_XML,
        (_WMT21_TEST,),
        "Official evaluation data for WMT21.",
        pair_table(
            """
            de-fr newstest2021.de-fr.xml
            en-de newstest2021.en-de.xml
            en-ha newstest2021.en-ha.xml
            en-is newstest2021.en-is.xml
            en-ja newstest2021.en-ja.xml
            fr-de newstest2021.fr-de.xml
            ha-en newstest2021.ha-en.xml
            is-en newstest2021.is-en.xml
            ja-en newstest2021.ja-en.xml
            zh-en newstest2021.zh-en.xml
            en-zh newstest2021.en-zh.xml
            cs-en newstest2021.cs-en.xml
            de-en newstest2021.de-en.xml
            en-cs newstest2021.en-cs.xml
            en-ru newstest2021.en-ru.xml
            ru-en newstest2021.ru-en.xml
            bn-hi florestest2021.bn-hi.xml
            hi-bn florestest2021.hi-bn.xml
            xh-zu florestest2021.xh-zu.xml
            zu-xh florestest2021.zu-xh.xml
            """,
            prefix="test/",
        ),
        references=("A",),
    ),
    KnownTestSet(
        "wmt21/B",
        RawFormat.WMT_XML,
        (_WMT21_TEST,),
        "Official evaluation data for WMT21 with reference B.",
        pair_table(
            """
            cs-en newstest2021.cs-en.xml
            de-en newstest2021.de-en.xml
            en-cs newstest2021.en-cs.xml
            en-ru newstest2021.en-ru.xml
            en-zh newstest2021.en-zh.xml
            ru-en newstest2021.ru-en.xml
            """,
            prefix="test/",
        ),
        references=("B",),
    ),
    KnownTestSet(
        "wmt21/AB",
        RawFormat.WMT_XML,
        (_WMT21_TEST,),
        "Official evaluation data for WMT21 with references A and B.",
        pair_table(
            """
            cs-en newstest2021.cs-en.xml
            de-en newstest2021.de-en.xml
            en-de newstest2021.en-de.xml
            en-cs newstest2021.en-cs.xml
            en-ru newstest2021.en-ru.xml
            en-zh newstest2021.en-zh.xml
            ru-en newstest2021.ru-en.xml
            """,
            prefix="test/",
        ),
        references=("A", "B"),
    ),
    KnownTestSet(
        "wmt21/C",
        RawFormat.WMT_XML,
        (_WMT21_TEST,),
        "Official evaluation data for WMT21 with reference C",
        pair_table(
            """
            en-de newstest2021.en-de.xml
            """,
            prefix="test/",
        ),
        references=("C",),
    ),
    KnownTestSet(
        "wmt21/AC",
        RawFormat.WMT_XML,
        (_WMT21_TEST,),
        "Official evaluation data for WMT21 with references A and C",
        pair_table(
            """
            en-de newstest2021.en-de.xml
            """,
            prefix="test/",
        ),
        references=("A", "C"),
    ),
    KnownTestSet(
        "wmt21/D",
        RawFormat.WMT_XML,
        (_WMT21_TEST,),
        "Official evaluation data for WMT21 with reference D",
        pair_table(
            """
            en-de newstest2021.en-de.xml
            """,
            prefix="test/",
        ),
        references=("D",),
    ),
    KnownTestSet(
        "wmt21/dev",
        RawFormat.WMT_XML,
        (
            Download(
                "https://data.statmt.org/wmt21/translation-task/dev.tgz",
                md5="165da59ac8dfb5b7cafd7e90b1cac672",
            ),
        ),
        (
            "Development data for WMT21，if multiple references are available, the first one is "
            "used."
        ),
        pair_table(
            """
            en-ha newsdev2021.en-ha.xml
            ha-en newsdev2021.ha-en.xml
            en-is newsdev2021.en-is.xml
            is-en newsdev2021.is-en.xml
            """,
            prefix="dev/xml/",
        ),
        references=("A", ""),
    ),
)
