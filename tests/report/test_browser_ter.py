"""The report's TER view on long segments: the page keeps answering (issue 24, item 15).

tercom's shift search ran on the page's thread without a limit: a 3,000-word segment froze
the page for 271 s. Now it runs in a Web Worker, and pairs of more than
``TER_PAGE_MAX_CELLS`` word pairs are not aligned in the page at all. Oracles: a click's
effect must show within `CLICK_BOUND` seconds while TER's view is open, for a 3,000-word
segment and for one just inside the limit whose search takes a while; the edits the worker
finds are ``TER.statistics``' ``num_edits`` (itself sacreBLEU's, tests/metrics/ter/).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from parbleu import TER
from parbleu.report import write_report
from tests.report.conftest import Opened

#: Seconds within which two clicks (TER's view, then the n-gram view) must be handled and
#: the second view shown. Measured on a shared 2-core machine: 1.6 to 2.0 s with the search
#: in a worker; 25 s for five 200-word systems, and 271 s for 3,000 words, on the page's thread.
CLICK_BOUND = 5.0


def _words(count: int, vocabulary: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return [f"w{rng.randrange(vocabulary)}" for _ in range(count)]


def _moved(words: list[str], seed: int) -> list[str]:
    """`words` with blocks moved and words replaced: many shifts for tercom's search."""
    rng = random.Random(seed)
    out = list(words)
    for _ in range(len(out) // 20):
        start = rng.randrange(len(out) - 8)
        block = out[start : start + 6]
        del out[start : start + 6]
        at = rng.randrange(len(out))
        out[at:at] = block
    for k in range(len(out) // 10):
        out[rng.randrange(len(out))] = f"x{k}"
    return out


def _ter_then_ngrams(opened: Opened) -> float:
    """Seconds from a click on TER's view to the n-gram view shown by the next click.

    A click returns once the page has handled it: a search on the page's thread holds both.
    """
    page = opened.page
    page.click("#pb-tab-segments")
    page.locator("#pb-detail-ngrams").wait_for(timeout=60_000)
    start = time.perf_counter()
    page.click('#pb-detail [data-view="edits"]', timeout=600_000)
    page.click('#pb-detail [data-view="ngrams"]', timeout=600_000)
    page.locator("#pb-detail-ngrams").wait_for(timeout=600_000)
    return time.perf_counter() - start


def _diff_while_searching(opened: Opened) -> float:
    """Seconds to answer a click on the diff while TER's search runs (a report without
    BLEU opens a segment in TER's view, which starts the search)."""
    page = opened.page
    page.click("#pb-tab-segments")
    page.locator("#pb-detail-edits").wait_for(timeout=60_000)
    start = time.perf_counter()
    page.click('#pb-detail [data-view="diff"]', timeout=600_000)
    page.locator("#pb-detail-diff").wait_for(timeout=600_000)
    return time.perf_counter() - start


@pytest.fixture(scope="module")
def long_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], list[str]]:
    reference = _words(3000, 400, seed=1)
    hypothesis = _moved(reference, seed=2)
    path = tmp_path_factory.mktemp("ter") / "long.html"
    refs = [" ".join(reference), "a short one"]
    hyps = {"sys": [" ".join(hypothesis), "a short one"]}
    write_report(path, [refs], hyps, metrics=["bleu", "chrf", "ter"])
    return path, refs, hyps["sys"]


def test_a_3000_word_segment_leaves_the_page_responsive(
    open_report: Callable[..., Opened], long_report: tuple[Path, list[str], list[str]]
) -> None:
    path, _, _ = long_report
    opened = open_report(path)
    assert _ter_then_ngrams(opened) < CLICK_BOUND
    opened.page.click('#pb-detail [data-view="edits"]')
    note = opened.page.locator("#pb-ter-too-long")
    note.wait_for(timeout=30_000)
    assert "not aligned in the page" in note.inner_text()


def test_a_search_in_the_worker_leaves_the_page_responsive_and_is_tercoms(
    open_report: Callable[..., Opened], tmp_path: Path
) -> None:
    """Five pairs just inside the limit (199 x 200 words, many shifts; about 2 s each on the
    page's thread of a shared machine): the search runs while a click is answered, and its
    edits are the library's."""
    reference = _words(200, 40, seed=3)
    refs = [" ".join(reference)]
    systems = {f"s{seed}": [" ".join(_moved(reference, seed=seed)[:199])] for seed in range(4, 9)}
    path = write_report(tmp_path / "r.html", [refs], systems, metrics=["ter"])
    opened = open_report(path)
    assert _diff_while_searching(opened) < CLICK_BOUND
    opened.page.click('#pb-detail [data-view="edits"]')
    cells = opened.page.locator('#pb-ter-stats td[data-stat="num_edits"]')
    cells.first.wait_for(timeout=120_000)
    expected = [
        int(TER([refs]).statistics(lines).column("num_edits")[0]) for lines in systems.values()
    ]
    assert [int(text) for text in cells.all_inner_texts()] == expected
    assert opened.page.locator("#pb-ter-too-long").count() == 0


def test_short_segments_are_aligned_as_before(
    open_report: Callable[..., Opened], long_report: tuple[Path, list[str], list[str]]
) -> None:
    """The second segment of the long report: shifts, edits and the edit table shown."""
    path, refs, hyps = long_report
    opened = open_report(path)
    page = opened.page
    page.click("#pb-tab-segments")
    page.evaluate("() => window.parbleuReport.openSegment(1)")
    page.click('#pb-detail [data-view="edits"]')
    page.locator("#pb-ter-ops").wait_for(timeout=30_000)
    edits = TER([[refs[1]]]).statistics([hyps[1]]).column("num_edits")[0]
    assert page.locator('#pb-ter-stats td[data-stat="num_edits"]').inner_text() == str(int(edits))
