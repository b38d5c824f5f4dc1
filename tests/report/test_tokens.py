"""Token layouts: the browser's rebuilding rule gives back the tokenizer's tokens exactly.

Oracle: the tokenizers themselves (``Tokenizer.tokenize`` of each line, lowercased first when
the metric lowercases, as sacreBLEU does; TER's ``words``). The rebuilding rule is written
here a second time, in Python, as docs/report.md states it (split on ``str.split``'s
whitespace, split again at the stored UTF-16 offsets, lowercase each character through the
table), and applied to every line.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parbleu.engine.text import tokenize_block
from parbleu.metrics.ter.metric import TER
from parbleu.report.tokens import TokenLayout, TokenSpans, layout, spans_from_tokens
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.report.corpus import HYPOTHESES, REFERENCES

TOKENIZERS = ["13a", "intl", "zh", "zh-fixed", "char", "none"]
LINES = HYPOTHESES + list(REFERENCES[0]) + [r or "" for r in REFERENCES[1]]


def rebuild(tokens: TokenLayout, lines: Sequence[str]) -> list[list[str]]:
    """The rule of docs/report.md, independently of the page's JavaScript."""
    out = []
    first = 0
    for i, line in enumerate(lines):
        count = int(tokens.split_counts[i])
        offsets = set(np.cumsum(tokens.split_deltas[first : first + count]).tolist())
        first += count
        if i in tokens.explicit:
            out.append(tokens.explicit[i].split(" ") if tokens.explicit[i] else [])
            continue
        units = line.encode("utf-16-le", "surrogatepass")
        words: list[list[bytes]] = []
        current: list[bytes] = []
        for k in range(0, len(units), 2):
            unit = units[k : k + 2]
            if unit.decode("utf-16-le", "surrogatepass").isspace():
                if current:
                    words.append(current)
                current = []
                continue
            if current and k // 2 in offsets:
                words.append(current)
                current = []
            current.append(unit)
        if current:
            words.append(current)
        texts = [b"".join(w).decode("utf-16-le", "surrogatepass") for w in words]
        out.append(["".join(tokens.lowercase.get(c, c) for c in t) for t in texts])
    return out


def bleu_layout(lines: Sequence[str], name: str, lowercase: bool) -> TokenLayout:
    tokenizer = make_tokenizer(TokenizerName(name))

    def tokenize(block: Sequence[str]) -> TokenSpans:
        b = tokenize_block(list(block), tokenizer, lowercase=lowercase)
        return TokenSpans(b.codes, b.starts, b.lengths, b.offsets)

    return layout(lines, tokenize, lowercase=lowercase, block_lines=7)


def expected_tokens(lines: Sequence[str], name: str, lowercase: bool) -> list[list[str]]:
    tokenizer = make_tokenizer(TokenizerName(name))
    return [tokenizer.tokenize(line.lower() if lowercase else line).split() for line in lines]


@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("name", TOKENIZERS)
def test_rebuilt_tokens_are_the_tokenizers(name: str, lowercase: bool) -> None:
    tokens = bleu_layout(LINES, name, lowercase)
    assert rebuild(tokens, LINES) == expected_tokens(LINES, name, lowercase)
    assert tokens.token_counts.tolist() == [len(t) for t in expected_tokens(LINES, name, lowercase)]


def test_only_rewritten_lines_are_stored_explicitly() -> None:
    """13a unescapes entities and drops ``<skipped>`` (line 2); lowercase maps a final sigma
    by context and İ to two characters (line 3): only those lines keep explicit tokens."""
    assert set(bleu_layout(LINES[:16], "13a", False).explicit) == {2}
    assert set(bleu_layout(LINES[:16], "13a", True).explicit) == {2, 3}
    assert bleu_layout(["a b c"], "13a", True).lowercase == {}
    assert bleu_layout(["The End."], "13a", True).lowercase == {"T": "t", "E": "e"}


def test_split_offsets_count_utf16_units() -> None:
    """After an astral character (two UTF-16 units), offsets are in units, as in JavaScript."""
    tokens = bleu_layout(["😀x."], "13a", False)
    assert tokens.split_deltas.tolist() == [3]


@pytest.mark.parametrize(
    "options", [{}, {"normalized": True}, {"case_sensitive": True}, {"no_punct": True}]
)
def test_ter_words(options: dict[str, bool]) -> None:
    tokenizer = TER(**options).tokenizer
    words = [tokenizer.words(line) for line in LINES]
    tokens = layout(
        LINES,
        lambda block: spans_from_tokens([tokenizer.words(x) for x in block]),
        lowercase=not tokenizer.case_sensitive,
        block_lines=5,
    )
    assert rebuild(tokens, LINES) == words


text = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",), max_codepoint=0x1F700)
    | st.sampled_from(list(" \t.,;:-'\"&amp;lt;ΣİßΑ😀中\u200f\u2028")),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(text, min_size=1, max_size=12),
    lowercase=st.booleans(),
    name=st.sampled_from(["13a", "intl", "char", "none", "zh"]),
)
def test_property_rebuilt_tokens_are_the_tokenizers(
    lines: list[str], lowercase: bool, name: str
) -> None:
    tokens = bleu_layout(lines, name, lowercase)
    assert rebuild(tokens, lines) == expected_tokens(lines, name, lowercase)
