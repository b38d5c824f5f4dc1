"""The two tokenizers that need no rules: ``none`` (whitespace only) and ``char``."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from parbleu.arrays import CodeArray, Spans
from parbleu.tokenizers.base import Tokenizer, space_mask, whitespace_spans

__all__ = ["CharacterTokenizer", "WhitespaceTokenizer"]


class WhitespaceTokenizer(Tokenizer):
    """sacreBLEU's ``none``: the text is already tokenized, tokens are split on whitespace."""

    name = "none"
    splits_on_whitespace = True
    spans_code_points = True

    def tokenize(self, line: str) -> str:
        """Collapse whitespace; BLEU then counts the whitespace-separated tokens."""
        return " ".join(line.split())

    def tokens(self, line: str) -> list[str]:
        """The whitespace-separated words."""
        return line.split()

    def tokenize_words(self, words: Sequence[str]) -> list[str]:
        """Words are tokens."""
        return list(words)

    def token_spans(self, codes: CodeArray) -> Spans:
        """The whitespace-separated words."""
        return whitespace_spans(codes)


class CharacterTokenizer(Tokenizer):
    """sacreBLEU's ``char``: every character that is not whitespace is a token."""

    name = "char"
    spans_code_points = True

    def tokenize(self, line: str) -> str:
        """Separate all characters by spaces, dropping whitespace."""
        return " ".join("".join(line.split()))

    def tokens(self, line: str) -> list[str]:
        """Every character that is not whitespace."""
        return list("".join(line.split()))

    def token_spans(self, codes: CodeArray) -> Spans:
        """Every character that is not whitespace."""
        starts = np.flatnonzero(~space_mask(codes))
        return starts, np.ones(len(starts), dtype=np.int64)
