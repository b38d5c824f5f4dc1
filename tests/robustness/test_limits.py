"""Inputs at the limits: huge lines, TER's size guard, out of memory, overflowing smoothing.

Oracles: sacreBLEU 2.6.0 on the same lines (huge lines, add-k with k near the largest float,
where it prints ``inf``); tercom's quadratic alignment for the TER guard (a segment pair whose
alignment needs more than `TER_MEMORY_LIMIT` is refused before any is allocated); the
contract of `harness.assert_error` for a `MemoryError` raised anywhere while scoring.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sacrebleu

import parbleu.cli.main
from parbleu.metrics.ter.metric import TER_MEMORY_LIMIT
from tests.robustness.harness import assert_error, cli, sacrebleu_segments, write

WORDS = [f"w{i % 4999}" for i in range(140_000)]


def test_a_ter_segment_too_long_to_align_is_refused_at_once(tmp_path: Path) -> None:
    """140,000 words against 140,000: the alignment would need about 4.6 GiB."""
    line = " ".join(WORDS)
    ref = write(tmp_path, "ref.txt", f"short one\n{line}\n".encode())
    hyp = write(tmp_path, "hyp.txt", f"short one\n{' '.join(reversed(WORDS))}\n".encode())
    start = time.perf_counter()
    message = assert_error(cli(ref, "-i", hyp, "-m", "ter"), 1, "line 2", "140,000-word")
    assert f"the limit is {TER_MEMORY_LIMIT >> 30} GiB" in message
    assert ": line 2: TER of a 140,000-word" in message  # the line once, not "segment 2" too
    assert time.perf_counter() - start < 20
    assert cli(ref, "-i", hyp, "-m", "bleu", "-b").code == 0  # BLEU is linear in it


@pytest.mark.parametrize("tokenize", ["13a", "char", "intl"])
def test_a_huge_line_scores_as_sacrebleu(tmp_path: Path, tokenize: str) -> None:
    """One 1 MB line (140,000 words) and a normal one."""
    line = " ".join(WORDS)
    ref = write(tmp_path, "ref.txt", f"{line}\nthe end\n".encode())
    hyp = write(tmp_path, "hyp.txt", f"{line[: len(line) // 2]}\nthe end\n".encode())
    ours = cli(ref, "-i", hyp, "-b", "-w", "16", "-tok", tokenize)
    theirs = sacrebleu.corpus_bleu(
        sacrebleu_segments(hyp), [sacrebleu_segments(ref)], tokenize=tokenize
    )
    assert ours.out == f"{theirs.score:.16f}\n"


def test_out_of_memory_is_one_line_that_blames_input_or_options(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ref = write(tmp_path, "ref.txt", b"the cat\n")

    def exhausted(*_: object, **__: object) -> list[str]:
        raise MemoryError

    monkeypatch.setattr(parbleu.cli.main, "score", exhausted)
    line = assert_error(cli(ref, "-i", ref), 1, "out of memory", "stream_statistics")
    assert "options" in line


@pytest.mark.parametrize("value", ["1e300", "1e308", "1.7976931348623157e308"])
def test_add_k_near_the_largest_float_scores_as_sacrebleu(tmp_path: Path, value: str) -> None:
    """sacreBLEU's Python floats overflow to inf silently; numpy must not warn on stderr."""
    ref = write(tmp_path, "ref.txt", b"the cat sat on the mat\nhello world\n")
    hyp = write(tmp_path, "hyp.txt", b"the cat sat on a mat\nhello\n")
    ours = cli(ref, "-i", hyp, "-s", "add-k", "-sv", value, "-b", "-w", "16")
    assert (ours.code, ours.err) == (0, "")
    theirs = sacrebleu.corpus_bleu(
        sacrebleu_segments(hyp),
        [sacrebleu_segments(ref)],
        smooth_method="add-k",
        smooth_value=float(value),
    )
    assert ours.out == f"{theirs.score:.16f}\n"
    sentence = cli(ref, "-i", hyp, "-s", "add-k", "-sv", value, "-b", "-w", "16", "-sl")
    expected = [
        sacrebleu.sentence_bleu(h, [r], smooth_method="add-k", smooth_value=float(value)).score
        for h, r in zip(sacrebleu_segments(hyp), sacrebleu_segments(ref), strict=True)
    ]
    assert sentence.out == "".join(f"{score:.16f}\n" for score in expected)


#: A fresh process that scores many reference streams and prints its peak memory in MiB
#: before and after scoring (VmHWM; `ru_maxrss` would carry the parent's peak over `exec`).
_MANY_REFERENCES = """
import json, random, sys
from pathlib import Path
import parbleu

def peak():
    status = Path("/proc/self/status").read_text(encoding="ascii").splitlines()
    return int(next(l for l in status if l.startswith("VmHWM:")).split()[1]) / 1024

streams, segments = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(1)
vocabulary = [f"w{i}" for i in range(5000)]
text = lambda: " ".join(rng.choice(vocabulary) for _ in range(20))
hypotheses = [text() for _ in range(segments)]
references = [[text() for _ in range(segments)] for _ in range(streams)]
before = peak()
score = parbleu.corpus_bleu(hypotheses, references).score
print(json.dumps({"before": before, "after": peak(), "score": score}))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_many_reference_streams_need_memory_linear_in_the_data() -> None:
    """Regression: 1,000 streams x 100 segments peaked at 6,034 MiB (sacreBLEU: about 300).

    A (n-gram x stream) table grew with streams x distinct n-grams of all streams; with 1,000
    streams x 20 segments (2 MB of text) it needed over 1 GiB. Counting runs of sorted
    (n-gram, stream) cells needs memory linear in the n-grams: well under 300 MiB here.
    """
    done = subprocess.run(
        [sys.executable, "-c", _MANY_REFERENCES, "1000", "20"],
        capture_output=True,
        text=True,
        check=True,
    )
    measured = json.loads(done.stdout)
    assert measured["after"] - measured["before"] < 300, measured


_LONG_TER_SEGMENT = """
import json, random, sys
from pathlib import Path
import parbleu

def peak():
    status = Path("/proc/self/status").read_text(encoding="ascii").splitlines()
    return int(next(l for l in status if l.startswith("VmHWM:")).split()[1]) / 1024

rng = random.Random(1)
words, size = [], 0
while size < int(sys.argv[1]):
    words.append(f"w{rng.randrange(5000)}")
    size += len(words[-1]) + 1
hypothesis, reference = " ".join(rng.sample(words, len(words))), " ".join(words)
before = peak()
score = parbleu.TER([[reference]]).corpus_score([hypothesis]).score
print(json.dumps({"before": before, "after": peak(), "score": score}))
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux's /proc")
def test_ter_memory_on_one_long_segment_is_near_linear() -> None:
    """Regression: TER kept a full (hypothesis x reference) table for one long segment.

    One 12 KB segment (about 2,000 words) against a shuffle of it needed 84 MiB more
    (25 KB: 357 MiB; 100 KB: 918 MiB); a band of two-bit columns needs under 10 MiB here.
    (sacreBLEU takes about 90 s on this pair; TER's scores against it are tests/metrics/ter.)
    """
    done = subprocess.run(
        [sys.executable, "-c", _LONG_TER_SEGMENT, "12000"],
        capture_output=True,
        text=True,
        check=True,
    )
    measured = json.loads(done.stdout)
    assert measured["after"] - measured["before"] < 30, measured["after"] - measured["before"]
    assert 99 < measured["score"] < 100  # a shuffle: almost every word shifted or replaced
