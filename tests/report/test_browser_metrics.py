"""Detail views against the library for every metric variant, on hard text (in a browser).

Oracle: parbleu's statistics for the same texts and options (``BLEU/CHRF/TER.statistics``,
identical to sacreBLEU 2.6.0's elsewhere in the suite). The page recomputes, from the tokens
and characters it embeds, the statistics of every segment and system; they must be equal.
Texts: tests/report/corpus.py (entities, CJK, astral characters, final sigma, dotted I,
right-to-left marks, NUL, odd whitespace, absent references).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from parbleu import BLEU, CHRF, TER
from parbleu.report import MetricSpec, write_report
from tests.report.conftest import Opened
from tests.report.corpus import HYPOTHESES, REFERENCES

SYSTEMS = {"a": HYPOTHESES, "b": [h.upper() for h in HYPOTHESES], "c": REFERENCES[0]}
N = len(HYPOTHESES)


def browser_values(opened: Opened, hook: str) -> list[Any]:
    return opened.page.evaluate(  # type: ignore[no-any-return]
        "([n, s, hook]) => Array.from({length: n * s},"
        " (_, i) => window.parbleuReport[hook](Math.floor(i / s), i % s))",
        [N, len(SYSTEMS), hook],
    )


BLEU_VARIANTS = [
    {},
    {"lowercase": True},
    {"tokenize": "intl"},
    {"tokenize": "zh"},
    {"tokenize": "char", "lowercase": True},
    {"tokenize": "none"},
    {"tokenize": "13a", "max_ngram_order": 2},
    {"weights": [0.5, 0.3, 0.2], "ref_length": "shortest"},
]


@pytest.mark.parametrize(
    "options", BLEU_VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_bleu_counts_of_every_segment(
    open_report: Callable[..., Opened], tmp_path: Path, options: dict[str, Any]
) -> None:
    """n-gram matches, totals and lengths equal ``BLEU(**options).statistics``."""
    path = write_report(
        tmp_path / "r.html", REFERENCES, SYSTEMS, metrics=[MetricSpec("bleu", options)]
    )
    got = browser_values(open_report(path), "bleu")
    metric = BLEU(REFERENCES, **options)
    order = options.get("max_ngram_order") or len(options.get("weights", [0] * 4))
    for s, lines in enumerate(SYSTEMS.values()):
        stats = metric.statistics(lines)
        for seg in range(N):
            row = got[seg * len(SYSTEMS) + s]
            assert row["sys_len"] == stats.column("sys_len")[seg], (s, seg)
            assert row["ref_len"] == stats.column("ref_len")[seg], (s, seg)
            assert row["match"] == [stats.column(f"match_{n}")[seg] for n in range(1, order + 1)], (
                s,
                seg,
            )
            assert row["total"] == [stats.column(f"total_{n}")[seg] for n in range(1, order + 1)], (
                s,
                seg,
            )


CHRF_VARIANTS = [
    {},
    {"word_order": 2},
    {"lowercase": True, "word_order": 2},
    {"whitespace": True},
    {"char_order": 4, "beta": 3, "eps_smoothing": True},
]


@pytest.mark.parametrize(
    "options", CHRF_VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_chrf_statistics_of_every_segment(
    open_report: Callable[..., Opened], tmp_path: Path, options: dict[str, Any]
) -> None:
    """[hyp, ref, match] per order of the best reference equal ``CHRF(**options).statistics``."""
    path = write_report(
        tmp_path / "r.html", REFERENCES, SYSTEMS, metrics=[MetricSpec("chrf", options)]
    )
    got = browser_values(open_report(path), "chrf")
    metric = CHRF(REFERENCES, **options)
    for s, lines in enumerate(SYSTEMS.values()):
        stats = metric.statistics(lines).values
        for seg in range(N):
            assert got[seg * len(SYSTEMS) + s]["statistics"] == stats[seg].tolist(), (s, seg)


TER_VARIANTS = [
    {},
    {"case_sensitive": True},
    {"normalized": True},
    {"no_punct": True, "normalized": True, "asian_support": True},
]


@pytest.mark.parametrize(
    "options", TER_VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default"
)
def test_ter_edits_of_every_segment(
    open_report: Callable[..., Opened], tmp_path: Path, options: dict[str, Any]
) -> None:
    """The fewest edits over the references equal ``TER(**options).statistics``."""
    path = write_report(
        tmp_path / "r.html", REFERENCES, SYSTEMS, metrics=[MetricSpec("ter", options)]
    )
    got = browser_values(open_report(path), "ter")
    metric = TER(REFERENCES, **options)
    for s, lines in enumerate(SYSTEMS.values()):
        edits = metric.statistics(lines).column("num_edits")
        for seg in range(N):
            assert got[seg * len(SYSTEMS) + s]["edits"] == edits[seg], (s, seg)


def test_ter_shifts_on_long_reordered_segments(
    open_report: Callable[..., Opened], tmp_path: Path
) -> None:
    """Block shifts, the beam and the candidate limit: reordered 60-word segments
    (``TER.statistics``)."""
    words = [f"w{i % 17}" for i in range(60)]
    refs = [[" ".join(words), " ".join(words[::-1]), " ".join(words[30:] + words[:30])]]
    hyps = [
        " ".join(words[20:] + words[:20]),
        " ".join(words[::2] + words[1::2]),
        " ".join(words[5:55]),
    ]
    path = write_report(tmp_path / "r.html", [refs[0]], {"h": hyps, "r": refs[0]}, metrics=["ter"])
    opened = open_report(path)
    got = opened.page.evaluate("() => [0, 1, 2].map(i => window.parbleuReport.ter(i, 0).edits)")
    assert got == TER([refs[0]]).statistics(hyps).column("num_edits").tolist()
