"""Documents, length buckets and human agreement of a built report.

Oracles: ``corpus_score`` over each group's segments; compare-mt's bucket boundaries
(``LengthSentenceBucketer``: 10, 20, ..., 60) by hand; ``parbleu.meta``'s
``system_correlation`` for the same statistics; SciPy's Pearson r for the scatter.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import scipy.stats

from parbleu import BLEU, CHRF
from parbleu.report import HumanScores, build_report
from parbleu.report.analysis import length_groups
from parbleu.tokenizers import TokenizerName, make_tokenizer


def test_length_buckets_of_compare_mt() -> None:
    groups = length_groups(np.array([0, 9, 10, 19, 20, 59, 60, 300]))
    assert groups.labels == ("<10", "[10,20)", "[20,30)", "[30,40)", "[40,50)", "[50,60)", ">=60")
    assert groups.index.tolist() == [0, 0, 1, 1, 2, 5, 6, 6]


def test_group_scores_are_corpus_scores_of_their_segments(sample: dict[str, Any]) -> None:
    refs, systems = sample["refs"], sample["systems"]
    docs = [f"d{i % 4}" for i in range(30)]
    report = build_report(refs, systems, docids=docs, metrics=["bleu", "chrf"])
    buckets = report.overview["length_buckets"]
    tokenizer = make_tokenizer(TokenizerName("13a"))
    lengths = [len(tokenizer.tokenize(r).split()) for r in refs[0]]
    edges = [10, 20, 30, 40, 50, 60]
    index = [sum(length >= e for e in edges) for length in lengths]
    assert buckets["counts"] == [index.count(k) for k in range(7)]
    for key, cls in (("bleu", BLEU), ("chrf", CHRF)):
        for k in range(7):
            chosen = [i for i in range(30) if index[i] == k]
            for s, lines in enumerate(systems.values()):
                got = buckets["scores"][key][k][s]
                if not chosen:
                    assert got is None or np.isnan(got)
                    continue
                sub_refs = [[r[i] for i in chosen] for r in refs]
                assert got == cls(sub_refs).corpus_score([lines[i] for i in chosen]).score
    assert report.overview["documents"] == {
        "labels": ["d0", "d1", "d2", "d3"],
        "counts": [8, 8, 7, 7],
    }


def test_human_agreement_is_parbleu_meta(sample: dict[str, Any]) -> None:
    refs, systems = sample["refs"], dict(sample["systems"])
    systems["extra"] = systems["fair"][::-1]
    human = HumanScores("DA", systems={"strong": 80.0, "fair": 55.0, "weak": 10.0, "HUMAN": 90.0})
    report = build_report(refs, systems, metrics=["bleu"], human=human)
    view = report.overview["human"]
    assert view["systems"] == ["strong", "fair", "weak"]
    assert view["human_only"] == ["HUMAN"]
    assert view["text_only"] == ["extra"]
    (bleu,) = view["system_level"]
    scores = [BLEU(refs).corpus_score(systems[s]).score for s in ("strong", "fair", "weak")]
    assert list(bleu["metric_scores"]) == scores
    r = scipy.stats.pearsonr(scores, [80.0, 55.0, 10.0])[0]
    assert bleu["pearson"]["value"] == pytest.approx(r, rel=1e-12)
    fit = scipy.stats.linregress(scores, [80.0, 55.0, 10.0])
    assert np.isclose(bleu["regression"]["slope"], fit.slope, rtol=1e-12)
    few = build_report(
        refs, {"strong": systems["strong"], "fair": systems["fair"]}, metrics=["bleu"], human=human
    )
    assert few.overview["human"]["system_level"] == []
    assert "at least 3 systems" in few.overview["human"]["note"]
