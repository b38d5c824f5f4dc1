"""The BibTeX entries of sacreBLEU 2.6.0's test sets, as its registry gives them (``--citation``).

Each constant is named after the first test set that cites it.
"""

from __future__ import annotations

__all__ = [
    "IWSLT17",
    "MTEDX_VALID",
    "MTNT1_1_TEST",
    "MULTI30K_2016",
    "MULTI30K_2017",
    "MULTI30K_2018",
    "WMT08",
    "WMT09",
    "WMT10",
    "WMT11",
    "WMT12",
    "WMT13",
    "WMT14",
    "WMT15",
    "WMT16",
    "WMT17",
    "WMT17_MS",
    "WMT18",
    "WMT19",
    "WMT19_GOOGLE_AR",
]

WMT19 = (
    "@proceedings{ws-2019-machine,\n"
    '    title = "Proceedings of the Fourth Conference on Machine Translation (Volume 1: '
    'Research Papers)",\n'
    '    editor = "Bojar, Ond{\\v{r}}ej  and\n'
    "      Chatterjee, Rajen  and\n"
    "      Federmann, Christian  and\n"
    "      Fishel, Mark  and\n"
    "      Graham, Yvette  and\n"
    "      Haddow, Barry  and\n"
    "      Huck, Matthias  and\n"
    "      Yepes, Antonio Jimeno  and\n"
    "      Koehn, Philipp  and\n"
    "      Martins, Andr{\\'e}  and\n"
    "      Monz, Christof  and\n"
    "      Negri, Matteo  and\n"
    "      N{\\'e}v{\\'e}ol, Aur{\\'e}lie  and\n"
    "      Neves, Mariana  and\n"
    "      Post, Matt  and\n"
    "      Turchi, Marco  and\n"
    '      Verspoor, Karin",\n'
    "    month = aug,\n"
    '    year = "2019",\n'
    '    address = "Florence, Italy",\n'
    '    publisher = "Association for Computational Linguistics",\n'
    '    url = "https://www.aclweb.org/anthology/W19-5200",\n'
    "}"
)

WMT19_GOOGLE_AR = (
    "@misc{freitag2020bleu,\n"
    "    title={{BLEU} might be Guilty but References are not Innocent},\n"
    "    author={Markus Freitag and David Grangier and Isaac Caswell},\n"
    "    year={2020},\n"
    "    eprint={2004.06063},\n"
    "    archivePrefix={arXiv},\n"
    "    primaryClass={cs.CL}"
)

WMT18 = (
    "@inproceedings{bojar-etal-2018-findings,\n"
    '    title = "Findings of the 2018 Conference on Machine Translation ({WMT}18)",\n'
    '    author = "Bojar, Ond{\x0b'
    "{r}}ej  and\n"
    "      Federmann, Christian  and\n"
    "      Fishel, Mark  and\n"
    "      Graham, Yvette  and\n"
    "      Haddow, Barry  and\n"
    "      Koehn, Philipp  and\n"
    '      Monz, Christof",\n'
    '    booktitle = "Proceedings of the Third Conference on Machine Translation: Shared '
    'Task Papers",\n'
    "    month = oct,\n"
    '    year = "2018",\n'
    '    address = "Belgium, Brussels",\n'
    '    publisher = "Association for Computational Linguistics",\n'
    '    url = "https://www.aclweb.org/anthology/W18-6401",\n'
    '    pages = "272--303",\n'
    "}"
)

WMT17 = (
    "@InProceedings{bojar-EtAl:2017:WMT1,\n"
    "  author    = {Bojar, Ond\\v{r}ej  and  Chatterjee, Rajen  and  Federmann, Christian "
    " and  Graham, Yvette  and  Haddow, Barry  and  Huang, Shujian  and  Huck, Matthias  "
    "and  Koehn, Philipp  and  Liu, Qun  and  Logacheva, Varvara  and  Monz, Christof  "
    "and  Negri, Matteo  and  Post, Matt  and  Rubino, Raphael  and  Specia, Lucia  and  "
    "Turchi, Marco},\n"
    "  title     = {Findings of the 2017 Conference on Machine Translation (WMT17)},\n"
    "  booktitle = {Proceedings of the Second Conference on Machine Translation, Volume "
    "2: Shared Task Papers},\n"
    "  month     = {September},\n"
    "  year      = {2017},\n"
    "  address   = {Copenhagen, Denmark},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {169--214},\n"
    "  url       = {http://www.aclweb.org/anthology/W17-4717}\n"
    "}"
)

