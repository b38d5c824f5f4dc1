"""WER's words and CER's characters, as jiwer 4.0.0's default transforms give them.

Oracles: jiwer's own ``wer_default`` and ``cer_default`` (``jiwer.transformations``), run on
the same lines, with ``ToLowerCase()`` before them for ``lowercase``; Python's ``re`` for
what ``\\s`` matches.
"""

from __future__ import annotations

import re

import jiwer
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.metrics.wer.chars import characters, jiwer_characters
from parbleu.metrics.wer.words import jiwer_words, reference_words, word_block
from parbleu.tokenizers.base import CODE_POINTS, WHITESPACE

#: Whitespace of every kind jiwer's rules treat differently (a space, other whitespace alone
#: or in runs, a newline inside a line), astral characters, combining marks, zero-width ones.
PIECES = [
    "a", "b", "é", "e\u0301", "𝒜", "猫", " ", "  ", "\t", "\n", "\u00a0", "\u2028", "\x1c",
    "\x85", "\u200b", "\u3000", "x.", "İ", "Σ",
]  # fmt: skip

lines = st.lists(
    st.lists(st.sampled_from(PIECES), max_size=12).map("".join), min_size=1, max_size=30
)


def test_jiwer_whitespace_is_pythons() -> None:
    """``re``'s ``\\s`` (jiwer's runs), ``str.strip`` and ``str.isspace`` agree on every
    code point with the table parbleu splits on."""
    spaces = re.compile(r"\s")
    matched = [c for c in range(CODE_POINTS) if spaces.match(chr(c))]
    assert matched == list(WHITESPACE)
    assert all(chr(c).strip() == "" for c in WHITESPACE)


@settings(max_examples=150, deadline=None)
@given(lines, st.booleans())
def test_words_are_jiwers(text: list[str], lowercase: bool) -> None:
    transform = jiwer.transformations.wer_default
    if lowercase:
        transform = jiwer.Compose([jiwer.ToLowerCase(), *transform.transforms])
    expected = [transform(line)[0] for line in text]
    block = word_block(text, lowercase=lowercase)
    got = [
        [block.token(t) for t in range(block.offsets[i], block.offsets[i + 1])]
        for i in range(len(text))
    ]
    assert got == expected
    assert [jiwer_words(line.lower() if lowercase else line) for line in text] == expected
    ids, lookup = reference_words(text, lowercase=lowercase)
    strings = lookup.vocabulary.strings()
    assert [[strings[t] for t in ids.segment(i)] for i in range(len(text))] == expected


@settings(max_examples=150, deadline=None)
@given(lines, st.booleans())
def test_characters_are_jiwers(text: list[str], lowercase: bool) -> None:
    transform = jiwer.transformations.cer_default
    if lowercase:
        transform = jiwer.Compose([jiwer.ToLowerCase(), *transform.transforms])
    expected = [transform(line)[0] for line in text]
    corpus = characters(text, lowercase=lowercase)
    got = [[chr(c) for c in corpus.segment(i).tolist()] for i in range(len(text))]
    assert got == expected
    assert [jiwer_characters(line.lower() if lowercase else line) for line in text] == expected


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("", []),
        ("   ", []),
        ("a\tb", ["a\tb"]),  # one tab: not a run, and split(" ") keeps it
        ("a \tb", ["a", "b"]),  # a run of two
        ("\ta b\t", ["a", "b"]),  # stripped
        ("a\u00a0b c", ["a\u00a0b", "c"]),
        ("a\nb", ["a\nb"]),  # a newline inside a line is whitespace like a tab
    ],
)
def test_hand_made_words(line: str, words: list[str]) -> None:
    """Hand maths of jiwer's three steps, checked against jiwer itself."""
    assert jiwer.transformations.wer_default(line)[0] == words
    block = word_block(["x", line, "y"], lowercase=False)
    assert [block.token(t) for t in range(block.offsets[1], block.offsets[2])] == words


def test_unknown_hypothesis_words_get_minus_one() -> None:
    _, lookup = reference_words(["the cat"], lowercase=False)
    assert lookup.encode(["the dog"]).values.tolist() == [0, -1]
    assert lookup.size == 2
    assert lookup.token_ids() == {"the": 0, "cat": 1}
