"""Oracles of the smoothing tests: NLTK's sentence_bleu, Chen & Cherry (2014) in exact terms.

* `nltk_bleu`: NLTK's own ``sentence_bleu`` with ``SmoothingFunction().method0..7``; where
  NLTK's method6 raises (its assertion looks at the trigram precision, and it indexes
  ``p_n[2]`` even for N < 3) it falls back to NLTK's source compiled without assertions, which
  is what ``python -O`` runs, with NLTK's Python 3.12+ fractions: before 3.12 NLTK keeps
  fractions unnormalized, ``Fraction(0, 2) == 0`` is False there, and method6's "prior is 0
  when p_{n-2} is 0" test then divides 0 by 0.
* `paper_bleu`: the equations of Chen and Cherry (2014), section 3, written out literally in
  exact rational arithmetic (``fractions.Fraction``) from n-gram counts taken with
  ``collections.Counter``; it shares no code with parbleu. Its conventions for the cases the
  paper leaves open are parbleu's documented ones (docs/smoothing.md).
* `sentences` / `wmt_segments`: random token sentences and real WMT sentences tokenized with
  sacreBLEU's 13a tokenizer, so that both sides see the same tokens.
"""

from __future__ import annotations

import math
import sys
import warnings
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from types import ModuleType

import nltk.translate.bleu_score as nltk_bleu_score
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from tests.wmt import WmtData

#: parbleu's method names, at the index of the NLTK method they correspond to.
NLTK_METHODS = ("none", "floor", "add-k", "exp", "cc4", "cc5", "cc6", "cc7")

Tokens = list[str]
Segment = tuple[Tokens, list[Tokens]]


@cache
def _nltk_without_assertions() -> ModuleType:
    """NLTK's bleu_score module compiled with ``optimize=1``, as ``python -O`` would run it."""
    path = Path(nltk_bleu_score.__file__)
    module = ModuleType("nltk_bleu_score_without_assertions")
    module.__file__ = str(path)
    code = compile(path.read_text(encoding="utf-8"), str(path), "exec", optimize=1)
    exec(code, module.__dict__)  # NLTK's own installed source, nothing else
    module.sys = _Python312  # NLTK's Fraction takes its 3.12+ (normalizing) branch
    return module


class _Python312:
    """The ``sys`` NLTK's bleu_score sees: Python 3.12's version, the real float_info."""

    version_info = (3, 12)
    float_info = sys.float_info


def _smoothing(module: ModuleType, method: str, value: float | None) -> object:
    parameters: dict[str, float] = {}
    if value is not None:
        name = {"floor": "epsilon", "cc4": "k", "cc7": "k", "cc6": "alpha"}[method]
        parameters[name] = value
    return getattr(module.SmoothingFunction(**parameters), f"method{NLTK_METHODS.index(method)}")


def nltk_bleu(
    references: Sequence[Tokens],
    hypothesis: Tokens,
    method: str,
    weights: tuple[float, ...] = (0.25, 0.25, 0.25, 0.25),
    value: float | None = None,
    *,
    without_assertions: bool = False,
) -> float:
    """NLTK's sentence_bleu in [0, 1] (method6 falls back to ``python -O`` where NLTK raises)."""
    module = _nltk_without_assertions() if without_assertions else nltk_bleu_score
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # method0 warns about every zero count
        try:
            score = module.sentence_bleu(
                list(references), hypothesis, weights, _smoothing(module, method, value)
            )
        except (AssertionError, IndexError):
            if method != "cc6" or without_assertions:
                raise
            return nltk_bleu(
                references, hypothesis, method, weights, value, without_assertions=True
            )
    return float(score)


def nltk_raises(
    references: Sequence[Tokens], hypothesis: Tokens, weights: tuple[float, ...]
) -> bool:
    """Whether NLTK's own method6 refuses to score this sentence."""
    method6 = nltk_bleu_score.SmoothingFunction().method6
    try:
        nltk_bleu_score.sentence_bleu(list(references), hypothesis, weights, method6)
    except (AssertionError, IndexError):
        return True
    return False


# -- the paper's equations, literally ---------------------------------------------------------


