"""WMT 2008-2013: mteval SGML.

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
_WMT08_TEST = Download("https://statmt.org/wmt08/test.tgz", md5="0582e4e894a3342044059c894e1aea3d")

#: The test sets of this module, in sacreBLEU's order.
TEST_SETS: tuple[KnownTestSet, ...] = (
    KnownTestSet(
        "wmt13",
        RawFormat.SGML,
        (Download("https://statmt.org/wmt13/test.tgz", md5="48eca5d02f637af44e85186847141f67"),),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2013-src.cs.sgm newstest2013-src.en.sgm
            en-cs newstest2013-src.en.sgm newstest2013-src.cs.sgm
            de-en newstest2013-src.de.sgm newstest2013-src.en.sgm
            en-de newstest2013-src.en.sgm newstest2013-src.de.sgm
            es-en newstest2013-src.es.sgm newstest2013-src.en.sgm
            en-es newstest2013-src.en.sgm newstest2013-src.es.sgm
            fr-en newstest2013-src.fr.sgm newstest2013-src.en.sgm
            en-fr newstest2013-src.en.sgm newstest2013-src.fr.sgm
            ru-en newstest2013-src.ru.sgm newstest2013-src.en.sgm
            en-ru newstest2013-src.en.sgm newstest2013-src.ru.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT13,
    ),
    KnownTestSet(
        "wmt12",
        RawFormat.SGML,
        (Download("https://statmt.org/wmt12/test.tgz", md5="608232d34ebc4ba2ff70fead45674e47"),),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2012-src.cs.sgm newstest2012-src.en.sgm
            en-cs newstest2012-src.en.sgm newstest2012-src.cs.sgm
            de-en newstest2012-src.de.sgm newstest2012-src.en.sgm
            en-de newstest2012-src.en.sgm newstest2012-src.de.sgm
            es-en newstest2012-src.es.sgm newstest2012-src.en.sgm
            en-es newstest2012-src.en.sgm newstest2012-src.es.sgm
            fr-en newstest2012-src.fr.sgm newstest2012-src.en.sgm
            en-fr newstest2012-src.en.sgm newstest2012-src.fr.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT12,
    ),
    KnownTestSet(
        "wmt11",
        RawFormat.SGML,
        (Download("https://statmt.org/wmt11/test.tgz", md5="b0c9680adf32d394aefc2b24e3a5937e"),),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2011-src.cs.sgm newstest2011-src.en.sgm
            en-cs newstest2011-src.en.sgm newstest2011-src.cs.sgm
            de-en newstest2011-src.de.sgm newstest2011-src.en.sgm
            en-de newstest2011-src.en.sgm newstest2011-src.de.sgm
            fr-en newstest2011-src.fr.sgm newstest2011-src.en.sgm
            en-fr newstest2011-src.en.sgm newstest2011-src.fr.sgm
            es-en newstest2011-src.es.sgm newstest2011-src.en.sgm
            en-es newstest2011-src.en.sgm newstest2011-src.es.sgm
            """
        ),
        citation=citations.WMT11,
    ),
    KnownTestSet(
        "wmt10",
        RawFormat.SGML,
        (Download("https://statmt.org/wmt10/test.tgz", md5="491cb885a355da5a23ea66e7b3024d5c"),),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2010-src.cz.sgm newstest2010-src.en.sgm
            en-cs newstest2010-src.en.sgm newstest2010-src.cz.sgm
            de-en newstest2010-src.de.sgm newstest2010-src.en.sgm
            en-de newstest2010-src.en.sgm newstest2010-src.de.sgm
            es-en newstest2010-src.es.sgm newstest2010-src.en.sgm
            en-es newstest2010-src.en.sgm newstest2010-src.es.sgm
            fr-en newstest2010-src.fr.sgm newstest2010-src.en.sgm
            en-fr newstest2010-src.en.sgm newstest2010-src.fr.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT10,
    ),
    KnownTestSet(
        "wmt09",
        RawFormat.SGML,
        (Download("https://statmt.org/wmt09/test.tgz", md5="da227abfbd7b666ec175b742a0d27b37"),),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2009-src.cz.sgm newstest2009-src.en.sgm
            en-cs newstest2009-src.en.sgm newstest2009-src.cz.sgm
            de-en newstest2009-src.de.sgm newstest2009-src.en.sgm
            en-de newstest2009-src.en.sgm newstest2009-src.de.sgm
            es-en newstest2009-src.es.sgm newstest2009-src.en.sgm
            en-es newstest2009-src.en.sgm newstest2009-src.es.sgm
            fr-en newstest2009-src.fr.sgm newstest2009-src.en.sgm
            en-fr newstest2009-src.en.sgm newstest2009-src.fr.sgm
            hu-en newstest2009-src.hu.sgm newstest2009-src.en.sgm
            en-hu newstest2009-src.en.sgm newstest2009-src.hu.sgm
            it-en newstest2009-src.it.sgm newstest2009-src.en.sgm
            en-it newstest2009-src.en.sgm newstest2009-src.it.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT09,
    ),
    KnownTestSet(
        "wmt08",
        RawFormat.SGML,
        (_WMT08_TEST,),
        "Official evaluation data.",
        pair_table(
            """
            cs-en newstest2008-src.cz.sgm newstest2008-src.en.sgm
            en-cs newstest2008-src.en.sgm newstest2008-src.cz.sgm
            de-en newstest2008-src.de.sgm newstest2008-src.en.sgm
            en-de newstest2008-src.en.sgm newstest2008-src.de.sgm
            es-en newstest2008-src.es.sgm newstest2008-src.en.sgm
            en-es newstest2008-src.en.sgm newstest2008-src.es.sgm
            fr-en newstest2008-src.fr.sgm newstest2008-src.en.sgm
            en-fr newstest2008-src.en.sgm newstest2008-src.fr.sgm
            hu-en newstest2008-src.hu.sgm newstest2008-src.en.sgm
            en-hu newstest2008-src.en.sgm newstest2008-src.hu.sgm
            """,
            prefix="test/",
        ),
        citation=citations.WMT08,
    ),
    KnownTestSet(
        "wmt08/nc",
        RawFormat.SGML,
        (_WMT08_TEST,),
        "Official evaluation data (news commentary).",
        pair_table(
            """
            cs-en nc-test2008-src.cz.sgm nc-test2008-src.en.sgm
            en-cs nc-test2008-src.en.sgm nc-test2008-src.cz.sgm
            """,
            prefix="test/",
        ),
    ),
    KnownTestSet(
        "wmt08/europarl",
        RawFormat.SGML,
        (_WMT08_TEST,),
        "Official evaluation data (Europarl).",
        pair_table(
            """
            de-en test2008-src.de.sgm test2008-src.en.sgm
            en-de test2008-src.en.sgm test2008-src.de.sgm
            es-en test2008-src.es.sgm test2008-src.en.sgm
            en-es test2008-src.en.sgm test2008-src.es.sgm
            fr-en test2008-src.fr.sgm test2008-src.en.sgm
            en-fr test2008-src.en.sgm test2008-src.fr.sgm
            """,
            prefix="test/",
        ),
    ),
)
