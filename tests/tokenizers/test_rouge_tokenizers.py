"""Oracles: rouge_score 0.1.2's ``tokenize.tokenize`` and NLTK's ``PorterStemmer``.

The ASCII tokenizer's per-line rule and the engine's whole-block path must give rouge_score's
tokens (with and without stemming) on any text; the Unicode tokenizer's two paths must agree
with each other and give rouge_score's tokens on ASCII text. The Porter stemmer must give
NLTK's stems for every word of the shared WMT data and of WordNet's index and exception
lists (where WordNet is installed), and for drawn strings.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from nltk.stem.porter import PorterStemmer
from rouge_score import tokenize as rouge_tokenize
from rouge_score.tokenizers import DefaultTokenizer

from parbleu.engine.text import tokenize_block
from parbleu.tokenizers.porter import porter_stem
from parbleu.tokenizers.rouge import (
    LOWERCASE_TO_ASCII,
    RougeTokenizer,
    RougeUnicodeTokenizer,
    rouge_stem,
)
from tests.strategies import mt_line
from tests.wmt import WmtData

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WORDNET = Path("/usr/share/wordnet")
NASTY = (
    "aZ09 \t\n\r\x0b\x0c\x1c\x85\xa0\u2028\u3000_-.'éÄßİK\u212aΣσς中文カな한\U0001f600\x00\ud800"
)
nasty_text = st.text(alphabet=st.sampled_from(NASTY), max_size=30)
lines_strategy = st.lists(st.one_of(mt_line(newlines=True), nasty_text), min_size=1, max_size=6)


def block_tokens(
    tokenizer: RougeTokenizer | RougeUnicodeTokenizer, lines: list[str], *, lowercase: bool = True
) -> list[list[str]]:
    block = tokenize_block(lines, tokenizer, lowercase=lowercase)
    return [
        [block.token(i) for i in range(block.offsets[k], block.offsets[k + 1])]
        for k in range(len(lines))
    ]


@SETTINGS
@given(lines_strategy)
def test_ascii_tokens_are_rouge_scores(lines: list[str]) -> None:
    tokenizer = RougeTokenizer()
    expected = [rouge_tokenize.tokenize(line, None) for line in lines]
    assert [tokenizer.tokenize(line).split() for line in lines] == expected
    assert block_tokens(tokenizer, lines) == expected
    assert block_tokens(tokenizer, lines, lowercase=False) == expected  # prepare_text lowers


def test_only_two_characters_lowercase_into_ascii() -> None:
    """Oracle: ``str.lower`` of every code point. The ASCII tokenizer lowers ASCII bytes only,
    and ``str.lower`` for the characters listed, which must be all those outside ASCII whose
    lowercase holds a letter or digit rouge_score keeps."""
    found = [
        chr(code) for code in range(128, 0x110000) if re.search(r"[a-z0-9]", chr(code).lower())
    ]
    assert tuple(found) == LOWERCASE_TO_ASCII


@pytest.mark.parametrize(
    ("line", "tokens"),
    [
        ("İSTANBUL Äpfel", ["i", "stanbul", "pfel"]),  # str.lower: 'i̇stanbul äpfel'
        ("5 \u212aM ÜBER", ["5", "km", "ber"]),  # the Kelvin sign lowercases to 'k'
        ("Straße ÉTÉ", ["stra", "e", "t"]),
    ],
)
def test_block_lowering_by_hand(line: str, tokens: list[str]) -> None:
    """rouge_score's answers, worked by hand from ``str.lower``."""
    assert rouge_tokenize.tokenize(line, None) == tokens
    assert block_tokens(RougeTokenizer(), [line, "x"], lowercase=False) == [tokens, ["x"]]


@SETTINGS
@given(lines_strategy)
def test_stemmed_tokens_are_rouge_scores(lines: list[str]) -> None:
    oracle = DefaultTokenizer(use_stemmer=True)
    for line in lines:
        ours = [rouge_stem(token) for token in RougeTokenizer().tokenize(line).split()]
        assert ours == oracle.tokenize(line)


@SETTINGS
@given(lines_strategy)
def test_unicode_paths_agree(lines: list[str]) -> None:
    tokenizer = RougeUnicodeTokenizer()
    per_line = [tokenizer.tokenize(line).split() for line in lines]
    assert block_tokens(tokenizer, lines) == per_line
    for line, tokens in zip(lines, per_line, strict=True):
        if line.isascii():
            assert tokens == rouge_tokenize.tokenize(line, None)


def test_unicode_tokens_by_hand() -> None:
    tokenizer = RougeUnicodeTokenizer()
    assert tokenizer.tokenize("Ein Straßenfest in Zürich!") == "ein straßenfest in zürich"
    assert tokenizer.tokenize("東京は、カタカナ。") == "東 京 は カ タ カ ナ"
    assert tokenizer.tokenize("abc中文def") == "abc 中 文 def"
    assert tokenizer.tokenize("한국어 단어") == "한국어 단어"


@SETTINGS
@given(st.text(alphabet=st.sampled_from("aeiouybcdlmnrstz"), min_size=1, max_size=14))
def test_porter_drawn_words(word: str) -> None:
    assert porter_stem(word) == PorterStemmer().stem(word)


def _compare(words: set[str]) -> None:
    """Lowercase words: what ROUGE and METEOR stem (NLTK before 3.10 looked its irregular
    forms up before lowercasing, so ``Dying`` stemmed differently there)."""
    stemmer = PorterStemmer()
    lowercase = {w.lower() for w in words}
    wrong = [w for w in sorted(lowercase) if porter_stem(w) != stemmer.stem(w)]
    assert not wrong, wrong[:20]


@pytest.mark.shared_data
def test_porter_every_wmt_word(shared_data: WmtData) -> None:
    words: set[str] = set()
    for path in shared_data.root.glob("newstest*/*/**/*.txt"):
        text = path.read_text(encoding="utf-8")
        words.update(text.split())
        words.update(re.findall(r"[a-z0-9]+", text.lower()))
    assert len(words) > 100_000
    _compare(words)


def test_porter_every_wordnet_word() -> None:
    if not (WORDNET / "index.noun").is_file():
        message = f"WordNet not found at {WORDNET} (apt-get install wordnet-base)"
        if os.environ.get("PARBLEU_REQUIRE_WORDNET") == "1":
            pytest.fail(message + "; PARBLEU_REQUIRE_WORDNET=1 forbids skipping")
        pytest.skip(message)
    words: set[str] = set()
    for path in WORDNET.glob("index.*"):
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
            if not line.startswith(" "):
                lemma = line.split(" ", 1)[0]
                words.update((lemma, lemma.replace("_", " ")))
    for path in WORDNET.glob("*.exc"):
        words.update(path.read_text(encoding="utf-8").split())
    assert len(words) > 150_000
    _compare(words)
