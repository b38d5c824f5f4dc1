"""Defects seen in Chromium and reading the scores right (issue 27), in Debian's Chromium.

Oracles: the browser's own computed styles and layout (a selected button must not look like
the others; no element wider than the page), Python's sort of the same segment scores,
Python's substring search over the sample's texts, and the course chapter's BLEU bands
("Interpreting BLEU Scores": < 10, 10-19, ..., 60+, for BLEU against one reference) with
each system placed by ``BLEU.corpus_score``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parbleu import BLEU
from parbleu.report import write_report
from tests.report.conftest import Opened

METRICS = ("bleu", "chrf", "ter", "nist")
#: A source of our own: "xylophone" in segments 3 and 7 only (in no reference or output).
SOURCE = [f"Quelle {i + 1}" + (" xylophone" if i in (2, 6) else "") for i in range(30)]
#: The course chapter's bands: lower bound of each (scores 0-100; "10-19" holds [10, 20)).
BAND_STARTS = (0, 10, 20, 30, 40, 50, 60)
STYLE = (
    "el => { const s = getComputedStyle(el); return [s.backgroundColor, s.color, s.fontWeight]; }"
)
OVERFLOW = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory, sample: dict[str, Any]) -> Path:
    path = tmp_path_factory.mktemp("fixes") / "sample.html"
    write_report(
        path,
        sample["refs"],
        sample["systems"],
        source=SOURCE,
        metrics=METRICS,
        reference_names=["ref.A", "ref.B"],
    )
    return path


def expect_text(locator: Any, text: str | re.Pattern[str]) -> None:
    from playwright.sync_api import expect  # noqa: PLC0415 (conftest skips without playwright)

    expect(locator).to_have_text(text)


def test_the_selected_order_button_looks_selected(
    open_report: Callable[..., Opened], report: Path
) -> None:
    """Oracle: computed style; the chosen n-gram and chrF order differ from the others."""
    page = open_report(report).page
    page.click("#pb-tab-segments")
    for view, group in (("ngrams", "n-gram order"), ("characters", "character n-gram order")):
        page.click(f'#pb-detail [data-view="{view}"]')
        buttons = page.locator(f'[role="radiogroup"][aria-label="{group}"] button')
        buttons.nth(1).click()
        chosen = page.locator(f'[role="radiogroup"][aria-label="{group}"] button').nth(1)
        assert chosen.get_attribute("aria-checked") == "true"
        other = page.locator(f'[role="radiogroup"][aria-label="{group}"] button').nth(0)
        assert other.get_attribute("aria-checked") == "false"
        assert chosen.evaluate(STYLE) != other.evaluate(STYLE)


def test_escape_clears_the_search_and_unfilters_the_list(
    open_report: Callable[..., Opened], report: Path, sample: dict[str, Any]
) -> None:
    """Oracle: Python's count of segments whose texts hold "cat" (case-insensitive)."""
    page = open_report(report).page
    page.click("#pb-tab-segments")
    texts = [
        " ".join(
            [
                SOURCE[i],
                *(r[i] for r in sample["refs"]),
                *(s[i] for s in sample["systems"].values()),
            ]
        )
        for i in range(30)
    ]
    word = next(w for w in ("cat", "the", "a") if 0 < sum(w in t.lower() for t in texts) < 30)
    hits = sum(word in t.lower() for t in texts)
    page.fill("#pb-search", word)
    expect_text(page.locator("#pb-count"), re.compile(rf"^{hits} of "))
    page.locator("#pb-search").press("Escape")
    assert page.locator("#pb-search").input_value() == ""
    expect_text(page.locator("#pb-count"), "30 of 30 segments")


def test_the_list_frame_ends_with_its_rows(
    open_report: Callable[..., Opened], report: Path
) -> None:
    """Oracle: element heights; the framed list is its header and its rows, no more, also
    when the detail beside it is taller and when a filter leaves three rows."""
    page = open_report(report, width=1400, height=900).page
    page.click("#pb-tab-segments")
    measure = (
        "() => { const list = document.querySelector('.list');"
        " const head = list.querySelector('.list-head').getBoundingClientRect().height;"
        " const view = document.getElementById('pb-list');"
        " return [list.getBoundingClientRect().height, head, view.clientHeight,"
        " view.scrollHeight]; }"
    )
    list_height, head, view, content = page.evaluate(measure)
    assert list_height <= head + view + 4
    page.fill("#pb-max-len", "8")
    page.locator("#pb-max-len").press("Enter")
    list_height, head, view, content = page.evaluate(measure)
    rows = int(page.locator("#pb-count").inner_text().split()[0])
    assert 0 < rows < 20
    assert view == content == rows * 28  # ROW_HEIGHT: no empty space below the last row
    assert list_height <= head + view + 4


def test_wide_tables_scroll_in_their_box_at_1024_px(
    open_report: Callable[..., Opened], report: Path
) -> None:
    """Oracle: the document is never wider than the window (4 metrics in the overview,
    chrF's per-order table in the detail panel)."""
    page = open_report(report, width=1024, height=800).page
    width, client = page.evaluate(OVERFLOW)
    assert width <= client
    page.click("#pb-tab-segments")
    page.click('#pb-detail [data-view="characters"]')
    assert page.locator("#pb-chrf-stats").is_visible()
    width, client = page.evaluate(OVERFLOW)
    assert width <= client


