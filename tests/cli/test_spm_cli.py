"""spBLEU on the command line: ``-tok flores101/flores200/spm/spBLEU-1K``, the model from
``--spm-model`` or from sacreBLEU's cache (``$SACREBLEU/models/``).

Oracle: sacreBLEU 2.6.0's command line with the same cache; a small SentencePiece model is
trained here with SentencePiece's own trainer and placed where sacreBLEU looks, so that
sacreBLEU loads it instead of downloading.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import parbleu
from parbleu.cli.main import run
from parbleu.tokenizers.spm import SACREBLEU_MODEL_FILES

sentencepiece = pytest.importorskip("sentencepiece")

SAMPLE = Path(parbleu.__file__).with_name("sample")
REF, HYP = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "system-fair.txt")
NAMES = ["flores101", "flores200", "spm", "spBLEU-1K"]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sacreBLEU cache whose models/ holds a model trained on the sample, under every name."""
    root = tmp_path_factory.mktemp("sacrebleu")
    prefix = root / "trained"
    lines = [
        line
        for path in sorted(SAMPLE.glob("*.txt"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_prefix=str(prefix),
        vocab_size=300,
        hard_vocab_limit=False,
        character_coverage=1.0,
        minloglevel=2,
    )
    (root / "models").mkdir()
    for name in set(SACREBLEU_MODEL_FILES.values()):
        (root / "models" / name).write_bytes(prefix.with_suffix(".model").read_bytes())
    return root


def ours(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(), out, err)
    return code, out.getvalue(), err.getvalue()


def theirs(cache: Path, *argv: str) -> str:
    env = os.environ | {"SACREBLEU": str(cache), "HTTPS_PROXY": "http://127.0.0.1:9"}
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return done.stdout


@pytest.mark.parametrize("name", NAMES)
def test_model_from_the_cache(cache: Path, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SACREBLEU", str(cache))
    argv = [REF, "-i", HYP, "-tok", name, "-f", "text", "-w", "4"]
    code, out, _ = ours(*argv)
    assert code == 0
    assert out.replace("version:parbleu-0.1.0", "version:2.6.0") == theirs(cache, *argv)


def test_model_given_explicitly(cache: Path, tmp_path: Path) -> None:
    model = cache / "models" / SACREBLEU_MODEL_FILES["flores200"]
    argv = [REF, "-i", HYP, "-tok", "flores200", "-b", "-w", "6"]
    empty = ["--cache-dir", str(tmp_path)]
    assert ours(*argv, "--spm-model", str(model), *empty) == (0, theirs(cache, *argv), "")


def test_missing_model_says_where_and_from_where(tmp_path: Path) -> None:
    """No SHA-256 sum of the model is pinned: parbleu does not fetch it unchecked."""
    code, out, err = ours(REF, "-i", HYP, "-tok", "flores200", "--cache-dir", str(tmp_path))
    path = tmp_path / "models" / "flores200sacrebleuspm"
    assert (code, out) == (2, "")
    assert err == (
        "parbleu: error: the 'flores200' SentencePiece model has no pinned SHA-256 sum, so "
        "parbleu does not fetch it unchecked: pass --allow-unpinned-model to fetch "
        "https://tinyurl.com/flores200sacrebleuspm as it is, give the file with --spm-model "
        f"FILE, or place it at {path}\n"
    )


def test_a_model_needs_an_spbleu_tokenizer(cache: Path) -> None:
    model = str(cache / "models" / "flores200sacrebleuspm")
    code, _, err = ours(REF, "-i", HYP, "--spm-model", model)
    assert code == 2
    assert "spm_model applies to the flores101, flores200, spm, spBLEU-1K tokenizers" in err


def test_nist_refuses_spbleu_tokenizers(cache: Path) -> None:
    code, out, err = ours(
        REF, "-i", HYP, "-m", "bleu", "nist", "-tok", "flores101", "--cache-dir", str(cache)
    )
    assert (code, out) == (2, "")
    assert err.startswith("parbleu: error: NIST cannot use the 'flores101' tokenizer")
    assert "score spBLEU and NIST in separate runs" in err
