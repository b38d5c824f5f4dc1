"""The Porter stemmer exactly as NLTK's ``PorterStemmer()`` runs it (its default mode).

Porter (1980), "An algorithm for suffix stripping", with the departures NLTK makes in its
``NLTK_EXTENSIONS`` mode (the mode rouge_score and NLTK's METEOR use), each reproduced here:

* a pool of irregular forms (``dying`` -> ``die``, ``skies`` -> ``sky``, ``news``, ...);
* words of at most two characters are returned unchanged (lowercased);
* step 1a: ``ies`` -> ``ie`` in four-letter words (``ties`` -> ``tie``);
* step 1b: ``ied`` -> ``ie`` in four-letter words, else ``ied`` -> ``i``;
* step 1c: ``y`` -> ``i`` only after a consonant that is not the first letter;
* step 2: ``alli`` -> ``al`` first (then step 2 again), ``bli`` -> ``ble`` instead of
  ``abli`` -> ``able``, and ``fulli`` -> ``ful``, ``logi`` -> ``log``;
* condition *o also holds for a two-letter stem vowel-consonant.

A consonant is any character other than ``a e i o u`` and other than a ``y`` after a
consonant (so a ``y`` that starts a word is a consonant); this applies to every character,
letters of other scripts included, as in NLTK. Words are lowercased with ``str.lower`` first
and the irregular forms looked up after lowercasing, as NLTK 3.10 does (earlier versions
looked them up before, which only matters for words not already lowercase: ROUGE and METEOR
lowercase first). Tests compare every word of the WMT data and of WordNet's index, lowercased,
with NLTK's stemmer.

    >>> [porter_stem(w) for w in ("caresses", "ponies", "hopping", "relational", "dying")]
    ['caress', 'poni', 'hop', 'relat', 'die']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise

__all__ = ["porter_stem"]

_VOWELS = frozenset("aeiou")

#: NLTK's irregular forms: form -> stem.
_IRREGULAR = {
    **dict.fromkeys(("sky", "skies"), "sky"),
    "dying": "die",
    "lying": "lie",
    "tying": "tie",
    "news": "news",
    **dict.fromkeys(("innings", "inning"), "inning"),
    **dict.fromkeys(("outings", "outing"), "outing"),
    **dict.fromkeys(("cannings", "canning"), "canning"),
    "howe": "howe",
    "proceed": "proceed",
    "exceed": "exceed",
    "succeed": "succeed",
}

Condition = Callable[[str], bool] | None
Rule = tuple[str, str, Condition]


def _consonants(word: str) -> list[bool]:
    """Whether each character is a consonant (Porter's definition, in one pass)."""
    flags: list[bool] = []
    for i, char in enumerate(word):
        if char in _VOWELS:
            flags.append(False)
        elif char == "y":
            flags.append(True if i == 0 else not flags[i - 1])
        else:
            flags.append(True)
    return flags


def _is_consonant(word: str, i: int) -> bool:
    return _consonants(word[: i + 1])[i]


def _measure(stem: str) -> int:
    """Porter's m: the number of vowel-consonant transitions, ``[C](VC){m}[V]``."""
    flags = _consonants(stem)
    return sum(1 for a, b in pairwise(flags) if not a and b)


def _positive_measure(stem: str) -> bool:
    return _measure(stem) > 0


def _measure_over_1(stem: str) -> bool:
    return _measure(stem) > 1


def _has_vowel(stem: str) -> bool:
    return not all(_consonants(stem))


def _ends_double_consonant(word: str) -> bool:
    """Condition *d."""
    return len(word) >= 2 and word[-1] == word[-2] and _is_consonant(word, len(word) - 1)


def _ends_cvc(word: str) -> bool:
    """Condition *o, with NLTK's extension to two-letter stems."""
    if len(word) >= 3:
        flags = _consonants(word)
        return flags[-3] and not flags[-2] and flags[-1] and word[-1] not in "wxy"
    if len(word) == 2:
        flags = _consonants(word)
        return not flags[0] and flags[1]
    return False


def _apply_rules(word: str, rules: Sequence[Rule], suffixes: tuple[str, ...]) -> str:
    """The first rule whose suffix ends `word` decides (``*d`` means a double consonant).

    `suffixes` are the rules' suffixes, for a quick test that none applies.
    """
    if not word.endswith(suffixes):
        return word
    for suffix, replacement, condition in rules:
        if word.endswith(suffix):
            stem = word[: len(word) - len(suffix)]
            return stem + replacement if condition is None or condition(stem) else word
    return word


_STEP1A: tuple[Rule, ...] = (("sses", "ss", None), ("ies", "i", None), ("ss", "ss", None))
_STEP1A += (("s", "", None),)


def _step1a(word: str) -> str:
    if word.endswith("ies") and len(word) == 4:
        return word[:-3] + "ie"
    return _apply_rules(word, _STEP1A, ("s",))


def _step1b(word: str) -> str:
    if word.endswith("ied"):
        return word[:-3] + ("ie" if len(word) == 4 else "i")
    if word.endswith("eed"):
        stem = word[:-3]
        return stem + "ee" if _measure(stem) > 0 else word
    for suffix in ("ed", "ing"):
        if word.endswith(suffix) and _has_vowel(word[: -len(suffix)]):
            return _step1b_tidy(word[: -len(suffix)])
    return word


def _step1b_tidy(stem: str) -> str:
    """What step 1b does after removing ``ed`` or ``ing``."""
    if stem.endswith(("at", "bl", "iz")):
        return stem + "e"
    if _ends_double_consonant(stem):
        return stem[:-1] if stem[-1] not in "lsz" else stem
    if _measure(stem) == 1 and _ends_cvc(stem):
        return stem + "e"
    return stem


def _step1c(word: str) -> str:
    if word.endswith("y") and len(word) > 2 and _is_consonant(word, len(word) - 2):
        return word[:-1] + "i"
    return word


_STEP2: tuple[Rule, ...] = tuple(
    (suffix, replacement, _positive_measure)
    for suffix, replacement in (
        ("ational", "ate"),
        ("tional", "tion"),
        ("enci", "ence"),
        ("anci", "ance"),
        ("izer", "ize"),
        ("bli", "ble"),
        ("alli", "al"),
        ("entli", "ent"),
        ("eli", "e"),
        ("ousli", "ous"),
        ("ization", "ize"),
        ("ation", "ate"),
        ("ator", "ate"),
        ("alism", "al"),
        ("iveness", "ive"),
        ("fulness", "ful"),
        ("ousness", "ous"),
        ("aliti", "al"),
        ("iviti", "ive"),
        ("biliti", "ble"),
        ("fulli", "ful"),
    )
)
_STEP2_SUFFIXES = (*(rule[0] for rule in _STEP2), "logi")


def _step2(word: str) -> str:
    if word.endswith("alli") and _positive_measure(word[:-4]):
        return _step2(word[:-4] + "al")
    if not word.endswith(_STEP2_SUFFIXES):
        return word
    for suffix, replacement, _ in _STEP2:
        if word.endswith(suffix):
            stem = word[: -len(suffix)]
            return stem + replacement if _positive_measure(stem) else word
    # "logi" -> "log" when the word without "ogi" has a positive measure.
    return word[:-1] if _positive_measure(word[:-3]) else word


_STEP3: tuple[Rule, ...] = tuple(
    (suffix, replacement, _positive_measure)
    for suffix, replacement in (
        ("icate", "ic"),
        ("ative", ""),
        ("alize", "al"),
        ("iciti", "ic"),
        ("ical", "ic"),
        ("ful", ""),
        ("ness", ""),
    )
)
_STEP3_SUFFIXES = tuple(rule[0] for rule in _STEP3)


def _step3(word: str) -> str:
    return _apply_rules(word, _STEP3, _STEP3_SUFFIXES)


def _ion_condition(stem: str) -> bool:
    return _measure(stem) > 1 and stem[-1] in "st"


_STEP4: tuple[Rule, ...] = (
    *((suffix, "", _measure_over_1) for suffix in ("al", "ance", "ence", "er", "ic", "able")),
    *((suffix, "", _measure_over_1) for suffix in ("ible", "ant", "ement", "ment", "ent")),
    ("ion", "", _ion_condition),
    *((suffix, "", _measure_over_1) for suffix in ("ou", "ism", "ate", "iti", "ous", "ive")),
    ("ize", "", _measure_over_1),
)
_STEP4_SUFFIXES = tuple(rule[0] for rule in _STEP4)


def _step4(word: str) -> str:
    return _apply_rules(word, _STEP4, _STEP4_SUFFIXES)


def _step5a(word: str) -> str:
    if word.endswith("e"):
        stem = word[:-1]
        measure = _measure(stem)
        if measure > 1 or (measure == 1 and not _ends_cvc(stem)):
            return stem
    return word


def _step5b(word: str) -> str:
    if word.endswith("ll") and _measure(word[:-1]) > 1:
        return word[:-1]
    return word


def porter_stem(word: str) -> str:
    """The stem NLTK's ``PorterStemmer().stem(word)`` gives (lowercased)."""
    stem = word.lower()
    irregular = _IRREGULAR.get(stem)
    if irregular is not None:
        return irregular
    if len(word) <= 2:
        return stem
    for step in (_step1a, _step1b, _step1c, _step2, _step3, _step4, _step5a, _step5b):
        stem = step(stem)
    return stem
