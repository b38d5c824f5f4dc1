"""Public entry points against hostile data: one `ParbleuError` with its exit code, or the score.

Entry points: the file readers and streaming scorers (`read_lines`, `read_segments`,
`count_lines`, `stream_statistics`, `parallel_statistics`), the in-memory scorers (metric
methods, `corpus_*`, `chunked_statistics`, `parallel_chunked_statistics`,
`sentence_scores`), the significance tests, the meta-evaluation functions and the metric
constructors. Every bad value must raise a `ParbleuError` (exit code 1 for data, 2 for an
option) whose message is one line, and every entry point must refuse a given shape with the
same error class. Oracles: sacreBLEU 2.6.0's functions for valid but unusual strings; the
documented shapes (README, docs/robustness.md) for the rest.
"""

from __future__ import annotations

import inspect
import pickle
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu

import parbleu
from parbleu import BLEU, CHRF, NIST, TER
from parbleu.errors import (
    InputError,
    LengthMismatchError,
    OptionError,
    ParbleuError,
    ReferenceShapeError,
)
from parbleu.io import read_segments
from parbleu.io.lines import read_lines
from parbleu.io.reader import count_lines
from parbleu.meta import (
    Bootstrap,
    SegmentStats,
    compare_rankings,
    kendall,
    match_systems,
    normalize_to_range,
    pairwise_accuracy,
    pearson,
    rankdata,
    regression,
    spearman,
    system_correlation,
)
from parbleu.scaling import (
    chunked_statistics,
    parallel_chunked_statistics,
    parallel_statistics,
    sentence_scores,
    stream_statistics,
)
from parbleu.significance import (
    block_test,
    confidence_interval,
    paired_bootstrap,
    paired_randomization,
)
from tests.robustness.harness import assert_error, cli, fifo_with_writer, write
from tests.robustness.hostile import BAD_FILES, BadFile

REF = ["the cat sat on the mat", "it was not surprising", "the man bit the dog"]
HYP = ["the cat sat on a mat", "it was a surprise", "the dog bit the man"]


def refused(call: Callable[[], object], error: type[ParbleuError], *mentions: str) -> str:
    """`call` raises `error` (its exit code) with a one-line message naming `mentions`."""
    with pytest.raises(ParbleuError) as caught:
        call()
    assert isinstance(caught.value, error), (type(caught.value), caught.value)
    assert caught.value.exit_code == error.exit_code
    message = str(caught.value)
    assert "\n" not in message, message
    for mention in mentions:
        assert mention in message, (mention, message)
    return message


# -- files -------------------------------------------------------------------------------

FILE_READERS: dict[str, Callable[[str, str], object]] = {
    "read_lines": lambda bad, good: read_lines(bad),
    "read_segments": lambda bad, good: read_segments(bad),
    "count_lines": lambda bad, good: count_lines(bad),
    "stream_statistics hypotheses": lambda bad, good: stream_statistics(BLEU(), bad, [good]),
    "stream_statistics reference": lambda bad, good: stream_statistics(BLEU(), good, [bad]),
    "parallel_statistics": lambda bad, good: parallel_statistics(
        BLEU(), good, [bad], jobs=2, chunk_lines=1
    ),
}

#: Empty files are an empty corpus for the streaming API (zero segments), not an error.
EMPTY_IS_VALID = ("empty file", "dev null")


@pytest.mark.parametrize("reader", FILE_READERS, ids=str)
@pytest.mark.parametrize("bad", BAD_FILES, ids=lambda b: b.name)
def test_file_entry_points_refuse_bad_files(tmp_path: Path, reader: str, bad: BadFile) -> None:
    good = write(tmp_path, "good.txt", b"the cat\nsat down\n")  # as many lines as `bad`
    path = bad.make(tmp_path)
    call = FILE_READERS[reader]
    if bad.name in EMPTY_IS_VALID and reader != "read_segments":
        result = call(path, write(tmp_path, "empty-too.txt", b""))
        assert result in ([], 0) or getattr(result, "n_segments", None) == 0
        return
    mentions = ((path,) if bad.names_file else ()) + bad.mentions
    refused(lambda: call(path, good), InputError, *mentions)


