"""The report in a real browser (Debian's Chromium via Playwright), on the bundled sample.

Oracles: parbleu's library results for the same inputs (``BLEU/CHRF/TER/NIST.corpus_score``,
``.statistics``, ``.sentence_score``, ``paired_bootstrap``, ``paired_randomization``, all
checked against sacreBLEU 2.6.0 elsewhere), Python's formatting of the same floats, and
numpy counts over the segment scores. Every view is opened; no request leaves the file
system (see conftest.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from parbleu import BLEU, CHRF, NIST, TER
from parbleu.meta import regression
from parbleu.report import HumanScores, write_report
from parbleu.significance import paired_bootstrap, paired_randomization
from parbleu.tokenizers import TokenizerName, make_tokenizer
from tests.oracles import compare_mt
from tests.report.conftest import Opened

METRICS = ("bleu", "chrf", "ter", "nist")
DOCS = [f"doc-{i // 7}" for i in range(30)]
HUMAN = {"strong": 81.5, "fair": 58.0, "weak": 12.25}


@pytest.fixture(scope="module")
def sample_report(tmp_path_factory: pytest.TempPathFactory, sample: dict[str, Any]) -> Path:
    path = tmp_path_factory.mktemp("report") / "sample.html"
    write_report(
        path,
        sample["refs"],
        sample["systems"],
        source=sample["refs"][1],
        docids=DOCS,
        metrics=METRICS,
        human=HumanScores("DA", systems=HUMAN),
        reference_names=["ref.A", "ref.B"],
        title="sample <report> & co",
    )
    return path


@pytest.fixture(scope="module")
def library(sample: dict[str, Any]) -> dict[str, Any]:
    refs = sample["refs"]
    return {"bleu": BLEU(refs), "chrf": CHRF(refs), "ter": TER(refs), "nist": NIST(refs)}


def cells(opened: Opened, selector: str) -> list[str]:
    return [text.strip() for text in opened.page.locator(selector).all_inner_texts()]


def test_overview_shows_the_library_scores_intervals_and_p_values(
    open_report: Callable[..., Opened],
    sample_report: Path,
    sample: dict[str, Any],
    library: dict[str, Any],
) -> None:
    """Corpus scores: ``corpus_score``; intervals and p (bs): ``paired_bootstrap``; p (ar):
    ``paired_randomization`` with the report's 1,000 trials; all formatted by Python."""
    opened = open_report(sample_report)
    page = opened.page
    assert page.title() == "sample <report> & co"
    assert page.locator("#pb-title").inner_text() == "sample <report> & co"
    names = list(sample["systems"])
    for key, metric in library.items():
        stats = {name: metric.statistics(lines) for name, lines in sample["systems"].items()}
        bs = paired_bootstrap(metric, stats)
        ar = paired_randomization(metric, stats, n_trials=1000)
        decimals = 3 if key == "nist" else 2
        for s, name in enumerate(names):
            row = page.locator(f'#pb-score-table tr[data-system="{s}"]')
            expected = metric.corpus_score(sample["systems"][name]).score
            assert (
                row.locator(f'td[data-metric="{key}"]').inner_text() == f"{expected:.{decimals}f}"
            )
            result = bs.results[s]
            interval = (
                f"[{result.estimate.lower:.{decimals}f}, {result.estimate.upper:.{decimals}f}]"
            )
            assert interval in row.inner_text()
            if s:
                assert f"{bs.systems[s - 1].p_value:.4f}" in row.inner_text()
                assert f"{ar.systems[s - 1].p_value:.4f}" in row.inner_text()
    signatures = cells(opened, "td.signature")
    assert signatures == [library[k].signature().format() for k in METRICS]


