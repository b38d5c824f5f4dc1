"""The Porter stems and WordNet synonyms a METEOR run has looked up, each computed once.

NLTK's WordNet reader keeps the synsets it has read between ``meteor_score`` calls, so its
second system costs less than its first. parbleu keeps them in an explicit `Lexicon` that
the prepared references own (`parbleu.metrics.meteor.metric.MeteorReferences`): every
system scored against those references shares it, and it goes when they go. It holds at
most `LEXICON_LIMIT` words of each kind; past that, a word is computed and not kept. What it
holds does not change any score: a stem or a synonym set is the same value however often it
is computed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from parbleu.metrics.meteor.wordnet import WordNet
from parbleu.tokenizers.porter import porter_stem

__all__ = ["LEXICON_LIMIT", "Lexicon"]

#: The most stems (and synonym sets) a `Lexicon` keeps: a WMT test set's systems and
#: references use a few tens of thousands of words; this bounds memory to some hundred MB.
LEXICON_LIMIT = 200_000

T = TypeVar("T")


class _Kept(dict[str, T]):
    """Values computed once per key, up to `limit` keys (past it: computed, not kept)."""

    def __init__(self, compute: Callable[[str], T], limit: int) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: str) -> T:
        value = self.compute(key)
        if len(self) < self.limit:
            self[key] = value
        return value


class Lexicon:
    """Stems and synonym sets of the words seen so far, shared by the systems of one run.

    ``stem(word)`` is NLTK's ``PorterStemmer().stem(word)``; ``synonyms(word)`` is
    `WordNet.synonyms` in this lexicon's database (plain dictionary look-ups once kept).
    """

    def __init__(self, wordnet: WordNet, limit: int = LEXICON_LIMIT) -> None:
        self.wordnet = wordnet
        self._stems = _Kept(porter_stem, limit)
        self._synonyms = _Kept(wordnet.synonyms, limit)
        self.stem: Callable[[str], str] = self._stems.__getitem__
        self.synonyms: Callable[[str], frozenset[str]] = self._synonyms.__getitem__

    def __len__(self) -> int:
        """How many words it keeps (stems and synonym sets together)."""
        return len(self._stems) + len(self._synonyms)
