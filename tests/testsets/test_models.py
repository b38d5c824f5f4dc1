"""spBLEU's SentencePiece models fetched into the cache, checked against a pinned SHA-256.

Oracles: a small model trained here with SentencePiece's own trainer and served by the
loopback mirror, its SHA-256 computed with hashlib; the scores of the same model given with
``--spm-model``; the files on disk after a refused download (none).
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
from collections.abc import Iterator
from pathlib import Path

import pytest

import parbleu
from parbleu.cli.main import run
from parbleu.errors import DownloadError, InputError, OptionError
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.models import fetch_model
from parbleu.testsets.registry.models import SPM_MODELS, SpmModel
from parbleu.testsets.settings import FetchSettings
from tests.testsets.archives import mirror_path
from tests.testsets.mirror import Mirror

sentencepiece = pytest.importorskip("sentencepiece")

SAMPLE = Path(parbleu.__file__).with_name("sample")
REF, HYP = str(SAMPLE / "ref.A.txt"), str(SAMPLE / "system-fair.txt")
URL = SPM_MODELS["flores101"].url


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    prefix = tmp_path_factory.mktemp("spm") / "trained"
    lines = [line for p in sorted(SAMPLE.glob("*.txt")) for line in p.read_text().splitlines()]
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(lines),
        model_prefix=str(prefix),
        vocab_size=300,
        hard_vocab_limit=False,
        character_coverage=1.0,
        minloglevel=2,
    )
    return prefix.with_suffix(".model").read_bytes()


@pytest.fixture
def mirror(model: bytes) -> Iterator[Mirror]:
    with Mirror({mirror_path(URL): model}).running() as running:
        yield running


def _pinned(sha256: str) -> dict[str, SpmModel]:
    return {"flores101": dataclasses.replace(SPM_MODELS["flores101"], sha256=sha256)}


def test_a_pinned_model_is_fetched_and_checked(
    tmp_path: Path, model: bytes, mirror: Mirror
) -> None:
    settings = FetchSettings(mirror=mirror.url, backoff=0)
    sha256 = hashlib.sha256(model).hexdigest()
    path = fetch_model("flores101", SacrebleuCache(tmp_path), settings, _pinned(sha256))
    assert path == tmp_path / "models" / "sacrebleu_tokenizer_spm.model"
    assert path.read_bytes() == model
    path.write_bytes(b"a damaged copy")
    assert (
        fetch_model("flores101", SacrebleuCache(tmp_path), settings, _pinned(sha256)).read_bytes()
        == model
    )
    assert mirror.count(URL) == 2


def test_a_model_that_is_not_the_pinned_one_is_refused(
    tmp_path: Path, model: bytes, mirror: Mirror
) -> None:
    settings = FetchSettings(mirror=mirror.url, backoff=0)
    with pytest.raises(DownloadError) as caught:
        fetch_model("flores101", SacrebleuCache(tmp_path), settings, _pinned("0" * 64))
    assert f"SHA-256 expected {'0' * 64}, received {hashlib.sha256(model).hexdigest()}" in str(
        caught.value
    )
    assert [p.name for p in (tmp_path / "models").iterdir()] == [
        "sacrebleu_tokenizer_spm.model.lock"
    ]


def test_an_unpinned_model_needs_to_be_allowed(tmp_path: Path, mirror: Mirror) -> None:
    with pytest.raises(OptionError, match="--allow-unpinned-model"):
        fetch_model("flores101", SacrebleuCache(tmp_path), FetchSettings(mirror=mirror.url))
    offline = FetchSettings(offline=True, allow_unpinned_models=True)
    with pytest.raises(InputError, match="downloads are off"):
        fetch_model("flores101", SacrebleuCache(tmp_path), offline)
    assert not tmp_path.joinpath("models").exists()
    assert mirror.count(URL) == 0


def test_the_command_line_fetches_an_allowed_model_and_scores_with_it(
    tmp_path: Path, model: bytes, mirror: Mirror
) -> None:
    given = tmp_path / "given.model"
    given.write_bytes(model)

    def ours(*argv: str) -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        return (
            run([REF, "-i", HYP, "-tok", "flores101", "-b", *argv], None, out, err),
            out.getvalue(),
            err.getvalue(),
        )

    fetched = ours(
        "--allow-unpinned-model", "--mirror", mirror.url, "--cache-dir", str(tmp_path), "-q"
    )
    assert fetched == ours("--spm-model", str(given))
    assert (tmp_path / "models" / "sacrebleu_tokenizer_spm.model").read_bytes() == model
