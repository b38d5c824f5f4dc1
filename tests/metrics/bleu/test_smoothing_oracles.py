"""The oracles of the smoothing tests are what they claim to be (tests/oracles/smoothing.py)."""

from __future__ import annotations

import pytest

from tests.oracles.smoothing import (
    NLTK_METHODS,
    nltk_bleu,
    nltk_raises,
    paper_bleu,
    paper_statistics,
    words,
)

_HYP1 = words(
    "It is a guide to action which ensures that the military always obeys the commands of the party"
)
_REF1 = words(
    "It is a guide to action that ensures that the military will forever heed Party commands"
)


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        ("none", "0.4118"),
        ("floor", "0.4118"),
        ("add-k", "0.4452"),
        ("exp", "0.4118"),
        ("cc4", "0.4118"),
        ("cc5", "0.4905"),
        ("cc6", "0.4135"),
        ("cc7", "0.4905"),
    ],
)
def test_nltk_oracle_reproduces_nltk_docstring_values(method: str, expected: str) -> None:
    """Oracle: the doctest of ``SmoothingFunction.__init__`` in NLTK's bleu_score.py."""
    assert str(nltk_bleu([_REF1], _HYP1, method)).startswith(expected)


def test_nltk_without_assertions_is_nltk_where_nltk_does_not_raise() -> None:
    """Oracle: NLTK itself; stripping the assertion changes nothing else."""
    for method in NLTK_METHODS:
        plain = nltk_bleu([_REF1], _HYP1, method)
        assert nltk_bleu([_REF1], _HYP1, method, without_assertions=True) == plain


def test_nltk_method6_raises_without_trigram_matches() -> None:
    """Oracle: NLTK; ``assert p_n[2]`` fires when the trigram matches are 0."""
    assert nltk_raises([["a", "b", "x", "d"]], ["a", "b", "c", "d"], (0.25,) * 4)
    assert nltk_raises([["a", "b"]], ["a", "b"], (0.5, 0.5))  # IndexError: no p_n[2]
    assert not nltk_raises([_REF1], _HYP1, (0.25,) * 4)


def test_paper_oracle_on_the_papineni_example() -> None:
    """Oracle: Papineni et al. (2002): without zero counts no smoothing method changes BLEU."""
    c, r, m, totals = paper_statistics(_HYP1, [_REF1], 4)
    assert (c, r, m, totals) == (18, 16, [11, 8, 6, 4], [18, 17, 16, 15])
    unsmoothed = 100 * (11 / 18 * 8 / 17 * 6 / 16 * 4 / 15) ** 0.25
    for method in ("none", "floor", "exp", "cc4"):
        assert paper_bleu([_REF1], _HYP1, method) == pytest.approx(unsmoothed, rel=1e-15)
