"""Human agreement with a metric difference (parbleu.meta.thresholds), and where it is shown.

Oracles: Kocmi et al. (2024) — the MT-Thresholds README (``mt_thresholds.accuracy(1.0,
"bleu")`` is 63.989%) and the paper's appendix table of the differences needed for each
accuracy (``appendix/main_thresholds.tex``: BLEU 0.27 ... 3.35, chrF 0.14 ... 3.05, "-"
where the fit never gets there); the significance JSON and the report's payload must carry
the same numbers.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest

from parbleu import BLEU, CHRF, TER
from parbleu.cli.main import run
from parbleu.errors import InputError
from parbleu.meta.thresholds import (
    AGREEMENT_MODELS,
    agreement_matrix,
    agreement_model,
    human_agreement,
)

#: Appendix table: accuracy (%) -> delta, for 50, 55, ..., 95 (None: "-").
APPENDIX = {
    "BLEU": (0.27, 0.52, 0.78, 1.06, 1.39, 1.79, 2.34, 3.35, None, None),
    "chrF": (0.14, 0.33, 0.54, 0.76, 1.00, 1.28, 1.63, 2.12, 3.05, None),
    "spBLEU200": (0.25, 0.52, 0.82, 1.13, 1.49, 1.91, 2.46, 3.28, 5.57, None),
    "COMET-22": (0.03, 0.10, 0.18, 0.26, 0.35, 0.45, 0.56, 0.71, 0.94, 1.53),
    "MetricX-23-QE-large": (0.00, 0.02, 0.03, 0.04, 0.06, 0.08, 0.10, 0.12, 0.16, 0.22),
}
SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"


def test_readme_example() -> None:
    """MT-Thresholds README: a BLEU difference of 1.00 is 63.989% accurate."""
    assert round(human_agreement(1.0, BLEU().signature()) or 0, 5) == 0.63989
    assert human_agreement(-1.0, BLEU().signature()) == human_agreement(1.0, BLEU().signature())


@pytest.mark.parametrize(("name", "deltas"), APPENDIX.items())
def test_appendix_table(name: str, deltas: tuple[float | None, ...]) -> None:
    model = AGREEMENT_MODELS[name]
    for percent, expected in zip(range(50, 100, 5), deltas, strict=True):
        got = model.delta(percent / 100)
        if expected is None:
            assert math.isnan(got)
        else:
            assert round(got, 2) == expected


def test_models_are_matched_by_signature() -> None:
    """BLEU (13a) and chrF2 with sacreBLEU's defaults; other settings and metrics: none."""
    assert agreement_model(BLEU().signature()) is AGREEMENT_MODELS["BLEU"]
    assert agreement_model(CHRF().signature()) is AGREEMENT_MODELS["chrF"]
    assert agreement_model(BLEU(tokenize="intl").signature()) is None
    assert agreement_model(BLEU(lowercase=True).signature()) is None
    assert agreement_model(CHRF(word_order=2).signature()) is None
    assert agreement_model(TER().signature()) is None
    sp = "nrefs:1|case:mixed|eff:no|tok:flores101|smooth:exp|version:2.4.0"
    assert agreement_model(sp) is AGREEMENT_MODELS["spBLEU101"]
    with pytest.raises(InputError, match=r"between 0\.5 and 1"):
        AGREEMENT_MODELS["BLEU"].delta(0.4)


def test_matrix_is_symmetric_with_an_empty_diagonal() -> None:
    matrix = agreement_matrix(BLEU().signature(), [20.0, 21.0, 25.0])
    assert matrix is not None
    assert matrix[0][0] is None
    assert matrix[0][1] == matrix[1][0] == human_agreement(1.0, BLEU().signature())
    assert agreement_matrix(TER().signature(), [1.0, 2.0]) is None


def test_paired_json_carries_the_agreement() -> None:
    """Every p-value of -pbs has the agreement of its difference beside it (BLEU, chrF)."""
    out, err = io.StringIO(), io.StringIO()
    systems = [str(SAMPLE / f"system-{q}.txt") for q in ("fair", "weak", "strong")]
    argv = [str(SAMPLE / "ref.A.txt"), "-i", *systems, "-pbs", "-pbsn", "50", "-m", "bleu", "ter"]
    assert run(argv, io.BytesIO(), out, err) == 0
    rows = json.loads(out.getvalue())
    baseline = rows[0]["BLEU"]["score"]
    assert rows[0]["BLEU"]["human_agreement"] is None
    for row in rows[1:]:
        expected = human_agreement(row["BLEU"]["score"] - baseline, BLEU().signature())
        assert row["BLEU"]["human_agreement"] == expected
        assert row["TER"]["human_agreement"] is None
    text = io.StringIO()
    assert run([*argv, "-f", "text"], io.BytesIO(), text, err) == 0
    assert "BLEU humans agree" in text.getvalue()
    assert "TER humans agree" not in text.getvalue()
