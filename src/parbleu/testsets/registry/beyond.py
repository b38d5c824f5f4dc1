r"""Test sets sacreBLEU 2.6.0 does not list: WMT24++ and the WMT25 general task.

Both are read from the files their organisers publish, at a fixed revision:

- ``wmt24pp`` (Deutsch et al., 2025): the Hugging Face dataset ``google/wmt24pp`` at revision
  ``fd7405c06494bc66a57b25f55d217a72f96e60dc``, one JSON Lines file per pair
  (``en-de_DE.jsonl``: ``lp``, ``domain``, ``document_id``, ``segment_id``, ``is_bad_source``,
  ``source``, ``target``, ``original_target``). No checksum of these files is published (the
  dataset card gives none and the files are not stored with Git LFS); the address names the
  revision, and each download is checked to hold its 998 records, each a JSON object of the
  pair (`parbleu.testsets.jsonl_sets`).
- ``wmt25`` (the WMT25 general machine translation task): ``data/wmt25-genmt.jsonl`` of
  ``github.com/wmt-conference/wmt25-general-mt`` at commit
  ``2b9101072126b0508005545f1315af30e828b5d5`` (2025-08-01, the file's last change there),
  one JSON object per document (``doc_id``, ``domain``, ``src_lang``, ``tgt_lang``,
  ``src_text``, ``refs``), its segments the paragraphs of the text (``\n\n``-separated, as
  the organisers split them). The download is checked against the file's git object id at
  that commit. Its pairs are those the organisers' system metadata lists.
"""

from __future__ import annotations

from parbleu.testsets.entries import Download, KnownTestSet, PairFiles, RawFile, RawFormat

__all__ = ["TEST_SETS", "WMT24PP_REVISION", "WMT25_COMMIT"]

#: The revision of ``google/wmt24pp`` read.
WMT24PP_REVISION = "fd7405c06494bc66a57b25f55d217a72f96e60dc"

#: The commit of ``wmt-conference/wmt25-general-mt`` read.
WMT25_COMMIT = "2b9101072126b0508005545f1315af30e828b5d5"

_WMT24PP_TABLE = """
    en-ar_EG en-ar_SA en-bg_BG en-bn_IN en-ca_ES en-cs_CZ en-da_DK en-de_DE en-el_GR en-es_MX
    en-et_EE en-fa_IR en-fi_FI en-fil_PH en-fr_CA en-fr_FR en-gu_IN en-he_IL en-hi_IN en-hr_HR
    en-hu_HU en-id_ID en-is_IS en-it_IT en-ja_JP en-kn_IN en-ko_KR en-lt_LT en-lv_LV en-ml_IN
    en-mr_IN en-nl_NL en-no_NO en-pa_IN en-pl_PL en-pt_BR en-pt_PT en-ro_RO en-ru_RU en-sk_SK
    en-sl_SI en-sr_RS en-sv_SE en-sw_KE en-sw_TZ en-ta_IN en-te_IN en-th_TH en-tr_TR en-uk_UA
    en-ur_PK en-vi_VN en-zh_CN en-zh_TW en-zu_ZA
"""

_WMT25_TABLE = """
    cs-de_DE cs-uk_UA en-ar_EG en-bho_IN en-bn_BD en-cs_CZ en-de_DE en-el_GR en-et_EE en-fa_IR
    en-hi_IN en-id_ID en-is_IS en-it_IT en-ja_JP en-kn_IN en-ko_KR en-lt_LT en-mas_KE en-mr_IN
    en-ro_RO en-ru_RU en-sr_Cyrl_RS en-sr_Latn_RS en-sv_SE en-th_TH en-tr_TR en-uk_UA en-vi_VN
    en-zh_CN ja-zh_CN
"""
_WMT24PP_PAIRS = _WMT24PP_TABLE.split()
_WMT25_PAIRS = _WMT25_TABLE.split()

_WMT24PP_CITATION = (
    "@inproceedings{deutsch-etal-2025-wmt24pp,\n"
    '    title = "{WMT}24++: Expanding the Language Coverage of {WMT}24 to 55 Languages '
    '{\\&} Dialects",\n'
    '    author = "Deutsch, Daniel and Briakou, Eleftheria and Caswell, Isaac Rayburn and '
    "Finkelstein, Mara and Galor, Rebecca and Juraska, Juraj and Kovacs, Geza and Lui, "
    "Alison and Rei, Ricardo and Riesa, Jason and Rijhwani, Shruti and Riley, Parker and "
    "Salesky, Elizabeth and Trabelsi, Firas and Winkler, Stephanie and Zhang, Biao and "
    'Freitag, Markus",\n'
    '    booktitle = "Findings of the Association for Computational Linguistics: ACL 2025",\n'
    '    year = "2025",\n'
    '    address = "Vienna, Austria",\n'
    '    publisher = "Association for Computational Linguistics",\n'
    '    pages = "12257--12284",\n'
    "}"
)


def _wmt24pp() -> KnownTestSet:
    base = f"https://huggingface.co/datasets/google/wmt24pp/resolve/{WMT24PP_REVISION}"
    return KnownTestSet(
        "wmt24pp",
        RawFormat.WMT24PP_JSONL,
        tuple(Download(f"{base}/{pair}.jsonl", lines=998) for pair in _WMT24PP_PAIRS),
        "WMT24++: the WMT24 English sources with references in 55 languages and dialects "
        "(google/wmt24pp; ref is the post-edited reference, ref:original the one before "
        "post-editing; segments the organisers flag as bad sources are left out)",
        {pair: PairFiles((RawFile(f"wmt24pp.{pair}.jsonl"),)) for pair in _WMT24PP_PAIRS},
        references=("",),
        citation=_WMT24PP_CITATION,
        in_sacrebleu=False,
        note="no checksum is published: the address names a fixed revision and each file is "
        "checked to hold 998 JSON records of its pair",
    )


def _wmt25() -> KnownTestSet:
    url = (
        f"https://raw.githubusercontent.com/wmt-conference/wmt25-general-mt/{WMT25_COMMIT}/"
        "data/wmt25-genmt.jsonl"
    )
    files = PairFiles((RawFile("wmt25.wmt25-genmt.jsonl"),))
    return KnownTestSet(
        "wmt25",
        RawFormat.WMT25_JSONL,
        (Download(url, git_blob="f9b0c8a0033374a8cda8215edaa3e7b899c96505"),),
        "WMT25 general MT task test set, as its organisers released it (one JSON object a "
        "document; its paragraphs are the segments)",
        dict.fromkeys(_WMT25_PAIRS, files),
        references=("refA",),
        in_sacrebleu=False,
        note="verified by the file's git object id at the organisers' commit",
    )


#: The test sets of this module.
TEST_SETS: tuple[KnownTestSet, ...] = (_wmt24pp(), _wmt25())