def test_sorting_selects_the_first_row_of_the_new_order(
    open_report: Callable[..., Opened], report: Path, sample: dict[str, Any]
) -> None:
    """Oracle: Python's sort of sentence BLEU of system A (descending, ties by segment):
    after a sort the detail shows the top row, which is the selected one."""
    page = open_report(report).page
    page.click("#pb-tab-segments")
    page.locator("#pb-list").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    expect_text(page.locator("#pb-seg-title"), "Segment 3")
    system_a = page.locator("#pb-sys-a").evaluate("el => el.selectedOptions[0].textContent")
    stats = BLEU(sample["refs"]).statistics(sample["systems"][system_a])
    scores = [float(f"{x:.2f}") for x in BLEU(effective_order=True).scores(stats.values)]
    top = sorted(range(30), key=lambda i: (-scores[i], i))[0]
    page.click('.list-head [data-column="a"]')  # descending first
    expect_text(page.locator("#pb-seg-title"), f"Segment {top + 1}")
    selected = page.locator('#pb-list .row[aria-selected="true"]')
    assert selected.get_attribute("data-position") == "0"
    assert selected.get_attribute("data-segment") == str(top)
    assert page.locator("#pb-list").evaluate("el => el.scrollTop") == 0


def test_a_row_shows_why_it_matched_the_search(
    open_report: Callable[..., Opened], report: Path, sample: dict[str, Any]
) -> None:
    """Oracle: Python's substring search; a row matched in the source or a reference names
    that field and marks the match, a row matched in A's output marks it there."""
    page = open_report(report).page
    page.click("#pb-tab-segments")
    page.fill("#pb-search", "XYLOPHONE")
    expect_text(page.locator("#pb-count"), "2 of 30 segments")
    rows = page.locator("#pb-list .row")
    assert sorted(rows.evaluate_all("rs => rs.map(r => r.dataset.segment)")) == ["2", "6"]
    assert rows.locator('.why[data-field="source"]').all_inner_texts() == ["source"] * 2
    assert rows.locator("mark.hit").all_inner_texts() == ["xylophone"] * 2
    outputs = [line.lower() for lines in sample["systems"].values() for line in lines]
    words = (w for line in sample["refs"][0] for w in line.split() if len(w) > 4)
    word = next(w for w in words if not any(w.lower() in o for o in outputs))
    page.fill("#pb-search", word)
    segments = [i for i, line in enumerate(sample["refs"][0]) if word.lower() in line.lower()]
    in_b = [i for i, line in enumerate(sample["refs"][1]) if word.lower() in line.lower()]
    expect_text(page.locator("#pb-count"), f"{len(set(segments) | set(in_b))} of 30 segments")
    first = page.locator('#pb-list .row[data-position="0"]')
    assert first.locator(".why").get_attribute("data-field") == "ref"
    assert first.locator("mark.hit").inner_text().lower() == word.lower()
    system_a = page.locator("#pb-sys-a").evaluate("el => el.selectedOptions[0].textContent")
    line = sample["systems"][system_a][0]
    page.fill("#pb-search", line)
    first = page.locator('#pb-list .row[data-segment="0"]')
    expect_text(first.locator("mark.hit"), line)
    assert first.locator(".why").count() == 0  # A's own output needs no label


def test_bands_place_systems_only_for_one_reference(
    open_report: Callable[..., Opened],
    report: Path,
    tmp_path: Path,
    sample: dict[str, Any],
) -> None:
    """Two references: the bands are shown with why they do not apply, nobody placed. One
    reference: each system in the chapter's band of its ``corpus_score`` BLEU. No BLEU: no
    bands at all."""
    page = open_report(report).page
    scope = page.locator("#pb-bands-scope")
    assert scope.get_attribute("data-applies") == "false"
    assert "2 references" in scope.inner_text()
    assert "excellent" in page.locator("#pb-bands").inner_text()
    assert page.locator("#pb-bands thead th").count() == 2  # no "systems here" column
    single = write_report(tmp_path / "one.html", sample["refs"][:1], sample["systems"])
    page = open_report(single).page
    assert page.locator("#pb-bands-scope").get_attribute("data-applies") == "true"
    rows = page.locator("#pb-bands tbody tr")
    bleu = BLEU(sample["refs"][:1])
    for name, lines in sample["systems"].items():
        score = bleu.corpus_score(lines).score
        band = max(k for k, start in enumerate(BAND_STARTS) if score >= start)
        assert name in rows.nth(band).locator("td").nth(2).inner_text().split(", ")
    assert "chrF2" in page.locator("#pb-bands-scope").inner_text()  # no bands for chrF
    no_bleu = write_report(
        tmp_path / "chrf.html", sample["refs"][:1], sample["systems"], metrics=["chrf"]
    )
    page = open_report(no_bleu).page
    assert page.locator("#pb-bands").count() == 0


def test_a_search_ignores_case_in_a_text_without_capitals(
    open_report: Callable[..., Opened], tmp_path: Path, sample: dict[str, Any]
) -> None:
    """Oracle: Python's substring search over the lowercased texts. A text without any
    capital letter lowers to itself; a query in capitals must still find it."""
    refs = [[line.lower() for line in ref] for ref in sample["refs"]]
    systems = {name: [line.lower() for line in lines] for name, lines in sample["systems"].items()}
    path = write_report(tmp_path / "lower.html", refs, systems, metrics=["bleu"])
    hits = sum(
        "the" in " ".join([*(r[i] for r in refs), *(h[i] for h in systems.values())])
        for i in range(30)
    )
    assert 0 < hits < 30
    page = open_report(path).page
    page.click("#pb-tab-segments")
    page.fill("#pb-search", "THE")
    expect_text(page.locator("#pb-count"), f"{hits} of 30 segments")
