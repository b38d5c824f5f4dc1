"""METEOR's alignment of every (segment, reference) pair of a system at once.

The exact and stem stages (`parbleu.metrics.meteor.align`) pair, for each word (stem) of a
pair, the hypothesis's occurrences from the last with the reference's from the last, as
far as the fewer of the two go: NLTK's loop over the hypothesis from its end, each word
taking the last unmatched reference word, pairs them the same way. Both stages are one
sort of all tokens of all pairs by (pair, word, side, position from the end), with no
Python loop over words. The synonym stage depends on the order it matches in and stays a
loop (`synonym_matches`), over the words the first two stages left. Chunks are counted over
all matches at once, sorted by pair and hypothesis position.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from parbleu.arrays import BoolArray, IntArray
from parbleu.engine.text import span_positions
from parbleu.metrics.meteor.align import synonym_matches

__all__ = ["NumberedWords", "PairCounts", "align_pairs"]


@dataclass(frozen=True, eq=False)
class PairCounts:
    """Matches and chunks of each (hypothesis, reference) pair, as NLTK counts them."""

    matches: IntArray
    chunks: IntArray


@dataclass(frozen=True, eq=False)
class _Tokens:
    """Tokens of every pair of one side: pair number, word (or stem) id, position."""

    pair: IntArray
    word: IntArray
    position: IntArray

    def where(self, keep: IntArray) -> _Tokens:
        return _Tokens(self.pair[keep], self.word[keep], self.position[keep])


@dataclass(frozen=True, eq=False)
class NumberedWords:
    """Lines of words as ids: every word in one array, line after line."""

    ids: IntArray
    starts: IntArray  # of each line in `ids`
    lengths: IntArray  # words of each line

    @classmethod
    def of(
        cls, lines: Sequence[Sequence[str]], vocabulary: dict[str, int]
    ) -> tuple[NumberedWords, dict[str, int]]:
        """The lines' ids, and `vocabulary` with the words it lacked added (a new dict)."""
        flat = list(itertools.chain.from_iterable(lines))
        extended = dict(vocabulary)
        new = [word for word in dict.fromkeys(flat) if word not in vocabulary]
        extended.update(zip(new, range(len(vocabulary), len(vocabulary) + len(new)), strict=True))
        ids = np.fromiter(map(extended.__getitem__, flat), dtype=np.int64, count=len(flat))
        lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
        return cls(ids, np.cumsum(lengths) - lengths, lengths), extended


def _last_to_last(hyp: _Tokens, ref: _Tokens) -> tuple[IntArray, IntArray]:
    """Indices of the hypothesis and reference tokens that the exact rule pairs.

    Within a pair, the k-th last hypothesis occurrence of a word is matched with its k-th
    last reference occurrence, for k below the smaller of the two counts.
    """
    n_hyp = len(hyp.pair)
    pair = np.concatenate((hyp.pair, ref.pair))
    if not len(pair):
        return pair, pair
    word = np.concatenate((hyp.word, ref.word))
    side = np.repeat(np.array([0, 1], dtype=np.int64), [n_hyp, len(ref.pair)])
    position = np.concatenate((hyp.position, ref.position))
    order = _sorted_order(pair, word, side, position)
    pair, word, side = pair[order], word[order], side[order]
    same = (pair[1:] == pair[:-1]) & (word[1:] == word[:-1])  # same pair and word as before
    starts = np.flatnonzero(np.concatenate(([True], ~same | (side[1:] != side[:-1]))))
    sizes = np.diff(np.append(starts, len(order)))
    group_side = side[starts]
    # A hypothesis group followed by the reference group of the same pair and word.
    followed = np.zeros(len(starts), dtype=bool)
    followed[:-1] = (group_side[:-1] == 0) & (group_side[1:] == 1)
    followed[:-1] &= same[starts[1:] - 1]
    groups = np.flatnonzero(followed)
    counts = np.minimum(sizes[groups], sizes[groups + 1])
    hyp_at = span_positions(starts[groups], counts)
    ref_at = span_positions(starts[groups + 1], counts)
    return order[hyp_at], order[ref_at] - n_hyp


