"""METEOR's word alignment exactly as NLTK 3.10 (``nltk.translate.meteor_score``) makes it.

Banerjee and Lavie (2005) align hypothesis and reference words in stages, each on the words
the earlier stages left unmatched: exact forms, then Porter stems, then WordNet synonyms.
NLTK's greedy rules, reproduced here (its docstring's "least number of crossings" is not
what its code does):

* exact and stem stages: hypothesis words from last to first, each taking the *last* still
  unmatched reference word with the same form (stem);
* the stem stage passes on the *stems* of the words it leaves, so the synonym stage looks up
  stems in WordNet (``generously`` goes to WordNet as ``gener``);
* synonym stage: hypothesis words from last to first, each taking the last unmatched reference
  word that is the hypothesis word itself or a lemma name of one of its synsets.

Then the matches, sorted by hypothesis position, fall into chunks: runs adjacent in both the
hypothesis and the reference (``_count_chunks``).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from itertools import pairwise

__all__ = ["Alignment", "align", "count_chunks"]

Pairs = list[tuple[int, int]]
Enumerated = list[tuple[int, str]]


def _exact(hypothesis: Enumerated, reference: Enumerated) -> tuple[Pairs, Enumerated, Enumerated]:
    """NLTK's ``_match_enums``: matches, then the unmatched words of each side."""
    positions: dict[str, list[int]] = {}
    for j, (_, word) in enumerate(reference):
        positions.setdefault(word, []).append(j)
    matches: Pairs = []
    used_hyp: set[int] = set()
    used_ref: set[int] = set()
    for i in range(len(hypothesis) - 1, -1, -1):
        free = positions.get(hypothesis[i][1])
        if free:
            j = free.pop()
            used_hyp.add(i)
            used_ref.add(j)
            matches.append((hypothesis[i][0], reference[j][0]))
    return (
        matches,
        [pair for i, pair in enumerate(hypothesis) if i not in used_hyp],
        [pair for j, pair in enumerate(reference) if j not in used_ref],
    )


def _synonyms(
    hypothesis: Enumerated, reference: Enumerated, synonyms: Callable[[str], frozenset[str]]
) -> Pairs:
    """NLTK's ``_enum_wordnetsyn_match`` (only the matches: nothing comes after it)."""
    positions: dict[str, list[int]] = {}
    for j, (_, word) in enumerate(reference):
        positions.setdefault(word, []).append(j)
    matches: Pairs = []
    for i in range(len(hypothesis) - 1, -1, -1):
        word = hypothesis[i][1]
        best, best_word = -1, None
        for candidate in itertools.chain((word,), synonyms(word)):
            free = positions.get(candidate)
            if free and free[-1] > best:
                best, best_word = free[-1], candidate
        if best_word is not None:
            positions[best_word].pop()
            matches.append((hypothesis[i][0], reference[best][0]))
    return matches


Alignment = list[tuple[int, int]]


def align(
    hypothesis: Sequence[str],
    reference: Sequence[str],
    stem: Callable[[str], str],
    synonyms: Callable[[str], frozenset[str]],
) -> Alignment:
    """(hypothesis position, reference position) of every match, by hypothesis position.

    Args:
        hypothesis: the hypothesis words (lowercased, as NLTK's default ``preprocess``).
        reference: the reference words, likewise.
        stem: the stemmer (NLTK's ``PorterStemmer().stem``).
        synonyms: lemma names of a word's synsets (`parbleu.metrics.meteor.wordnet`).
    """
    hyp = list(enumerate(hypothesis))
    ref = list(enumerate(reference))
    exact, hyp, ref = _exact(hyp, ref)
    if not hyp or not ref:  # nothing left to match: the later stages find nothing
        return sorted(exact, key=lambda pair: pair[0])
    stemmed, hyp, ref = _exact([(i, stem(w)) for i, w in hyp], [(j, stem(w)) for j, w in ref])
    matched = _synonyms(hyp, ref, synonyms) if hyp and ref else []
    return sorted(exact + stemmed + matched, key=lambda pair: pair[0])


def count_chunks(matches: Alignment) -> int:
    """NLTK's ``_count_chunks``: 1 + the breaks between consecutive matches (1 if none)."""
    chunks = 1
    for (hyp, ref), (next_hyp, next_ref) in pairwise(matches):
        if not (next_hyp == hyp + 1 and next_ref == ref + 1):
            chunks += 1
    return chunks
