"""Line endings and encodings: every valid text scores as sacreBLEU scores it; bad bytes are named.

Oracles: sacreBLEU 2.6.0, as a process (``python -m sacrebleu``) for a representative subset
and in this process for every case, reading files with its command line's rule
(`harness.sacrebleu_segments`) and scoring them with its metric classes. Lines end at ``\\n``
only, as there; a ``\\r``, U+2028, U+0085, U+000B or U+000C inside a line stays in it. For
invalid bytes, the line and byte offset were counted by hand (`hostile.INVALID_UTF8`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sacrebleu.metrics.bleu import BLEU
from sacrebleu.metrics.chrf import CHRF
from sacrebleu.metrics.ter import TER

from parbleu.io import read_segments
from tests.robustness.harness import (
    assert_error,
    cli,
    sacrebleu_cli,
    sacrebleu_segments,
    write,
)
from tests.robustness.hostile import INVALID_UTF8, VALID, BadBytes, Text

SACREBLEU_METRICS = {"bleu": BLEU, "chrf": CHRF, "ter": TER}

#: Command-line options of each metric and the same options for sacreBLEU's metric class.
VARIANTS: dict[str, list[tuple[tuple[str, ...], dict[str, object]]]] = {
    "bleu": [
        ((), {}),
        (("-tok", "intl"), {"tokenize": "intl"}),
        (("-tok", "char"), {"tokenize": "char"}),
        (("-tok", "zh"), {"tokenize": "zh"}),
        (("-tok", "none"), {"tokenize": "none"}),
        (("-lc", "-s", "floor"), {"lowercase": True, "smooth_method": "floor"}),
    ],
    "chrf": [
        ((), {}),
        (("-cw", "2"), {"word_order": 2}),
        (("--chrf-whitespace", "--chrf-lowercase"), {"whitespace": True, "lowercase": True}),
    ],
    "ter": [
        ((), {}),
        (
            ("--ter-normalized", "--ter-case-sensitive"),
            {"normalized": True, "case_sensitive": True},
        ),
        (("--ter-asian-support", "--ter-no-punct"), {"asian_support": True, "no_punct": True}),
    ],
}


def _files(tmp_path: Path, case: Text) -> tuple[str, str]:
    return (
        write(tmp_path, "ref" + case.suffix, case.ref_bytes()),
        write(tmp_path, "hyp" + case.suffix, case.hyp_bytes()),
    )


def _sacrebleu(case: Text, ref: str, hyp: str, metric: str, options: dict[str, object]) -> str:
    scorer = SACREBLEU_METRICS[metric](**options)
    refs = [sacrebleu_segments(ref, case.encoding)]
    score = scorer.corpus_score(sacrebleu_segments(hyp, case.encoding), refs).score
    return f"{score:.16f}\n"


def _cases(*, first: bool) -> list[object]:
    """Every case with each metric's default options (`first`), or with each other variant."""
    params: list[object] = []
    for case in VALID:
        for metric in case.metrics:
            variants = VARIANTS[metric][:1] if first else VARIANTS[metric][1:]
            for flags, options in variants:
                label = f"{case.name}-{metric}-{' '.join(flags) or 'default'}"
                params.append(pytest.param(case, metric, flags, options, id=label))
    return params


@pytest.mark.parametrize(("case", "metric", "flags", "options"), _cases(first=True))
def test_valid_text_scores_as_sacrebleu(
    tmp_path: Path, case: Text, metric: str, flags: tuple[str, ...], options: dict[str, object]
) -> None:
    ref, hyp = _files(tmp_path, case)
    result = cli(ref, "-i", hyp, "-m", metric, "-b", "-w", "16", "-e", case.encoding, *flags)
    assert (result.code, result.err) == (0, "")
    assert result.out == _sacrebleu(case, ref, hyp, metric, options)


@pytest.mark.slow
@pytest.mark.parametrize(("case", "metric", "flags", "options"), _cases(first=False))
def test_valid_text_scores_as_sacrebleu_with_every_option(
    tmp_path: Path, case: Text, metric: str, flags: tuple[str, ...], options: dict[str, object]
) -> None:
    test_valid_text_scores_as_sacrebleu(tmp_path, case, metric, flags, options)


@pytest.mark.parametrize(
    "case", [c for c in VALID if not c.suffix.endswith(".gz")], ids=lambda c: c.name
)
def test_hypotheses_on_standard_input_score_as_from_a_file(tmp_path: Path, case: Text) -> None:
    ref, hyp = _files(tmp_path, case)
    from_file = cli(ref, "-i", hyp, "-b", "-w", "16", "-e", case.encoding)
    from_stdin = cli(ref, "-b", "-w", "16", "-e", case.encoding, stdin=case.hyp_bytes())
    assert from_stdin == from_file


@pytest.mark.parametrize("case", VALID, ids=lambda c: c.name)
def test_lines_are_counted_as_sacrebleu_counts_them(tmp_path: Path, case: Text) -> None:
    ref, hyp = _files(tmp_path, case)
    for path in (ref, hyp):
        assert read_segments(path, case.encoding) == sacrebleu_segments(path, case.encoding)