def test_streaming_api_refuses_a_single_path_for_the_references(tmp_path: Path) -> None:
    """A str is a sequence: its characters would be taken for file names (issue 16)."""
    ref = write(tmp_path, "ref.txt", "\n".join(REF).encode())
    hyp = write(tmp_path, "hyp.txt", "\n".join(HYP).encode())
    for references in (ref, Path(ref), ref.encode()):
        for call in (stream_statistics, partial(parallel_statistics, jobs=2)):
            refused(
                partial(call, BLEU(), hyp, references),  # type: ignore[arg-type]
                ReferenceShapeError,
                "list of files",
            )
    refused(lambda: stream_statistics(BLEU(), hyp, []), InputError, "no reference files")


def _totals(result: Any) -> list[int]:
    return [int(x) for x in result.totals]


def test_streaming_api_reads_fifos_like_files(tmp_path: Path) -> None:
    ref = write(tmp_path, "ref.txt", "\n".join(REF).encode())
    hyp_bytes = "\n".join(HYP).encode()
    expected = _totals(stream_statistics(BLEU(), write(tmp_path, "hyp.txt", hyp_bytes), [ref]))
    with fifo_with_writer(tmp_path, "hyp.fifo", hyp_bytes) as fifo:
        assert _totals(stream_statistics(BLEU(), fifo, [ref])) == expected


