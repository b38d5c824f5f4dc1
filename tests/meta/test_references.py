"""The reference study (`parbleu.meta.references`): one reference against several.

Oracles: sacreBLEU 2.6.0's BLEU, chrF and TER scored with each reference alone and with all
(its Python API); `scipy.stats.kendalltau` (tau-b) and `scipy.stats.rankdata(method="min")`
for the comparisons and ranks; swapped pairs and tau worked out by hand on a four-system
example; Python's `random.Random(seed).choice` for the drawn reference.
"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
import scipy.stats
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF
from sacrebleu.metrics import TER as SacreTER

from parbleu import BLEU, CHRF, TER
from parbleu.errors import InputError
from parbleu.meta import SegmentStats
from parbleu.meta.references import (
    ALL,
    compare_references,
    draw_one_reference,
    rank_systems,
    reference_statistics,
    reference_study,
)
from parbleu.metrics.external import ExternalScores

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"


def sample_lines(name: str) -> list[str]:
    return (SAMPLE / f"{name}.txt").read_text("utf-8").splitlines()


REFERENCES = {"A": sample_lines("ref.A"), "B": sample_lines("ref.B")}
SYSTEMS = {q: sample_lines(f"system-{q}") for q in ("strong", "fair", "weak")}
SACRE = {"BLEU": SacreBLEU, "chrF2": SacreCHRF, "TER": SacreTER}


@pytest.mark.parametrize(("ours", "name"), [(BLEU(), "BLEU"), (CHRF(), "chrF2"), (TER(), "TER")])
def test_scores_are_sacrebleus_for_each_reference_and_all(ours: object, name: str) -> None:
    """Oracle: sacreBLEU's corpus_score with refs=[ref] for each reference, and all refs."""
    study = reference_study(ours, SYSTEMS, REFERENCES)  # type: ignore[arg-type]
    assert study.metric == name
    assert [s.name for s in study.settings] == ["A", "B", ALL]
    assert study.all.references == ("A", "B")
    for setting in study.settings:
        streams = [REFERENCES[r] for r in setting.references]
        sacre = SACRE[name](references=streams)
        expected = [sacre.corpus_score(lines, None).score for lines in SYSTEMS.values()]
        assert setting.scores == pytest.approx(expected, abs=1e-9), setting.name
    assert study.higher_is_better is (name != "TER")
    assert study.signature.format().startswith("nrefs:2|")


def test_ranks_and_taus_are_scipys() -> None:
    """Oracle: scipy.stats.rankdata(method='min') and scipy.stats.kendalltau (tau-b)."""
    study = reference_study(TER(), SYSTEMS, REFERENCES)
    for setting in study.settings:
        expected = scipy.stats.rankdata(setting.scores, method="min")  # TER: lowest first
        assert list(setting.ranks) == [int(r) for r in expected]
    for agreement in (*study.versus_all, *study.pairwise):
        a = study.setting(agreement.first).scores
        b = study.setting(agreement.second).scores
        assert agreement.tau == pytest.approx(scipy.stats.kendalltau(a, b).statistic)


def hand_statistics(settings: dict[str, dict[str, float]], lower: bool) -> dict:
    """Settings whose system scores are given, as one-segment external scores."""
    out = {}
    for name, scores in settings.items():
        table = ExternalScores({s: [v] for s, v in scores.items()}, higher_is_better=not lower)
        out[name] = SegmentStats(name, table, {s: table.system_statistics(s) for s in scores})
    return out


HAND = {
    "A": {"w": 1.0, "x": 3.0, "y": 2.0, "z": 4.0},
    "B": {"w": 4.0, "x": 2.0, "y": 3.0, "z": 1.0},
    ALL: {"w": 4.0, "x": 3.0, "y": 2.0, "z": 1.0},
}


def test_swaps_and_tau_by_hand() -> None:
    """By hand: all ranks w > x > y > z. A reverses every pair but (x, y): 5 of the 6 pairs
    swap, tau = (1 - 5) / 6. B swaps (x, y) only: tau = (5 - 1) / 6. A and B disagree on
    all 6 pairs: tau = -1."""
    study = compare_references(hand_statistics(HAND, lower=False), ["A", "B"])
    versus_a, versus_b = study.versus_all
    assert (versus_a.first, versus_a.second) == ("A", ALL)
    assert set(versus_a.swapped) == {("x", "w"), ("y", "w"), ("z", "w"), ("z", "x"), ("z", "y")}
    assert versus_a.tau == pytest.approx(-4 / 6)
    assert versus_b.swapped == (("y", "x"),)
    assert versus_b.tau == pytest.approx(4 / 6)
    (a_b,) = study.pairwise
    assert len(a_b.swapped) == 6
    assert a_b.tau == pytest.approx(-1.0)
    assert study.setting("A").ranks == (4, 2, 3, 1)
    assert study.all.ranks == (1, 2, 3, 4)


def test_lower_is_better_reverses_ranks_and_who_is_ahead() -> None:
    """By hand: the same numbers as errors (lower is better) give reversed ranks, and in each
    swapped pair the other system is the better one; taus and counts do not change."""
    study = compare_references(hand_statistics(HAND, lower=True), ["A", "B"])
    assert study.all.ranks == (4, 3, 2, 1)
    assert study.versus_all[1].swapped == (("x", "y"),)
    assert study.versus_all[0].tau == pytest.approx(-4 / 6)


