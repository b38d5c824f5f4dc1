"""Jupyter's view of results, paired tests and reports (``_repr_html_``).

Oracles: sacreBLEU 2.6.0's scores and its ``BLEU.corpus_score`` text for the numbers; Python's
``html.parser`` for the markup (well nested, no script, no event attribute, hostile names
only ever as text).
"""

from __future__ import annotations

import html
from html.parser import HTMLParser
from typing import Any

import pytest
import sacrebleu

from parbleu import BLEU, CHRF, TER
from parbleu.report import build_report, inline
from parbleu.significance import (
    confidence_interval,
    paired_bootstrap,
    paired_bootstrap_all_pairs,
    paired_randomization,
)

REFS = [["the cat sat on the mat", "a dog barked at night", "it rained all day"]]
HOSTILE = '<script>alert("x")</script> & <img src=x onerror=alert(1)>'
SYSTEMS = {
    "base": ["the cat sat on a mat", "the dog barked", "it rained all day long"],
    HOSTILE: ["a cat sat on the mat", "a dog barked at night", "it was raining"],
}


class Markup(HTMLParser):
    """Collects tags, attributes and text, and checks that tags nest."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.tags: list[str] = []
        self.attrs: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attrs += [name for name, _ in attrs]
        if tag != "br":
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open.pop() == tag

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def parsed(markup: str) -> Markup:
    parser = Markup()
    parser.feed(markup)
    parser.close()
    assert parser.open == []
    assert "script" not in parser.tags
    assert not any(a.startswith("on") for a in parser.attrs)
    return parser


def test_metric_results_show_sacrebleus_numbers() -> None:
    hyps = SYSTEMS["base"]
    for ours, theirs in (
        (BLEU(REFS), sacrebleu.corpus_bleu(hyps, REFS)),
        (CHRF(REFS), sacrebleu.corpus_chrf(hyps, REFS)),
        (TER(REFS), sacrebleu.corpus_ter(hyps, REFS)),
    ):
        page = parsed(ours.corpus_score(hyps)._repr_html_())
        text = "".join(page.text)
        assert f"{theirs.score:.2f}" in text
        if theirs.name == "BLEU":  # sacreBLEU's text after the score: precisions, BP ...
            assert str(theirs).split(" = ", 1)[1].split(" ", 1)[1] in text
        assert "nrefs:1" in text


def test_paired_tests_escape_names_and_show_p_values() -> None:
    metric = BLEU(REFS)
    stats = {name: metric.statistics(lines) for name, lines in SYSTEMS.items()}
    expected = {n: f"{sacrebleu.corpus_bleu(h, REFS).score:.2f}" for n, h in SYSTEMS.items()}
    tests: list[Any] = [
        paired_bootstrap(metric, stats, n_samples=50),
        paired_randomization(metric, stats, n_trials=50),
        paired_bootstrap_all_pairs(metric, stats, n_samples=50),
    ]
    for test in tests:
        markup = test._repr_html_()
        assert HOSTILE not in markup
        assert html.escape(HOSTILE) in markup
        page = parsed(markup)
        assert HOSTILE in page.text
        assert all(score in page.text for score in expected.values())
    bootstrap = tests[0]
    assert f"{bootstrap.systems[0].p_value:.4f}" in parsed(bootstrap._repr_html_()).text
    interval = confidence_interval(metric, stats["base"], n_samples=50)
    estimate = interval.estimate
    text = parsed(interval._repr_html_()).text
    assert f"[{estimate.lower:.2f}, {estimate.upper:.2f}]" in text
    assert expected["base"] in text


def test_report_inline_is_an_escaped_sandboxed_frame() -> None:
    report = build_report(REFS, SYSTEMS, title=HOSTILE)
    markup = report._repr_html_()
    assert markup == inline(report)._repr_html_()
    page = parsed(markup)
    assert page.tags == ["iframe"]
    attributes = dict(_attrs(markup))
    assert attributes["sandbox"] == "allow-scripts allow-downloads"
    inner = attributes["srcdoc"]
    assert inner is not None
    assert inner.lower().startswith("<!doctype html>")
    assert "<img src=x" not in inner  # the hostile title is text in the page too
    assert f"<title>{html.escape(HOSTILE)}</title>" in inner
    with pytest.raises(ValueError, match="pixels"):
        inline(report, height=0)


def _attrs(markup: str) -> list[tuple[str, str | None]]:
    found: list[tuple[str, str | None]] = []

    class Attrs(HTMLParser):
        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            found.extend(attrs)

    Attrs().feed(markup)
    return found