def _ngrams(tokens: Tokens, n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def paper_statistics(
    hypothesis: Tokens, references: Sequence[Tokens], orders: int
) -> tuple[int, int, list[int], list[int]]:
    """len(T), the closest reference length (shorter on ties), m_n and l_n for n = 1..orders."""
    c = len(hypothesis)
    r = min((len(ref) for ref in references), key=lambda length: (abs(length - c), length))
    matches, totals = [], []
    for n in range(1, orders + 1):
        counts = _ngrams(hypothesis, n)
        most = Counter[tuple[str, ...]]()
        for ref in references:
            most |= _ngrams(ref, n)
        matches.append(sum(min(count, most[gram]) for gram, count in counts.items()))
        totals.append(sum(counts.values()))
    return c, r, matches, totals


def _figure1_counts(m: list[int], counted: list[bool], factor: float) -> list[float]:
    """Figure 1 of the paper, with ``invcnt = invcnt * factor`` on line 5."""
    invcnt = 1.0
    counts: list[float] = []
    for m_n, is_counted in zip(m, counted, strict=True):
        if is_counted and m_n == 0:
            invcnt = invcnt * factor
            counts.append(1 / invcnt)
        else:
            counts.append(m_n)
    return counts


def _smoothing5(counts: Sequence[float | Fraction], next_count: int) -> list[float | Fraction]:
    """Section 3.5: m'_0 = m_1 + 1, m'_n = (m'_{n-1} + m_n + m_{n+1}) / 3."""
    following = [*counts[1:], next_count]
    smoothed = [counts[0] + 1]
    for m_n, m_next in zip(counts, following, strict=True):
        smoothed.append((smoothed[-1] + m_n + m_next) / 3)
    return smoothed[1:]


def paper_precisions(
    c: int, m: list[int], lengths: list[int], method: str, order: int, value: float | None
) -> list[float | Fraction | None]:
    """p_1..p_N of the paper's smoothing ``method`` (None: order without n-grams)."""
    mm, ll = m[:order], lengths[:order]
    if method == "add-k":  # Lin and Och: add k to the matches and n-grams of n >= 2
        k = 1 if value is None else value
        mm = [mm[0], *(x + k for x in mm[1:])]
        ll = [ll[0], *(t + k for t in ll[1:])]
    counted = [all(t > 0 for t in ll[: n + 1]) for n in range(order)]
    if method == "cc6":
        alpha = 5 if value is None else value
        p: list[float | Fraction] = [
            Fraction(mm[n], ll[n]) if ll[n] else Fraction(0) for n in range(min(order, 2))
        ]
        for n in range(2, order):
            prior = p[n - 1] ** 2 / p[n - 2] if p[n - 2] else 0
            p.append((mm[n] + alpha * prior) / (ll[n] + alpha))
        p = p[:order]
    else:
        counts: list[float | Fraction] = [Fraction(x) for x in mm]  # add-k: already added
        if method in ("cc4", "cc7"):
            k = 5 if value is None else value
            factor = k / math.log(c) if c > 1 else math.inf  # ln 1 = 0: no smoothed count
            counts = list(_figure1_counts(mm, counted, factor))
        elif method == "exp":
            counts = list(_figure1_counts(mm, counted, 2))
        elif method == "floor":
            counts = [x if x else (0.1 if value is None else value) for x in counts]
        if method in ("cc5", "cc7"):
            counts = _smoothing5(counts, m[order])
        p = [x / t if t else Fraction(0) for x, t in zip(counts, ll, strict=True)]
    return [p_n if is_counted else None for p_n, is_counted in zip(p, counted, strict=True)]


def paper_bleu(
    references: Sequence[Tokens],
    hypothesis: Tokens,
    method: str,
    order: int = 4,
    value: float | None = None,
    *,
    effective_order: bool = False,
) -> float:
    """BLEU in percent with the paper's smoothing and parbleu's documented conventions."""
    c, r, m, totals = paper_statistics(hypothesis, references, order + 1)
    if m[0] == 0:
        return 0.0  # no unigram matches: 0, as sacreBLEU, NLTK and mteval
    precisions = paper_precisions(c, m, totals, method, order, value)
    if effective_order:
        precisions = [p for p in precisions if p is not None]
    if any(p is None or p <= 0 for p in precisions):
        return 0.0
    penalty = 1.0 if c > r else math.exp(1 - r / c)
    logs = [math.log(p) for p in precisions if p is not None]
    return 100 * penalty * math.exp(sum(logs) / len(logs))


# -- inputs -----------------------------------------------------------------------------------

_TOKENS = st.sampled_from(["a", "b", "c", "d", "e", "f", "g", "h"])
_FEW_TOKENS = st.sampled_from(["a", "b", "c"])
_SENTENCE = st.one_of(
    st.lists(_TOKENS, min_size=0, max_size=14), st.lists(_FEW_TOKENS, min_size=0, max_size=14)
)


@st.composite
def segment(draw: st.DrawFn, n_refs: int) -> Segment:
    """A hypothesis that often shares n-grams with its `n_refs` references."""
    references = draw(st.lists(_SENTENCE, min_size=n_refs, max_size=n_refs))
    base = draw(st.sampled_from(references))
    edits = draw(st.lists(st.tuples(st.integers(0, 14), _TOKENS), max_size=4))
    hypothesis = list(base)
    for position, token in edits:
        if hypothesis and position % 3 == 0:
            hypothesis.pop(position % len(hypothesis))
        else:
            hypothesis.insert(position % (len(hypothesis) + 1), token)
    hypothesis = draw(st.one_of(st.just(hypothesis), _SENTENCE))
    return hypothesis, references


def corpora(max_size: int) -> st.SearchStrategy[list[Segment]]:
    """One to `max_size` segments with one to three references each (so some are absent)."""
    one = st.integers(1, 3).flatmap(segment)
    return st.lists(one, min_size=1, max_size=max_size)


def wmt_segments(data: WmtData, pair: str, system_index: int, count: int) -> list[Segment]:
    """The first `count` segments of one WMT21 system, with all references, 13a-tokenized."""
    folder = data.pair(pair)
    tokenize = Tokenizer13a()
    system = folder.system(folder.system_names[system_index])[:count]
    references = [folder.reference(letter)[:count] for letter in folder.reference_names]
    return [
        (tokenize(hyp).split(), [tokenize(ref[i]).split() for ref in references])
        for i, hyp in enumerate(system)
    ]


def joined(segment_list: Sequence[Segment]) -> tuple[list[str], list[list[str]]]:
    """Hypotheses and per-segment references as text for parbleu's ``tokenize="none"``."""
    return (
        [" ".join(hyp) for hyp, _ in segment_list],
        [[" ".join(ref) for ref in refs] for _, refs in segment_list],
    )


# -- the oracles checked against known values -------------------------------------------------


def words(text: str) -> Tokens:
    """The whitespace-separated tokens of `text`."""
    return text.split()
