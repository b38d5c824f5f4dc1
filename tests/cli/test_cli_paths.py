"""How the command reads its inputs: streamed, prepared or in memory, always the same scores.

The command chooses its path from what is asked (`parbleu.cli.scoring`): one system is
streamed a chunk at a time, in this process or in workers that read their own byte ranges;
several systems (or NIST) go through references prepared once; significance and sentence
scores read everything. Oracles: sacreBLEU 2.6.0's Python API on the same lines (stripped as
its command line strips them), and the in-memory path's messages for bad input.
"""

from __future__ import annotations

import gzip
import io
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import sacrebleu.metrics

from parbleu.cli.main import run
from parbleu.metrics.bleu import BLEU
from parbleu.metrics.chrf import CHRF
from parbleu.metrics.registry import BUILTIN_ENTRIES
from parbleu.metrics.ter import TER
from parbleu.scaling.pipeline import ParallelFiles, score_files

#: More lines than one chunk (10,000), so that -j 2 spreads chunks over two workers.
LINES = 23_456
WORDS = [
    "the",
    "a",
    "cat",
    "dog",
    "sat",
    "on",
    "mat",
    "house",
    "red",
    "big",
    "small",
    "ran",
    "over",
    "under",
    ",",
    "!",
    "Haus",
    "Katze",
    "über",
]


def parbleu(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


def _sentence(rng: random.Random) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 25)))


def _edited(rng: random.Random, reference: str) -> str:
    """The reference with about one word in five replaced: scores in a realistic range."""
    words = [w if rng.random() > 0.2 else rng.choice(WORDS) for w in reference.split()]
    return " ".join(words)


def _write(path: Path, lines: list[str]) -> str:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A seeded corpus of LINES segments: hypotheses (some empty, some with trailing
    whitespace) and two references."""
    rng = random.Random(13)
    folder = tmp_path_factory.mktemp("paths")
    refs = [[_sentence(rng) for _ in range(LINES)] for _ in range(2)]
    hyps = [_edited(rng, ref) + rng.choice(["", " ", "\t", "\r"]) for ref in refs[0]]
    hyps[::997] = [""] * len(hyps[::997])  # some empty hypotheses
    return {
        "hyp": _write(folder / "hyp.txt", hyps),
        "ref": _write(folder / "ref.txt", refs[0]),
        "ref2": _write(folder / "ref2.txt", refs[1]),
        "hyps": [line.rstrip() for line in hyps],
        "refs": refs,
        "folder": folder,
    }


@pytest.fixture(scope="module")
def oracle(corpus: dict[str, Any]) -> dict[str, float]:
    """sacreBLEU's corpus scores of the corpus against its first reference (once)."""
    hyps, refs = corpus["hyps"], corpus["refs"][:1]
    return {
        "bleu": sacrebleu.metrics.BLEU().corpus_score(hyps, refs).score,
        "chrf": sacrebleu.metrics.CHRF().corpus_score(hyps, refs).score,
        "chrf++": sacrebleu.metrics.CHRF(word_order=2).corpus_score(hyps, refs).score,
    }


def _score(out: str) -> float:
    return float(json.loads(out)["score_unrounded"])


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(
    ("metric", "options"),
    [("bleu", []), ("chrf", ["-m", "chrf"]), ("chrf++", ["-m", "chrf", "-cw", "2"])],
)
def test_streamed_scores_are_sacrebleus(
    corpus: dict[str, Any], oracle: dict[str, float], metric: str, options: list[str], jobs: str
) -> None:
    """One system is streamed (in this process, or in two workers reading byte ranges)."""
    code, out, err = parbleu(corpus["ref"], "-i", corpus["hyp"], *options, "-j", jobs)
    assert (code, err) == (0, "")
    assert _score(out) == pytest.approx(oracle[metric], abs=1e-9)