def test_bleu_bands_are_the_course_chapters(
    open_report: Callable[..., Opened],
    sample_report: Path,
    sample: dict[str, Any],
) -> None:
    """Oracle: the chapter's seven bands (< 10, 10-19, ..., 50-59, 60+), for BLEU against
    one reference: with the sample's two, no system is placed in them (placement against one
    reference: test_browser_fixes.py); the note names the chapter and its caveats."""
    opened = open_report(sample_report)
    rows = opened.page.locator("#pb-bands tbody tr")
    ranges = ["< 10", "10 – 19", "20 – 29", "30 – 39", "40 – 49", "50 – 59", "60 +"]
    assert [r.split("\t")[0] for r in rows.all_inner_texts()] == ranges
    assert opened.page.locator("#pb-bands-scope").get_attribute("data-applies") == "false"
    shown = "\n".join(rows.all_inner_texts())
    assert not any(name in shown for name in sample["systems"])
    note = opened.page.locator("#pb-bands-note").inner_text()
    assert "Interpreting BLEU Scores" in note
    assert "news translation" in note
    assert "same tokenization, the same number of references, the same test set" in note
    assert "Google" not in opened.page.content()


def test_segment_detail_counts_equal_bleu_statistics(
    open_report: Callable[..., Opened],
    sample_report: Path,
    sample: dict[str, Any],
    library: dict[str, Any],
) -> None:
    """Every segment and system: the counts the detail view computes from the embedded tokens
    equal ``BLEU.statistics`` (sys_len, ref_len, match_n, total_n)."""
    opened = open_report(sample_report)
    computed = opened.page.evaluate(
        "([n, s]) => Array.from({length: n * s},"
        " (_, i) => window.parbleuReport.bleu(Math.floor(i / s), i % s))",
        [30, 3],
    )
    for s, lines in enumerate(sample["systems"].values()):
        stats = library["bleu"].statistics(lines)
        for seg in range(30):
            got = computed[seg * 3 + s]
            expected = [int(stats.column(c)[seg]) for c in ("sys_len", "ref_len")]
            assert [got["sys_len"], got["ref_len"]] == expected
            assert got["match"] == [int(stats.column(f"match_{n}")[seg]) for n in range(1, 5)]
            assert got["total"] == [int(stats.column(f"total_{n}")[seg]) for n in range(1, 5)]


def test_detail_view_shows_statistics_scores_and_highlights(
    open_report: Callable[..., Opened],
    sample_report: Path,
    sample: dict[str, Any],
    library: dict[str, Any],
) -> None:
    """Segment 8 as shown: BLEU statistics table (``BLEU.statistics``), the segment scores
    (sentence BLEU with effective order as ``BLEU(effective_order=True)``, chrF, TER, NIST
    of the statistics row, as ``scores``) and the matched tokens."""
    opened = open_report(sample_report)
    page = opened.page
    page.click("#pb-tab-segments")
    page.locator("#pb-list .row[data-segment='7']").click()
    assert page.locator("#pb-seg-title").inner_text() == "Segment 8"
    assert page.locator("#pb-source").inner_text() == sample["refs"][1][7]
    sentence = {
        "bleu": BLEU(effective_order=True),
        "chrf": library["chrf"],
        "ter": library["ter"],
        "nist": library["nist"],
    }
    for s, lines in enumerate(sample["systems"].values()):
        stats = library["bleu"].statistics(lines)
        row = page.locator(f'#pb-bleu-stats tr[data-system="{s}"]')
        for n in range(1, 5):
            cell = row.locator(f'td[data-stat="match_{n}/total_{n}"]').inner_text()
            assert cell == f"{stats.column(f'match_{n}')[7]}/{stats.column(f'total_{n}')[7]}"
        for key in METRICS:
            value = sentence[key].scores(library[key].statistics(lines).values[7:8])[0]
            shown = page.locator(f'#pb-seg-scores tr[data-system="{s}"] td[data-metric="{key}"]')
            assert shown.inner_text() == f"{value:.{3 if key == 'nist' else 2}f}"
    # Unigrams of system A (the best system other than the baseline: "fair") as highlighted.
    fair = page.locator("#pb-detail .text.sys").nth(1)
    assert fair.inner_text() == sample["systems"]["fair"][7]
    matched = fair.locator(".tok.match").count() + fair.locator(".tok.clip").count()
    assert matched == int(
        library["bleu"].statistics(sample["systems"]["fair"]).column("match_1")[7]
    )
    page.keyboard.press("2")
    assert page.locator('[data-order="2"][aria-checked="true"]').count() == 1


