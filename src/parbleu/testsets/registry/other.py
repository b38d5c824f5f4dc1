"""Multilingual TEDx, Multi30k and MTNT.

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
_MULTI30K_TEST_SETS = Download(
    "https://raw.githubusercontent.com/multi30k/dataset/master/data/task1/multi30k_test_sets_d3ec2a38.tar.gz",
    md5="9cf8f22d57fee2ca2af3c682dfdc525b",
)
_MTNT_1_1 = Download(
    "https://github.com/pmichel31415/mtnt/releases/download/v1.1/MTNT.1.1.tar.gz",
    md5="8ce1831ac584979ba8cdcd9d4be43e1d",
)

#: The test sets of this module, in sacreBLEU's order.
TEST_SETS: tuple[KnownTestSet, ...] = (
    KnownTestSet(
        "mtedx/valid",
        RawFormat.PLAIN_TEXT,
        (
            Download(
                "https://raw.githubusercontent.com/esalesky/mtedx-eval/main/valid.tar.gz",
                md5="40618171614c50e6cbb5e5bbceee0635",
            ),
        ),
        "mTEDx evaluation data, valid: http://openslr.org/100",
        pair_table(
            """
            el-en mtedx-valid-elen.el mtedx-valid-elen.en
            es-en mtedx-valid-esen.es mtedx-valid-esen.en
            es-fr mtedx-valid-esfr.es mtedx-valid-esfr.fr
            es-it mtedx-valid-esit.es mtedx-valid-esit.it
            es-pt mtedx-valid-espt.es mtedx-valid-espt.pt
            fr-en mtedx-valid-fren.fr mtedx-valid-fren.en
            fr-es mtedx-valid-fres.fr mtedx-valid-fres.es
            fr-pt mtedx-valid-frpt.fr mtedx-valid-frpt.pt
            it-en mtedx-valid-iten.it mtedx-valid-iten.en
            it-es mtedx-valid-ites.it mtedx-valid-ites.es
            pt-en mtedx-valid-pten.pt mtedx-valid-pten.en
            pt-es mtedx-valid-ptes.pt mtedx-valid-ptes.es
            ru-en mtedx-valid-ruen.ru mtedx-valid-ruen.en
            """,
            prefix="valid/",
        ),
        citation=citations.MTEDX_VALID,
    ),
    KnownTestSet(
        "mtedx/test",
        RawFormat.PLAIN_TEXT,
        (
            Download(
                "https://raw.githubusercontent.com/esalesky/mtedx-eval/main/test.tar.gz",
                md5="fa4cb1548c210ec424d7d6bc9a3675a7",
            ),
        ),
        "mTEDx evaluation data, test: http://openslr.org/100",
        pair_table(
            """
            el-en mtedx-test-elen.el mtedx-test-elen.en
            es-en mtedx-test-esen.es mtedx-test-esen.en
            es-fr mtedx-test-esfr.es mtedx-test-esfr.fr
            es-it mtedx-test-esit.es mtedx-test-esit.it
            es-pt mtedx-test-espt.es mtedx-test-espt.pt
            fr-en mtedx-test-fren.fr mtedx-test-fren.en
            fr-es mtedx-test-fres.fr mtedx-test-fres.es
            fr-pt mtedx-test-frpt.fr mtedx-test-frpt.pt
            it-en mtedx-test-iten.it mtedx-test-iten.en
            it-es mtedx-test-ites.it mtedx-test-ites.es
            pt-en mtedx-test-pten.pt mtedx-test-pten.en
            pt-es mtedx-test-ptes.pt mtedx-test-ptes.es
            ru-en mtedx-test-ruen.ru mtedx-test-ruen.en
            """,
            prefix="test/",
        ),
        citation=citations.MTEDX_VALID,
    ),
    KnownTestSet(
        "multi30k/2016",
        RawFormat.PLAIN_TEXT,
        (_MULTI30K_TEST_SETS,),
        "2016 flickr test set of Multi30k dataset",
        pair_table(
            """
            en-fr test_2016_flickr.en test_2016_flickr.fr
            en-de test_2016_flickr.en test_2016_flickr.de
            en-cs test_2016_flickr.en test_2016_flickr.cs
            """
        ),
        citation=citations.MULTI30K_2016,
    ),
    KnownTestSet(
        "multi30k/2017",
        RawFormat.PLAIN_TEXT,
        (_MULTI30K_TEST_SETS,),
        "2017 flickr test set of Multi30k dataset",
        pair_table(
            """
            en-fr test_2017_flickr.en test_2017_flickr.fr
            en-de test_2017_flickr.en test_2017_flickr.de
            """
        ),
        citation=citations.MULTI30K_2017,
    ),
    KnownTestSet(
        "multi30k/2018",
        RawFormat.PLAIN_TEXT,
        (
            _MULTI30K_TEST_SETS,
            Download(
                "https://raw.githubusercontent.com/multi30k/dataset/master/data/task1/raw/test_2018_flickr.cs.gz",
                md5="4c6b6490e58107b2e397c5e3e1690abc",
            ),
            Download(
                "https://raw.githubusercontent.com/multi30k/dataset/master/data/task1/raw/test_2018_flickr.de.gz",
                md5="87e00327083dd69feaa029a8f7c1a047",
            ),
            Download(
                "https://raw.githubusercontent.com/multi30k/dataset/master/data/task1/raw/test_2018_flickr.fr.gz",
                md5="a64563e986438ed731a6713027c36bfd",
            ),
        ),
        (
            "2018 flickr test set of Multi30k dataset. See "
            "https://competitions.codalab.org/competitions/19917 for evaluation."
        ),
        pair_table(
            """
            en-fr test_2018_flickr.en multi30k_2018.test_2018_flickr.fr.gz
            en-de test_2018_flickr.en multi30k_2018.test_2018_flickr.de.gz
            en-cs test_2018_flickr.en multi30k_2018.test_2018_flickr.cs.gz
            """
        ),
        citation=citations.MULTI30K_2018,
    ),
    KnownTestSet(
        "mtnt2019",
        RawFormat.TSV,
        (
            Download(
                "https://pmichel31415.github.io/hosting/MTNT2019.tar.gz",
                md5="78a672e1931f106a8549023c0e8af8f6",
            ),
        ),
        "Test set for the WMT 19 robustness shared task",
        pair_table(
            """
            en-fr en-fr.final.tsv@2 en-fr.final.tsv@3
            fr-en fr-en.final.tsv@2 fr-en.final.tsv@3
            en-ja en-ja.final.tsv@2 en-ja.final.tsv@3
            ja-en ja-en.final.tsv@2 ja-en.final.tsv@3
            """,
            prefix="MTNT2019/",
        ),
    ),
    KnownTestSet(
        "mtnt1.1/test",
        RawFormat.TSV,
        (_MTNT_1_1,),
        (
            "Test data for the Machine Translation of Noisy Text task: "
            "http://www.cs.cmu.edu/~pmichel1/mtnt/"
        ),
        pair_table(
            """
            en-fr test.en-fr.tsv@1 test.en-fr.tsv@2
            fr-en test.fr-en.tsv@1 test.fr-en.tsv@2
            en-ja test.en-ja.tsv@1 test.en-ja.tsv@2
            ja-en test.ja-en.tsv@1 test.ja-en.tsv@2
            """,
            prefix="MTNT/test/",
        ),
        citation=citations.MTNT1_1_TEST,
    ),
    KnownTestSet(
        "mtnt1.1/valid",
        RawFormat.TSV,
        (_MTNT_1_1,),
        (
            "Validation data for the Machine Translation of Noisy Text task: "
            "http://www.cs.cmu.edu/~pmichel1/mtnt/"
        ),
        pair_table(
            """
            en-fr valid.en-fr.tsv@1 valid.en-fr.tsv@2
            fr-en valid.fr-en.tsv@1 valid.fr-en.tsv@2
            en-ja valid.en-ja.tsv@1 valid.en-ja.tsv@2
            ja-en valid.ja-en.tsv@1 valid.ja-en.tsv@2
            """,
            prefix="MTNT/valid/",
        ),
        citation=citations.MTNT1_1_TEST,
    ),
    KnownTestSet(
        "mtnt1.1/train",
        RawFormat.TSV,
        (_MTNT_1_1,),
        (
            "Validation data for the Machine Translation of Noisy Text task: "
            "http://www.cs.cmu.edu/~pmichel1/mtnt/"
        ),
        pair_table(
            """
            en-fr train.en-fr.tsv@1 train.en-fr.tsv@2
            fr-en train.fr-en.tsv@1 train.fr-en.tsv@2
            en-ja train.en-ja.tsv@1 train.en-ja.tsv@2
            ja-en train.ja-en.tsv@1 train.ja-en.tsv@2
            """,
            prefix="MTNT/train/",
        ),
        citation=citations.MTNT1_1_TEST,
    ),
)
