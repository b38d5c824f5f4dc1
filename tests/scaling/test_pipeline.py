"""Several systems read and scored a range of lines at a time (`parbleu.scaling.pipeline`).

Oracle: sacreBLEU 2.6.0's `BLEU` and `CHRF` on each system's whole file; for errors, the
messages of reading every file whole (the path the command took before), and line numbers
counted by hand in the generated files.
"""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
import sacrebleu

import parbleu.io.formats
import parbleu.io.lines
import parbleu.io.reader
import parbleu.io.shared
from parbleu.cli.main import run
from parbleu.errors import EncodingError, InputError, LengthMismatchError
from parbleu.metrics.base import AnyMetric
from parbleu.metrics.bleu.metric import BLEU
from parbleu.metrics.chrf.metric import CHRF
from parbleu.scaling.pipeline import Heads, ParallelFiles, SystemScores, score_files

WORDS = ["the", "a", "cat", "dog", "sat", "on", "mat", ",", ".", "über", "Straße", "3.5", "-"]


def score_in_ranges(
    metrics: list[AnyMetric],
    references: list[str],
    systems: list[str],
    *,
    jobs: int,
    chunk_lines: int,
) -> list[SystemScores]:
    """The command line's way: its head checks, ranges of several systems."""
    files = ParallelFiles(tuple(references), tuple(systems), heads=Heads())
    return score_files(metrics, files, jobs=jobs, chunk_lines=chunk_lines)


def _lines(rng: random.Random, count: int) -> list[str]:
    return [" ".join(rng.choices(WORDS, k=rng.randint(0, 12))) for _ in range(count)]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Two references and three systems of 23 lines (a prime: ranges never even)."""
    folder = tmp_path_factory.mktemp("ranged")
    rng = random.Random(13)
    texts = {name: _lines(rng, 23) for name in ("ref1", "ref2", "sys1", "sys2", "sys3")}
    paths = {}
    for name, lines in texts.items():
        path = folder / f"{name}.txt"
        path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        paths[name] = str(path)
    return {"texts": texts, "paths": paths}


@pytest.fixture(scope="module")
def expected(corpus: dict[str, Any]) -> list[tuple[float, float]]:
    """sacreBLEU's BLEU and chrF++ of each system on its whole file."""
    texts = corpus["texts"]
    refs = [texts["ref1"], texts["ref2"]]
    return [
        (
            sacrebleu.BLEU().corpus_score(texts[name], refs).score,
            sacrebleu.CHRF(word_order=2).corpus_score(texts[name], refs).score,
        )
        for name in ("sys1", "sys2", "sys3")
    ]


@pytest.mark.parametrize(("jobs", "chunk_lines"), [(1, 10_000), (1, 4), (2, 10_000), (3, 5)])
def test_scores_are_sacrebleus_whatever_the_ranges(
    corpus: dict[str, Any], expected: list[tuple[float, float]], jobs: int, chunk_lines: int
) -> None:
    paths = corpus["paths"]
    result = score_in_ranges(
        [BLEU(), CHRF(word_order=2)],
        [paths["ref1"], paths["ref2"]],
        [paths[name] for name in ("sys1", "sys2", "sys3")],
        jobs=jobs,
        chunk_lines=chunk_lines,
    )
    scores = [score.score for row in result for score in row.scores]
    assert scores == pytest.approx([score for row in expected for score in row], abs=1e-12)
    assert result[0].scores[0].signature.as_dict()["nrefs"] == "2"


def test_lines_ending_in_a_period_are_counted_per_system(tmp_path: Path) -> None:
    """The tokenized-input warning's count: lines ending in ' .' (hand count: 7 and 0)."""
    ref = tmp_path / "ref.txt"
    ref.write_text("a b .\n" * 9, encoding="utf-8")
    tokenized = tmp_path / "tok.txt"
    tokenized.write_text("a b .\n" * 7 + "a b.\n" * 2, encoding="utf-8")
    plain = tmp_path / "plain.txt"
    plain.write_text("a b.\n" * 9, encoding="utf-8")
    result = score_in_ranges(
        [BLEU()], [str(ref)], [str(tokenized), str(plain)], jobs=2, chunk_lines=2
    )
    assert [system.tokenized_lines for system in result] == [7, 0]