def test_chrf_and_ter_views_equal_the_library(
    open_report: Callable[..., Opened],
    sample_report: Path,
    sample: dict[str, Any],
    library: dict[str, Any],
) -> None:
    """chrF's [hyp, ref, match] per order (``CHRF.statistics``) and TER's edits
    (``TER.statistics`` num_edits) for every segment and system, and both views open."""
    opened = open_report(sample_report)
    page = opened.page
    got = page.evaluate(
        "() => Array.from({length: 90}, (_, i) => [window.parbleuReport.chrf(Math.floor(i / 3),"
        " i % 3), window.parbleuReport.ter(Math.floor(i / 3), i % 3)])"
    )
    for s, lines in enumerate(sample["systems"].values()):
        chrf = library["chrf"].statistics(lines).values
        edits = library["ter"].statistics(lines).column("num_edits")
        for seg in range(30):
            assert got[seg * 3 + s][0]["statistics"] == chrf[seg].tolist()
            assert got[seg * 3 + s][1]["edits"] == edits[seg]
    page.click("#pb-tab-segments")
    page.click('#pb-detail [data-view="characters"]')
    assert page.locator("#pb-chrf-stats tbody tr").count() == 3
    page.click('#pb-detail [data-view="edits"]')
    first = library["ter"].statistics(sample["systems"]["strong"]).column("num_edits")[0]
    assert page.locator(
        '#pb-ter-stats tr[data-system="0"] td[data-stat="num_edits"]'
    ).inner_text() == str(int(first))
    page.click('#pb-detail [data-view="diff"]')
    assert page.locator("#pb-detail-diff .text").count() == 2


def wait_count(page: Any, count: int) -> None:
    """Wait until the segment browser says it shows `count` segments (the page's CSP
    forbids the string evaluation ``wait_for_function`` uses, so Playwright's ``expect``)."""
    from playwright.sync_api import expect  # noqa: PLC0415 (conftest skips without playwright)

    expect(page.locator("#pb-count")).to_have_text(re.compile(rf"^{count} of "))


def _segment_scores(metric: Any, sentence: Any, lines: list[str]) -> np.ndarray:
    return np.array([float(f"{x:.2f}") for x in sentence.scores(metric.statistics(lines).values)])


