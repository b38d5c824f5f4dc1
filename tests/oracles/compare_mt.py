"""compare-mt's n-gram and word-accuracy analyses, written from its definitions (Neubig et al.
2019, ``compare_mt/ngram_utils.py`` ``compare_ngrams`` in "match" mode,
``compare_mt/stat_utils.py`` ``extract_salient_features`` and the frequency buckets of
``calc_matches_by_freq``), one sentence at a time with Counters: the oracle of the report's
comparison view. One reference per segment, as compare-mt takes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

FREQUENCY_CUTOFFS = (1, 2, 3, 4, 5, 10, 100, 1000)


def ngrams(words: Sequence[str], n: int) -> list[str]:
    return [" ".join(words[i : i + n]) for i in range(len(words) - n + 1)]


def matches(
    refs: Sequence[Sequence[str]], outs: Sequence[Sequence[str]], max_n: int = 4
) -> Counter[str]:
    """How often each n-gram of the output matches the reference (greedy, per sentence)."""
    total: Counter[str] = Counter()
    for ref, out in zip(refs, outs, strict=True):
        for n in range(1, max_n + 1):
            left = Counter(ngrams(ref, n))
            for gram in ngrams(out, n):
                if left[gram] > 0:
                    total[gram] += 1
                    left[gram] -= 1
    return total


def salience(first: Counter[str], second: Counter[str], alpha: float = 1.0) -> dict[str, float]:
    return {
        k: (first[k] + alpha) / (first[k] + second[k] + 2 * alpha) for k in set(first) | set(second)
    }


def word_fmeasure(refs: Sequence[Sequence[str]], outs: Sequence[Sequence[str]]) -> list[float]:
    """F-measure per frequency bucket; a word's frequency is its count in the references."""
    frequency = Counter(w for ref in refs for w in ref)
    buckets = [[0, 0, 0] for _ in range(len(FREQUENCY_CUTOFFS) + 1)]
    for ref, out in zip(refs, outs, strict=True):
        r, o = Counter(ref), Counter(out)
        for word in set(r) | set(o):
            k = sum(frequency[word] >= c for c in FREQUENCY_CUTOFFS)
            buckets[k][0] += min(r[word], o[word])
            buckets[k][1] += r[word]
            buckets[k][2] += o[word]
    scores = []
    for both, ref_count, out_count in buckets:
        if both == 0:
            scores.append(0.0)
            continue
        recall, precision = both / ref_count, both / out_count
        scores.append(2 * precision * recall / (precision + recall))
    return scores