def test_every_path_prints_the_same_scores(corpus: dict[str, Any], tmp_path: Path) -> None:
    """Streamed from a file, from stdin, from a .gz, in workers; through prepared refs and
    through ranges of lines."""
    argv = ["-m", "bleu", "chrf", "-w", "6", "-f", "text"]
    expected = parbleu(corpus["ref"], "-i", corpus["hyp"], *argv, "-j", "1")[1]
    assert len(expected.splitlines()) == 2
    packed = tmp_path / "hyp.txt.gz"
    packed.write_bytes(gzip.compress(Path(corpus["hyp"]).read_bytes()))
    runs = {
        "two workers": parbleu(corpus["ref"], "-i", corpus["hyp"], *argv, "-j", "2"),
        "stdin": parbleu(corpus["ref"], *argv, stdin=Path(corpus["hyp"]).read_bytes()),
        "stdin, two workers": parbleu(
            corpus["ref"], *argv, "-j", "2", stdin=Path(corpus["hyp"]).read_bytes()
        ),
        ".gz, two workers": parbleu(corpus["ref"], "-i", str(packed), *argv, "-j", "2"),
    }
    for name, (code, out, err) in runs.items():
        assert (code, out, err) == (0, expected, ""), name
    # Two systems, one of them compressed, go through prepared references; two plain files
    # through ranges of lines, in one process or two: the same numbers in a table.
    copy = tmp_path / "copy.txt"
    copy.write_bytes(Path(corpus["hyp"]).read_bytes())
    singles = [line.split("= ")[1].split()[0] for line in expected.splitlines()]
    for systems in ((corpus["hyp"], str(packed)), (corpus["hyp"], str(copy))):
        for jobs in ("1", "2"):
            code, out, _ = parbleu(corpus["ref"], "-i", *systems, *argv, "-j", jobs)
            assert code == 0
            rows = [line.split() for line in out.splitlines()[2:4]]
            assert [row[1:] for row in rows] == [singles, singles], (systems, jobs)


