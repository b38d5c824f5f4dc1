"""Known answers for TER.

Oracles: sacreBLEU's published TER tests (``test/test_ter.py`` at commit f615c72, values in
../shared/data/KNOWN_ANSWERS.md: fractions, checked within 1e-3 of the score in percent),
and hand maths on small cases.
"""

from __future__ import annotations

import pytest

from parbleu.metrics.ter.metric import TER

# sacreBLEU's realistic example: five tokenized German sentences from WMT 2019 dev data
# (one per paragraph, wrapped here).
_WMT19 = """
wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu
entfernen , damit das Bild ungefähr dieselbe Größe aufweist wie die andere Größe .

wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des
Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "

klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und
geben Sie Werte für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " ein .

Sie können beispielsweise ein Dokument erstellen , das ein Auto über die Bühne enthält .

wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "
"""
_WMT19_REFERENCES = """
wählen Sie " Bild neu berechnen , " um beim Ändern der Bildgröße Pixel hinzuzufügen oder zu
entfernen , damit die Darstellung des Bildes in einer anderen Größe beibehalten wird .

wenn Sie alle Aufgaben im aktuellen Dokument aktualisieren möchten , wählen Sie im Menü des
Aufgabenbedienfelds die Option " Alle Aufgaben aktualisieren . "

klicken Sie auf der Registerkarte " Optionen " auf die Schaltfläche " Benutzerdefiniert " und
geben Sie für " Fehlerkorrektur-Level " und " Y / X-Verhältnis " niedrigere Werte ein .

Sie können beispielsweise ein Dokument erstellen , das ein Auto enthalt , das sich über die
Bühne bewegt .

wählen Sie im Dialogfeld " Neu aus Vorlage " eine Vorlage aus und klicken Sie auf " Neu . "
"""


def paragraphs(text: str) -> list[str]:
    return [" ".join(block.split("\n")) for block in text.strip().split("\n\n")]


WMT19_HYPOTHESES = paragraphs(_WMT19)
WMT19_REFERENCES = paragraphs(_WMT19_REFERENCES)


def test_wmt19_example_is_five_segments() -> None:
    assert len(WMT19_HYPOTHESES) == len(WMT19_REFERENCES) == 5
    assert WMT19_HYPOTHESES[1] == WMT19_REFERENCES[1]
    assert WMT19_HYPOTHESES[4] == WMT19_REFERENCES[4]


@pytest.mark.parametrize(
    ("hypotheses", "references", "expected"),
    [
        (["aaaa bbbb cccc dddd"], ["aaaa bbbb cccc dddd"], 0.0),  # identical
        (["dddd eeee ffff"], ["aaaa bbbb cccc"], 1.0),  # nothing in common
        ([""], ["a"], 1.0),  # empty hypothesis
        (["d e f g h a b c"], ["a b c d e f g h"], 1 / 8),  # one block shift
        (WMT19_HYPOTHESES, WMT19_REFERENCES, 0.136),
    ],
    ids=["identical", "disjoint", "empty-hypothesis", "one-shift", "wmt19-dev"],
)
def test_sacrebleu_published_values(
    hypotheses: list[str], references: list[str], expected: float
) -> None:
    score = TER([references]).corpus_score(hypotheses).score
    assert abs(score - 100 * expected) < 1e-3


@pytest.mark.parametrize(
    ("hypothesis", "references", "edits", "length"),
    [
        ("a", [""], 1, 0.0),  # empty reference: every hypothesis word is an edit
        ("", [""], 0, 0.0),
        ("", ["a b c"], 3, 3.0),  # three insertions
        ("a b c", ["a b c d"], 1, 4.0),  # one insertion
        ("a x c", ["a b c"], 1, 3.0),  # one substitution
        ("b a", ["a b"], 1, 2.0),  # one shift, not two substitutions
        ("c d a b", ["a b c d"], 1, 4.0),  # one shift of a 2-word block
        ("A B", ["a b"], 0, 2.0),  # lowercased by default
        ("a b c", ["a b c d", "a b"], 1, 3.0),  # fewest edits, average length (4 + 2) / 2
        ("a b c", ["x y", "a b c d e f"], 3, 4.0),  # 2 substitutions + 1 deletion, or 3 insertions
    ],
)
def test_hand_maths(hypothesis: str, references: list[str], edits: int, length: float) -> None:
    score = TER().sentence_score(hypothesis, references)
    assert (score.num_edits, score.ref_length) == (edits, length)


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ([0, 0], 0.0),  # nothing to edit, nothing to compare with
        ([3, 0], 100.0),  # edits against empty references
        ([1, 4], 25.0),
        ([9, 4], 225.0),  # TER is not capped at 100
        ([1, 8], 12.5),
    ],
)
def test_formula_edge_cases(row: list[float], expected: float) -> None:
    """Hand maths: 100 * edits / length; without reference words 100 if any edit, else 0."""
    assert TER().scores([row]).tolist() == [expected]
    assert TER().score_totals(row).score == expected