def _sorted_order(pair: IntArray, word: IntArray, side: IntArray, position: IntArray) -> IntArray:
    """Order by pair, word, side, then position from the last (all distinct)."""
    words, positions = int(word.max()) + 1, int(position.max()) + 1
    if (int(pair.max()) + 1) * words * 2 * positions < 1 << 63:
        key = (pair * words + word) * 2 + side
        key *= positions
        key += positions - 1 - position
        return np.argsort(key)
    return np.lexsort((-position, side, word, pair))


def _unmatched(tokens: _Tokens, matched: IntArray) -> _Tokens:
    keep = np.ones(len(tokens.pair), dtype=bool)
    keep[matched] = False
    return tokens.where(np.flatnonzero(keep))


def _stemmed(
    tokens: _Tokens, vocabulary: list[str], stem: Callable[[str], str], ids: dict[str, int]
) -> _Tokens:
    """The tokens with each word id replaced by the id of its stem (in `ids`)."""
    distinct, inverse = np.unique(tokens.word, return_inverse=True)
    stems = np.fromiter(
        (ids.setdefault(stem(vocabulary[w]), len(ids)) for w in distinct.tolist()),
        dtype=np.int64,
        count=len(distinct),
    )
    return _Tokens(tokens.pair, stems[inverse.reshape(-1)], tokens.position)


def _by_pair(tokens: _Tokens, n_pairs: int, names: list[str]) -> list[tuple[list[int], list[str]]]:
    """Each pair's tokens as (positions, words), in position order."""
    counts = np.bincount(tokens.pair, minlength=n_pairs).tolist()
    positions = tokens.position.tolist()
    words = [names[w] for w in tokens.word.tolist()]
    out = []
    start = 0
    for count in counts:
        out.append((positions[start : start + count], words[start : start + count]))
        start += count
    return out


def _chunks(pair: IntArray, hyp: IntArray, ref: IntArray, n_pairs: int) -> IntArray:
    """NLTK's ``_count_chunks`` of each pair: runs adjacent in both sides (1 if no match)."""
    order = np.lexsort((hyp, pair))
    pair, hyp, ref = pair[order], hyp[order], ref[order]
    starts = np.ones(len(pair), dtype=bool)
    starts[1:] = (pair[1:] != pair[:-1]) | (hyp[1:] != hyp[:-1] + 1) | (ref[1:] != ref[:-1] + 1)
    chunks: IntArray = np.maximum(np.bincount(pair[starts], minlength=n_pairs), 1)
    return chunks


