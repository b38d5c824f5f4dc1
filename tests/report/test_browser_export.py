"""Links and exports of the report in a real browser (Debian's Chromium via Playwright).

Links: a state set by clicking is written to ``location.hash``; a fresh page opened with that
URL shows the same state, and changing the hash (or going back) restores the state it names.
Exports: each button's download (captured with ``page.expect_download``) equals the file
`parbleu.report.export` writes for the same report, byte for byte (CSV, LaTeX) or value for
value (JSON); a filtered and sorted list exports exactly the rows shown, in their order, the
oracle being the texts' own search and the scores' own differences.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parbleu.report import build_report, inline
from parbleu.report.build import Report
from parbleu.report.export import export_files
from parbleu.report.html import write
from tests.report.conftest import Opened

HOSTILE = {"strong": 'sys,"quoted"', "fair": "a_b&c%$#", "weak": "<weak>"}


@pytest.fixture(scope="module")
def report(sample: dict[str, Any]) -> Report:
    systems = {HOSTILE[q]: lines for q, lines in sample["systems"].items()}
    return build_report(
        sample["refs"],
        systems,
        source=sample["refs"][1],
        docids=[f"doc-{i // 7}" for i in range(30)],
        metrics=("bleu", "chrf", "ter"),
        reference_names=["ref.A", "ref.B"],
        title="links and exports",
    )


@pytest.fixture(scope="module")
def page_path(report: Report, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("export") / "report.html"
    write(path, report)
    return path


def state(opened: Opened) -> dict[str, Any]:
    page = opened.page
    return {
        **page.evaluate("window.parbleuReport.state()"),
        "search": page.locator("#pb-search").input_value(),
        "min A": page.locator("#pb-min-a").input_value(),
        "case": page.locator("#pb-case").is_checked(),
        "count": page.locator("#pb-count").inner_text(),
        "sorted": page.locator('.list-head [aria-sort="descending"]').get_attribute("data-column"),
        "selected": page.locator('.row[aria-selected="true"]').get_attribute("data-segment"),
    }


def test_link_round_trip_and_hash_changes(
    open_report: Callable[..., Opened], page_path: Path
) -> None:
    """Oracle: the state set by clicking (view, metric, systems, sort, search, segment)."""
    opened = open_report(page_path)
    page = opened.page
    page.click("#pb-tab-segments")
    page.select_option("#pb-metric", "chrf")
    page.select_option("#pb-sys-a", "2")
    page.select_option("#pb-sys-b", "0")
    page.click('.list-head [data-column="diff"]')
    page.fill("#pb-search", "the")
    page.press("#pb-search", "Enter")
    page.fill("#pb-min-a", "5")
    page.press("#pb-min-a", "Enter")
    page.check("#pb-case")
    page.locator(".row").nth(2).click()
    shown = state(opened)
    assert (shown["view"], shown["metric"], shown["a"], shown["b"]) == ("segments", "chrf", 2, 0)
    assert shown["sorted"] == "diff"
    assert (shown["search"], shown["min A"], shown["case"]) == ("the", "5", True)
    hash_ = page.evaluate("location.hash")
    for part in ("view=segments", "sort=diff-desc", "query=the", "a=%3Cweak%3E", "minA=5"):
        assert part in hash_.split("&") or f"#{part}" in hash_.split("&"), part
    assert f"segment={shown['current'] + 1}" in hash_

    fresh = open_report(page_path, hash=hash_)
    assert state(fresh) == shown
    assert fresh.page.evaluate("location.hash") == hash_

    # Another hash: the page follows; Back returns to the previous state.
    page.evaluate("location.hash = '#view=compare&metric=ter&a=%3Cweak%3E&b=a_b%26c%25%24%23'")
    page.wait_for_function("window.parbleuReport.state().view === 'compare'")
    now = page.evaluate("window.parbleuReport.state()")
    assert (now["metric"], now["a"], now["b"]) == ("ter", 2, 1)
    assert page.locator("#pb-tab-compare").get_attribute("aria-selected") == "true"
    page.go_back()
    page.wait_for_function("window.parbleuReport.state().view === 'segments'")
    assert state(opened) == shown


def downloaded(page: Any, button: str) -> tuple[str, str]:
    with page.expect_download() as info:
        page.click(button)
    download = info.value
    return download.suggested_filename, Path(download.path()).read_text(encoding="utf-8")


def test_downloads_equal_the_python_export(
    open_report: Callable[..., Opened], page_path: Path, report: Report
) -> None:
    """Oracle: `export_files` of the same report (its numbers are checked against
    sacreBLEU and the library in tests/report/test_export.py)."""
    expected = export_files(report)
    opened = open_report(page_path)
    page = opened.page
    for which in ("overview-csv", "overview-tex", "clusters-csv", "clusters-tex"):
        name, text = downloaded(page, f"#pb-export-{which}")
        assert text == expected[name], name
    page.click("#pb-tab-segments")
    name, text = downloaded(page, "#pb-export-segments-csv")
    assert (name, text) == ("segments.csv", expected["segments.csv"])
    name, text = downloaded(page, "#pb-export-segments-json")
    assert json.loads(text) == json.loads(expected["segments.json"])


def test_filtered_sorted_list_exports_the_rows_shown(
    open_report: Callable[..., Opened], page_path: Path, report: Report
) -> None:
    """Oracle: the rows whose texts contain the query (any case), ordered by A - B of the
    exported BLEU scores, largest first, ties by segment number."""
    everything = list(csv.DictReader(io.StringIO(export_files(report)["segments.csv"])))
    opened = open_report(page_path)
    page = opened.page
    page.click("#pb-tab-segments")
    page.fill("#pb-search", "the")
    page.press("#pb-search", "Enter")
    page.click('.list-head [data-column="diff"]')
    _, text = downloaded(page, "#pb-export-segments-csv")
    rows = list(csv.DictReader(io.StringIO(text)))
    a, b = (
        report.overview["systems"][s]
        for s in page.evaluate("[window.parbleuReport.state().a, window.parbleuReport.state().b]")
    )
    texts = [k for k in everything[0] if k == "source" or k.startswith(("reference ", "output "))]
    hits = [r for r in everything if any("the" in r[k].lower() for k in texts)]
    hits.sort(key=lambda r: (-(float(r[f"BLEU {a}"]) - float(r[f"BLEU {b}"])), int(r["segment"])))
    assert 0 < len(rows) < len(everything)
    assert rows == hits
    assert page.locator("#pb-count").inner_text().startswith(f"{len(rows)} of ")


def test_inline_frame_runs_the_report(browser: Any, report: Report, tmp_path: Path) -> None:
    """`inline(report)` in a notebook-like page: the sandboxed frame shows the overview and
    loads the segments; nothing is fetched (the page's own workers come from blob: URLs)
    and nothing logs an error."""
    host = tmp_path / "notebook.html"
    host.write_text(f"<!DOCTYPE html><html><body>{inline(report)._repr_html_()}</body></html>")
    context = browser.new_context()
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("request", lambda request: requests.append(request.url))
    page.goto(host.as_uri())
    frame = page.frame_locator("iframe")
    assert frame.locator("#pb-title").inner_text() == "links and exports"
    frame.locator("#pb-tab-segments").click()
    assert frame.locator("#pb-count").inner_text() == "30 of 30 segments"
    context.close()
    assert errors == []
    assert all(url.startswith(("file:", "about:", "blob:")) for url in requests), requests
