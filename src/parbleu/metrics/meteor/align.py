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
hypothesis and the reference (``_count_chunks``). The first two stages and the chunks are
counted for all pairs at once (`parbleu.metrics.meteor.batch`); the synonym stage, whose
matches depend on the order it takes words in, is the loop below.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

__all__ = ["synonym_matches"]

Pairs = list[tuple[int, int]]
Side = tuple[list[int], list[str]]  # the words left on one side: their positions, their forms


def synonym_matches(
    hypothesis: Side, reference: Side, synonyms: Callable[[str], frozenset[str]]
) -> Pairs:
    """NLTK's ``_enum_wordnetsyn_match`` (only the matches: nothing comes after it).

    Args:
        hypothesis: positions and stems of the hypothesis words the earlier stages left.
        reference: the same for the reference.
        synonyms: lemma names of a word's synsets.
    """
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