def align_pairs(
    hypotheses: NumberedWords,
    references: NumberedWords,
    segment_of: IntArray,
    vocabulary: list[str],
    *,
    stem: Callable[[str], str],
    synonyms: Callable[[str], frozenset[str]],
) -> PairCounts:
    """Matches and chunks of hypothesis ``segment_of[p]`` against reference ``p``, every p.

    Args:
        hypotheses: each segment's word ids (lowercased words).
        references: each pair's reference word ids (``references.ids`` may hold more words
            than the pairs': ``starts`` say where each pair's are).
        segment_of: the hypothesis segment of each pair.
        vocabulary: the word of each id.
        stem: the stemmer (NLTK's ``PorterStemmer().stem``).
        synonyms: lemma names of a word's synsets.
    """
    n_pairs = len(segment_of)
    pairs = np.arange(n_pairs, dtype=np.int64)
    hyp_lengths = hypotheses.lengths[segment_of]
    hyp = _Tokens(
        np.repeat(pairs, hyp_lengths),
        hypotheses.ids[span_positions(hypotheses.starts[segment_of], hyp_lengths)],
        span_positions(np.zeros(n_pairs, dtype=np.int64), hyp_lengths),
    )
    ref = _Tokens(
        np.repeat(pairs, references.lengths),
        references.ids[span_positions(references.starts, references.lengths)],
        span_positions(np.zeros(n_pairs, dtype=np.int64), references.lengths),
    )
    exact_hyp, exact_ref = _last_to_last(hyp, ref)
    found = [(hyp.pair[exact_hyp], hyp.position[exact_hyp], ref.position[exact_ref])]
    hyp, ref = _unmatched(hyp, exact_hyp), _unmatched(ref, exact_ref)
    stem_ids: dict[str, int] = {}
    hyp = _stemmed(hyp, vocabulary, stem, stem_ids)
    ref = _stemmed(ref, vocabulary, stem, stem_ids)
    stem_hyp, stem_ref = _last_to_last(hyp, ref)
    found.append((hyp.pair[stem_hyp], hyp.position[stem_hyp], ref.position[stem_ref]))
    hyp, ref = _unmatched(hyp, stem_hyp), _unmatched(ref, stem_ref)
    found.append(_synonym_stage(hyp, ref, n_pairs, list(stem_ids), synonyms))
    pair, hyp_at, ref_at = (np.concatenate(column) for column in zip(*found, strict=True))
    return PairCounts(np.bincount(pair, minlength=n_pairs), _chunks(pair, hyp_at, ref_at, n_pairs))


def _synonym_stage(
    hyp: _Tokens,
    ref: _Tokens,
    n_pairs: int,
    names: list[str],
    synonyms: Callable[[str], frozenset[str]],
) -> tuple[IntArray, IntArray, IntArray]:
    """(pair, hypothesis position, reference position) of the synonym stage's matches.

    Only pairs where some hypothesis word could match some reference word (the word itself
    or one of its synonyms) go through NLTK's loop.
    """
    candidates = _pairs_with_candidates(hyp, ref, names, synonyms)
    hyp = hyp.where(np.flatnonzero(candidates[hyp.pair]))
    ref = ref.where(np.flatnonzero(candidates[ref.pair]))
    found: tuple[list[int], list[int], list[int]] = ([], [], [])
    sides = zip(_by_pair(hyp, n_pairs, names), _by_pair(ref, n_pairs, names), strict=True)
    for number, (left, right) in enumerate(sides):
        if left[0] and right[0]:
            for h, r in synonym_matches(left, right, synonyms):
                found[0].append(number)
                found[1].append(h)
                found[2].append(r)
    pair, hyp_at, ref_at = (np.array(column, dtype=np.int64) for column in found)
    return pair, hyp_at, ref_at


def _pairs_with_candidates(
    hyp: _Tokens, ref: _Tokens, names: list[str], synonyms: Callable[[str], frozenset[str]]
) -> BoolArray:
    """Whether each pair has a hypothesis word that is, or has as synonym, a reference word."""
    n_pairs = int(max(hyp.pair.max(initial=-1), ref.pair.max(initial=-1))) + 1
    on_reference = {names[t]: t for t in np.unique(ref.word).tolist()}
    sources: list[int] = []
    targets: list[int] = []
    for s in np.unique(hyp.word).tolist():
        word = names[s]
        found = [on_reference[w] for w in synonyms(word) if w in on_reference]
        if word in on_reference:
            found.append(on_reference[word])
        sources.extend([s] * len(found))
        targets.extend(found)
    out = np.zeros(n_pairs, dtype=bool)
    if not targets:
        return out
    edges = np.array(sources, dtype=np.int64)
    ends = np.searchsorted(edges, hyp.word, side="right")
    counts = ends - np.searchsorted(edges, hyp.word)
    wanted = np.repeat(hyp.pair, counts) * len(names)
    wanted += np.array(targets, dtype=np.int64)[span_positions(ends - counts, counts)]
    held = ref.pair * len(names) + ref.word
    out[np.repeat(hyp.pair, counts)[np.isin(wanted, held)]] = True
    return out
