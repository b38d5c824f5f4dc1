"""Charts in Chromium (MATEO's and compare-mt's views), the segment-tau ties convention and
the direction cue of a lower-is-better metric, on 20 systems.

Oracles: the library (``TER``/``BLEU`` corpus scores, ``segment_agreement`` of parbleu meta and
its printed convention, cli/meta/output.py), numpy over the page's own segment scores for the
histogram and scatter counts, and the geometry of the drawn labels (``getBBox``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from parbleu import BLEU, TER
from parbleu.meta import SegmentStats, segment_agreement
from parbleu.metrics.external.metric import ExternalScores
from parbleu.report import HumanScores, Significance, write_report
from tests.report.conftest import Opened

N_SYSTEMS = 20
N_SEGMENTS = 40
_WORDS = ["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "to", "house", "red", "big"]


@pytest.fixture(scope="module")
def twenty(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """20 systems of generated text, two references, four documents, MQM-like judgments."""
    draw = random.Random(20)

    def line() -> str:
        return " ".join(draw.choice(_WORDS) for _ in range(draw.randint(3, 12)))

    refs = [[line() for _ in range(N_SEGMENTS)] for _ in range(2)]
    names = [f"system-with-a-long-name-{k:02d}" for k in range(N_SYSTEMS)]
    systems = {
        name: [r if draw.random() < k / N_SYSTEMS else line() for r in refs[0]]
        for k, name in enumerate(names)
    }
    human: dict[str, list[float | None]] = {
        name: [None if draw.random() < 0.1 else float(draw.randint(-10, 0)) for _ in refs[0]]
        for name in names
    }
    path = tmp_path_factory.mktemp("charts") / "twenty.html"
    write_report(
        path,
        refs,
        systems,
        metrics=["bleu", "ter"],
        docids=[f"doc-{i % 4}" for i in range(N_SEGMENTS)],
        human=HumanScores("MQM", segments=human),
        significance=Significance(bootstrap=100, trials=100, seed=3),
    )
    return {"path": path, "refs": refs, "systems": systems, "human": human, "names": names}


def _overlaps(boxes: list[dict[str, float]]) -> list[tuple[int, int]]:
    return [
        (i, j)
        for i, p in enumerate(boxes)
        for j, q in enumerate(boxes[:i])
        if p["x"] < q["x"] + q["width"]
        and q["x"] < p["x"] + p["width"]
        and p["y"] < q["y"] + q["height"]
        and q["y"] < p["y"] + p["height"]
    ]


def test_human_plots_for_twenty_systems(
    open_report: Callable[..., Opened], twenty: dict[str, Any]
) -> None:
    """20 colours, all different; no two point labels overlap; every system in the legend;
    the segment tau, its tie counts and its convention as ``parbleu meta`` prints them."""
    page = open_report(twenty["path"]).page
    page.click("#pb-tab-human")
    chart = page.locator('#pb-scatter svg[data-metric="BLEU"]')
    fills = chart.locator("circle").evaluate_all("cs => cs.map(c => c.getAttribute('fill'))")
    assert len(fills) == N_SYSTEMS
    assert len(set(fills)) == N_SYSTEMS
    boxes = chart.locator("text.point-label").evaluate_all(
        "ts => ts.map(t => { const b = t.getBBox(); "
        "return {x: b.x, y: b.y, width: b.width, height: b.height}; })"
    )
    assert len(boxes) >= N_SYSTEMS // 4  # most find a place; the rest are named by the legend
    assert _overlaps(boxes) == []
    legend = page.locator("#pb-human-legend li").evaluate_all("ls => ls.map(l => l.dataset.system)")
    assert sorted(legend) == sorted(twenty["names"])
    bleu = BLEU(twenty["refs"])
    names = twenty["names"]
    metric = SegmentStats(
        "BLEU",
        bleu,
        {s: bleu.statistics(twenty["systems"][s]) for s in names},
        BLEU(effective_order=True),
    )
    table = ExternalScores(twenty["human"], name="MQM", allow_missing=True)
    human = SegmentStats("MQM", table, {s: table.system_statistics(s) for s in table.systems})
    agreement = segment_agreement(metric, human, names)
    row = page.locator('#pb-segment-tau tr:has(th:text-is("BLEU")) td').all_inner_texts()
    expected = (agreement.concordant, agreement.discordant, agreement.metric_ties)
    assert row == [f"{agreement.tau:.4f}", *map(str, expected), str(agreement.human_ties)]
    convention = (
        f"human |delta| <= {agreement.threshold:g} left out; metric ties {agreement.ties.value}"
    )
    assert convention in page.locator("#pb-tau-ties").inner_text()


def test_ter_direction_and_compare_charts(
    open_report: Callable[..., Opened], twenty: dict[str, Any]
) -> None:
    """TER is lower-is-better: A − B < 0 means A ahead, as the library's corpus TER says;
    the scatter and the difference histogram count every segment the page scores."""
    page = open_report(twenty["path"]).page
    page.click("#pb-tab-compare")
    page.select_option("#pb-compare-a", "0")
    page.select_option("#pb-compare-b", "7")
    page.select_option("#pb-compare-metric", "ter")
    page.wait_for_selector("#pb-diff-histogram")
    names = twenty["names"]
    ter = TER(twenty["refs"])
    diff = (
        ter.corpus_score(twenty["systems"][names[0]]).score
        - ter.corpus_score(twenty["systems"][names[7]]).score
    )
    cell = page.locator('#pb-compare-summary tr[data-metric="ter"] td.direction')
    assert cell.get_attribute("data-direction") == "lower"
    ahead = "tie" if round(diff, 2) == 0 else ("A ahead" if diff < 0 else "B ahead")
    assert cell.get_attribute("data-ahead") == ahead
    bars = page.locator("#pb-diff-histogram rect").evaluate_all(
        "rs => rs.map(r => [r.dataset.side, Number(r.dataset.count)])"
    )
    assert sum(n for _, n in bars) == N_SEGMENTS
    left = [side for side, n in bars[: len(bars) // 2] if n]
    assert set(left) <= {"a"}  # left of 0 (A lower) is A ahead under TER
    cells = page.locator("#pb-pair-scatter rect.density").evaluate_all(
        "rs => rs.map(r => Number(r.dataset.count))"
    )
    assert sum(cells) == N_SEGMENTS


def test_score_chart_and_sorted_document_chart(
    open_report: Callable[..., Opened], twenty: dict[str, Any]
) -> None:
    """The score chart lists systems best first in the library's corpus BLEU order; the
    overview sorts by a metric best first by its direction (TER: lowest first), then the
    other way; the document chart follows the table's sort."""
    page = open_report(twenty["path"]).page
    bleu = BLEU(twenty["refs"])
    scores = {n: bleu.corpus_score(lines).score for n, lines in twenty["systems"].items()}
    shown = page.locator('#pb-score-charts svg[data-metric="bleu"] g').evaluate_all(
        "gs => gs.map(g => g.dataset.system)"
    )
    assert [round(scores[n], 6) for n in shown] == sorted(
        (round(v, 6) for v in scores.values()), reverse=True
    )
    names = list(twenty["systems"])
    ter = TER(twenty["refs"])
    ters = {n: ter.corpus_score(lines).score for n, lines in twenty["systems"].items()}
    rows = page.locator("#pb-score-table tbody tr")
    system_order = "rs => rs.map(r => Number(r.dataset.system))"
    page.click('#pb-score-table th[data-sort="bleu"] button')
    bleu_first = [names[s] for s in rows.evaluate_all(system_order)]
    assert [round(scores[n], 6) for n in bleu_first] == sorted(
        (round(v, 6) for v in scores.values()), reverse=True
    )
    page.click('#pb-score-table th[data-sort="ter"] button')  # lower is better: lowest first
    ter_first = [names[s] for s in rows.evaluate_all(system_order)]
    assert [round(ters[n], 6) for n in ter_first] == sorted(round(v, 6) for v in ters.values())
    button = page.locator('#pb-score-table th[data-sort="ter"] button')
    assert button.get_attribute("aria-sort") == "ascending"
    button.click()
    ter_last = [names[s] for s in rows.evaluate_all(system_order)]
    assert [round(ters[n], 6) for n in ter_last] == sorted(
        (round(v, 6) for v in ters.values()), reverse=True
    )
    assert button.get_attribute("aria-sort") == "descending"
    page.click("#pb-tab-documents")
    page.locator("#pb-documents thead button").nth(1).click()  # first system, descending
    table = page.locator("#pb-documents tbody tr").evaluate_all(
        "rs => rs.map(r => Number(r.dataset.document))"
    )
    chart = page.locator("#pb-document-chart g").evaluate_all(
        "gs => gs.map(g => Number(g.dataset.document))"
    )
    assert chart == table