def test_browser_sorts_filters_searches_and_moves_by_keyboard(
    open_report: Callable[..., Opened],
    sample_report: Path,
    sample: dict[str, Any],
    library: dict[str, Any],
) -> None:
    """Sort order, filter counts and search hits against numpy and Python on the same
    segment scores (sentence BLEU, rounded as shown) and texts."""
    opened = open_report(sample_report)
    page = opened.page
    page.click("#pb-tab-segments")
    fair = _segment_scores(library["bleu"], BLEU(effective_order=True), sample["systems"]["fair"])
    strong = _segment_scores(
        library["bleu"], BLEU(effective_order=True), sample["systems"]["strong"]
    )
    page.click('.list-head [data-column="a"]')  # descending first
    order = [
        int(x)
        for x in page.locator("#pb-list .row").evaluate_all(
            "rows => rows.map(r => r.dataset.segment)"
        )
    ]
    expected = sorted(range(30), key=lambda i: (-fair[i], i))
    assert order == expected[: len(order)]
    page.fill("#pb-min-a", "20")
    page.fill("#pb-max-a", "50")
    wait_count(page, int(((fair >= 20) & (fair <= 50)).sum()))
    page.fill("#pb-min-a", "")
    page.fill("#pb-max-a", "")
    page.fill("#pb-min-diff", "0")
    diff_count = int((np.round(fair - strong, 2) >= 0).sum())
    wait_count(page, diff_count)
    page.fill("#pb-min-diff", "")
    hits = sum(
        "the"
        in " ".join(
            [
                sample["refs"][1][i],
                *(r[i] for r in sample["refs"]),
                *(h[i] for h in sample["systems"].values()),
            ]
        ).lower()
        for i in range(30)
    )
    page.fill("#pb-search", "THE")
    wait_count(page, hits)
    page.check("#pb-case")
    exact = sum(
        "THE"
        in " ".join(
            [
                sample["refs"][1][i],
                *(r[i] for r in sample["refs"]),
                *(h[i] for h in sample["systems"].values()),
            ]
        )
        for i in range(30)
    )
    wait_count(page, exact)
    page.uncheck("#pb-case")
    page.fill("#pb-search", "")
    page.select_option("#pb-doc", "1")
    wait_count(page, 7)
    page.select_option("#pb-doc", "")
    page.click('.list-head [data-column="index"]')
    page.locator("#pb-list").focus()
    page.keyboard.press("Home")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    assert page.locator("#pb-seg-title").inner_text() == "Segment 3"
    page.keyboard.press("End")
    assert page.locator("#pb-seg-title").inner_text() == "Segment 30"
    page.keyboard.press("]")  # already last
    page.keyboard.press("[")
    assert page.locator("#pb-seg-title").inner_text() == "Segment 29"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "pb-seg-title"
    page.keyboard.press("/")
    assert page.evaluate("document.activeElement.id") == "pb-search"
    page.keyboard.press("Escape")
    page.keyboard.press("t")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.keyboard.press("o")
    assert page.locator("#pb-tab-overview").get_attribute("aria-selected") == "true"
    page.keyboard.press("ArrowRight")  # tabs: arrows move between views
    assert page.evaluate("document.activeElement.id") == "pb-tab-segments"
    assert page.locator("#pb-view-segments").is_visible()


def test_compare_documents_and_human_views(
    open_report: Callable[..., Opened],
    sample_report: Path,
    sample: dict[str, Any],
    library: dict[str, Any],
) -> None:
    """Wins and losses: numpy over the shown segment scores; document scores:
    ``corpus_score`` of each document's segments; human view: one point per system and the
    regression line of ``parbleu.meta.regression``."""
    opened = open_report(sample_report)
    page = opened.page
    page.click("#pb-tab-compare")
    page.wait_for_selector("#pb-salient-a")
    fair = _segment_scores(library["bleu"], BLEU(effective_order=True), sample["systems"]["fair"])
    strong = _segment_scores(
        library["bleu"], BLEU(effective_order=True), sample["systems"]["strong"]
    )
    row = page.locator('#pb-compare-summary tr[data-metric="bleu"]')
    assert row.locator('[data-count="wins"]').inner_text() == str(int((fair > strong).sum()))
    assert row.locator('[data-count="losses"]').inner_text() == str(int((fair < strong).sum()))
    assert row.locator('[data-count="ties"]').inner_text() == str(int((fair == strong).sum()))
    page.click("#pb-tab-documents")
    for k in range(5):
        segments = [i for i in range(30) if DOCS[i] == f"doc-{k}"]
        shown = page.locator(f'#pb-documents tr[data-document="{k}"] td.num').all_inner_texts()
        for s, lines in enumerate(sample["systems"].values()):
            refs = [[r[i] for i in segments] for r in sample["refs"]]
            expected = BLEU(refs).corpus_score([lines[i] for i in segments]).score
            assert shown[1 + s] == f"{expected:.2f}"
    page.locator('#pb-documents tr[data-document="2"] button').click()
    wait_count(page, 7)
    page.click("#pb-tab-human")
    assert page.locator("#pb-scatter svg").count() == 4
    assert page.locator('#pb-scatter svg[data-metric="BLEU"] circle').count() == 3
    bleu = [library["bleu"].corpus_score(lines).score for lines in sample["systems"].values()]
    fit = regression(bleu, list(HUMAN.values()))
    cell = page.locator('#pb-correlations tr[data-metric="BLEU"] td').nth(4).inner_text()
    assert cell == f"{fit.slope:.4f}"


