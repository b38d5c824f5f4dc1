"""Reading human judgment TSVs (parbleu.io.judgments).

Oracle: hand-written files in the formats of ../shared/data/newstest2021/*/human/ and broken
variants of them; every error must name the file, the line and what was expected.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from parbleu.errors import InputError
from parbleu.io.judgments import read_segment_scores, read_system_scores
from tests.wmt import WmtData


def write(tmp_path: Path, text: str, name: str = "scores.tsv") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_system_scores_keep_file_order_and_every_name(tmp_path: Path) -> None:
    path = write(tmp_path, "Online-W\t0.243\nHUMAN\t0.5\nref.B\t-0.000000\n")
    scores = read_system_scores(path)
    assert scores.systems == ("Online-W", "HUMAN", "ref.B")
    assert scores.scores == {"Online-W": 0.243, "HUMAN": 0.5, "ref.B": -0.0}
    assert scores.source == path


def test_crlf_line_ends_are_accepted(tmp_path: Path) -> None:
    path = write(tmp_path, "a\t1\r\nb\t2\r\n")
    assert read_system_scores(path).scores == {"a": 1.0, "b": 2.0}


def test_segment_scores_three_columns(tmp_path: Path) -> None:
    path = write(tmp_path, "Facebook-AI\t1\t-5.000000\nFacebook-AI\t3\t-0.000000\nUEdin\t1\t-1\n")
    scores = read_segment_scores(path)
    assert scores.has_systems
    assert scores.systems == ("Facebook-AI", "UEdin")
    assert [(r.system, r.seg_id, r.score, r.line) for r in scores.rows] == [
        ("Facebook-AI", 1, -5.0, 1),
        ("Facebook-AI", 3, -0.0, 2),
        ("UEdin", 1, -1.0, 3),
    ]


def test_segment_scores_two_columns(tmp_path: Path) -> None:
    scores = read_segment_scores(write(tmp_path, "2\t0.81\n1\t0.5\n"))
    assert not scores.has_systems
    assert scores.systems == ()
    assert [(r.system, r.seg_id, r.score) for r in scores.rows] == [(None, 2, 0.81), (None, 1, 0.5)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty file, expected at least one score"),
        ("a\t1\nb\n", "line 2: expected system<TAB>score (2 tab-separated fields), found 1 field"),
        ("a\t1\t2\n", "line 1: expected system<TAB>score (2 tab-separated fields), found 3 fields"),
        ("a\t1\n\t2\n", "line 2: empty system name"),
        (
            "system\tscore\n",
            "line 1: score 'score' is not a number (a header row? these files have none)",
        ),
        ("a\tnan\n", "line 1: score 'nan' is not a finite number"),
        ("a\t1\nb\t2\na\t3\n", "line 3: system 'a' again (first on line 1)"),
    ],
)
def test_system_score_errors(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as error:
        read_system_scores(path)
    assert str(error.value) == f"{path}: {message}"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a\t1\t0.5\na\t2\n",
            "line 2: expected system<TAB>seg_id<TAB>score (3 tab-separated fields), found 2 fields",
        ),
        (
            "a\t0\t0.5\n",
            "line 1: seg_id '0' is not a positive integer (the 1-based line number of the segment)",
        ),
        ("a\t1.5\t0.5\n", "line 1: seg_id '1.5' is not a positive integer"),
        ("a\t1\tx\n", "line 1: score 'x' is not a number"),
        (
            "a\t1\t0.5\nb\t1\t0.5\na\t1\t0.7\n",
            "line 3: system 'a', seg_id 1 again (first on line 1)",
        ),
        ("1\t0.5\n1\t0.7\n", "line 2: seg_id 1 again (first on line 1)"),
    ],
)
def test_segment_score_errors(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(InputError) as error:
        read_segment_scores(path)
    assert str(error.value).startswith(f"{path}: {message}")


def test_required_format_is_enforced(tmp_path: Path) -> None:
    path = write(tmp_path, "1\t0.5\n")
    with pytest.raises(InputError, match="expected system<TAB>seg_id<TAB>score"):
        read_segment_scores(path, with_system=True)


def test_missing_file(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.tsv")
    with pytest.raises(InputError, match="no such file"):
        read_system_scores(missing)


@pytest.mark.shared_data
def test_every_shared_human_file_reads(shared_data: WmtData) -> None:
    root = shared_data.root / "newstest2021"
    files = sorted(root.glob("*/human/*.tsv"))
    assert len(files) >= 25
    for path in files:
        if path.name == "da_sid_map.tsv":
            continue  # original_SID<TAB>line_number, not scores
        if "_seg" in path.name:
            scores = read_segment_scores(str(path), with_system=True)
            assert scores.rows, path
        else:
            assert read_system_scores(str(path)).scores, path
    en_de = read_system_scores(str(root / "en-de" / "human" / "mqm_sys.tsv"))
    assert {"ref.B", "metricsystem1"} <= set(en_de.systems)  # kept, though they have no text
