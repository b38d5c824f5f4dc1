"""Figures (parbleu.meta.plots): well-formed SVG holding every point, PNG through matplotlib.

Oracles: xml.etree parses the SVG; the data attributes of the circles are the input values;
a regression line from parbleu.meta; normalized values by hand (paper Fig. 7
scaling); the PNG file signature; matplotlib hidden from import for the missing-dependency error.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from parbleu.errors import InputError, MissingDependencyError, OptionError
from parbleu.meta import Bootstrap, SegmentStats, regression, system_correlation
from parbleu.meta.plots import Normalized, Scatter, nice_ticks, render_svg, save
from parbleu.metrics.external.metric import ExternalScores

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ("S1", "S2", "S3", "H1 & <H2>")
BLEU = (0.05, 0.09, 0.12, 0.25)
HUMAN = (1.8, 2.4, 2.6, 3.9)


def scatter() -> Scatter:
    return Scatter(
        "BLEU vs monolingual", "BLEU", "human", NAMES, BLEU, HUMAN, regression(BLEU, HUMAN)
    )


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def test_scatter_svg_holds_every_point_and_the_line() -> None:
    root = parse(render_svg([scatter()]))
    points = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "point"]
    assert [p.get("data-label") for p in points] == list(NAMES)  # escaped and restored
    assert [float(p.get("data-x", "")) for p in points] == list(BLEU)
    assert [float(p.get("data-y", "")) for p in points] == list(HUMAN)
    lines = [e for e in root.iter(f"{SVG}line") if e.get("class") == "regression"]
    assert len(lines) == 1
    assert float(lines[0].get("data-slope", "")) == pytest.approx(regression(BLEU, HUMAN).slope)
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert f"r = {regression(BLEU, HUMAN).r:.3f}" in texts
    assert "H1 & <H2>" in texts


def test_higher_human_scores_are_drawn_higher() -> None:
    root = parse(render_svg([scatter()]))
    ys = [float(c.get("cy", "")) for c in root.iter(f"{SVG}circle") if c.get("class") == "point"]
    assert ys == sorted(ys, reverse=True)  # SVG y grows downwards


def test_normalized_panel_scales_each_series_to_its_range() -> None:
    figure = Normalized("Figure 7", NAMES, (("human", HUMAN), ("BLEU", BLEU)))
    root = parse(render_svg([figure]))
    values: dict[str, list[float]] = {}
    for circle in root.iter(f"{SVG}circle"):
        if circle.get("class") == "series-point":
            values.setdefault(circle.get("data-series", ""), []).append(
                float(circle.get("data-value", ""))
            )
    assert values["human"] == pytest.approx([0.0, 0.6 / 2.1, 0.8 / 2.1, 1.0])
    assert values["BLEU"] == pytest.approx([0.0, 0.2, 0.35, 1.0])


def test_panels_from_a_correlation_order_systems_by_human_score() -> None:
    table = {"a": [3.0, 3.0], "b": [1.0, 1.0], "c": [2.0, 2.0]}
    scores = ExternalScores(table, name="TER", higher_is_better=False)
    metric = SegmentStats("TER", scores, {s: scores.system_statistics(s) for s in table})
    result = system_correlation(
        metric, {"a": 0.1, "b": 0.9, "c": 0.5}, list(table), bootstrap=Bootstrap(0)
    )
    figure = Normalized.from_correlations([result])
    assert figure.systems == ("a", "c", "b")
    assert figure.series[1] == ("-TER", (-3.0, -2.0, -1.0))  # lower is better: negated
    points = Scatter.from_correlation(result)
    assert points.x == (3.0, 1.0, 2.0)  # the plotted TER is as reported
    root = parse(render_svg([points, figure], columns=2, title="TER & humans"))
    assert root.get("width") == "880"


def test_svg_is_deterministic() -> None:
    assert render_svg([scatter()]) == render_svg([scatter()])


@pytest.mark.parametrize(
    ("low", "high", "ticks", "decimals"),
    [
        (0.0, 1.0, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0], 1),
        (56.3, 64.8, [58.0, 60.0, 62.0, 64.0], 0),
        (-1.8, -1.0, [-1.8, -1.6, -1.4, -1.2, -1.0], 1),
        (0.0, 10.0, [0.0, 2.0, 4.0, 6.0, 8.0, 10.0], 0),
    ],
)
def test_nice_ticks(low: float, high: float, ticks: list[float], decimals: int) -> None:
    values, places = nice_ticks(low, high)
    assert values == pytest.approx(ticks)
    assert places == decimals


def test_save_svg_and_png(tmp_path: Path) -> None:
    svg, png = tmp_path / "f.svg", tmp_path / "f.png"
    save([scatter()], str(svg))
    parse(svg.read_text(encoding="utf-8"))
    pytest.importorskip("matplotlib")
    save([scatter(), Normalized("n", NAMES, (("human", HUMAN),))], str(png), title="t")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_without_matplotlib_names_the_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)
    monkeypatch.setitem(sys.modules, "matplotlib.backends.backend_agg", None)
    with pytest.raises(MissingDependencyError, match=r"pip install 'parbleu\[plot\]'"):
        save([scatter()], str(tmp_path / "f.png"))


def test_save_errors(tmp_path: Path) -> None:
    with pytest.raises(OptionError, match=r"not '\.pdf'"):
        save([scatter()], str(tmp_path / "f.pdf"))
    with pytest.raises(InputError, match="cannot write"):
        save([scatter()], str(tmp_path / "missing" / "f.svg"))
    with pytest.raises(InputError, match="nothing to plot"):
        render_svg([])
    with pytest.raises(InputError, match="2 labels, 1 x and 1 y values"):
        Scatter("t", "x", "y", ("a", "b"), (1.0,), (1.0,))
    with pytest.raises(InputError, match="series 'h' has 1 values for 2 systems"):
        Normalized("t", ("a", "b"), (("h", (1.0,)),))


def test_constant_metric_scatter_has_no_line() -> None:
    scores = ExternalScores({s: [1.0] for s in "abc"})
    metric = SegmentStats("m", scores, {s: scores.system_statistics(s) for s in "abc"})
    result = system_correlation(
        metric, {"a": 1.0, "b": 2.0, "c": 3.0}, list("abc"), bootstrap=Bootstrap(0)
    )
    figure = Scatter.from_correlation(result)
    assert figure.line is None
    root = parse(render_svg([figure]))
    assert not [e for e in root.iter(f"{SVG}line") if e.get("class") == "regression"]
