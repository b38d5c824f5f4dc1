"""The report at scale in Chromium: the 7-bit container decodes to the very texts given, and
Compare's n-gram pass runs in a Web Worker, so the page's thread is never blocked long.

Oracles: the input texts themselves (the page must give back every character); Chromium's
Long Tasks API (``PerformanceObserver``, entry type ``longtask``: a task over 50 ms on the
page's thread) for blocking.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from parbleu.report import Significance, write_report
from tests.report.conftest import Opened
from tests.report.corpus import HYPOTHESES, REFERENCES

#: The longest task the page's thread may run while Compare opens on 20,000 segments.
#: Before the worker, the n-gram pass ran on that thread in 2,000-segment chunks and the
#: longest task was 827 ms; with it, 149-177 ms (under load).
LONGEST_TASK_MS = 500

_WORDS = ["the", "a", "of", "to", "in", "and", "is", "was", "for", "on", "that", "with", "as"]
_RARE = ["ß", "é", "😀", "中文", "<", "</script>", "\u2028", "&amp;", "İ", "\t", "x\x00y"]


def _sentence(draw: random.Random) -> str:
    words = [draw.choice(_WORDS) for _ in range(draw.randint(0, 25))]
    words += [f"w{draw.randint(0, 5000)}" for _ in range(draw.randint(0, 8))]
    if draw.random() < 0.2:
        words.append(draw.choice(_RARE))
    draw.shuffle(words)
    return " ".join(words)


@pytest.fixture(scope="module")
def mid_sized(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, list[str]]]:
    """20,000 segments of generated text (with the corpus' hard lines), 2 systems, 2 refs."""
    draw = random.Random(27)
    n = 20_000
    texts = {name: [_sentence(draw) for _ in range(n)] for name in ("src", "r1", "r2", "A", "B")}
    texts["A"][: len(HYPOTHESES)] = HYPOTHESES
    texts["r1"][: len(REFERENCES[0])] = [r or "" for r in REFERENCES[0]]
    path = tmp_path_factory.mktemp("scale") / "mid.html"
    write_report(
        path,
        [texts["r1"], texts["r2"]],
        {"A": texts["A"], "B": texts["B"]},
        source=texts["src"],
        metrics=["bleu"],
        significance=Significance(bootstrap=100, trials=100, seed=1),
    )
    return path, texts


def test_the_page_gives_back_every_text(
    open_report: Callable[..., Opened], mid_sized: tuple[Path, dict[str, list[str]]]
) -> None:
    """Every source, reference and output of 20,000 segments equals the input."""
    path, texts = mid_sized
    page = open_report(path).page
    n = len(texts["src"])
    for start in range(0, n, 5000):
        shown = page.evaluate(f"window.parbleuReport.texts({start}, {start + 5000})")
        for seg, (source, refs, hyps) in enumerate(shown, start):
            assert source == texts["src"][seg], seg
            assert refs == [texts["r1"][seg], texts["r2"][seg]], seg
            assert hyps == [texts["A"][seg], texts["B"][seg]], seg


def test_compare_does_not_block_the_page(
    open_report: Callable[..., Opened], mid_sized: tuple[Path, dict[str, list[str]]]
) -> None:
    """Compare opens on 20,000 segments with no task on the page's thread over the bound,
    and its TER-free direction cue follows the metric's direction (BLEU: higher)."""
    page = open_report(mid_sized[0]).page
    page.evaluate(
        """() => { window.pbLongest = 0; new PerformanceObserver((list) => {
          for (const e of list.getEntries()) {
            window.pbLongest = Math.max(window.pbLongest, e.duration);
          }
        }).observe({ type: "longtask" }); }"""
    )
    page.click("#pb-tab-compare")
    page.wait_for_selector("#pb-salient-a", timeout=120_000)
    longest = page.evaluate("window.pbLongest")
    print(f"longest task while Compare opened: {longest:.0f} ms")
    assert longest < LONGEST_TASK_MS
    cell = page.locator('#pb-compare-summary tr[data-metric="bleu"] td.direction')
    assert cell.get_attribute("data-direction") == "higher"
