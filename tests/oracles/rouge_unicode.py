"""An independent tokenizer for rouge_score that keeps every script, as docs/rouge.md states it.

Lowercase (``str.lower``); tokens are maximal runs of letters, marks and digits (categories
L, M, N of the ``regex`` package), with every Han, Hiragana and Katakana character split off
as a token of its own; with stemming, ASCII ``[a-z0-9]`` tokens longer than three characters
get NLTK's Porter stem. Given to ``rouge_scorer.RougeScorer(tokenizer=...)``, it is the
oracle of parbleu's ``script="unicode"``.
"""

from __future__ import annotations

import re

import regex
from nltk.stem.porter import PorterStemmer

_RUN = regex.compile(r"[\p{L}\p{M}\p{N}]+")
_IDEOGRAPH = regex.compile(r"([\p{Han}\p{Hiragana}\p{Katakana}])")
_ASCII = re.compile(r"[a-z0-9]+")


class UnicodeTokenizer:
    """rouge_score's tokenizer interface: ``tokenize(text) -> list[str]``."""

    def __init__(self, *, stem: bool) -> None:
        self.stemmer = PorterStemmer() if stem else None

    def tokenize(self, text: str) -> list[str]:
        tokens = [
            part for run in _RUN.findall(text.lower()) for part in _IDEOGRAPH.split(run) if part
        ]
        if self.stemmer is None:
            return tokens
        return [self.stemmer.stem(t) if len(t) > 3 and _ASCII.fullmatch(t) else t for t in tokens]
