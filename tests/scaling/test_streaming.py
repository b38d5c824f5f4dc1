"""Chunked, streamed and multi-process scoring: the same statistics as scoring all at once.

The oracle is ``BLEU.statistics`` on the whole corpus in memory (itself checked against
sacreBLEU elsewhere); files are written here with every irregularity a reader can trip on,
and every input error must name the file, and for bad bytes the line and the byte offset.
"""

from __future__ import annotations

import gzip
from collections.abc import Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parbleu import BLEU, NIST
from parbleu.errors import EncodingError, InputError, LengthMismatchError, OptionError
from parbleu.io.reader import count_lines
from parbleu.metrics.base import Metric
from parbleu.references import ReferenceSet
from parbleu.scaling.chunks import chunked_statistics, sentence_scores
from parbleu.scaling.files import read_chunks, stream_statistics
from parbleu.scaling.processes import parallel_chunked_statistics, parallel_statistics
from parbleu.stats import Layout, Stats
from tests.strategies import mt_line, parallel_corpus

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))

HYPOTHESES = [
    "\ufeffThe cat sat on the mat.",
    "",
    "It costs $3.50 - cheap!\r",
    "  spaces   everywhere  ",
    "&quot;quoted&quot; <skipped>",
    "Ünïcödé wörds, 中文 and 😀",
    "the the the the",
]
REFERENCES = [
    "The cat is on the mat.",
    "nothing",
    "It costs 3.50 dollars!",
    "spaces everywhere",
    '"quoted"',
    "Unicode words, 中文 and 😀",
    "the",
]


def write(path: Path, lines: Sequence[str], *, final_newline: bool = True, **options: Any) -> Path:
    text = "\n".join(lines) + ("\n" if final_newline and lines else "")
    encoding = options.get("encoding", "utf-8")
    data = text.encode(encoding)
    if path.suffix == ".gz":
        path.write_bytes(gzip.compress(data))
    else:
        path.write_bytes(data)
    return path


def whole(metric: BLEU, hyps: Sequence[str], refs: Sequence[Sequence[str | None]]) -> Stats:
    return metric.statistics(list(hyps), ref_streams=[list(r) for r in refs])


def values(result: Any) -> npt.NDArray[Any]:
    assert result.rows is not None
    rows: npt.NDArray[Any] = result.rows.values
    return rows


# -- in memory -------------------------------------------------------------------------------


@pytest.mark.parametrize("chunk_lines", [1, 2, 3, 100])
def test_chunked_equals_whole(chunk_lines: int) -> None:
    metric = BLEU()
    expected = whole(metric, HYPOTHESES, [REFERENCES])
    result = chunked_statistics(
        metric, HYPOTHESES, [REFERENCES], chunk_lines=chunk_lines, rows=True
    )
    assert np.array_equal(values(result), expected.values)
    assert np.array_equal(result.totals, expected.total())
    assert result.n_segments == len(HYPOTHESES)
    assert result.columns == metric.columns


@SETTINGS
@given(
    corpus=parallel_corpus(missing=True),
    options=st.fixed_dictionaries(
        {
            "tokenize": st.sampled_from(["13a", "none", "char", "intl", "zh"]),
            "lowercase": st.booleans(),
            "max_ngram_order": st.integers(min_value=1, max_value=5),
            "ref_length": st.sampled_from(["closest", "shortest"]),
        }
    ),
)
def test_one_pass_bleu_statistics_equal_bleu_statistics(
    corpus: tuple[list[str], list[list[str | None]]], options: dict[str, Any]
) -> None:
    hyps, refs = corpus
    metric = BLEU(**options)
    assert np.array_equal(
        metric.chunk_statistics(hyps, refs).values, whole(metric, hyps, refs).values
    )


@SETTINGS
@given(hyps=st.lists(mt_line(), min_size=1, max_size=6), chunk_lines=st.integers(1, 4))
def test_sentence_scores_equal_bleu_sentence_scores(hyps: list[str], chunk_lines: int) -> None:
    refs = [hyp[::-1] for hyp in hyps]
    metric = BLEU(effective_order=True)
    expected = metric.sentence_scores(hyps, [refs])
    got = sentence_scores(metric, hyps, [refs], chunk_lines=chunk_lines)
    assert np.array_equal(got, expected)


