"""The per-line ``tokens`` of 13a and intl against sacreBLEU 2.6.0's tokenizers (the oracles).

Both take shortcuts that the module docstrings argue for: 13a splits off every mark where no
ASCII digit stands next to ``.``, ``,`` or ``-`` and runs the rules only on pieces holding
such a digit; intl splits off every punctuation mark and symbol where no number stands next
to punctuation. Every line over small alphabets holding each kind of character (letters,
digits and other numbers, the marks, symbols, ASCII and other whitespace, characters outside
the Basic Multilingual Plane) must give sacreBLEU's tokens.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International

from parbleu.tokenizers import make_tokenizer
from tests.strategies import mt_line


def _lines(alphabet: list[str], longest: int) -> list[str]:
    return [
        "".join(chars)
        for n in range(longest + 1)
        for chars in itertools.product(alphabet, repeat=n)
    ]


#: Letters, a digit, 13a's three digit-rule marks, a rule-3a mark, an entity's start, and
#: whitespace that `str.split` splits on (one ASCII, one not).
MTEVAL_ALPHABET = ["a", "1", ".", ",", "-", "(", "&", " ", "\u00a0"]

#: A letter, a non-ASCII letter, numbers (ASCII and not), punctuation (ASCII and not), a
#: symbol, whitespace (ASCII, non-ASCII, and a separator `regex` does not call whitespace),
#: an astral character.
INTL_ALPHABET = ["a", "ä", "1", "²", ".", "„", "$", " ", "\u00a0", "\x1c", "\U0001f600"]


def test_13a_tokens_of_every_short_line_are_sacrebleus() -> None:
    tokenizer, oracle = make_tokenizer("13a"), Tokenizer13a()
    for line in _lines(MTEVAL_ALPHABET, 5):
        assert tokenizer.tokens(line) == oracle(line).split(), repr(line)


def test_intl_tokens_of_every_short_line_are_sacrebleus() -> None:
    tokenizer, oracle = make_tokenizer("intl"), TokenizerV14International()
    for line in _lines(INTL_ALPHABET, 4):
        assert tokenizer.tokens(line) == oracle(line).split(), repr(line)


@pytest.mark.slow
def test_longer_lines_are_sacrebleus() -> None:
    """The next length up (the shorter lines are the tests above); each oracle made once, as
    sacreBLEU makes it once per metric."""
    mteval, intl = make_tokenizer("13a"), make_tokenizer("intl")
    oracle_13a, oracle_intl = Tokenizer13a(), TokenizerV14International()
    for chars in itertools.product(MTEVAL_ALPHABET, repeat=6):
        line = "".join(chars)
        assert mteval.tokens(line) == oracle_13a(line).split(), repr(line)
    for chars in itertools.product(INTL_ALPHABET, repeat=5):
        line = "".join(chars)
        assert intl.tokens(line) == oracle_intl(line).split(), repr(line)


@settings(max_examples=200, deadline=None)
@given(line=mt_line())
def test_tokens_of_mt_lines_are_sacrebleus(line: str) -> None:
    assert make_tokenizer("13a").tokens(line) == Tokenizer13a()(line).split()
    assert make_tokenizer("intl").tokens(line) == TokenizerV14International()(line).split()
