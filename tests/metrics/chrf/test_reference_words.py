"""chrF++'s reference words are encoded once: the ids that grow the vocabulary are final.

Oracles: sacreBLEU 2.6.0's own chrF++ word split (``CHRF._remove_punctuation``) for the
tokens, and the finished vocabulary's read-only look-up (`WordEncoder.lookup`), a second
path over the same lines, for the ids.
"""

from __future__ import annotations

import pytest
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.engine import words
from parbleu.engine.words import WordEncoder
from tests.engine.test_sorted_ngrams import WORD_LINES


def test_reference_ids_are_those_of_the_finished_vocabulary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(words, "REFERENCE_BLOCK", 16)  # several blocks, the vocabulary growing
    oracle = SacreCHRF(word_order=2)
    lines = WORD_LINES * 3
    for lowercase in (False, True):
        encoder = WordEncoder(lowercase=lowercase)
        encoded = encoder.encode_references(lines)
        expected = [
            oracle._remove_punctuation(line.lower() if lowercase else line) for line in lines
        ]
        assert encoded.lengths.tolist() == [len(tokens) for tokens in expected]
        again = encoder.lookup().encode(lines)
        assert encoded.values.tolist() == again.values.tolist()
        assert encoded.offsets.tolist() == again.offsets.tolist()
        assert encoder.add_references(lines).tolist() == encoded.lengths.tolist()