class CountingMetric(Metric[float, Any]):
    """A metric of the simplest kind: tokens per segment (exercises the generic path).

    It defines only what `Metric` requires, so every chunked path must work through the
    base class's hooks alone.
    """

    name = "counts"

    def __init__(self) -> None:
        self._setup(None, None, None)

    @property
    def layout(self) -> Layout:
        return Layout(("hyp_tokens", "ref_tokens"))

    def prepare(self, references: ReferenceSet) -> Any:
        return SimpleNamespace(references=references)

    def _statistics(self, lines: list[str], prepared: Any) -> Stats:
        first = prepared.references.present_streams()[0]
        rows = [[len(h.split()), len(r.split())] for h, r in zip(lines, first, strict=True)]
        return Stats(self.columns, np.array(rows, dtype=np.int64).reshape(-1, 2))

    def scores(self, rows: npt.ArrayLike) -> npt.NDArray[np.float64]:
        return self.layout.column(np.atleast_2d(np.asarray(rows, dtype=np.float64)), "hyp_tokens")

    def score_totals(self, totals: npt.ArrayLike, signature: Any = None) -> float:
        return float(self.scores(totals)[0])

    def signature_fields(self) -> list[tuple[str, str, str]]:
        return []


def test_any_metric_can_be_chunked() -> None:
    result = chunked_statistics(
        CountingMetric(), HYPOTHESES, [REFERENCES], chunk_lines=3, rows=True
    )
    assert result.totals.tolist() == [
        sum(len(h.split()) for h in HYPOTHESES),
        sum(len(r.split()) for r in REFERENCES),
    ]
    parallel = parallel_chunked_statistics(
        CountingMetric(), HYPOTHESES, [REFERENCES], jobs=2, chunk_lines=3, rows=True
    )
    assert np.array_equal(values(parallel), values(result))


def test_parallel_chunked_equals_chunked() -> None:
    metric = BLEU()
    expected = whole(metric, HYPOTHESES, [REFERENCES, REFERENCES[::-1]])
    result = parallel_chunked_statistics(
        metric, HYPOTHESES, [REFERENCES, REFERENCES[::-1]], jobs=2, chunk_lines=2, rows=True
    )
    assert np.array_equal(values(result), expected.values)


def test_in_memory_inputs_are_checked() -> None:
    with pytest.raises(LengthMismatchError, match="reference stream 0 has 6 lines"):
        chunked_statistics(BLEU(), HYPOTHESES, [REFERENCES[:-1]])
    with pytest.raises(LengthMismatchError, match="reference stream 0 has 6 lines"):
        parallel_chunked_statistics(BLEU(), HYPOTHESES, [REFERENCES[:-1]], jobs=2)
    # Counts out of range are option errors (exit code 2), one check for every option.
    with pytest.raises(OptionError, match="chunk_lines"):
        chunked_statistics(BLEU(), HYPOTHESES, [REFERENCES], chunk_lines=0)
    with pytest.raises(OptionError, match="jobs"):
        parallel_chunked_statistics(BLEU(), HYPOTHESES, [REFERENCES], jobs=0)
    with pytest.raises(InputError, match="no reference"):
        chunked_statistics(BLEU(), HYPOTHESES, [])


# -- files -----------------------------------------------------------------------------------


