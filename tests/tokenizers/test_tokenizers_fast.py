"""Oracle: sacreBLEU 2.6.0's tokenizers, against the code-point fast paths.

The fast paths (`Tokenizer.token_spans` over a whole block of lines, `prepared_text`,
16-bit and 32-bit code points) must give, line by line, exactly the tokens of sacreBLEU's
per-line tokenizer applied as its BLEU applies it: lowercased if asked, right-stripped.
"""

from __future__ import annotations

import itertools
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International
from sacrebleu.tokenizers.tokenizer_none import NoneTokenizer
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh

from parbleu.engine.text import tokenize_block
from parbleu.tokenizers import TokenizerName, make_tokenizer
from parbleu.tokenizers.base import WHITESPACE
from tests.strategies import SPACES, mt_line

ORACLES = {
    TokenizerName.MTEVAL_13A: Tokenizer13a,
    TokenizerName.NONE: NoneTokenizer,
    TokenizerName.CHAR: TokenizerChar,
    TokenizerName.INTL: TokenizerV14International,
    TokenizerName.ZH: TokenizerZh,
}
FAST = [TokenizerName.MTEVAL_13A, TokenizerName.NONE, TokenizerName.CHAR]

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Characters that matter to some rule of 13a, whitespace of every kind, and characters that
# need 32-bit code points or are lone surrogates.
NASTY = (
    ".,-0123456789 '&;<>\"()$%#@!?/\\:[]{}|~^_`+=*ax\t\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0"
    "\u1680\u2000\u200a\u2028\u2029\u202f\u205f\u3000é中\U0001f600\U00020000\ud800\udc00\x00"
)
nasty_line = st.text(alphabet=st.sampled_from(NASTY), max_size=24)
lines_strategy = st.lists(
    st.one_of(mt_line(newlines=True), nasty_line, st.sampled_from(["", " ", "&amp;", "3.5"])),
    min_size=1,
    max_size=8,
)


def oracle_tokens(name: TokenizerName, line: str, *, lowercase: bool = False) -> list[str]:
    if lowercase:
        line = line.lower()
    return str(ORACLES[name]()(line.rstrip())).split()


def block_tokens(name: TokenizerName, lines: list[str], *, lowercase: bool) -> list[list[str]]:
    block = tokenize_block(lines, make_tokenizer(name), lowercase=lowercase)
    tokens = [block.token(i) for i in range(len(block))]
    return [tokens[a:b] for a, b in zip(block.offsets[:-1], block.offsets[1:], strict=True)]


def test_whitespace_table_is_what_str_split_splits_on() -> None:
    every = [code for code in range(sys.maxunicode + 1) if chr(code).isspace()]
    assert tuple(every) == WHITESPACE


@pytest.mark.parametrize("name", list(ORACLES))
@pytest.mark.parametrize("lowercase", [False, True])
@SETTINGS
@given(lines=lines_strategy)
def test_block_tokens_match_sacrebleu(
    name: TokenizerName, lowercase: bool, lines: list[str]
) -> None:
    expected = [oracle_tokens(name, line, lowercase=lowercase) for line in lines]
    assert block_tokens(name, lines, lowercase=lowercase) == expected


@pytest.mark.parametrize("name", FAST)
@SETTINGS
@given(line=nasty_line)
def test_one_line_matches_sacrebleu(name: TokenizerName, line: str) -> None:
    assert block_tokens(name, [line], lowercase=False) == [oracle_tokens(name, line)]


@pytest.mark.parametrize("name", FAST)
@SETTINGS
@given(lines=lines_strategy)
def test_block_tokens_equal_per_line_tokenize(name: TokenizerName, lines: list[str]) -> None:
    tokenizer = make_tokenizer(name)
    expected = [tokenizer.tokenize(line.rstrip()).split() for line in lines]
    assert block_tokens(name, lines, lowercase=False) == expected


def _regex_13a(text: str) -> list[str]:
    """Rules 3b-3d of mteval-v13a as sacreBLEU writes them (rule 3a is not involved)."""
    text = re.sub(r"([^0-9])([\.,])", r"\1 \2 ", f" {text} ")
    text = re.sub(r"([\.,])([^0-9])", r" \1 \2", text)
    return re.sub(r"([0-9])(-)", r"\1 \2 ", text).split()


def test_runs_of_periods_and_commas_exhaustively() -> None:
    """Every string of up to 6 characters over the alphabet of rules 3b-3d."""
    tokenizer = make_tokenizer(TokenizerName.MTEVAL_13A)
    words = ["".join(p) for n in range(1, 7) for p in itertools.product(".,5a- ", repeat=n)]
    block = tokenize_block(words, tokenizer, lowercase=False)
    tokens = [block.token(i) for i in range(len(block))]
    for index, word in enumerate(words):
        got = tokens[block.offsets[index] : block.offsets[index + 1]]
        assert got == _regex_13a(word), word


@pytest.mark.parametrize(
    "line",
    [
        "",
        "   ",
        "A <skipped> word, and a-\nhyphen across lines\nhere.",
        "<skip-\nped> stays",
        "&amp;quot; &AMP; &lt;tag&gt;",
        "trailing hyphen-\n",
        "line\r\nwith CR",
        "x" * 5000,
        "\U0001f600 emoji 😀😀 and \ud83d\ude00 lone surrogates",
        "ΑΣ\nΑ final sigma across a newline",
    ],
)
@pytest.mark.parametrize("name", FAST)
@pytest.mark.parametrize("lowercase", [False, True])
def test_edge_lines(name: TokenizerName, lowercase: bool, line: str) -> None:
    lines = [line, "after", line]
    expected = [oracle_tokens(name, x, lowercase=lowercase) for x in lines]
    assert block_tokens(name, lines, lowercase=lowercase) == expected


def test_lines_with_newlines_do_not_shift_others() -> None:
    lines = ["a-\nb", "c\nd", "e"]
    assert block_tokens(TokenizerName.MTEVAL_13A, lines, lowercase=False) == [
        ["ab"],
        ["c", "d"],
        ["e"],
    ]


@pytest.mark.parametrize("space", SPACES)
def test_every_kind_of_space_separates(space: str) -> None:
    lines = [f"a{space}b", f"{space}c{space}"]
    assert block_tokens(TokenizerName.NONE, lines, lowercase=False) == [["a", "b"], ["c"]]