WMT17_MS = (
    "@inproceedings{achieving-human-parity-on-automatic-chinese-to-english-news-translati"
    "on,\n"
    "  author = {Hassan Awadalla, Hany and Aue, Anthony and Chen, Chang and Chowdhary, "
    "Vishal and Clark, Jonathan and Federmann, Christian and Huang, Xuedong and "
    "Junczys-Dowmunt, Marcin and Lewis, Will and Li, Mu and Liu, Shujie and Liu, Tie-Yan "
    "and Luo, Renqian and Menezes, Arul and Qin, Tao and Seide, Frank and Tan, Xu and "
    "Tian, Fei and Wu, Lijun and Wu, Shuangzhi and Xia, Yingce and Zhang, Dongdong and "
    "Zhang, Zhirui and Zhou, Ming},\n"
    "  title = {Achieving Human Parity on Automatic Chinese to English News "
    "Translation},\n"
    "  booktitle = {},\n"
    "  year = {2018},\n"
    "  month = {March},\n"
    "  abstract = {Machine translation has made rapid advances in recent years. Millions "
    "of people are using it today in online translation systems and mobile applications "
    "in order to communicate across language barriers. The question naturally arises "
    "whether such systems can approach or achieve parity with human translations. In "
    "this paper, we first address the problem of how to define and accurately measure "
    "human parity in translation. We then describe Microsoft’s machine translation "
    "system and measure the quality of its translations on the widely used WMT 2017 news "
    "translation task from Chinese to English. We find that our latest neural machine "
    "translation system has reached a new state-of-the-art, and that the translation "
    "quality is at human parity when compared to professional human translations. We "
    "also find that it significantly exceeds the quality of crowd-sourced "
    "non-professional translations.},\n"
    "  publisher = {},\n"
    "  url = {https://www.microsoft.com/en-us/research/publication/achieving-human-parity"
    "-on-automatic-chinese-to-english-news-translation/},\n"
    "  address = {},\n"
    "  pages = {},\n"
    "  journal = {},\n"
    "  volume = {},\n"
    "  chapter = {},\n"
    "  isbn = {},\n"
    "}"
)

WMT16 = (
    "@InProceedings{bojar-EtAl:2016:WMT1,\n"
    "  author    = {Bojar, Ond\\v{r}ej  and  Chatterjee, Rajen  and  Federmann, Christian "
    " and  Graham, Yvette  and  Haddow, Barry  and  Huck, Matthias  and  Jimeno Yepes, "
    "Antonio  and  Koehn, Philipp  and  Logacheva, Varvara  and  Monz, Christof  and  "
    "Negri, Matteo  and  Neveol, Aurelie  and  Neves, Mariana  and  Popel, Martin  and  "
    "Post, Matt  and  Rubino, Raphael  and  Scarton, Carolina  and  Specia, Lucia  and  "
    "Turchi, Marco  and  Verspoor, Karin  and  Zampieri, Marcos},\n"
    "  title     = {Findings of the 2016 Conference on Machine Translation},\n"
    "  booktitle = {Proceedings of the First Conference on Machine Translation},\n"
    "  month     = {August},\n"
    "  year      = {2016},\n"
    "  address   = {Berlin, Germany},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {131--198},\n"
    "  url       = {http://www.aclweb.org/anthology/W/W16/W16-2301}\n"
    "}"
)

WMT15 = (
    "@InProceedings{bojar-EtAl:2015:WMT,\n"
    "  author    = {Bojar, Ond\\v{r}ej  and  Chatterjee, Rajen  and  Federmann, Christian "
    " and  Haddow, Barry  and  Huck, Matthias  and  Hokamp, Chris  and  Koehn, Philipp  "
    "and  Logacheva, Varvara  and  Monz, Christof  and  Negri, Matteo  and  Post, Matt  "
    "and  Scarton, Carolina  and  Specia, Lucia  and  Turchi, Marco},\n"
    "  title     = {Findings of the 2015 Workshop on Statistical Machine Translation},\n"
    "  booktitle = {Proceedings of the Tenth Workshop on Statistical Machine "
    "Translation},\n"
    "  month     = {September},\n"
    "  year      = {2015},\n"
    "  address   = {Lisbon, Portugal},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {1--46},\n"
    "  url       = {http://aclweb.org/anthology/W15-3001}\n"
    "}"
)

WMT14 = (
    "@InProceedings{bojar-EtAl:2014:W14-33,\n"
    "  author    = {Bojar, Ondrej  and  Buck, Christian  and  Federmann, Christian  and  "
    "Haddow, Barry  and  Koehn, Philipp  and  Leveling, Johannes  and  Monz, Christof  "
    "and  Pecina, Pavel  and  Post, Matt  and  Saint-Amand, Herve  and  Soricut, Radu  "
    "and  Specia, Lucia  and  Tamchyna, Ale\\v{s}},\n"
    "  title     = {Findings of the 2014 Workshop on Statistical Machine Translation},\n"
    "  booktitle = {Proceedings of the Ninth Workshop on Statistical Machine "
    "Translation},\n"
    "  month     = {June},\n"
    "  year      = {2014},\n"
    "  address   = {Baltimore, Maryland, USA},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {12--58},\n"
    "  url       = {http://www.aclweb.org/anthology/W/W14/W14-3302}\n"
    "}"
)