@pytest.mark.parametrize("final_newline", [True, False])
@pytest.mark.parametrize("suffix", [".txt", ".gz"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_files_equal_whole(tmp_path: Path, final_newline: bool, suffix: str, jobs: int) -> None:
    hyp = write(tmp_path / f"hyp{suffix}", HYPOTHESES, final_newline=final_newline)
    ref = write(tmp_path / f"ref{suffix}", REFERENCES, final_newline=final_newline)
    ref2 = write(tmp_path / f"ref2{suffix}", REFERENCES[::-1])
    metric = BLEU()
    expected = whole(metric, HYPOTHESES, [REFERENCES, REFERENCES[::-1]])
    for chunk_lines in (1, 2, 5, 1000):
        result = parallel_statistics(
            metric, hyp, [ref, ref2], jobs=jobs, chunk_lines=chunk_lines, rows=True
        )
        assert np.array_equal(values(result), expected.values), chunk_lines
        assert np.array_equal(result.totals, expected.total())


@pytest.mark.parametrize("encoding", ["utf-16", "latin-1", "utf-8"])
@pytest.mark.parametrize("jobs", [1, 2])
def test_encodings(tmp_path: Path, encoding: str, jobs: int) -> None:
    lines = ["café crème", "naïve , text", "Ünïcödé"]
    hyp = write(tmp_path / "hyp.txt", lines, encoding=encoding)
    ref = write(tmp_path / "ref.txt", lines[::-1], encoding=encoding)
    result = parallel_statistics(BLEU(), hyp, [ref], jobs=jobs, encoding=encoding, chunk_lines=2)
    assert np.array_equal(result.totals, whole(BLEU(), lines, [lines[::-1]]).total())
    assert count_lines(hyp, encoding) == 3


def test_empty_files(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", [])
    ref = write(tmp_path / "ref.txt", [])
    for jobs in (1, 2):
        result = parallel_statistics(BLEU(), hyp, [ref], jobs=jobs, rows=True)
        assert result.n_segments == 0
        assert not result.totals.any()
        assert values(result).shape == (0, len(BLEU().columns))


def test_a_file_of_one_empty_line_has_one_line(tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_bytes(b"\n")
    assert count_lines(path) == 1
    path.write_bytes(b"a\r\n\r\nb")
    assert list(read_chunks([path])) == [[["a\r", "\r", "b"]]]


@pytest.mark.parametrize("jobs", [1, 2])
def test_different_line_counts_name_both_files(tmp_path: Path, jobs: int) -> None:
    """The command line's message: the file that differs from the first reference, both counts."""
    hyp = write(tmp_path / "hyp.txt", HYPOTHESES)
    ref = write(tmp_path / "ref.txt", [*REFERENCES, "one more"])
    with pytest.raises(LengthMismatchError) as error:
        parallel_statistics(BLEU(), hyp, [ref], jobs=jobs, chunk_lines=2)
    assert str(error.value) == (
        f"{hyp} has 7 lines but {ref} has 8; hypotheses and references must be parallel, "
        "line by line"
    )


@pytest.mark.parametrize("jobs", [1, 2])
def test_invalid_bytes_name_file_line_and_offset(tmp_path: Path, jobs: int) -> None:
    hyp = tmp_path / "hyp.txt"
    hyp.write_bytes(b"line one\nline two\nbad \xff byte\nlast\n")
    ref = write(tmp_path / "ref.txt", ["a", "b", "c", "d"])
    with pytest.raises(EncodingError) as error:
        parallel_statistics(BLEU(), hyp, [ref], jobs=jobs, chunk_lines=2)
    message = str(error.value)
    assert str(hyp) in message
    assert "line 3" in message
    assert "byte offset 22" in message


def test_missing_and_bad_inputs(tmp_path: Path) -> None:
    ref = write(tmp_path / "ref.txt", REFERENCES)
    with pytest.raises(InputError, match="no such file"):
        stream_statistics(BLEU(), tmp_path / "missing.txt", [ref])
    with pytest.raises(InputError, match="is a directory"):
        stream_statistics(BLEU(), tmp_path, [ref])
    with pytest.raises(InputError, match="no reference files"):
        stream_statistics(BLEU(), ref, [])
    with pytest.raises(InputError, match="no reference files"):
        parallel_statistics(BLEU(), ref, [], jobs=2)
    with pytest.raises(OptionError, match="unknown encoding"):
        stream_statistics(BLEU(), ref, [ref], encoding="no-such-codec")
    with pytest.raises(OptionError, match="jobs"):
        parallel_statistics(BLEU(), ref, [ref], jobs=-1)
    with pytest.raises(OptionError, match="chunk_lines"):
        list(read_chunks([ref], chunk_lines=0))


def test_nist_is_refused_rather_than_scored_with_chunk_weights(tmp_path: Path) -> None:
    """NIST weights n-grams by whole-corpus counts; chunk-local weights give another score."""
    hyps = ["the cat sat on the mat", "a dog barked at the cat", "the mat was red"]
    refs = [["the cat sat on a mat", "the dog barked at a cat", "a red mat"]]
    whole = NIST(refs).corpus_score(hyps).score
    local = NIST([refs[0][:1]]).corpus_score(hyps[:1]).score
    assert whole != local  # the reason for refusing
    hyp_file, ref_file = tmp_path / "hyp.txt", tmp_path / "ref.txt"
    hyp_file.write_text("\n".join(hyps) + "\n", encoding="utf-8")
    ref_file.write_text("\n".join(refs[0]) + "\n", encoding="utf-8")
    calls = [
        lambda: chunked_statistics(NIST(), hyps, refs, chunk_lines=1),
        lambda: stream_statistics(NIST(), hyp_file, [ref_file], chunk_lines=1),
        lambda: parallel_statistics(NIST(), hyp_file, [ref_file], jobs=2, chunk_lines=1),
        lambda: parallel_chunked_statistics(NIST(), hyps, refs, jobs=2, chunk_lines=1),
    ]
    for call in calls:
        with pytest.raises(OptionError, match="information weights"):
            call()
