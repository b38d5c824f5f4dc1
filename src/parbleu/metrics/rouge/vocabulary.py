"""ROUGE text as token ids: surface forms, or their Porter stems, shared by all segments.

References are tokenized once (`parbleu.engine.encode.TextEncoder` with a ROUGE tokenizer,
lowercasing) and their tokens numbered; prepared references keep the finished, read-only
`parbleu.engine.encode.TokenLookup`. With stemming, tokens are numbered by stem instead:
every distinct reference token is stemmed once (rouge_score stems every occurrence, with the
same result). Hypothesis tokens that no reference has get id -1 and never match; with
stemming, a hypothesis token is first stemmed, so that ``runs`` finds a reference's ``run``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import numpy as np

from parbleu.arrays import IntArray
from parbleu.engine.encode import UNKNOWN, TextEncoder, TokenLookup
from parbleu.engine.segments import Segments
from parbleu.metrics.rouge.options import RougeScript
from parbleu.tokenizers.rouge import RougeTokenizer, RougeUnicodeTokenizer, rouge_stem

__all__ = ["RougeVocabulary"]


def make_rouge_encoder(script: RougeScript) -> TextEncoder:
    """An encoder with the tokenizer of a script setting, lowercasing as rouge_score does.

    The ASCII tokenizer lowercases in its own ``prepare_text``; the other is given text the
    engine lowercased.
    """
    if script is RougeScript.ASCII:
        return TextEncoder(RougeTokenizer(), lowercase=False)
    return TextEncoder(RougeUnicodeTokenizer(), lowercase=True)


def _renumber(corpus: Segments, numbers: IntArray) -> Segments:
    """`corpus` with every id ``i >= 0`` replaced by ``numbers[i]``."""
    ids = np.where(corpus.values >= 0, numbers.take(np.maximum(corpus.values, 0)), UNKNOWN)
    return Segments(ids.astype(np.int64, copy=False), corpus.offsets)


@dataclass(frozen=True, eq=False)
class RougeVocabulary:
    """The numbering of reference tokens (by stem when `stems` is given), read only."""

    script: RougeScript
    lookup: TokenLookup
    #: With stemming: each reference token's stem number, and each stem's number.
    surface_stems: Mapping[str, int] | None
    stems: Mapping[str, int] | None

    @property
    def size(self) -> int:
        """Number of distinct token ids (``0 .. size - 1``)."""
        return len(self.stems) if self.stems is not None else self.lookup.size

    @classmethod
    def build(
        cls, texts: Sequence[Sequence[str]], script: RougeScript, *, stem: bool
    ) -> tuple[RougeVocabulary, list[Segments]]:
        """Number the tokens of reference texts (lists of lines); their token ids."""
        encoder = make_rouge_encoder(script)
        encoded = [encoder.encode_references(lines) for lines in texts]
        lookup = encoder.lookup()
        if not stem:
            return cls(script, lookup, None, None), encoded
        stems: dict[str, int] = {}
        surface = lookup.vocabulary.strings()  # in id order
        numbers = np.array(
            [stems.setdefault(rouge_stem(token), len(stems)) for token in surface], np.int64
        )
        surface_stems = dict(zip(surface, numbers.tolist(), strict=True))
        vocabulary = cls(script, lookup, MappingProxyType(surface_stems), MappingProxyType(stems))
        return vocabulary, [_renumber(corpus, numbers) for corpus in encoded]

    def encode_hypotheses(self, lines: Sequence[str]) -> Segments:
        """Token ids of hypothesis lines (-1 for tokens no reference has)."""
        if self.surface_stems is None or self.stems is None:
            return self.lookup.encode(lines)
        # The hypotheses' own vocabulary (dropped after the call): each distinct token is
        # stemmed once, then numbered by the references' stems.
        local = make_rouge_encoder(self.script)
        encoded = local.encode_references(lines)
        known, stems = self.surface_stems, self.stems
        numbers = [
            number
            if (number := known.get(token)) is not None
            else stems.get(rouge_stem(token), UNKNOWN)
            for token in local.lookup().vocabulary.strings()
        ]
        return _renumber(encoded, np.array(numbers, dtype=np.int64))
