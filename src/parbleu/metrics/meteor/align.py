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
from itertools import compress, pairwise

__all__ = ["Alignment", "align", "count_chunks"]

Pairs = list[tuple[int, int]]
Side = tuple[list[int], list[str]]  # the words left on one side: their positions, their forms


def _kept(side: Side, keep: list[bool]) -> Side:
    """The words of `side` whose flag in `keep` is true."""
    positions, words = side
    return list(compress(positions, keep)), list(compress(words, keep))


def _exact(hypothesis: Side, reference: Side) -> tuple[Pairs, Side, Side]:
    """NLTK's ``_match_enums``: matches, then the unmatched words of each side."""
    hyp_positions, hyp_words = hypothesis
    ref_positions, ref_words = reference
    shared = set(hyp_words).intersection(ref_words)
    if not shared:
        return [], hypothesis, reference
    free: dict[str, list[int]] = {}
    for j, word in enumerate(ref_words):
        if word in shared:
            free.setdefault(word, []).append(j)
    matches: Pairs = []
    hyp_left = [True] * len(hyp_words)
    ref_left = [True] * len(ref_words)
    for i in range(len(hyp_words) - 1, -1, -1):
        word = hyp_words[i]
        if word in shared:
            places = free[word]
            if places:
                j = places.pop()
                hyp_left[i] = ref_left[j] = False
                matches.append((hyp_positions[i], ref_positions[j]))
    return matches, _kept(hypothesis, hyp_left), _kept(reference, ref_left)


def _synonyms(
    hypothesis: Side, reference: Side, synonyms: Callable[[str], frozenset[str]]
) -> Pairs:
    """NLTK's ``_enum_wordnetsyn_match`` (only the matches: nothing comes after it)."""
    hyp_positions, hyp_words = hypothesis
    ref_positions, ref_words = reference
    free: dict[str, list[int]] = {}
    for j, word in enumerate(ref_words):
        free.setdefault(word, []).append(j)
    matches: Pairs = []
    for i in range(len(hyp_words) - 1, -1, -1):
        word = hyp_words[i]
        best, best_word = -1, None
        for candidate in itertools.chain((word,), free.keys() & synonyms(word)):
            places = free.get(candidate)
            if places and places[-1] > best:
                best, best_word = places[-1], candidate
        if best_word is not None:
            free[best_word].pop()
            matches.append((hyp_positions[i], ref_positions[best]))
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
    hyp: Side = (list(range(len(hypothesis))), list(hypothesis))
    ref: Side = (list(range(len(reference))), list(reference))
    exact, hyp, ref = _exact(hyp, ref)
    if not hyp[1] or not ref[1]:  # nothing left to match: the later stages find nothing
        return sorted(exact)
    hyp = (hyp[0], list(map(stem, hyp[1])))
    ref = (ref[0], list(map(stem, ref[1])))
    stemmed, hyp, ref = _exact(hyp, ref)
    matched = _synonyms(hyp, ref, synonyms) if hyp[1] and ref[1] else []
    return sorted(exact + stemmed + matched)


def count_chunks(matches: Alignment) -> int:
    """NLTK's ``_count_chunks``: 1 + the breaks between consecutive matches (1 if none)."""
    chunks = 1
    for (hyp, ref), (next_hyp, next_ref) in pairwise(matches):
        if not (next_hyp == hyp + 1 and next_ref == ref + 1):
            chunks += 1
    return chunks
