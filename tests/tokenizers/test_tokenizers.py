"""Oracle: sacreBLEU 2.6.0's tokenizers, token for token, on generated and hand-picked text."""

from __future__ import annotations

import builtins
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_ja_mecab import TokenizerJaMecab
from sacrebleu.tokenizers.tokenizer_ko_mecab import TokenizerKoMecab
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

from parbleu.errors import MissingDependencyError
from parbleu.tokenizers import TokenizerName, make_tokenizer
from parbleu.tokenizers.mecab import JapaneseMecab
from tests.strategies import mt_line

ORACLES = {
    TokenizerName.MTEVAL_13A: Tokenizer13a,
    TokenizerName.INTL: TokenizerV14International,
    TokenizerName.ZH: TokenizerZh,
    TokenizerName.CHAR: TokenizerChar,
    TokenizerName.NONE: NoneTokenizer,
}

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

HAND_PICKED = [
    "",
    "   ",
    "Hello, world.",
    "It costs $3.50 (or 3,50 EUR) - cheap!",
    "1990-2000. The end.",
    "a.b,c-d 1.2,3-4 5- -6 7.",
    "&quot;Quoted&quot; &amp; &lt;tag&gt; &apos;x&apos;",
    "A <skipped> word, and a-\nhyphen across lines\nhere.",
    "«Guillemets» — em dash … ellipsis “quotes”",
    "中文，测试。English mixed 3.5%",
    "tab\tseparated\u00a0nbsp\u3000ideographic\u2028line-sep\x1cfile-sep\x85nel",
    "trailing CR\r",
    "..., .,.,., ---",
]


@pytest.mark.parametrize("name", list(ORACLES))
@pytest.mark.parametrize("line", HAND_PICKED)
def test_hand_picked_lines_match_sacrebleu(name: TokenizerName, line: str) -> None:
    ours = make_tokenizer(name)
    assert ours.tokenize(line).split() == ORACLES[name]()(line).split()


@pytest.mark.parametrize("name", list(ORACLES))
@SETTINGS
@given(line=mt_line(newlines=True))
def test_tokenize_matches_sacrebleu(name: TokenizerName, line: str) -> None:
    assert make_tokenizer(name).tokenize(line).split() == ORACLES[name]()(line).split()


@pytest.mark.parametrize("name", list(ORACLES))
@SETTINGS
@given(lines=st.lists(mt_line(newlines=True), max_size=8))
def test_tokenize_lines_equals_tokenize(name: TokenizerName, lines: list[str]) -> None:
    tokenizer = make_tokenizer(name)
    assert tokenizer.tokenize_lines(lines) == [tokenizer.tokenize(line) for line in lines]


@pytest.mark.parametrize("name", [TokenizerName.MTEVAL_13A, TokenizerName.NONE])
@SETTINGS
@given(line=mt_line())
def test_whitespace_tokenizers_tokenize_word_by_word(name: TokenizerName, line: str) -> None:
    """The property the encoder relies on: a line tokenizes as its words do, one by one."""
    tokenizer = make_tokenizer(name)
    assert tokenizer.splits_on_whitespace
    words = tokenizer.prepare_text(line).split()
    by_word = " ".join(t for t in tokenizer.tokenize_words(words) if t)
    assert by_word.split() == tokenizer.tokenize(line).split()


def test_zh_reproduces_sacrebleu_range_bug_and_zh_fixed_does_not() -> None:
    """sacreBLEU issue #298: its ranges "\\u20000".. cover U+2001..U+2A6D, not Extension B."""
    zh, fixed = make_tokenizer(TokenizerName.ZH), make_tokenizer(TokenizerName.ZH_FIXED)
    oracle = TokenizerZh()
    line = "a—b 𠀀𠀁x"  # em dash U+2014, two Extension B ideographs (U+20000, U+20001)
    assert zh.tokenize(line) == " ".join(oracle(line).split())
    assert zh.tokenize(line).split() == ["a", "—", "b", "𠀀𠀁x"]
    assert fixed.tokenize(line).split() == ["a—b", "𠀀", "𠀁", "x"]
    assert fixed.signature == "zh-fixed"


JAPANESE = ["", "今日は良い天気ですね。", "東京タワーに行きました！  ", "ＡＢＣ１２３と漢字"]
KOREAN = ["", "오늘은 날씨가 좋네요.", "서울에 갔습니다!  ", "ABC123 한국어 문장"]


@pytest.mark.parametrize("line", JAPANESE)
def test_ja_mecab_matches_sacrebleu(line: str) -> None:
    ours, oracle = make_tokenizer(TokenizerName.JA_MECAB), TokenizerJaMecab()
    assert ours.tokenize(line) == oracle(line)
    assert ours.signature == oracle.signature()


@pytest.mark.parametrize("line", KOREAN)
def test_ko_mecab_matches_sacrebleu(line: str) -> None:
    ours, oracle = make_tokenizer(TokenizerName.KO_MECAB), TokenizerKoMecab()
    assert ours.tokenize(line) == oracle(line)
    assert ours.signature == oracle.signature()


def test_missing_mecab_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_mecab(name: str, *args: object, **kwargs: object) -> object:
        if name == "MeCab":
            raise ImportError("No module named 'MeCab'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_mecab)
    monkeypatch.delitem(sys.modules, "MeCab", raising=False)
    with pytest.raises(MissingDependencyError, match=r"pip install 'parbleu\[ja\]'"):
        JapaneseMecab()


@pytest.mark.parametrize("name", list(ORACLES))
def test_signature_values_match_sacrebleu(name: TokenizerName) -> None:
    assert make_tokenizer(name).signature == ORACLES[name]().signature()