def _score(paths: dict[str, str], refs: list[str], systems: list[str], **options: Any) -> Any:
    return score_in_ranges(
        [BLEU()],
        [paths[name] for name in refs],
        [paths[name] for name in systems],
        jobs=options.get("jobs", 2),
        chunk_lines=options.get("chunk_lines", 5),
    )


def test_a_system_of_another_length_is_named_with_both_counts(
    corpus: dict[str, Any], tmp_path: Path
) -> None:
    paths = dict(corpus["paths"])
    short = tmp_path / "short.txt"
    short.write_text("one\ntwo\n", encoding="utf-8")
    paths["short"] = str(short)
    with pytest.raises(LengthMismatchError) as caught:
        _score(paths, ["ref1"], ["sys1", "short"])
    assert "23" in str(caught.value)
    assert "2" in str(caught.value)
    assert "short" in str(caught.value)


def test_references_of_different_lengths_are_refused(
    corpus: dict[str, Any], tmp_path: Path
) -> None:
    paths = dict(corpus["paths"])
    longer = tmp_path / "longer.txt"
    longer.write_text("x\n" * 24, encoding="utf-8")
    paths["longer"] = str(longer)
    with pytest.raises(LengthMismatchError, match="24"):
        _score(paths, ["ref1", "longer"], ["sys1", "sys2"])


def test_an_empty_or_structured_system_is_refused_by_name(
    corpus: dict[str, Any], tmp_path: Path
) -> None:
    paths = dict(corpus["paths"])
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    structured = tmp_path / "structured.txt"
    structured.write_text('{"hyp": "a"}\n' * 23, encoding="utf-8")
    paths.update(empty=str(empty), structured=str(structured))
    with pytest.raises(InputError, match=r"empty\.txt.*empty"):
        _score(paths, ["ref1"], ["sys1", "empty"])
    with pytest.raises(InputError, match=r"structured\.txt.*JSON"):
        _score(paths, ["ref1"], ["sys1", "structured"])


def test_bad_bytes_in_a_later_range_name_the_file_and_its_own_line(
    corpus: dict[str, Any], tmp_path: Path
) -> None:
    """Line 19 of 23 holds an invalid byte: it lies in the fourth range of five lines."""
    paths = dict(corpus["paths"])
    lines = [f"line {n}\n".encode() for n in range(1, 24)]
    lines[18] = b"line \xff 19\n"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"".join(lines))
    paths["bad"] = str(bad)
    with pytest.raises(EncodingError) as caught:
        _score(paths, ["ref1"], ["sys1", "bad"], jobs=2, chunk_lines=5)
    assert caught.value.source == str(bad)
    assert caught.value.line == 19


@pytest.mark.parametrize(
    ("options", "n_systems"),
    [
        (options, n_systems)
        for options in (
            ["-j", "1"],
            ["-j", "2"],
            ["-m", "nist", "-j", "1"],
            ["-m", "ter", "-j", "1"],
        )
        for n_systems in (1, 3)
    ]
    + [(["-par", "-parn", "5"], 3), (["-sl"], 1)],
)
def test_each_file_is_opened_once(
    corpus: dict[str, Any], monkeypatch: pytest.MonkeyPatch, options: list[str], n_systems: int
) -> None:
    """Every path of the command opens each input once (hand count: one open per file).

    Opens are counted where parbleu opens files (`parbleu.io.lines.open_binary`, as each
    module imported it), in this process: with ``-j 2`` the children forked for ranges read
    the files their parent opened (paths that share whole systems among forked processes
    run with ``-j 1`` here).
    """
    opened: list[str] = []
    original = parbleu.io.lines.open_binary

    def counted(path: Any) -> Any:
        opened.append(str(path))
        return original(path)

    for module in (parbleu.io.lines, parbleu.io.reader, parbleu.io.shared, parbleu.io.formats):
        monkeypatch.setattr(module, "open_binary", counted)
    paths = corpus["paths"]
    systems = [paths[name] for name in ("sys1", "sys2", "sys3")[:n_systems]]
    argv = [paths["ref1"], paths["ref2"], "-i", *systems, *options]
    code = run(argv, None, io.StringIO(), io.StringIO())
    assert code == 0
    assert sorted(opened) == sorted([paths["ref1"], paths["ref2"], *systems])