WMT13 = (
    "@InProceedings{bojar-EtAl:2013:WMT,\n"
    "  author    = {Bojar, Ond\\v{r}ej  and  Buck, Christian  and  Callison-Burch, Chris  "
    "and  Federmann, Christian  and  Haddow, Barry  and  Koehn, Philipp  and  Monz, "
    "Christof  and  Post, Matt  and  Soricut, Radu  and  Specia, Lucia},\n"
    "  title     = {Findings of the 2013 {Workshop on Statistical Machine Translation}},\n"
    "  booktitle = {Proceedings of the Eighth Workshop on Statistical Machine "
    "Translation},\n"
    "  month     = {August},\n"
    "  year      = {2013},\n"
    "  address   = {Sofia, Bulgaria},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {1--44},\n"
    "  url       = {http://www.aclweb.org/anthology/W13-2201}\n"
    "}"
)

WMT12 = (
    "@InProceedings{callisonburch-EtAl:2012:WMT,\n"
    "  author    = {Callison-Burch, Chris  and  Koehn, Philipp  and  Monz, Christof  and "
    " Post, Matt  and  Soricut, Radu  and  Specia, Lucia},\n"
    "  title     = {Findings of the 2012 Workshop on Statistical Machine Translation},\n"
    "  booktitle = {Proceedings of the Seventh Workshop on Statistical Machine "
    "Translation},\n"
    "  month     = {June},\n"
    "  year      = {2012},\n"
    "  address   = {Montr{'e}al, Canada},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {10--51},\n"
    "  url       = {http://www.aclweb.org/anthology/W12-3102}\n"
    "}"
)

WMT11 = (
    "@InProceedings{callisonburch-EtAl:2011:WMT,\n"
    "  author    = {Callison-Burch, Chris  and  Koehn, Philipp  and  Monz, Christof  and "
    " Zaidan, Omar},\n"
    "  title     = {Findings of the 2011 Workshop on Statistical Machine Translation},\n"
    "  booktitle = {Proceedings of the Sixth Workshop on Statistical Machine "
    "Translation},\n"
    "  month     = {July},\n"
    "  year      = {2011},\n"
    "  address   = {Edinburgh, Scotland},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {22--64},\n"
    "  url       = {http://www.aclweb.org/anthology/W11-2103}\n"
    "}"
)

WMT10 = (
    "@InProceedings{callisonburch-EtAl:2010:WMT,\n"
    "  author    = {Callison-Burch, Chris  and  Koehn, Philipp  and  Monz, Christof  and "
    " Peterson, Kay  and  Przybocki, Mark  and  Zaidan, Omar},\n"
    "  title     = {Findings of the 2010 Joint Workshop on Statistical Machine "
    "Translation and Metrics for Machine Translation},\n"
    "  booktitle = {Proceedings of the Joint Fifth Workshop on Statistical Machine "
    "Translation and MetricsMATR},\n"
    "  month     = {July},\n"
    "  year      = {2010},\n"
    "  address   = {Uppsala, Sweden},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {17--53},\n"
    "  note      = {Revised August 2010},\n"
    "  url       = {http://www.aclweb.org/anthology/W10-1703}\n"
    "}"
)

WMT09 = (
    "@InProceedings{callisonburch-EtAl:2009:WMT-09,\n"
    "  author    = {Callison-Burch, Chris  and  Koehn, Philipp  and  Monz, Christof  and "
    " Schroeder, Josh},\n"
    "  title     = {Findings of the 2009 {W}orkshop on {S}tatistical {M}achine "
    "{T}ranslation},\n"
    "  booktitle = {Proceedings of the Fourth Workshop on Statistical Machine "
    "Translation},\n"
    "  month     = {March},\n"
    "  year      = {2009},\n"
    "  address   = {Athens, Greece},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {1--28},\n"
    "  url       = {http://www.aclweb.org/anthology/W/W09/W09-0401}\n"
    "}"
)

WMT08 = (
    "@InProceedings{callisonburch-EtAl:2008:WMT,\n"
    "  author    = {Callison-Burch, Chris  and  Fordyce, Cameron  and  Koehn, Philipp  "
    "and  Monz, Christof  and  Schroeder, Josh},\n"
    "  title     = {Further Meta-Evaluation of Machine Translation},\n"
    "  booktitle = {Proceedings of the Third Workshop on Statistical Machine "
    "Translation},\n"
    "  month     = {June},\n"
    "  year      = {2008},\n"
    "  address   = {Columbus, Ohio},\n"
    "  publisher = {Association for Computational Linguistics},\n"
    "  pages     = {70--106},\n"
    "  url       = {http://www.aclweb.org/anthology/W/W08/W08-0309}\n"
    "}"
)