def test_two_references_and_tab_separated_references(corpus: dict[str, Any]) -> None:
    """-nr 2 on a file of two fields streams like two reference files (errors name the line)."""
    joined = corpus["folder"] / "joined.tsv"
    lines = [f"{a}\t{b}" for a, b in zip(*corpus["refs"], strict=True)]
    _write(joined, lines)
    both = parbleu(corpus["ref"], corpus["ref2"], "-i", corpus["hyp"], "-j", "2")
    fields = parbleu(str(joined), "-nr", "2", "-i", corpus["hyp"], "-j", "2")
    assert both[0] == fields[0] == 0
    expected = sacrebleu.metrics.BLEU().corpus_score(corpus["hyps"], corpus["refs"]).score
    assert _score(both[1]) == _score(fields[1]) == pytest.approx(expected, abs=1e-9)
    lines[15_000] = "only one field"
    _write(joined, lines)
    for jobs in ("1", "2"):
        code, _, err = parbleu(str(joined), "-nr", "2", "-i", corpus["hyp"], "-j", jobs)
        assert code == 1
        assert f"{joined}: line 15001: expected 2 tab-separated fields, found 1" in err


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_bad_input_in_a_late_chunk_is_named(corpus: dict[str, Any], jobs: str) -> None:
    """Invalid bytes and a short file are reported with the file, line and counts."""
    folder = corpus["folder"]
    broken = folder / f"broken{jobs}.txt"
    data = Path(corpus["hyp"]).read_bytes().split(b"\n")
    data[20_000] = b"caf\xe9"
    broken.write_bytes(b"\n".join(data))
    code, _, err = parbleu(corpus["ref"], "-i", str(broken), "-j", jobs)
    assert code == 1
    assert f"{broken}, line 20001" in err or f"{broken}: line 20001" in err
    assert "invalid utf-8" in err
    short = folder / f"short{jobs}.txt"
    _write(short, corpus["hyps"][:-1])
    code, _, err = parbleu(corpus["ref"], "-i", str(short), "-j", jobs)
    expected = (
        f"parbleu: error: {short} has {LINES - 1} lines but {corpus['ref']} has {LINES}; "
        "hypotheses and references must be parallel, line by line\n"
    )
    assert (code, err) == (1, expected)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_empty_and_structured_files_are_refused_before_scoring(
    corpus: dict[str, Any], tmp_path: Path, jobs: str
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    code, _, err = parbleu(corpus["ref"], "-i", str(empty), "-j", jobs)
    assert (code, err) == (1, f"parbleu: error: {empty}: is empty: nothing to score\n")
    code, _, err = parbleu(str(empty), "-i", corpus["hyp"], "-j", jobs)
    assert (code, err) == (1, f"parbleu: error: {empty}: is empty: nothing to score\n")
    records = tmp_path / "refs.jsonl"
    records.write_text("".join(f'{{"ref": "{i}"}}\n' for i in range(LINES)), encoding="utf-8")
    code, _, err = parbleu(str(records), "-i", corpus["hyp"], "-j", jobs)
    assert code == 1
    assert "JSON Lines" in err
    assert "not plain text" in err


def test_stdin_columns_and_a_stray_tab(corpus: dict[str, Any]) -> None:
    """Standard input with tabs holds several systems; a tab in a one-column input is an error."""
    lines = corpus["hyps"][1:101]  # the first hypothesis is empty: one field, as rstrip'ed
    two = "".join(f"{line}\t{line}\n" for line in lines).encode()
    ref = corpus["folder"] / "ref100.txt"
    _write(ref, corpus["refs"][0][1:101])
    code, out, _ = parbleu(str(ref), "-f", "text", stdin=two)
    assert code == 0
    rows = [row.split() for row in out.splitlines()[2:4]]
    assert [row[:2] for row in rows] == [["System", "1"], ["System", "2"]]
    assert rows[0][2] == rows[1][2]
    stray = [*lines[:60], "a\tb", *lines[61:]]
    code, _, err = parbleu(str(ref), stdin="".join(f"{x}\n" for x in stray).encode())
    assert (code, err) == (
        1,
        "parbleu: error: standard input: line 61 has 2 tab-separated fields, line 1 has 1\n",
    )


def test_order_dependent_sums_stream_exactly(corpus: dict[str, Any]) -> None:
    """TER adds float reference lengths in segment order: chunks keep rows and add them so."""
    hyps, refs = corpus["hyps"][:400], [stream[:400] for stream in corpus["refs"]]
    folder = corpus["folder"]
    paths = [_write(folder / f"ter{i}.txt", lines) for i, lines in enumerate([hyps, *refs])]
    expected = sacrebleu.metrics.TER().corpus_score(hyps, refs)
    for jobs, chunk_lines in [(1, 7), (2, 33), (1, 10_000)]:
        files = ParallelFiles(tuple(paths[1:]), (paths[0],))
        [result] = score_files([TER()], files, jobs=jobs, chunk_lines=chunk_lines)
        [score] = result.scores
        assert score.score == expected.score
        assert score.ref_length == expected.ref_length


def test_chunk_sizes_do_not_change_integer_statistics(corpus: dict[str, Any]) -> None:
    folder = corpus["folder"]
    hyps, refs = corpus["hyps"][:500], corpus["refs"][0][:500]
    paths = [_write(folder / "h500.txt", hyps), _write(folder / "r500.txt", refs)]
    expected = [BLEU().corpus_score(hyps, [refs]), CHRF().corpus_score(hyps, [refs])]

    def streamed(jobs: int, chunk_lines: int) -> list[Any]:
        files = ParallelFiles(tuple(paths[1:]), (paths[0],))
        [result] = score_files([BLEU(), CHRF()], files, jobs=jobs, chunk_lines=chunk_lines)
        return list(result.scores)

    for jobs, chunk_lines in [(1, 1), (2, 3), (2, 499), (1, 500), (2, 501)]:
        scores = streamed(jobs, chunk_lines)
        assert [s.score for s in scores] == [s.score for s in expected], (jobs, chunk_lines)
        assert [s.signature for s in scores] == [s.signature for s in expected]


def test_tokenized_warning_counts_every_chunk(tmp_path: Path) -> None:
    """sacreBLEU's warning needs 100 lines ending in ' .': counted across chunks and workers."""
    lines = ["a sentence ." if i % 200 == 0 else "a sentence" for i in range(LINES)]
    path = _write(tmp_path / "tok.txt", lines)
    for jobs in ("1", "2"):
        code, _, err = parbleu(path, "-i", path, "-j", jobs)
        assert code == 0
        assert "looks tokenized" in err, jobs


def _all_modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running `code`."""
    script = f"{code}\nimport sys\nprint(' '.join(sys.modules))"
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    return set(done.stdout.split())


def _modules_after(code: str) -> set[str]:
    """The parbleu modules a fresh interpreter has imported after running `code`."""
    return {name for name in _all_modules_after(code) if "parbleu" in name}


def _declarations() -> set[str]:
    """The modules that declare metrics: the registry, each entry, its package and options."""
    modules = {"parbleu.metrics", "parbleu.metrics.registry"}
    for path in BUILTIN_ENTRIES:
        entry = path.partition(":")[0]
        package = entry.rpartition(".")[0]
        modules |= {entry, package, f"{package}.options"}
    return modules


def test_the_command_imports_only_what_its_mode_needs(corpus: dict[str, Any]) -> None:
    """Start-up loads no metric (the registry's entries only) and reads no entry points;
    BLEU loads neither chrF, TER, NIST nor the tests."""
    started = _all_modules_after("import parbleu.cli.main")
    metrics = {m for m in started if m.startswith("parbleu.metrics")}
    assert metrics
    assert not metrics - _declarations(), sorted(metrics - _declarations())
    assert "importlib.metadata" not in started
    scored = _modules_after(
        "import io, sys\nfrom parbleu.cli.main import run\n"
        f"run([{corpus['ref']!r}, '-i', {corpus['hyp']!r}], None, io.StringIO(), sys.stderr)"
    )
    assert "parbleu.metrics.bleu.metric" in scored
    unwanted = {
        "parbleu.metrics.chrf.metric",
        "parbleu.metrics.ter.metric",
        "parbleu.metrics.nist.metric",
        "parbleu.metrics.rouge.metric",
        "parbleu.significance.paired",
        "parbleu.report",
        "parbleu.meta",
    }
    assert not scored & unwanted


#: What scoring files (-i) with BLEU, chrF or TER does without: each costs the command start-up
#: time (issue 13). argparse imports shutil, and with it bz2 and lzma, for every parser whose
#: formatter is not told the terminal's width (`parbleu.cli.parser`).
NOT_FOR_SCORING = frozenset(
    {
        "shutil",
        "pathlib",
        "json",
        "gzip",
        "parbleu.testsets.cache",
        "parbleu.testsets.registry",
        "parbleu.cli.testsets.selection",
        "parbleu.tokenizers.spm",
        "parbleu.metrics.meteor.wordnet",
        "parbleu.metrics.plugins",
        "importlib.metadata",
    }
)


def _loaded_by(*argv: str) -> set[str]:
    """The modules of `NOT_FOR_SCORING` a fresh interpreter imports to run the command."""
    command = (
        "import io, sys\nfrom parbleu.cli.main import run\n"
        f"assert run({list(argv)!r}, None, io.StringIO(), sys.stderr) == 0"
    )
    return _all_modules_after(command) & NOT_FOR_SCORING


def test_scoring_files_imports_no_test_set_pathlib_json_or_gzip(tmp_path: Path) -> None:
    """Files scored with BLEU, chrF and TER as text load none of `NOT_FOR_SCORING`, whether
    one system is streamed, read whole (-sl) or several are prepared for; ``-f json`` loads
    json only, a ``.gz`` input gzip only, ``--list`` the test sets.

    Oracle: the modules each mode needs, from the code paths (issue 13).
    """
    ref = _write(tmp_path / "ref.txt", ["the cat sat on the mat", "a dog ran"])
    hyp = _write(tmp_path / "hyp.txt", ["the cat sat on a mat", "the dog ran"])
    hyp2 = _write(tmp_path / "hyp2.txt", ["a cat sat", "a big dog ran"])
    gzipped = tmp_path / "hyp.txt.gz"
    gzipped.write_bytes(gzip.compress(Path(hyp).read_bytes()))
    metrics = ["-m", "bleu", "chrf", "ter"]
    # What the interpreter imports on its own (a .pth file may import pathlib) is left out.
    started = _all_modules_after("pass") & NOT_FOR_SCORING
    assert _loaded_by(ref, "-i", hyp, *metrics, "-f", "text") == started
    assert _loaded_by(ref, "-i", hyp, "-sl", "-f", "text") == started
    assert _loaded_by(ref, "-i", hyp, hyp2, *metrics, "-f", "text", "-b") == started
    assert _loaded_by(ref, "-i", hyp, hyp2, *metrics, "-f", "json") == started | {"json"}
    assert _loaded_by(ref, "-i", hyp, "-f", "json") == started | {"json"}
    assert _loaded_by(ref, "-i", str(gzipped), "-f", "text") == started | {"gzip"}
    listed = _loaded_by("--list", "--cache-dir", str(tmp_path))
    assert {"parbleu.testsets.registry", "parbleu.testsets.cache"} <= listed