def test_parallel_statistics_reads_a_fifo_once(tmp_path: Path) -> None:
    """Workers used to reopen every file at byte offsets: a FIFO's second open never returned.

    Run in a child process with a time limit, so that a regression fails instead of hanging.
    """
    ref = write(tmp_path, "ref.txt", "\n".join(REF * 5).encode())
    hyp_bytes = "\n".join(HYP * 5).encode()
    expected = _totals(stream_statistics(BLEU(), write(tmp_path, "hyp.txt", hyp_bytes), [ref]))
    code = (
        "import sys; from parbleu import BLEU; from parbleu.scaling import parallel_statistics;"
        "r = parallel_statistics(BLEU(), sys.argv[1], [sys.argv[2]], jobs=2, chunk_lines=4);"
        "print([int(x) for x in r.totals])"
    )
    with fifo_with_writer(tmp_path, "hyp.fifo", hyp_bytes) as fifo:
        done = subprocess.run(
            [sys.executable, "-c", code, fifo, ref],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(expected)


# -- in-memory corpora -------------------------------------------------------------------

IN_MEMORY: dict[str, Callable[[Any, Any], object]] = {
    "corpus_score": lambda hyps, refs: BLEU().corpus_score(hyps, refs),
    "statistics": lambda hyps, refs: BLEU(refs).statistics(hyps),
    "corpus_bleu": parbleu.corpus_bleu,
    "corpus_chrf": parbleu.corpus_chrf,
    "corpus_ter": parbleu.corpus_ter,
    "corpus_nist": parbleu.corpus_nist,
    "chunked_statistics": lambda hyps, refs: chunked_statistics(BLEU(), hyps, refs, chunk_lines=1),
    "parallel_chunked_statistics": lambda hyps, refs: parallel_chunked_statistics(
        BLEU(), hyps, refs, jobs=2, chunk_lines=1
    ),
    "sentence_scores": lambda hyps, refs: sentence_scores(BLEU(), hyps, refs, chunk_lines=1),
}

#: (bad hypotheses or references, the error every entry point must raise).
BAD_SHAPES: dict[str, tuple[Any, Any, type[ParbleuError]]] = {
    "hypotheses a string": (" ".join(HYP), [REF], ReferenceShapeError),
    "hypotheses a generator": ((h for h in HYP), [REF], ReferenceShapeError),
    "hypotheses with None": ([HYP[0], None, HYP[2]], [REF], ReferenceShapeError),
    "hypotheses with an int": ([HYP[0], 7, HYP[2]], [REF], ReferenceShapeError),
    "hypotheses with bytes": ([HYP[0], b"x", HYP[2]], [REF], ReferenceShapeError),
    "hypotheses empty": ([], [[]], InputError),
    "references a bare list of strings": (HYP, REF, ReferenceShapeError),
    "references a string": (HYP, "the cat", ReferenceShapeError),
    "references None": (HYP, None, InputError),
    "references transposed": (HYP, [list(t) for t in zip(REF, REF, strict=True)], InputError),
    "references short": (HYP, [REF[:2]], LengthMismatchError),
    "references with an int": (HYP, [[REF[0], 3, REF[2]]], ReferenceShapeError),
}


@pytest.mark.parametrize("entry", IN_MEMORY, ids=str)
@pytest.mark.parametrize("shape", BAD_SHAPES, ids=str)
def test_every_in_memory_entry_point_refuses_a_bad_shape_alike(entry: str, shape: str) -> None:
    hyps, refs, error = BAD_SHAPES[shape]
    if inspect.isgenerator(hyps):  # a fresh generator for each call
        hyps = (h for h in HYP)
    refused(lambda: IN_MEMORY[entry](hyps, refs), error)


HOSTILE_STRINGS = [
    "the\x00cat sat\x01 on\x1b the mat",
    "the cat\u2028sat\x85on\x0bthe\x0cmat\u2029",
    "the cat\rsat\non the\r\nmat",
    "\ufeffthe cat sat on the mat",
    "𝔘𝔫𝔦 😀 北京 مرحبا the mat",
    "the cat \ud800 sat \udfff",
    " \t ",
    "",
    "x" * 50_000,
]


@pytest.mark.parametrize("metric", ["bleu", "chrf", "ter"])
def test_hostile_strings_score_as_sacrebleu_scores_them(metric: str) -> None:
    """Oracle: sacreBLEU 2.6.0's corpus functions on the same strings."""
    ours: dict[str, Callable[..., Any]] = {
        "bleu": parbleu.corpus_bleu,
        "chrf": parbleu.corpus_chrf,
        "ter": parbleu.corpus_ter,
    }
    theirs: dict[str, Callable[..., Any]] = {
        "bleu": sacrebleu.corpus_bleu,
        "chrf": sacrebleu.corpus_chrf,
        "ter": sacrebleu.corpus_ter,
    }
    hyps = HOSTILE_STRINGS[:-1] if metric == "ter" else HOSTILE_STRINGS  # TER is quadratic
    refs = [list(reversed(hyps)), [h.upper() for h in hyps]]
    assert ours[metric](hyps, refs).score == theirs[metric](hyps, refs).score
    for hyp in hyps:
        assert ours[metric](hyps, [[hyp] * len(hyps)]).score == (
            theirs[metric](hyps, [[hyp] * len(hyps)]).score
        )


# -- options of the constructors and one-call functions ----------------------------------

HUGE = 10**9
NAN = float("nan")
BAD_OPTIONS: list[tuple[str, Callable[[], object], str]] = [
    ("BLEU order 1e9", lambda: BLEU(max_ngram_order=HUGE), "max_ngram_order"),
    ("BLEU order 101", lambda: BLEU(max_ngram_order=101), "max_ngram_order"),
    ("BLEU order 2.0", lambda: BLEU(max_ngram_order=2.0), "max_ngram_order"),
    ("BLEU nan weights", lambda: BLEU(weights=[float("nan")] * 4), "weights"),
    ("BLEU zero weight", lambda: BLEU(weights=[0, 0.5, 0.5]), "weights"),
    ("BLEU 1e6 weights", lambda: BLEU(weights=[1e-6] * 10**6), "weights"),
    ("BLEU weights string", lambda: BLEU(weights="0.5 0.5"), "weights"),
    (
        "BLEU nan smoothing",
        lambda: BLEU(smooth_method="floor", smooth_value=float("nan")),
        "smooth",
    ),
    ("BLEU 'no' lowercase", lambda: BLEU(lowercase="no"), "lowercase"),
    ("BLEU tokenizer", lambda: BLEU(tokenize="nosuch"), "tokenize"),
    ("BLEU unknown option", lambda: BLEU(colour=True), "colour"),
    ("chrF char order 1e9", lambda: CHRF(char_order=HUGE), "char_order"),
    ("chrF word order 1e9", lambda: CHRF(word_order=HUGE), "word_order"),
    ("chrF both orders 0", lambda: CHRF(char_order=0, word_order=0), "both 0"),
    ("chrF beta True", lambda: CHRF(beta=True), "beta"),
    ("chrF beta -1", lambda: CHRF(beta=-1), "beta"),
    ("TER n_jobs 0", lambda: TER(n_jobs=0), "n_jobs"),
    ("TER normalized 'yes'", lambda: TER(normalized="yes"), "normalized"),
    ("NIST order 1e9", lambda: NIST(max_ngram_order=HUGE), "max_ngram_order"),
    ("corpus_bleu order", lambda: parbleu.corpus_bleu(HYP, [REF], max_ngram_order=HUGE), "order"),
    ("corpus_chrf order", lambda: parbleu.corpus_chrf(HYP, [REF], char_order=HUGE), "order"),
    ("chunk_lines 0", lambda: chunked_statistics(BLEU(), HYP, [REF], chunk_lines=0), "chunk"),
    ("jobs 0", lambda: parallel_chunked_statistics(BLEU(), HYP, [REF], jobs=0), "jobs"),
    ("jobs True", lambda: parallel_chunked_statistics(BLEU(), HYP, [REF], jobs=True), "jobs"),
    ("jobs 2.0", lambda: parallel_chunked_statistics(BLEU(), HYP, [REF], jobs=2.0), "jobs"),  # type: ignore[arg-type]
    ("encoding rot13", lambda: read_lines(__file__, "rot13"), "not a text encoding"),
    (
        "streaming rot13",
        lambda: stream_statistics(BLEU(), __file__, [__file__], encoding="rot13"),
        "not a text encoding",
    ),
    (
        "parallel rot13",
        lambda: parallel_statistics(BLEU(), __file__, [__file__], jobs=2, encoding="rot13"),
        "not a text encoding",
    ),
]


@pytest.mark.parametrize(
    ("call", "names"), [(c, n) for _, c, n in BAD_OPTIONS], ids=[case for case, _, _ in BAD_OPTIONS]
)
def test_options_out_of_range_are_refused_at_once(call: Callable[[], object], names: str) -> None:
    start = time.perf_counter()
    refused(call, OptionError, names)
    assert time.perf_counter() - start < 2


# -- significance --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def stats() -> dict[str, Any]:
    bleu = BLEU([REF])
    return {
        "bleu": bleu,
        "a": bleu.statistics(HYP),
        "b": bleu.statistics(list(reversed(HYP))),
        "ter": TER([REF]).statistics(HYP),
        "short": BLEU([REF[:2]]).statistics(HYP[:2]),
    }


def _pair(s: dict[str, Any], other: str = "b") -> dict[str, Any]:
    return {"a": s["a"], other: s[other]}


SIGNIFICANCE: list[tuple[str, Callable[[dict[str, Any]], object], type[ParbleuError], str]] = [
    (
        "bootstrap a list",
        lambda s: paired_bootstrap(s["bleu"], [s["a"], s["b"]]),  # type: ignore[arg-type]
        InputError,
        "mapping",
    ),
    (
        "randomization a list",
        lambda s: paired_randomization(s["bleu"], [s["a"]]),  # type: ignore[arg-type]
        InputError,
        "mapping",
    ),
    (
        "block test a list",
        lambda s: block_test(s["bleu"], [s["a"]], n_blocks=2),  # type: ignore[arg-type]
        InputError,
        "mapping",
    ),
    ("one system", lambda s: paired_bootstrap(s["bleu"], {"a": s["a"]}), InputError, "one other"),
    (
        "arrays",
        lambda s: paired_bootstrap(s["bleu"], {"a": s["a"].values, "b": 0}),  # type: ignore[dict-item]
        InputError,
        "Stats",
    ),
    ("other metric", lambda s: paired_bootstrap(s["bleu"], _pair(s, "ter")), InputError, "columns"),
    (
        "lengths",
        lambda s: paired_bootstrap(s["bleu"], _pair(s, "short")),
        LengthMismatchError,
        "segments",
    ),
    ("n 0", lambda s: paired_bootstrap(s["bleu"], _pair(s), n_samples=0), OptionError, "n_samples"),
    (
        "n nan",
        lambda s: confidence_interval(s["bleu"], s["a"], n_samples=NAN),  # type: ignore[arg-type]
        OptionError,
        "n_samples",
    ),
    (
        "n True",
        lambda s: confidence_interval(s["bleu"], s["a"], n_samples=True),
        OptionError,
        "n_samples",
    ),
    ("seed -1", lambda s: confidence_interval(s["bleu"], s["a"], seed=-1), OptionError, "seed"),
    ("seed 1.5", lambda s: confidence_interval(s["bleu"], s["a"], seed=1.5), OptionError, "seed"),  # type: ignore[arg-type]
    (
        "arithmetic",
        lambda s: confidence_interval(s["bleu"], s["a"], arithmetic="x"),
        OptionError,
        "arithmetic",
    ),
    (
        "trials 0",
        lambda s: paired_randomization(s["bleu"], _pair(s), n_trials=0),
        OptionError,
        "n_trials",
    ),
    (
        "blocks > segments",
        lambda s: block_test(s["bleu"], _pair(s), n_blocks=4),
        InputError,
        "cannot form",
    ),
    ("blocks 1", lambda s: block_test(s["bleu"], _pair(s), n_blocks=1), OptionError, "n_blocks"),
    (
        "blocks '3'",
        lambda s: block_test(s["bleu"], _pair(s), n_blocks="3"),  # type: ignore[arg-type]
        OptionError,
        "n_blocks",
    ),
]


@pytest.mark.parametrize(
    ("call", "error", "names"),
    [(c, e, n) for _, c, e, n in SIGNIFICANCE],
    ids=[case for case, _, _, _ in SIGNIFICANCE],
)
def test_significance_refuses_bad_input(
    stats: dict[str, Any],
    call: Callable[[dict[str, Any]], object],
    error: type[ParbleuError],
    names: str,
) -> None:
    refused(lambda: call(stats), error, names)


# -- meta-evaluation -----------------------------------------------------------------------

CORRELATIONS: dict[str, Callable[..., object]] = {
    "pearson": pearson,
    "spearman": spearman,
    "kendall": kendall,
    "regression": regression,
    "pairwise_accuracy": pairwise_accuracy,
    "compare_rankings": lambda x, y: compare_rankings(["a", "b", "c"], x, y),
}
BAD_VECTORS: dict[str, Any] = {
    "strings": ["a", "b", "c"],
    "a string": "abc",
    "a mapping": {"a": 1.0, "b": 2.0, "c": 3.0},
    "complex": [1j, 2, 3],
    "None": [1.0, None, 3.0],
    "nan": [1.0, NAN, 3.0],
    "inf": [1.0, float("inf"), 3.0],
    "2-d": [[1.0, 2.0], [3.0, 4.0]],
    "short": [1.0, 2.0],
    "empty": [],
}


@pytest.mark.parametrize("function", CORRELATIONS, ids=str)
@pytest.mark.parametrize("vector", BAD_VECTORS, ids=str)
def test_correlations_refuse_anything_but_finite_number_vectors(function: str, vector: str) -> None:
    refused(lambda: CORRELATIONS[function](BAD_VECTORS[vector], [1.0, 2.0, 3.0]), InputError)
    refused(lambda: CORRELATIONS[function]([1.0, 2.0, 3.0], BAD_VECTORS[vector]), InputError)


@pytest.mark.parametrize("vector", ["strings", "a string", "complex", "nan", "inf", "empty"])
def test_ranks_and_scaling_refuse_what_they_cannot_order(vector: str) -> None:
    """NaN used to be ranked last by `rankdata` and scaled to 0 by `normalize_to_range`."""
    if vector == "empty":  # SciPy ranks nothing as nothing; there is no range to scale to
        assert rankdata([]).tolist() == []
    else:
        refused(lambda: rankdata(BAD_VECTORS[vector]), InputError)
    refused(lambda: normalize_to_range(BAD_VECTORS[vector]), InputError)


def test_ranks_and_scaling_of_valid_vectors() -> None:
    """Oracle: SciPy's rankdata (average ties) and the paper's Figure 7 scaling by hand."""
    from scipy.stats import rankdata as scipy_rankdata  # type: ignore[import-untyped]  # noqa: PLC0415

    values = [3.0, -1e300, 3.0, 1e-300, 0.0]
    assert rankdata(values).tolist() == scipy_rankdata(values).tolist()
    assert normalize_to_range([2.0, 4.0, 3.0]).tolist() == [0.0, 1.0, 0.5]
    assert normalize_to_range([5.0, 5.0]).tolist() == [0.0, 0.0]


def test_system_matching_refuses_strings_and_repeated_names() -> None:
    refused(lambda: match_systems("abc", ["a", "b", "c"]), InputError, "with_text")
    refused(lambda: match_systems(["a", "b"], "ab"), InputError, "with_human")
    refused(lambda: match_systems(["a", "a", "b"], ["a", "b"]), InputError, "'a'")
    matching = match_systems(["a", "b", "c"], ["b", "c", "HUMAN"])
    assert (matching.systems, matching.human_only, matching.text_only) == (
        ("b", "c"),
        ("HUMAN",),
        ("a",),
    )


def test_segment_statistics_must_be_a_mapping_of_this_metrics_statistics(
    stats: dict[str, Any],
) -> None:
    bleu = stats["bleu"]
    refused(
        lambda: SegmentStats("BLEU", bleu, [stats["a"], stats["b"]]),  # type: ignore[arg-type]
        InputError,
        "mapping",
    )
    refused(
        lambda: SegmentStats("BLEU", bleu, {"a": stats["a"], "t": stats["ter"]}),
        InputError,
        "'t'",
    )
    refused(
        lambda: SegmentStats("BLEU", bleu, {"a": stats["a"], "s": stats["short"]}),
        InputError,
        "different numbers of segments",
    )
    table = SegmentStats("BLEU", bleu, {"a": stats["a"], "b": stats["b"], "c": stats["a"]})
    refused(
        lambda: system_correlation(table, {"a": 1.0, "b": NAN, "c": 0.0}, ["a", "b", "c"]),
        InputError,
        "'b'",
    )
    refused(lambda: Bootstrap(n_resamples=-1), OptionError, "n_resamples")
    refused(lambda: Bootstrap(confidence=1.0), OptionError, "confidence")


def test_numbers_in_arrays_of_any_numeric_type_are_accepted() -> None:
    """Oracle: SciPy's pearsonr on the same values as float64."""
    from scipy.stats import pearsonr  # noqa: PLC0415

    x, y = np.array([1, 2, 3, 5], dtype=np.int8), np.array([0.5, 0.25, 1.0, 2.0], np.float32)
    assert pearson(x, y) == pytest.approx(pearsonr(x.astype(float), y.astype(float))[0])
    assert pearson([True, False, True, True], [1.0, 0.0, 1.0, 0.5]) == pytest.approx(
        pearsonr([1.0, 0.0, 1.0, 1.0], [1.0, 0.0, 1.0, 0.5])[0]
    )


def test_errors_carry_their_context_across_processes_and_print_it_in_one_shape(
    tmp_path: Path,
) -> None:
    """An error names file, line, option, expected and received as fields, keeps them through
    pickling (worker processes send errors back pickled), and the main command and ``meta``
    print it in the same shape: ``PROG: error: FILE: line N: MESSAGE``.

    Oracle: the contract in `parbleu.errors` (issue 16), `pickle` for the process boundary.
    """
    error = InputError("expected 3 fields", source="h.tsv", line=4, expected="3", received=2)
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), copy.details()) == (InputError, str(error), error.details())
    assert str(copy) == "h.tsv: line 4: expected 3 fields"
    assert copy.details()["received"] == "2"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"good\nbad \xff\n")
    good = tmp_path / "good.txt"
    good.write_bytes(b"a\nb\n")
    human = tmp_path / "human.tsv"
    human.write_text("a\t1\nb\t2\nc\t3\n")
    main_line = assert_error(cli(str(good), "-i", str(bad)), 1, f"{bad}: line 2: invalid utf-8")
    meta = ["meta", "--refs", str(bad), "--systems", str(good), "--human", str(human)]
    meta_line = assert_error(cli(*meta), 1, f"{bad}: line 2: invalid utf-8", prog="parbleu meta")
    assert main_line.split(": error: ")[1] == meta_line.split(": error: ")[1]