IWSLT17 = (
    "@InProceedings{iwslt2017,\n"
    "  author    = {Cettolo, Mauro and Federico, Marcello and Bentivogli, Luisa and "
    "Niehues, Jan and Stüker, Sebastian and Sudoh, Katsuitho and Yoshino, Koichiro and "
    "Federmann, Christian},\n"
    "  title     = {Overview of the IWSLT 2017 Evaluation Campaign},\n"
    "  booktitle = {14th International Workshop on Spoken Language Translation},\n"
    "  month     = {December},\n"
    "  year      = {2017},\n"
    "  address   = {Tokyo, Japan},\n"
    "  pages     = {2--14},\n"
    "  url       = {http://workshop2017.iwslt.org/downloads/iwslt2017_proceeding_v2.pdf}\n"
    "}"
)

MTEDX_VALID = (
    "@misc{salesky2021multilingual,\n"
    "      title={The Multilingual TEDx Corpus for Speech Recognition and Translation}, \n"
    "      author={Elizabeth Salesky and Matthew Wiesner and Jacob Bremerman and Roldano "
    "Cattoni and Matteo Negri and Marco Turchi and Douglas W. Oard and Matt Post},\n"
    "      year={2021},\n"
    "      eprint={2102.01757},\n"
    "      archivePrefix={arXiv},\n"
    "      primaryClass={cs.CL}\n"
    "}"
)

MULTI30K_2016 = (
    "@InProceedings{elliott-etal-2016-multi30k,\n"
    '    title = "{M}ulti30{K}: Multilingual {E}nglish-{G}erman Image Descriptions",\n'
    "    author = \"Elliott, Desmond  and Frank, Stella  and Sima{'}an, Khalil  and "
    'Specia, Lucia",\n'
    '    booktitle = "Proceedings of the 5th Workshop on Vision and Language",\n'
    "    month = aug,\n"
    '    year = "2016",\n'
    '    address = "Berlin, Germany",\n'
    '    publisher = "Association for Computational Linguistics",\n'
    '    url = "https://www.aclweb.org/anthology/W16-3210",\n'
    '    doi = "10.18653/v1/W16-3210",\n'
    '    pages = "70--74",\n'
    "}"
)

MULTI30K_2017 = (
    MULTI30K_2016 + "\n\n" + "@InProceedings{elliott-etal-2017-findings,\n"
    '    title = "Findings of the Second Shared Task on Multimodal Machine Translation '
    'and Multilingual Image Description",\n'
    '    author = {Elliott, Desmond  and Frank, Stella  and Barrault, Lo{\\"\\i}c  and '
    "Bougares, Fethi  and Specia, Lucia},\n"
    '    booktitle = "Proceedings of the Second Conference on Machine Translation",\n'
    "    month = sep,\n"
    '    year = "2017",\n'
    '    address = "Copenhagen, Denmark",\n'
    '    publisher = "Association for Computational Linguistics",\n'
    '    url = "https://www.aclweb.org/anthology/W17-4718",\n'
    '    doi = "10.18653/v1/W17-4718",\n'
    '    pages = "215--233",\n'
    "}\n"
)

MULTI30K_2018 = (
    MULTI30K_2016 + "\n\n" + "@InProceedings{barrault-etal-2018-findings,\n"
    '    title = "Findings of the Third Shared Task on Multimodal Machine Translation",\n'
    '    author = {Barrault, Lo{\\"\\i}c  and Bougares, Fethi  and Specia, Lucia  and '
    "Lala, Chiraag  and Elliott, Desmond  and Frank, Stella},\n"
    '    booktitle = "Proceedings of the Third Conference on Machine Translation: Shared '
    'Task Papers",\n'
    "    month = oct,\n"
    '    year = "2018",\n'
    '    address = "Belgium, Brussels",\n'
    '    publisher = "Association for Computational Linguistics",\n'
    '    url = "https://www.aclweb.org/anthology/W18-6402",\n'
    '    doi = "10.18653/v1/W18-6402",\n'
    '    pages = "304--323",\n'
    "}\n"
)

MTNT1_1_TEST = (
    "@InProceedings{michel2018a:mtnt,\n"
    '    author = "Michel, Paul and Neubig, Graham",\n'
    '    title = "MTNT: A Testbed for Machine Translation of Noisy Text",\n'
    '    booktitle = "Proceedings of the 2018 Conference on Empirical Methods in Natural '
    'Language Processing",\n'
    '    year = "2018",\n'
    '    publisher = "Association for Computational Linguistics",\n'
    '    pages = "543--553",\n'
    '    location = "Brussels, Belgium",\n'
    '    url = "http://aclweb.org/anthology/D18-1050"\n'
    "}"
)
