"""The report of real WMT21 data in a browser: every segment's detail equals the library.

Oracles: ``BLEU/CHRF/TER.statistics`` (identical to sacreBLEU 2.6.0 on these files, see
tests/metrics), ``corpus_score`` of each document's segments, and parbleu meta's
``system_correlation`` / ``segment_agreement`` for the human view.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parbleu import BLEU, CHRF, TER
from parbleu.io.judgments import read_segment_scores
from parbleu.meta import Bootstrap, SegmentStats, segment_agreement, system_correlation
from parbleu.metrics.external.metric import ExternalScores
from parbleu.report import HumanScores, MetricSpec, Significance, write_report
from tests.report.conftest import Opened
from tests.wmt import WmtData, read_lines

pytestmark = [pytest.mark.shared_data, pytest.mark.slow]

SYSTEMS = 4
FAST = Significance(bootstrap=100, trials=100)


def statistics_in_page(opened: Opened, hook: str, n: int, s: int) -> list[Any]:
    return opened.page.evaluate(  # type: ignore[no-any-return]
        "([n, s, hook]) => Array.from({length: n * s},"
        " (_, i) => window.parbleuReport[hook](Math.floor(i / s), i % s))",
        [n, s, hook],
    )


def test_de_en_bleu_chrf_ter_of_every_segment(
    open_report: Callable[..., Opened], tmp_path: Path, shared_data: WmtData
) -> None:
    """WMT21 de-en, two references, four systems, 1000 segments."""
    pair = shared_data.pair("de-en")
    refs = [pair.reference(letter) for letter in pair.reference_names]
    systems = {name: pair.system(name) for name in pair.system_names[:SYSTEMS]}
    path = write_report(
        tmp_path / "de-en.html",
        refs,
        systems,
        source=read_lines(pair.folder / "src.txt"),
        metrics=["bleu", "chrf", "ter"],
        significance=FAST,
    )
    opened = open_report(path)
    n = len(refs[0])
    bleu, chrf, ter = BLEU(refs), CHRF(refs), TER(refs)
    got_bleu = statistics_in_page(opened, "bleu", n, SYSTEMS)
    got_chrf = statistics_in_page(opened, "chrf", n, SYSTEMS)
    got_ter = statistics_in_page(opened, "ter", n, SYSTEMS)
    for s, lines in enumerate(systems.values()):
        b, c, t = bleu.statistics(lines), chrf.statistics(lines).values, ter.statistics(lines)
        for seg in range(n):
            row = got_bleu[seg * SYSTEMS + s]
            assert row["match"] == [int(b.column(f"match_{k}")[seg]) for k in range(1, 5)]
            assert [row["sys_len"], row["ref_len"]] == [
                b.column("sys_len")[seg],
                b.column("ref_len")[seg],
            ]
            assert got_chrf[seg * SYSTEMS + s]["statistics"] == c[seg].tolist()
            assert got_ter[seg * SYSTEMS + s]["edits"] == t.column("num_edits")[seg]


def test_en_ja_documents_with_the_char_tokenizer(
    open_report: Callable[..., Opened], tmp_path: Path, shared_data: WmtData
) -> None:
    """WMT21 en-ja with its document ids: BLEU (``tok char``, as WMT scored Japanese) of every
    segment, and each document's score in the documents view."""
    pair = shared_data.pair("en-ja")
    refs = [pair.reference(letter) for letter in pair.reference_names]
    systems = {name: pair.system(name) for name in pair.system_names[:2]}
    docids = read_lines(pair.folder / "docids.txt")
    options = {"tokenize": "char"}
    path = write_report(
        tmp_path / "en-ja.html",
        refs,
        systems,
        docids=docids,
        metrics=[MetricSpec("bleu", options)],
        significance=FAST,
    )
    opened = open_report(path)
    n = len(refs[0])
    got = statistics_in_page(opened, "bleu", n, 2)
    metric = BLEU(refs, **options)
    for s, lines in enumerate(systems.values()):
        stats = metric.statistics(lines)
        for seg in range(n):
            assert got[seg * 2 + s]["match"] == [
                int(stats.column(f"match_{k}")[seg]) for k in range(1, 5)
            ]
    page = opened.page
    page.click("#pb-tab-documents")
    labels = list(dict.fromkeys(docids))
    for k in (0, len(labels) // 2, len(labels) - 1):
        segments = [i for i, d in enumerate(docids) if d == labels[k]]
        shown = page.locator(f'#pb-documents tr[data-document="{k}"] td.num').all_inner_texts()
        for s, lines in enumerate(systems.values()):
            doc_refs = [[r[i] for i in segments] for r in refs]
            expected = BLEU(doc_refs, **options).corpus_score([lines[i] for i in segments]).score
            assert shown[1 + s] == f"{expected:.2f}"


def test_en_de_segment_level_human_judgments(
    open_report: Callable[..., Opened], tmp_path: Path, shared_data: WmtData
) -> None:
    """WMT21 en-de MQM per segment: the human view's correlations and segment tau equal
    ``system_correlation`` and ``segment_agreement`` of parbleu meta."""
    pair = shared_data.pair("en-de")
    refs = [pair.reference("A")]
    scores = read_segment_scores(str(pair.folder / "human" / "mqm_seg.tsv"), with_system=True)
    n = len(refs[0])
    table: dict[str, list[float | None]] = {}
    for row in scores.rows:
        table.setdefault(row.system or "", [None] * n)[row.seg_id - 1] = row.score
    names = [s for s in pair.system_names if s in table][:5]
    systems = {name: pair.system(name) for name in names}
    path = write_report(
        tmp_path / "en-de.html",
        refs,
        systems,
        metrics=["bleu"],
        human=HumanScores("MQM", segments=table),
        significance=FAST,
    )
    opened = open_report(path)
    page = opened.page
    page.click("#pb-tab-human")
    bleu = BLEU(refs)
    metric = SegmentStats(
        "BLEU",
        bleu,
        {s: bleu.statistics(systems[s]) for s in names},
        BLEU(effective_order=True),
    )
    human_table = ExternalScores(table, name="MQM", allow_missing=True)
    human = SegmentStats(
        "MQM", human_table, {s: human_table.system_statistics(s) for s in human_table.systems}
    )
    correlation = system_correlation(metric, human, names, bootstrap=Bootstrap(100, 12345))
    agreement = segment_agreement(metric, human, names)
    row = page.locator('#pb-correlations tr[data-metric="BLEU"] td').all_inner_texts()
    assert row[0].startswith(f"{correlation.pearson.value:.3f} [{correlation.pearson.low:.3f}, ")
    assert page.locator("#pb-segment-tau td").nth(0).inner_text() == f"{agreement.tau:.4f}"
    assert page.locator('#pb-scatter svg[data-metric="BLEU"] circle').count() == len(names)
