"""``-l SRC-TRG`` with local reference files: the target language picks BLEU's tokenizer.

Oracle: sacreBLEU 2.6.0's command line on the same files (scores, signatures, and its warning
when ``-tok`` overrides the target language's tokenizer).
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from parbleu.cli.languages import TARGET_TOKENIZERS
from parbleu.cli.main import run
from tests.wmt import WmtData

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
REF, HYP = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "system-fair.txt")

#: Korean written for this test (no Korean data is shared).
KOREAN_REF = ["오늘은 날씨가 아주 좋습니다.", "저는 학교에 갑니다.", "이 책은 정말 재미있어요."]
KOREAN_HYP = ["오늘 날씨가 좋습니다.", "나는 학교에 간다.", "이 책은 매우 재미있다."]


def ours(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def theirs(*argv: str) -> tuple[str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv], capture_output=True, text=True, check=True
    )
    return done.stdout, done.stderr


def same(text: str) -> str:
    return text.replace("version:parbleu-0.1.0", "version:2.6.0")


def test_the_map_is_sacrebleus() -> None:
    from sacrebleu.metrics.bleu import BLEU  # noqa: PLC0415

    assert TARGET_TOKENIZERS == BLEU._TOKENIZER_MAP


@pytest.fixture(scope="module")
def korean(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    folder = tmp_path_factory.mktemp("korean")
    ref, hyp = folder / "ref.ko", folder / "hyp.ko"
    ref.write_text("\n".join(KOREAN_REF) + "\n", encoding="utf-8")
    hyp.write_text("\n".join(KOREAN_HYP) + "\n", encoding="utf-8")
    return str(ref), str(hyp)


@pytest.mark.parametrize(
    "options",
    [
        ["-l", "en-ko"],
        ["-l", "en-ko", "-tok", "char"],
        ["-l", "ko-en"],
        ["-l", "en-ko", "-m", "bleu", "chrf", "ter"],
    ],
)
def test_korean_target(korean: tuple[str, str], options: list[str]) -> None:
    ref, hyp = korean
    code, out, err = ours(ref, "-i", hyp, "-f", "text", *options)
    expected_out, expected_err = theirs(ref, "-i", hyp, "-f", "text", *options)
    assert code == 0
    assert same(out) == expected_out
    warned = "Consider using the 'ko-mecab' or 'spm' tokenizer for Korean." in expected_err
    assert ("Consider using the 'ko-mecab'" in err) == warned


@pytest.mark.shared_data
@pytest.mark.parametrize(
    ("pair", "options"),
    [
        ("en-ja", ["-l", "en-ja", "-b"]),  # sacreBLEU's README: kyoto-test ... -l en-ja -b
        ("en-ja", ["-l", "en-ja", "-f", "text"]),
        ("en-ja", ["-l", "en-ja", "-tok", "char", "-f", "text"]),
        ("en-zh", ["-l", "en-zh", "-f", "text"]),
        ("en-zh", ["-l", "en-zh", "-m", "bleu", "chrf", "ter", "-f", "text"]),
        ("en-zh", ["-l", "en-zh", "-tok", "13a", "-f", "text"]),
        ("ja-en", ["-l", "ja-en", "-f", "text"]),
    ],
)
def test_shared_pairs(shared_data: WmtData, pair: str, options: list[str]) -> None:
    folder = shared_data.pair(pair).folder
    ref, hyp = str(folder / "ref.A.txt"), str(folder / "sys" / "Online-W.txt")
    code, out, err = ours(ref, "-i", hyp, *options)
    expected_out, expected_err = theirs(ref, "-i", hyp, *options)
    assert code == 0
    assert same(out) == expected_out
    for advice in ("'zh' or 'spm' tokenizer for Chinese", "'ja-mecab' or 'spm' tokenizer"):
        assert (advice in err) == (advice in expected_err)


def test_nist_takes_the_target_language_tokenizer_too(tmp_path: Path) -> None:
    """NIST shares -tok with BLEU, so -l en-zh gives it zh: the same as -tok zh (parbleu's rule;
    sacreBLEU has no NIST)."""
    ref = tmp_path / "ref.zh"
    hyp = tmp_path / "hyp.zh"
    ref.write_text("我们今天去公园散步。\n他喜欢读书和写字。\n", encoding="utf-8")
    hyp.write_text("我们今天去公园走路。\n他喜欢读书。\n", encoding="utf-8")
    with_pair = ours(str(ref), "-i", str(hyp), "-m", "nist", "-l", "en-zh", "-f", "text")
    with_tok = ours(str(ref), "-i", str(hyp), "-m", "nist", "-tok", "zh", "-f", "text")
    assert with_pair == with_tok
    assert "tok:zh" in with_pair[1]


@pytest.mark.parametrize("pair", ["en", "en-", "-de", "en-de-fr", ""])
def test_malformed_pairs(pair: str) -> None:
    code, out, err = ours(REF, "-i", HYP, f"--language-pair={pair}")
    assert (code, out) == (2, "")
    assert err == (
        f"parbleu: error: -l/--language-pair takes SRC-TRG, for example en-de; got {pair!r}\n"
    )


def test_quiet_silences_the_advice(korean: tuple[str, str]) -> None:
    ref, hyp = korean
    assert ours(ref, "-i", hyp, "-l", "en-ko", "-tok", "13a", "-q")[2] == ""
