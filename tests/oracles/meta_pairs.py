"""Oracle of the pairwise meta-evaluation: every pair looked at, one at a time (O(n^2)).

Written from the definitions (Deutsch, Foster and Freitag 2023; Kendall 1945; Stuart 1953;
mt-metrics-eval's documentation of ``average_by``, tie calibration and SPA), in plain Python
with exact fractions where a choice depends on equality; it shares no code with parbleu.

* `pair_kinds`: each pair of two score lists is concordant, discordant, tied in the human
  scores only, in the metric only (``|metric difference| <= epsilon``) or in both; entries
  whose human score is None or NaN are left out.
* `statistic`: acc_eq, tau_eq, tau-a, tau-b, tau-c of those counts (None where undefined).
* `groups`: the (human, metric) lists of a ``(systems, segments)`` matrix under ``none``,
  ``item`` or ``sys``; `average`: the mean of the defined values.
* `calibrate`: every threshold in ``{0} | {|d|}`` tried, the first with the largest mean
  acc_eq (exact fractions) wins.
* `pearson`: the textbook formula, None for fewer than two values or a constant side.
* `spa`: soft pairwise accuracy with mt-metrics-eval's draws (seed, float32), one permutation
  and one pair at a time.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

Counts = tuple[int, int, int, int, int]  # C, D, T_h only, T_m only, T_hm


def _missing(value: float | None) -> bool:
    return value is None or math.isnan(value)


def pair_kinds(
    human: Sequence[float | None], metric: Sequence[float], epsilon: float = 0.0
) -> Counts:
    """(C, D, T_h, T_m, T_hm) over every pair of rated entries."""
    kept = [(h, m) for h, m in zip(human, metric, strict=True) if not _missing(h)]
    c = d = th = tm = thm = 0
    for i in range(len(kept)):
        for j in range(i + 1, len(kept)):
            (h1, m1), (h2, m2) = kept[i], kept[j]
            human_tie = h1 == h2
            metric_tie = abs(m1 - m2) <= epsilon
            if human_tie and metric_tie:
                thm += 1
            elif human_tie:
                th += 1
            elif metric_tie:
                tm += 1
            elif (h1 < h2) == (m1 < m2):
                c += 1
            else:
                d += 1
    return c, d, th, tm, thm


def statistic(
    name: str, counts: Counts, human: Sequence[float | None], metric: Sequence[float]
) -> float | None:
    """One statistic of the counts of two lists (None: undefined)."""
    c, d, th, tm, thm = counts
    pairs = c + d + th + tm + thm
    if pairs == 0:
        return None
    if name == "acc_eq":
        return (c + thm) / pairs
    if name == "tau_eq":
        return (c + thm - d - th - tm) / pairs
    if name == "tau_a":
        return (c - d) / pairs
    x_ties, y_ties = tm + thm, th + thm
    if x_ties == pairs or y_ties == pairs:
        return None
    if name == "tau_b":
        return (c - d) / math.sqrt((pairs - x_ties) * (pairs - y_ties))
    kept = [(h, m) for h, m in zip(human, metric, strict=True) if not _missing(h)]
    classes = min(len({h for h, _ in kept}), len({m for _, m in kept}))
    n = len(kept)
    return 2 * (c - d) / (n * n * (classes - 1) / classes)


Pairs = list[tuple[list[float | None], list[float]]]


def groups(human: list[list[float | None]], metric: list[list[float]], grouping: str) -> Pairs:
    """The (human, metric) lists of each group of a (systems, segments) matrix."""
    if grouping == "none":
        return [([h for row in human for h in row], [m for row in metric for m in row])]
    if grouping == "sys":
        return [(list(h), list(m)) for h, m in zip(human, metric, strict=True)]
    columns = range(len(human[0]))
    return [([row[k] for row in human], [row[k] for row in metric]) for k in columns]


def average(values: Sequence[float | None]) -> float | None:
    """Mean of the defined values."""
    defined = [v for v in values if v is not None]
    return sum(defined) / len(defined) if defined else None


def _paired(group: tuple[list[float | None], list[float]]) -> bool:
    return sum(not _missing(h) for h in group[0]) >= 2


def calibrate(
    human: list[list[float | None]], metric: list[list[float]], grouping: str
) -> tuple[float, Fraction | None]:
    """The first threshold with the largest mean acc_eq over groups with pairs, and that mean."""
    chosen = [g for g in groups(human, metric, grouping) if _paired(g)]
    if not chosen:
        return 0.0, None
    thresholds = {0.0}
    for h, m in chosen:
        kept = [v for hv, v in zip(h, m, strict=True) if not _missing(hv)]
        thresholds |= {abs(a - b) for i, a in enumerate(kept) for b in kept[i + 1 :]}
    best: tuple[float, Fraction] | None = None
    for threshold in sorted(thresholds):
        total = Fraction(0)
        for h, m in chosen:
            c, d, th, tm, thm = pair_kinds(h, m, threshold)
            total += Fraction(c + thm, c + d + th + tm + thm)
        value = total / len(chosen)
        if best is None or value > best[1]:
            best = (threshold, value)
    assert best is not None
    return best


def pearson(x: Sequence[float], y: Sequence[float]) -> float | None:
    """Pearson's r (None: fewer than two values, or a constant side)."""
    n = len(x)
    if n < 2 or len(set(x)) == 1 or len(set(y)) == 1:
        return None
    mx, my = sum(x) / n, sum(y) / n
    sxy = sum((a - mx) * (b - my) for a, b in zip(x, y, strict=True))
    sxx = sum((a - mx) ** 2 for a in x)
    syy = sum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy)


def grouped_pearson(
    human: list[list[float | None]], metric: list[list[float]], grouping: str
) -> float | None:
    """Mean Pearson over groups (rated entries; groups of one entry skipped)."""
    values = []
    for h, m in groups(human, metric, grouping):
        kept = [(a, b) for a, b in zip(h, m, strict=True) if not _missing(a)]
        if len(kept) >= 2:
            values.append(pearson([float(a) for a, _ in kept], [b for _, b in kept]))  # type: ignore[arg-type]
    return average(values)


def spa(
    human: list[list[float]], metric: list[list[float]], permutations: int = 1000, seed: int = 4
) -> float:
    """SPA as mt-metrics-eval defines it, one permutation and one pair at a time."""
    segments = len(human[0])
    draws = np.random.default_rng(seed).random(size=(permutations, segments), dtype=np.float32)
    signs = [[1.0 if float(np.rint(v)) == 1.0 else -1.0 for v in row] for row in draws]

    def p_values(scores: list[list[float]]) -> dict[tuple[int, int], float]:
        rows = [np.asarray(r, dtype=np.float32) for r in scores]
        total = [np.sum(r) for r in rows]
        out = {}
        for i in range(len(rows)):
            for j in range(i + 1, len(rows)):
                observed = total[i] - total[j]
                count = 0
                for sign in signs:
                    s = np.asarray(sign, dtype=np.float32)
                    null = np.float32(np.dot(s, rows[i])) - np.float32(np.dot(s, rows[j]))
                    count += bool(null >= observed)
                out[i, j] = count / permutations
        return out

    h, m = p_values(human), p_values(metric)
    return 1.0 - sum(abs(h[k] - m[k]) for k in h) / len(h)
