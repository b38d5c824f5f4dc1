"""spBLEU tokenizers against sacreBLEU 2.6.0's ``tokenizer_spm`` (oracle) on the same model.

A small SentencePiece model is trained here with SentencePiece's own trainer, on the sample
text bundled with parbleu, and placed where sacreBLEU looks for its downloaded models
(``<SACREBLEU_DIR>/models/<file>``); sacreBLEU's tokenizer then loads it instead of
downloading. Pieces, signatures and BLEU scores must be identical.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from sacrebleu.metrics import BLEU as SacreBLEU

import parbleu
from parbleu.errors import InputError, OptionError
from parbleu.metrics.bleu import BleuOptions
from parbleu.scaling import parallel_chunked_statistics
from parbleu.tokenizers import TokenizerName, make_tokenizer
from parbleu.tokenizers.spm import SACREBLEU_MODEL_FILES, SentencePieceTokenizer

sentencepiece = pytest.importorskip("sentencepiece")
tokenizer_spm = pytest.importorskip("sacrebleu.tokenizers.tokenizer_spm")

SAMPLE = Path(parbleu.__file__).with_name("sample")
TRAINING = [
    line
    for path in sorted(SAMPLE.glob("*.txt"))
    for line in path.read_text(encoding="utf-8").splitlines()
]
LINES = [
    *TRAINING[:20],
    "Ünïcode, 漢字 and emoji 🙂 the model never saw",
    "  leading and trailing spaces  ",
    "tabs\tand\u3000ideographic spaces",
    "",
]
NAMES = ["flores101", "flores200", "spm", "spBLEU-1K"]


@pytest.fixture(scope="module")
def sacrebleu_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A sacreBLEU folder whose models/ holds the trained model under every spBLEU name."""
    root = tmp_path_factory.mktemp("sacrebleu")
    prefix = root / "trained"
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(TRAINING),
        model_prefix=str(prefix),
        vocab_size=300,
        hard_vocab_limit=False,
        character_coverage=1.0,
        minloglevel=2,
    )
    models = root / "models"
    models.mkdir()
    for name in set(SACREBLEU_MODEL_FILES.values()):
        (models / name).write_bytes(prefix.with_suffix(".model").read_bytes())
    return root


@pytest.fixture
def oracle(sacrebleu_dir: Path, monkeypatch: pytest.MonkeyPatch) -> object:
    monkeypatch.setattr(tokenizer_spm, "SACREBLEU_DIR", str(sacrebleu_dir))
    return tokenizer_spm


def _model(sacrebleu_dir: Path, name: str) -> Path:
    return sacrebleu_dir / "models" / SACREBLEU_MODEL_FILES[name]


# sacreBLEU's `spm` logs its deprecation with Logger.warn, itself deprecated in Python.
@pytest.mark.filterwarnings("ignore:The 'warn' method is deprecated:DeprecationWarning")
@pytest.mark.parametrize("name", NAMES)
def test_pieces_and_signature(sacrebleu_dir: Path, oracle: object, name: str) -> None:
    theirs = oracle.TokenizerSPM(name)  # type: ignore[attr-defined]
    ours = make_tokenizer(TokenizerName(name), spm_model=_model(sacrebleu_dir, name))
    assert ours.signature == theirs.signature()
    assert ours.tokenize_lines(LINES) == [theirs(line) for line in LINES]
    assert [ours.tokenize(line) for line in LINES] == [theirs(line) for line in LINES]


@pytest.mark.parametrize("name", ["flores101", "flores200"])
@pytest.mark.parametrize("lowercase", [False, True])
def test_bleu_scores(sacrebleu_dir: Path, oracle: object, name: str, lowercase: bool) -> None:
    refs = [(SAMPLE / f"ref.{k}.txt").read_text(encoding="utf-8").splitlines() for k in "AB"]
    hyps = (SAMPLE / "system-fair.txt").read_text(encoding="utf-8").splitlines()
    expected = SacreBLEU(tokenize=name, lowercase=lowercase)
    bleu = parbleu.BLEU(tokenize=name, lowercase=lowercase, spm_model=_model(sacrebleu_dir, name))
    score = bleu.corpus_score(hyps, refs)
    assert score.score == expected.corpus_score(hyps, refs).score
    assert f"tok:{name}" in str(score.signature)
    assert str(expected.get_signature()).split("|")[1:-1] == str(score.signature).split("|")[1:-1]


