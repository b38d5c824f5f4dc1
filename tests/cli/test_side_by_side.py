"""``-sl`` with several systems: segment scores side by side, differences, sorting, CSV.

Oracles: sacreBLEU 2.6.0's ``sentence_bleu``, ``sentence_chrf`` and ``sentence_ter`` per
segment (the differences are the hand maths of subtracting the first system's score), and
Python's ``csv`` and ``json`` modules reading the output back.
"""

from __future__ import annotations

import csv
import io
import json

import pytest
import sacrebleu

from tests.cli.sample_run import FAIR, REF_A, STRONG, WEAK, lines, parbleu

SYSTEMS = (FAIR, STRONG, WEAK)

ORACLES = {
    "BLEU": sacrebleu.sentence_bleu,
    "chrF2": sacrebleu.sentence_chrf,
    "TER": sacrebleu.sentence_ter,
}


@pytest.fixture(scope="module")
def expected() -> dict[str, dict[str, list[float]]]:
    """sacreBLEU's score of every segment: metric -> system -> scores."""
    refs = lines(REF_A)
    return {
        metric: {
            system: [score(hyp, [ref]).score for hyp, ref in zip(lines(system), refs, strict=True)]
            for system in SYSTEMS
        }
        for metric, score in ORACLES.items()
    }


def side_by_side(*options: str) -> tuple[int, str, str]:
    return parbleu(REF_A, "-i", *SYSTEMS, "-m", "bleu", "chrf", "ter", "-sl", *options)


def test_json_lines_hold_every_system_and_difference(
    expected: dict[str, dict[str, list[float]]],
) -> None:
    code, out, err = side_by_side("-f", "json", "-w", "3")
    assert (code, err) == (0, "")
    items = [json.loads(line) for line in out.splitlines()]
    assert len(items) == 30 * 3
    for item in items:
        oracle = expected[item["name"]]
        i = item["segment"] - 1
        assert item["scores_unrounded"] == pytest.approx(
            {system: oracle[system][i] for system in SYSTEMS}, abs=1e-9
        )
        assert item["scores"] == {s: float(f"{oracle[s][i]:.3f}") for s in SYSTEMS}
        for system in (STRONG, WEAK):
            assert item["differences"][system] == pytest.approx(
                oracle[system][i] - oracle[FAIR][i], abs=1.01e-3
            )
    assert [item["segment"] for item in items[::3]] == list(range(1, 31))


def test_csv_columns_are_scores_then_differences(
    expected: dict[str, dict[str, list[float]]],
) -> None:
    code, out, _ = side_by_side("-f", "csv", "-w", "4")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 30
    for i, row in enumerate(rows):
        assert row["Segment"] == str(i + 1)
        for metric, oracle in expected.items():
            for system in SYSTEMS:
                assert float(row[f"{metric} {system}"]) == pytest.approx(
                    oracle[system][i], abs=5.1e-5
                )
            difference = float(row[f"{metric} {WEAK}-{FAIR}"])
            assert difference == pytest.approx(oracle[WEAK][i] - oracle[FAIR][i], abs=5.1e-5)


def test_text_table_sorted_worst_first(expected: dict[str, dict[str, list[float]]]) -> None:
    """Sorted by the second system's difference in the first metric (BLEU: ascending)."""
    code, out, _ = side_by_side("-f", "text", "--sort-by-difference")
    assert code == 0
    table = out.splitlines()
    header = table[0].split("  ")
    assert [cell.strip() for cell in header if cell][:4] == [
        "Segment",
        f"BLEU {FAIR}",
        f"BLEU {STRONG}",
        f"BLEU {WEAK}",
    ]
    segments = [int(row.split()[0]) for row in table[2:32]]
    bleu = expected["BLEU"]
    differences = [bleu[STRONG][s - 1] - bleu[FAIR][s - 1] for s in segments]
    assert sorted(segments) == list(range(1, 31))
    assert differences == sorted(differences)
    assert f"Sorted by BLEU {STRONG}-{FAIR}, worst first (higher is better)." in table
    assert any(line.startswith(" - TER    nrefs:1|case:lc|") for line in table)


def test_ter_sorts_largest_increase_first(expected: dict[str, dict[str, list[float]]]) -> None:
    code, out, _ = parbleu(
        REF_A, "-i", FAIR, WEAK, "-m", "ter", "-sl", "-f", "csv", "--sort-by-difference"
    )
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    ter = expected["TER"]
    differences = [
        ter[WEAK][int(r["Segment"]) - 1] - ter[FAIR][int(r["Segment"]) - 1] for r in rows
    ]
    assert differences == sorted(differences, reverse=True)


def test_one_system_output_is_unchanged() -> None:
    """One system's -sl lines are sacreBLEU's, as before; CSV is new and one column each."""
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-sl", "-f", "text", "-w", "2")
    assert code == 0
    refs = lines(REF_A)
    expected = [
        sacrebleu.sentence_bleu(hyp, [ref]).format(signature="").split(" = ", 1)[1]
        for hyp, ref in zip(lines(FAIR), refs, strict=True)
    ]
    assert [line.split(" = ", 1)[1] for line in out.splitlines()] == expected
    assert out.splitlines()[0].startswith("BLEU|nrefs:1|case:mixed|eff:yes|")
    code, out, _ = parbleu(REF_A, "-i", FAIR, "-sl", "-f", "csv")
    assert code == 0
    assert out.splitlines()[0] == f"Segment,BLEU {FAIR}"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("-i", FAIR, "-sl", "--sort-by-difference"), "--sort-by-difference compares systems"),
        (("-i", FAIR, WEAK, "--sort-by-difference"), "use it with -sl"),
        (("-i", FAIR, WEAK, "-f", "csv"), "-f csv prints segment scores"),
        (("-i", FAIR, WEAK, "-sl", "-b"), "-b/--score-only with -sl"),
        (("-i", FAIR, WEAK, "-sl", "-f", "latex"), "got latex"),
        (("-i", FAIR, WEAK, "-sl", "-f", "tsv"), "invalid choice"),
    ],
)
def test_bad_requests_are_one_line_usage_errors(argv: tuple[str, ...], message: str) -> None:
    code, out, err = parbleu(REF_A, *argv)
    assert (code, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1
