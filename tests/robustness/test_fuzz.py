"""Arbitrary bytes as reference and hypothesis files: sacreBLEU's scores, or one clean error.

The command runs in this process on files holding whatever bytes hypothesis draws (random
bytes, and text from an alphabet of line breaks, Unicode separators, control characters,
byte order marks and stray invalid bytes), in UTF-8, Latin-1 or UTF-16. The oracle reads the
same bytes with sacreBLEU 2.6.0's command-line rule (`harness.sacrebleu_segments`) and scores
them with its ``corpus_bleu``, ``corpus_chrf`` and ``corpus_ter``. Where sacreBLEU can score
the files, parbleu must print the same three scores, digit for digit; where it cannot (bytes
invalid in the encoding, files of different lengths, an empty hypothesis file), parbleu must
fail with a `ParbleuError`: exit code 1, one line on standard error, nothing on standard
output. Any other exception escapes `run` and fails the test. The one deliberate difference:
parbleu refuses text that is in fact JSON Lines, WMT XML or SGML (it says so).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import sacrebleu
from hypothesis import event, given, settings
from hypothesis import strategies as st

from tests.robustness.harness import cli, sacrebleu_segments

#: Characters that make reading and tokenizing hard, and ordinary ones.
ALPHABET = (
    "ab c.,-\t\n\n\n\r\r\n\x00\x01\x0b\x0c\x1c\x1f\x7f\x85\xa0\u2028\u2029\u3000\ufeff"
    "&;<>\"'éß北京😀\U0001d518"
)
ENCODINGS = ("utf-8", "latin-1", "utf-16-le")


@st.composite
def file_bytes(draw: st.DrawFn, encoding: str) -> bytes:
    """Bytes of a file: random, or text in `encoding` with a few stray bytes perhaps."""
    if draw(st.booleans()):
        return draw(st.binary(max_size=120))
    text = draw(st.text(alphabet=ALPHABET, max_size=80))
    data = text.encode(encoding, errors="replace")
    for _ in range(draw(st.integers(0, 2))):
        position = draw(st.integers(0, len(data)))
        stray = draw(st.sampled_from([b"\xff", b"\xc3", b"\xe2\x82", b"\x80", b"\xed\xa0\x80"]))
        data = data[:position] + stray + data[position:]
    return data


def _sacrebleu(ref: str, hyp: str, encoding: str) -> str | None:
    """sacreBLEU's three scores as ``parbleu -f text -b -w 16`` prints them; None if it fails."""
    try:
        refs, hyps = sacrebleu_segments(ref, encoding), sacrebleu_segments(hyp, encoding)
    except UnicodeDecodeError:
        return None
    if not hyps or len(hyps) != len(refs):
        return None
    scores = (
        sacrebleu.corpus_bleu(hyps, [refs]).score,
        sacrebleu.corpus_chrf(hyps, [refs]).score,
        sacrebleu.corpus_ter(hyps, [refs]).score,
    )
    return "".join(f"{score:.16f}\n" for score in scores)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), encoding=st.sampled_from(ENCODINGS))
def test_any_bytes_score_as_sacrebleu_or_fail_cleanly(data: st.DataObject, encoding: str) -> None:
    ref_bytes = data.draw(file_bytes(encoding), label="reference")
    hyp_bytes = data.draw(file_bytes(encoding), label="hypotheses")
    with tempfile.TemporaryDirectory() as folder:
        ref, hyp = Path(folder) / "ref.txt", Path(folder) / "hyp.txt"
        ref.write_bytes(ref_bytes)
        hyp.write_bytes(hyp_bytes)
        expected = _sacrebleu(str(ref), str(hyp), encoding)
        result = cli(
            str(ref), "-i", str(hyp), "-m", "bleu", "chrf", "ter", "-f", "text", "-b", "-w", "16",
            "-e", encoding,
        )  # fmt: skip
    if expected is not None and "not plain text" not in result.err:
        event("scored as sacreBLEU scores it")
        assert (result.code, result.err, result.out) == (0, "", expected)
        return
    kinds = ("invalid", "lines", "empty", "not plain text")
    event("refused: " + next((kind for kind in kinds if kind in result.err), result.err))
    assert result.code == 1, result
    assert result.out == ""
    assert result.err.count("\n") == 1, result
    assert result.err.startswith("parbleu: error: ")
    assert "Traceback" not in result.err