def test_a_model_is_required() -> None:
    with pytest.raises(OptionError, match="needs its SentencePiece model file"):
        parbleu.BLEU(tokenize="flores200")


def test_a_model_only_for_sentencepiece(sacrebleu_dir: Path) -> None:
    with pytest.raises(OptionError, match="spm_model applies to"):
        parbleu.BLEU(tokenize="13a", spm_model=_model(sacrebleu_dir, "spm"))


def test_missing_and_broken_model_files(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no such SentencePiece model file"):
        SentencePieceTokenizer("flores101", tmp_path / "absent.model")
    broken = tmp_path / "broken.model"
    broken.write_text("not a model")
    with pytest.raises(InputError, match="not a SentencePiece model"):
        SentencePieceTokenizer("flores101", broken)


def test_equality_follows_the_model(sacrebleu_dir: Path, tmp_path: Path) -> None:
    model = _model(sacrebleu_dir, "flores101")
    copy = tmp_path / "copy.model"
    copy.write_bytes(model.read_bytes())
    assert SentencePieceTokenizer("flores101", model) == SentencePieceTokenizer("flores101", model)
    assert SentencePieceTokenizer("flores101", model) != SentencePieceTokenizer("flores101", copy)
    assert SentencePieceTokenizer("flores101", model) != SentencePieceTokenizer("flores200", model)


def test_the_options_check_the_model_when_made(tmp_path: Path) -> None:
    """BleuOptions refuses what make_tokenizer would (sacreBLEU: these tokenizers need a model).

    No file is read here: the model is read when the tokenizer is made.
    """
    with pytest.raises(OptionError, match=r"'flores200' tokenizer needs .*/flores200sacrebleuspm"):
        BleuOptions(tokenize="flores200")
    with pytest.raises(OptionError, match="spm_model applies to"):
        BleuOptions(tokenize="intl", spm_model="model.spm")
    for bad in ("", 3, b"model.spm"):
        with pytest.raises(OptionError, match="spm_model must be a file path"):
            BleuOptions(tokenize="spm", spm_model=bad)
    path = tmp_path / "absent.model"
    assert BleuOptions(tokenize="spm", spm_model=path).spm_model == str(path)
    assert BleuOptions().spm_model is None
    with pytest.raises(OptionError, match="spm_model applies to"):
        replace(BleuOptions(tokenize="spm", spm_model=path), tokenize="13a")


def test_options_and_signature(sacrebleu_dir: Path, oracle: object, tmp_path: Path) -> None:
    """BLEU(options=BleuOptions(...)) is BLEU(...); the signature is sacreBLEU's (oracle).

    sacreBLEU's signature names the tokenizer, never the model file: two copies of one model
    give one signature.
    """
    hyps = (SAMPLE / "system-fair.txt").read_text(encoding="utf-8").splitlines()
    refs = [(SAMPLE / "ref.A.txt").read_text(encoding="utf-8").splitlines()]
    model = _model(sacrebleu_dir, "flores200")
    copy = tmp_path / "elsewhere.model"
    copy.write_bytes(model.read_bytes())
    by_options = parbleu.BLEU(options=BleuOptions(tokenize="flores200", spm_model=model))
    by_keywords = parbleu.BLEU(tokenize="flores200", spm_model=copy)
    expected = SacreBLEU(tokenize="flores200")
    score = by_options.corpus_score(hyps, refs)
    assert score.score == by_keywords.corpus_score(hyps, refs).score
    assert score.score == expected.corpus_score(hyps, refs).score
    assert str(by_options.signature()) == str(by_keywords.signature())
    assert str(expected.get_signature()).split("|")[:-1] == str(score.signature).split("|")[:-1]


def test_worker_processes_get_the_model(sacrebleu_dir: Path, oracle: object) -> None:
    """The metric pickles to worker processes with its model: sacreBLEU's score (oracle)."""
    hyps = (SAMPLE / "system-fair.txt").read_text(encoding="utf-8").splitlines()
    refs = [(SAMPLE / "ref.A.txt").read_text(encoding="utf-8").splitlines()]
    bleu = parbleu.BLEU(tokenize="flores101", spm_model=_model(sacrebleu_dir, "flores101"))
    result = parallel_chunked_statistics(bleu, hyps, refs, jobs=2, chunk_lines=len(hyps) // 2)
    expected = SacreBLEU(tokenize="flores101").corpus_score(hyps, refs).score
    assert bleu.score_totals(result.totals).score == expected
