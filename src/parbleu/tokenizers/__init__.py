"""BLEU tokenizers, each identical to the sacreBLEU 2.6.0 tokenizer of the same name."""

from __future__ import annotations

from parbleu.options import Choice
from parbleu.tokenizers.base import Tokenizer
from parbleu.tokenizers.intl import International
from parbleu.tokenizers.mecab import JapaneseMecab, KoreanMecab
from parbleu.tokenizers.mteval import Mteval13a
from parbleu.tokenizers.simple import CharacterTokenizer, WhitespaceTokenizer
from parbleu.tokenizers.zh import Chinese, ChineseFixed

__all__ = ["Tokenizer", "TokenizerName", "make_tokenizer"]


class TokenizerName(Choice):
    """The tokenizers parbleu offers, by the name sacreBLEU gives them."""

    MTEVAL_13A = "13a"
    INTL = "intl"
    ZH = "zh"
    ZH_FIXED = "zh-fixed"
    CHAR = "char"
    NONE = "none"
    JA_MECAB = "ja-mecab"
    KO_MECAB = "ko-mecab"


_CLASSES: dict[TokenizerName, type[Tokenizer]] = {
    TokenizerName.MTEVAL_13A: Mteval13a,
    TokenizerName.INTL: International,
    TokenizerName.ZH: Chinese,
    TokenizerName.ZH_FIXED: ChineseFixed,
    TokenizerName.CHAR: CharacterTokenizer,
    TokenizerName.NONE: WhitespaceTokenizer,
    TokenizerName.JA_MECAB: JapaneseMecab,
    TokenizerName.KO_MECAB: KoreanMecab,
}


def make_tokenizer(name: TokenizerName) -> Tokenizer:
    """Create the tokenizer called `name` (MeCab ones raise if their extra is missing)."""
    return _CLASSES[name]()