def test_ties_share_a_rank_and_are_counted() -> None:
    """By hand: x and y tie with A only: they share rank 2, and one pair changes to a tie."""
    settings = {"A": {"w": 3.0, "x": 2.0, "y": 2.0}, "B": HAND["B"], ALL: HAND[ALL]}
    settings = {k: {s: v for s, v in d.items() if s != "z"} for k, d in settings.items()}
    study = compare_references(hand_statistics(settings, lower=False), ["A", "B"])
    assert study.setting("A").ranks == (1, 2, 2)
    assert study.versus_all[0].tie_changes == 1
    assert study.versus_all[0].swapped == ()


def test_rank_systems_examples() -> None:
    """Oracle: scipy.stats.rankdata(-scores, method='min')."""
    scores = [3.0, 7.5, 3.0, -1.0, 7.5]
    assert list(rank_systems(scores)) == list(scipy.stats.rankdata(np.negative(scores), "min"))


def test_drawn_reference_is_one_per_segment() -> None:
    """Oracle: random.Random(seed).choice over the reference names, one draw per segment."""
    streams = draw_one_reference(REFERENCES, seed=3)
    rng = random.Random(3)
    names = list(REFERENCES)
    for i in range(len(REFERENCES["A"])):
        chosen = rng.choice(names)
        present = [name for name, stream in zip(names, streams, strict=True) if stream[i]]
        assert present == [chosen]
        assert streams[names.index(chosen)][i] == REFERENCES[chosen][i]
    assert draw_one_reference(REFERENCES, seed=3) == streams
    assert draw_one_reference(REFERENCES, seed=4) != streams


def test_other_settings_are_scored_like_one_stream() -> None:
    """Oracle: sacreBLEU with the drawn reference of each segment as a single stream."""
    streams = draw_one_reference(REFERENCES, seed=1)
    statistics = reference_statistics(BLEU(), SYSTEMS, REFERENCES, others={"mixed": streams})
    assert list(statistics) == ["A", "B", "mixed", ALL]
    single = [next(s[i] for s in streams if s[i] is not None) for i in range(len(streams[0]))]
    sacre = SacreBLEU(references=[single])
    expected = [sacre.corpus_score(lines, None).score for lines in SYSTEMS.values()]
    got = statistics["mixed"].system_scores(list(SYSTEMS))
    assert list(got) == pytest.approx(expected, abs=1e-9)
    study = compare_references(statistics, list(REFERENCES))
    assert [a.first for a in study.versus_all] == ["A", "B", "mixed"]
    assert study.setting("mixed").references == ("A", "B")
    assert len(study.pairwise) == 1


def test_ter_settings_from_single_references_are_sacrebleus_segments() -> None:
    """Oracle: sacreBLEU's TER.sentence_score of every segment with the references each
    setting gives it: the drawn one, all three (TER takes both from the single references'
    statistics instead of counting again) and a stream that is none of them (counted).
    """
    references = {**REFERENCES, "C": [*REFERENCES["A"][:3], *REFERENCES["B"][3:]]}
    drawn = draw_one_reference(references, seed=2)
    other = [REFERENCES["B"][::-1]]
    statistics = reference_statistics(
        TER(), SYSTEMS, references, others={"mixed": drawn, "other": other}
    )
    settings = {"mixed": drawn, "other": other, ALL: list(references.values())}
    for name, streams in settings.items():
        for system, lines in SYSTEMS.items():
            rows = statistics[name].stats[system]
            for i, line in enumerate(lines):
                present = [stream[i] for stream in streams if stream[i] is not None]
                oracle = SacreTER().sentence_score(line, present)
                got = (rows.column("num_edits")[i], rows.column("ref_length")[i])
                assert got == (oracle.num_edits, oracle.ref_length), (name, system, i)
    assert TER().statistics_over_references([], np.zeros((0, 0), dtype=bool)) is None


@pytest.mark.parametrize(
    ("references", "message"),
    [
        ({"A": REFERENCES["A"]}, "needs at least two references; got 1 (A)"),
        ({"A": REFERENCES["A"], ALL: REFERENCES["B"]}, "'all' names the setting"),
        ({"A": REFERENCES["A"], "B": REFERENCES["B"][:-1]}, "(A: 30, B: 29)"),
    ],
)
def test_bad_references_are_errors(references: dict, message: str) -> None:
    with pytest.raises(InputError) as error:
        reference_study(BLEU(), SYSTEMS, references)
    assert message in str(error.value)


def test_one_system_cannot_be_ranked() -> None:
    with pytest.raises(InputError, match="at least two systems; got 1"):
        reference_study(BLEU(), {"strong": SYSTEMS["strong"]}, REFERENCES)


def test_a_setting_name_twice_is_an_error() -> None:
    with pytest.raises(InputError, match="'A' is given twice"):
        reference_statistics(BLEU(), SYSTEMS, REFERENCES, others={"A": [REFERENCES["B"]]})


def test_json_fields() -> None:
    study = reference_study(BLEU(), SYSTEMS, REFERENCES)
    fields = study.to_dict()
    assert fields["settings"][0]["scores"]["strong"] == study.settings[0].scores[0]
    assert fields["settings"][2]["ranks"] == dict(zip(SYSTEMS, study.all.ranks, strict=True))
    assert fields["versus_all"][0]["first"] == "A"
    assert fields["signature"] == study.signature.format()
