"""The two tokenizers that need no rules: ``none`` (whitespace only) and ``char``."""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.tokenizers.base import Tokenizer

__all__ = ["CharacterTokenizer", "WhitespaceTokenizer"]


class WhitespaceTokenizer(Tokenizer):
    """sacreBLEU's ``none``: the text is already tokenized, tokens are split on whitespace."""

    name = "none"
    splits_on_whitespace = True

    def tokenize(self, line: str) -> str:
        """Collapse whitespace; BLEU then counts the whitespace-separated tokens."""
        return " ".join(line.split())

    def tokenize_words(self, words: Sequence[str]) -> list[str]:
        """Words are tokens."""
        return list(words)


class CharacterTokenizer(Tokenizer):
    """sacreBLEU's ``char``: every character that is not whitespace is a token."""

    name = "char"

    def tokenize(self, line: str) -> str:
        """Separate all characters by spaces, dropping whitespace."""
        return " ".join("".join(line.split()))