XSS = [
    "<script>window.pwned = 1</script>",
    "</script><script>window.pwned = 2</script>",
    '<img src=x onerror="window.pwned = 3">',
    "\"quotes\" and 'single' & ampersand &amp; &lt;b&gt;",
    "]]> <![CDATA[ x ]]> <!-- comment --> -->",
    "line\u2028separator\u2029paragraph",
    "nul\x00byte and \x1b escape",
    "\u202eright-to-left override\u202c and \u200fmark",
    "{{title}} {{script}} ${window.pwned = 4}",
    "<svg onload=window.pwned=5><a href=javascript:window.pwned=6>x</a>",
]


def test_untrusted_text_is_shown_as_text_and_runs_nothing(
    open_report: Callable[..., Opened], tmp_path: Path
) -> None:
    """Outputs, references, sources, names and document ids that look like markup or
    scripts are displayed verbatim (textContent equals the input) and set no global."""
    n = len(XSS)
    refs = [[f"reference {i}" for i in range(n)]]
    systems = {"<b>sys</b>": XSS, "clean": [f"reference {i}" for i in range(n)]}
    path = write_report(
        tmp_path / "xss.html",
        refs,
        systems,
        source=XSS[::-1],
        docids=XSS,
        metrics=("bleu", "chrf", "ter"),
        title="</title><script>window.pwned = 7</script>",
    )
    opened = open_report(path)
    page = opened.page
    assert page.title() == "</title><script>window.pwned = 7</script>"
    page.click("#pb-tab-segments")
    for i, text in enumerate(XSS):
        page.evaluate("seg => window.parbleuReport.openSegment(seg)", i)
        outputs = page.locator("#pb-detail-ngrams .text.sys").evaluate_all(
            "els => els.map(e => (e.querySelector('.original') || e).textContent)"
        )
        assert outputs[0] == text
        assert page.locator("#pb-source").evaluate("e => e.textContent") == XSS[::-1][i]
    page.click("#pb-tab-compare")
    page.wait_for_selector("#pb-salient-a")
    page.click("#pb-tab-documents")
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.locator("script").count() == 3  # the page's own: summary, data, program
    assert page.locator("img, iframe, object, embed").count() == 0


def test_screenshots_in_light_dark_and_print(
    open_report: Callable[..., Opened], sample_report: Path, screenshots: Path
) -> None:
    """Each view renders in light and dark mode; the overview prints alone (print media)."""
    opened = open_report(sample_report)
    page = opened.page
    page.screenshot(path=str(screenshots / "report-overview.png"), full_page=True)
    page.click("#pb-tab-segments")
    page.locator("#pb-list .row[data-segment='3']").click()
    page.screenshot(path=str(screenshots / "report-segments.png"))
    page.click('#pb-detail [data-view="edits"]')
    page.locator("#pb-detail").screenshot(path=str(screenshots / "report-ter.png"))
    page.click('#pb-detail [data-view="characters"]')
    page.locator("#pb-detail").screenshot(path=str(screenshots / "report-chrf.png"))
    page.click("#pb-tab-compare")
    page.wait_for_selector("#pb-salient-a")
    page.screenshot(path=str(screenshots / "report-compare.png"), full_page=True)
    page.click("#pb-tab-human")
    page.screenshot(path=str(screenshots / "report-human.png"), full_page=True)
    page.click("#pb-theme")
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"
    page.click("#pb-tab-segments")
    page.click('#pb-detail [data-view="ngrams"]')
    page.screenshot(path=str(screenshots / "report-segments-dark.png"))
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(22, 22, 22)"
    page.emulate_media(media="print")
    assert page.locator("#pb-view-overview").is_visible()
    assert not page.locator("#pb-view-segments").is_visible()
    assert not page.locator("#pb-tabs").is_visible()
    dark = open_report(sample_report, dark=True)
    assert dark.page.evaluate("document.documentElement.dataset.theme") == "dark"


