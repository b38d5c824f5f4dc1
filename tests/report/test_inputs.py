"""What a report refuses, and how it says so (hand-made broken inputs)."""

from __future__ import annotations

from typing import Any

import pytest

from parbleu import BLEU, CHRF, TER
from parbleu.errors import InputError, LengthMismatchError, OptionError, ReferenceShapeError
from parbleu.metrics import ExternalScores
from parbleu.metrics.bleu import BleuOptions
from parbleu.report import HumanScores, MetricSpec, Significance, build_report
from parbleu.report.inputs import ReportInputs


def test_refusals(sample: dict[str, Any]) -> None:
    refs, systems = sample["refs"], sample["systems"]
    short = {"a": systems["fair"], "b": systems["weak"][:-1]}
    with pytest.raises(LengthMismatchError, match="'b' has 29 lines but 'a' has 30"):
        ReportInputs.create(refs, short)
    with pytest.raises(LengthMismatchError, match="reference stream 0 has 30 segments"):
        ReportInputs.create(refs, {"a": systems["fair"][:10]})
    with pytest.raises(ReferenceShapeError):
        ReportInputs.create(refs[0], systems)
    with pytest.raises(InputError, match="non-empty mapping"):
        ReportInputs.create(refs, {})
    with pytest.raises(InputError, match="non-empty strings"):
        ReportInputs.create(refs, {" ": systems["fair"]})
    with pytest.raises(OptionError, match="baseline 'x' is not a system"):
        ReportInputs.create(refs, systems, baseline="x")
    with pytest.raises(OptionError, match="unknown metric 'bleurt'"):
        ReportInputs.create(refs, systems, metrics=["bleurt"])
    with pytest.raises(OptionError, match="each metric may be given once"):
        ReportInputs.create(
            refs, systems, metrics=["bleu", MetricSpec("bleu", {"lowercase": True})]
        )
    with pytest.raises(OptionError, match="each metric may be given once; got chrf, chrf"):
        ReportInputs.create(refs, systems, metrics=["chrf", CHRF(word_order=2)])
    with pytest.raises(OptionError, match="BLEU has no option 'word_order'"):
        ReportInputs.create(refs, systems, metrics=[MetricSpec("bleu", {"word_order": 2})])
    scores = ExternalScores({"x": [1.0] * 30}, name="COMET")
    with pytest.raises(OptionError, match=r"got ExternalScores \(give other scores"):
        ReportInputs.create(refs, systems, metrics=[scores])
    with pytest.raises(OptionError, match="no metrics"):
        ReportInputs.create(refs, systems, metrics=[])
    with pytest.raises(LengthMismatchError, match="source has 2 lines"):
        ReportInputs.create(refs, systems, source=["a", "b"])
    with pytest.raises(OptionError, match="trials must be an integer >= 1"):
        Significance(trials=0)
    with pytest.raises(OptionError, match="alpha"):
        Significance(alpha=1.5)


def test_text_that_cannot_be_shown_is_refused_with_its_line(sample: dict[str, Any]) -> None:
    broken = list(sample["systems"]["fair"])
    broken[4] = "bad \ud800 surrogate"
    with pytest.raises(InputError, match=r"system-x: line 5 holds the lone surrogate U\+D800"):
        ReportInputs.create(sample["refs"], {"system-x": broken})


def test_external_and_human_scores_must_match_the_systems(sample: dict[str, Any]) -> None:
    refs, systems = sample["refs"], sample["systems"]
    scores = {s: [0.5] * 30 for s in ("strong", "fair")}
    with pytest.raises(InputError, match="missing: weak; unknown: none"):
        ReportInputs.create(refs, systems, scores={"COMET": scores})
    scores["weak"] = [0.5] * 29
    with pytest.raises(LengthMismatchError, match="29 segment scores for 30 segments"):
        ReportInputs.create(refs, systems, scores={"COMET": scores})
    scores["weak"] = [0.5] * 29 + [None]
    with pytest.raises(InputError, match="no score for 1 of 30 segments"):
        build_report(refs, systems, metrics=[], scores={"COMET": scores})
    with pytest.raises(LengthMismatchError, match="3 segment scores"):
        ReportInputs.create(
            refs, systems, human=HumanScores("DA", segments={"weak": [1.0, 2.0, 3.0]})
        )
    with pytest.raises(OptionError, match="exactly one"):
        HumanScores("DA")


def test_metrics_by_name_spec_or_object_are_the_same_metric(sample: dict[str, Any]) -> None:
    """A name, a `MetricSpec` and a metric object (what `build_metrics` makes) give the
    options of ``BLEU(...)``/``CHRF(...)``/``TER(...)`` built by hand (the oracle)."""
    refs, systems = sample["refs"], sample["systems"]
    inputs = ReportInputs.create(
        refs,
        systems,
        metrics=[
            MetricSpec("bleu", {"tokenize": "intl", "lowercase": True}),
            CHRF(word_order=2),
            "ter",
        ],
    )
    bleu, chrf, ter = inputs.metrics
    assert isinstance(bleu, BLEU)
    assert bleu.options == BleuOptions(tokenize="intl", lowercase=True)
    assert isinstance(chrf, CHRF)
    assert chrf.options == CHRF(word_order=2).options
    assert isinstance(ter, TER)
    assert ter.options == TER().options
    # A metric object's own references are not the report's: the report prepares its own.
    prepared = BLEU([["unrelated"] * 30])
    report = build_report(refs, systems, metrics=[prepared], significance=Significance(20, 20))
    expected = BLEU(refs).corpus_score(systems["weak"]).score
    assert report.overview["metrics"][0]["corpus"][2] == expected