#: The cases run through sacreBLEU's own command line (a process each): every kind of line
#: end, a byte order mark, UTF-16, gzip, control characters, whitespace-only lines.
COMMAND_LINE_CASES = (
    "crlf",
    "lone cr inside lines",
    "U+2028 inside",
    "U+0085 inside",
    "separators at line ends",
    "utf-8 bom",
    "utf-16 with -e",
    "gzip",
    "nul and controls",
    "whitespace-only lines",
)


@pytest.mark.parametrize(
    "case", [c for c in VALID if c.name in COMMAND_LINE_CASES], ids=lambda c: c.name
)
def test_sacrebleus_command_line_prints_the_same_scores(tmp_path: Path, case: Text) -> None:
    ref, hyp = _files(tmp_path, case)
    argv = ("-m", "bleu", "chrf", "ter", "-b", "-w", "16", "-e", case.encoding)
    theirs = sacrebleu_cli(ref, "-i", hyp, *argv)
    assert theirs.returncode == 0, theirs.stderr
    ours = cli(ref, "-i", hyp, *argv)
    assert (ours.code, ours.err) == (0, "")
    assert ours.out == theirs.stdout.decode()
    lone_cr = "\r" in case.hyp.replace("\r\n", "")  # see the test below
    if not case.suffix.endswith(".gz") and not lone_cr:  # hypotheses on standard input
        theirs = sacrebleu_cli(ref, *argv, stdin=case.hyp_bytes())
        assert cli(ref, *argv, stdin=case.hyp_bytes()).out == theirs.stdout.decode()


def test_standard_input_ends_lines_at_newline_only_unlike_sacrebleu(tmp_path: Path) -> None:
    """A deliberate difference: sacreBLEU reads standard input with universal newlines.

    sacreBLEU 2.6.0 wraps standard input in ``io.TextIOWrapper(..., encoding=...)``, whose
    default ``newline=None`` also ends lines at a lone ``\r``, while it reads files (``-i``)
    at ``\n`` only. parbleu reads both as files are read, so that piping a file gives what
    ``-i`` gives.
    """
    ref = write(tmp_path, "ref.txt", b"the cat sat down\non the mat again\n")
    hyp = write(tmp_path, "hyp.txt", b"the cat\rsat down\non the mat again\n")
    theirs = sacrebleu_cli(ref, "-b", stdin=Path(hyp).read_bytes())
    assert theirs.returncode == 1  # three lines on standard input against two references
    assert b"different lengths" in theirs.stderr
    assert sacrebleu_cli(ref, "-i", hyp, "-b").stdout == b"100.0\n"
    assert cli(ref, "-b", stdin=Path(hyp).read_bytes()).out == "100.0\n"


def _bad_role(tmp_path: Path, case: BadBytes, role: str) -> tuple[list[str], bytes, str]:
    """The command line putting `case`'s bytes in `role`, its standard input, the name shown."""
    good = "\n".join(["x"] * (case.line + 1)).encode(case.encoding)
    ref = write(tmp_path, "ref.txt", good)
    encoding = ["-e", case.encoding]
    if role == "reference":
        bad = write(tmp_path, "bad-ref.txt", case.data)
        return [bad, "-i", ref, *encoding], b"", bad
    if role == "hypotheses":
        bad = write(tmp_path, "bad-hyp.txt", case.data)
        return [ref, "-i", bad, *encoding], b"", bad
    if role == "gzipped hypotheses":
        bad = write(tmp_path, "bad-hyp.txt.gz", case.data)
        return [ref, "-i", bad, *encoding], b"", bad
    return [ref, *encoding], case.data, "standard input"


@pytest.mark.parametrize("role", ["reference", "hypotheses", "gzipped hypotheses", "stdin"])
@pytest.mark.parametrize("case", INVALID_UTF8, ids=lambda c: c.name)
def test_invalid_bytes_name_the_file_line_and_offset(
    tmp_path: Path, case: BadBytes, role: str
) -> None:
    argv, stdin, shown = _bad_role(tmp_path, case, role)
    line = assert_error(cli(*argv, stdin=stdin), 1, f"{shown}: line {case.line}: ")
    assert f"invalid {case.encoding} at byte offset {case.offset} " in line
    if shown != "standard input":
        with pytest.raises(UnicodeDecodeError):  # sacreBLEU refuses them (with a traceback)
            sacrebleu_segments(shown, case.encoding)


def test_an_encoding_that_is_not_text_is_a_usage_error(tmp_path: Path) -> None:
    ref = write(tmp_path, "ref.txt", b"the cat\n")
    assert_error(cli(ref, "-i", ref, "-e", "rot13"), 2, "'rot13' is not a text encoding")
    assert_error(cli(ref, "-i", ref, "-e", "no-such-codec"), 2, "unknown encoding")