def test_compare_view_salient_ngrams_and_word_accuracy(
    open_report: Callable[..., Opened], tmp_path: Path, sample: dict[str, Any]
) -> None:
    """One reference, as compare-mt takes: the salient n-grams and the word F-measure by
    frequency bucket equal tests/oracles/compare_mt.py on the 13a tokens."""
    tokenize = make_tokenizer(TokenizerName("13a")).tokenize
    ref = [tokenize(x).split() for x in sample["refs"][0]]
    fair = [tokenize(x).split() for x in sample["systems"]["fair"]]
    strong = [tokenize(x).split() for x in sample["systems"]["strong"]]
    path = write_report(
        tmp_path / "one-ref.html",
        [sample["refs"][0]],
        {"strong": sample["systems"]["strong"], "fair": sample["systems"]["fair"]},
        metrics=["bleu"],
    )
    opened = open_report(path)
    page = opened.page
    page.click("#pb-tab-compare")
    page.wait_for_selector("#pb-salient-a")
    m_fair, m_strong = compare_mt.matches(ref, fair), compare_mt.matches(ref, strong)
    scores = compare_mt.salience(m_fair, m_strong)
    rows = page.locator("#pb-salient-a tbody tr").evaluate_all(
        "rs => rs.map(r => Array.from(r.cells, c => c.textContent))"
    )
    assert len(rows) == 15
    for gram, shown, a, b in rows:
        assert (shown, int(a), int(b)) == (f"{scores[gram]:.3f}", m_fair[gram], m_strong[gram])
    best = sorted(scores.values(), reverse=True)[:15]
    assert sorted((scores[r[0]] for r in rows), reverse=True) == best
    shown_f = page.locator("#pb-word-accuracy table tbody tr").evaluate_all(
        "rs => rs.map(r => [r.cells[1].textContent, r.cells[2].textContent])"
    )
    expected = zip(
        compare_mt.word_fmeasure(ref, fair), compare_mt.word_fmeasure(ref, strong), strict=True
    )
    assert shown_f == [[f"{x:.4f}", f"{y:.4f}"] for x, y in expected]


@pytest.mark.parametrize(
    ("systems", "options"),
    [
        (["fair"], {"metrics": ["bleu", "ter"]}),
        (["fair", "weak"], {"metrics": ["chrf"]}),
        (
            ["fair", "weak", "strong"],
            {
                "metrics": [],
                "scores": {
                    "X": {
                        q: [0.25 * (i % 5) for i in range(30)] for q in ("fair", "weak", "strong")
                    }
                },
            },
        ),
    ],
    ids=["one-system", "chrf-only", "external-only"],
)
def test_every_view_opens_in_other_configurations(
    open_report: Callable[..., Opened],
    tmp_path: Path,
    sample: dict[str, Any],
    systems: list[str],
    options: dict[str, Any],
) -> None:
    """One system, no BLEU, only external scores: every tab and detail view renders (no
    console error), and the overview shows the corpus score of ``corpus_score``/the mean."""
    chosen = {q: sample["systems"][q] for q in systems}
    path = write_report(tmp_path / "r.html", sample["refs"], chosen, **options)
    opened = open_report(path)
    page = opened.page
    first = page.locator('#pb-score-table tr[data-system="0"] td').first.inner_text()
    if options["metrics"]:
        metric = {"bleu": BLEU, "chrf": CHRF}[options["metrics"][0]](sample["refs"])
        assert first == f"{metric.corpus_score(chosen[systems[0]]).score:.2f}"
    else:
        assert first == f"{sum(0.25 * (i % 5) for i in range(30)) / 30:.4f}"
    for tab in page.locator('#pb-tabs [role="tab"]').all():
        tab.click()
        if tab.get_attribute("data-view") == "segments":
            for view in page.locator("#pb-detail [data-view]").all():
                view.click()
    assert page.evaluate("window.parbleuReport.state().current") >= 0
