"""parbleu.compat's significance tests, tokenizers and deliberate differences (oracle: sacreBLEU).

Paired tests and tokenizers are compared with sacreBLEU 2.6.0's; the places where parbleu
deliberately differs (no silent truncation, no downloads, arguments never modified) are
pinned, each next to what sacreBLEU does.
"""

from __future__ import annotations

import gzip
import logging
from pathlib import Path

import pytest
import sacrebleu
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.significance import PairedTest as SacrePairedTest
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a as Sacre13a
from sacrebleu.tokenizers.tokenizer_char import TokenizerChar as SacreChar
from sacrebleu.tokenizers.tokenizer_intl import TokenizerV14International as SacreIntl
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer as SacreTercom
from sacrebleu.tokenizers.tokenizer_zh import TokenizerZh as SacreZh

import parbleu
import parbleu.compat as compat
from parbleu.compat.significance import PairedTest
from parbleu.compat.tokenizers.bleu_tokenizers import (
    Tokenizer13a,
    TokenizerChar,
    TokenizerV14International,
    TokenizerZh,
)
from parbleu.compat.tokenizers.tokenizer_ter import TercomTokenizer
from tests.compat.test_compat_scores import HYPS, REFS, SYSTEMS

LINES = [
    *HYPS[:5],
    "Jim's car (the red one) costs $4.20 -- isn't it?  ",
    "A &amp; B &quot;quoted&quot; 3-4 p.m., 1,000.5  \t",
    "美众院公布对特朗普的弹劾调查，りの拳銃を持 «guillemets» … —",
    "",
    "   ",
]


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (Tokenizer13a, Sacre13a),
        (TokenizerV14International, SacreIntl),
        (TokenizerZh, SacreZh),
        (TokenizerChar, SacreChar),
    ],
)
def test_bleu_tokenizers(ours: type, theirs: type) -> None:
    tokenizer, oracle = ours(), theirs()
    assert tokenizer.signature() == oracle.signature()
    for line in LINES:
        assert tokenizer(line) == oracle(line)


@pytest.mark.parametrize(
    "flags", [(a, b, c, d) for a in (0, 1) for b in (0, 1) for c in (0, 1) for d in (0, 1)]
)
def test_tercom_tokenizer(flags: tuple[int, ...]) -> None:
    tokenizer, oracle = TercomTokenizer(*map(bool, flags)), SacreTercom(*map(bool, flags))
    assert tokenizer.signature() == oracle.signature()
    for line in LINES:
        assert tokenizer(line) == oracle(line)


@pytest.mark.parametrize("name", ["13a", "intl", "zh", "char", "none", "ja-mecab", "ko-mecab"])
def test_metric_tokenizer_attribute(name: str) -> None:
    tokenizer, oracle = compat.BLEU(tokenize=name).tokenizer, SacreBLEU(tokenize=name).tokenizer
    assert tokenizer.signature() == oracle.signature()
    for line in LINES:
        assert tokenizer(line) == oracle(line)


def _systems() -> list[tuple[str, list[str]]]:
    return list(SYSTEMS.items())


def _metrics(module: object) -> dict[str, object]:
    return {
        "BLEU": module.BLEU(references=REFS),
        "chrF": module.CHRF(references=REFS, word_order=2),
        "TER": module.TER(references=REFS),
    }


@pytest.mark.parametrize(
    ("test_type", "n_samples", "n_ar_confidence"), [("bs", 300, -1), ("ar", 400, 120)]
)
def test_paired_tests(
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    test_type: str,
    n_samples: int,
    n_ar_confidence: int,
) -> None:
    """Values, their types (NumPy float32 means of chrF and TER) and sacreBLEU's log lines."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    arguments = {"test_type": test_type, "n_samples": n_samples, "n_ar_confidence": n_ar_confidence}
    with caplog.at_level(logging.INFO, logger="sacrebleu"):
        theirs_sigs, theirs = SacrePairedTest(_systems(), _metrics(sacrebleu), None, **arguments)()
        their_log = [record.getMessage() for record in caplog.records]
        caplog.clear()
        ours_sigs, ours = PairedTest(_systems(), _metrics(compat), None, **arguments)()
        our_log = [record.getMessage() for record in caplog.records]
    assert our_log == their_log
    assert list(ours) == list(theirs)
    assert ours["System"] == theirs["System"]
    for name in list(ours)[1:]:
        assert [vars(r) for r in ours[name]] == [vars(r) for r in theirs[name]], name
        for mine, their in zip(ours[name], theirs[name], strict=True):
            assert {k: type(v) for k, v in vars(mine).items()} == {
                k: type(v) for k, v in vars(their).items()
            }, name
        version = f"parbleu-{parbleu.__version__}"
        assert str(ours_sigs[name]).replace(version, "2.6.0") == str(theirs_sigs[name])


def test_paired_test_with_references_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    args = {"test_type": "bs", "n_samples": 100}
    _, theirs = SacrePairedTest(_systems(), {"BLEU": SacreBLEU()}, REFS, **args)()
    _, ours = PairedTest(_systems(), {"BLEU": compat.BLEU()}, REFS, **args)()
    assert [vars(r) for r in ours["BLEU"]] == [vars(r) for r in theirs["BLEU"]]


@pytest.mark.parametrize(("trg_lang", "tok"), [("zh", "zh"), ("ja", "ja-mecab"), ("de", "13a")])
def test_target_language_chooses_the_tokenizer(trg_lang: str, tok: str) -> None:
    metric, oracle = compat.BLEU(trg_lang=trg_lang), SacreBLEU(trg_lang=trg_lang)
    assert metric.corpus_score(HYPS, REFS).score == oracle.corpus_score(HYPS, REFS).score
    assert metric.tokenizer_signature == oracle.tokenizer_signature
    assert metric.tokenizer_signature.startswith(tok)


def test_target_language_warning(caplog: pytest.LogCaptureFixture) -> None:
    compat.BLEU(tokenize="13a", trg_lang="zh")
    assert "Consider using the 'zh' or 'spm' tokenizer for Chinese." in caplog.text


def test_signature_before_any_score() -> None:
    with pytest.raises(ValueError, match="Number of references unknown"):
        SacreBLEU().get_signature()
    with pytest.raises(ValueError, match="Number of references unknown"):
        compat.BLEU().get_signature()


def test_length_mismatch_is_refused_where_sacrebleu_truncates() -> None:
    """sacreBLEU scores the first 29 segments only; parbleu refuses (its issues #220, #275)."""
    short_refs = [ref[:29] for ref in REFS]
    truncated = SacreBLEU().corpus_score(HYPS, short_refs).score
    assert truncated == SacreBLEU().corpus_score(HYPS[:29], short_refs).score
    for metric in (compat.BLEU(), compat.CHRF(), compat.TER()):
        with pytest.raises(parbleu.LengthMismatchError, match="29 segments but there are 30"):
            metric.corpus_score(HYPS, short_refs)
    with pytest.raises(parbleu.LengthMismatchError):
        compat.corpus_bleu(HYPS[:29], REFS)


@pytest.mark.parametrize("value", [None, 2, 0.5, 0])
def test_add_k_counts_carry_k_as_sacrebleu_returns_them(value: float | None) -> None:
    """sacreBLEU returns counts and totals with k added for n >= 2 (evaluate, MATEO read them)."""
    theirs = sacrebleu.corpus_bleu(HYPS, REFS, smooth_method="add-k", smooth_value=value)
    ours = compat.corpus_bleu(HYPS, REFS, smooth_method="add-k", smooth_value=value)
    plain = sacrebleu.corpus_bleu(HYPS, REFS)
    assert vars(ours) == vars(theirs)
    assert [type(c) for c in ours.counts + ours.totals] == [
        type(c) for c in theirs.counts + theirs.totals
    ]
    k = 1 if value is None else value
    assert theirs.counts == [plain.counts[0], *(c + k for c in plain.counts[1:])]
    sentence = compat.sentence_bleu(HYPS[0], [REFS[0][0]], smooth_method="add-k")
    assert vars(sentence) == vars(
        sacrebleu.sentence_bleu(HYPS[0], [REFS[0][0]], smooth_method="add-k")
    )


def test_compute_bleu_leaves_its_arguments_alone() -> None:
    correct, total = [4, 2, 1, 0], [6, 5, 4, 3]
    compat.BLEU.compute_bleu(correct, total, 6, 6, smooth_method="add-k")
    assert (correct, total) == ([4, 2, 1, 0], [6, 5, 4, 3])


def test_options_are_read_only() -> None:
    metric = compat.BLEU(lowercase=True)
    assert metric.lowercase is True
    with pytest.raises(AttributeError):
        metric.lowercase = False  # type: ignore[misc]


def test_test_sets_are_sacrebleus_registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Oracle: sacreBLEU's DATASETS (tests/testsets/test_compat.py tests the rest)."""
    assert compat.DATASETS["wmt17"].data == sacrebleu.DATASETS["wmt17"].data
    assert compat.DATASETS.get("wmt99") is None
    assert list(compat.dataset.DATASETS)[:67] == list(sacrebleu.DATASETS)
    monkeypatch.setenv("SACREBLEU", str(tmp_path))
    with pytest.raises(LookupError, match="No such test set wmt99"):
        compat.get_source_file("wmt99", "en-de")


def test_alias_modules_cover_what_sacrebleus_tests_import() -> None:
    modules = compat.alias_modules()
    assert modules["sacrebleu"] is compat
    assert modules["sacrebleu.metrics"].BLEU is compat.BLEU
    assert modules["sacrebleu.significance"].PairedTest is PairedTest
    assert modules["sacrebleu.utils"].smart_open is compat.smart_open
    assert modules["sacrebleu.dataset"].DATASETS is compat.DATASETS
    assert modules["sacrebleu.tokenizers.tokenizer_ter"].TercomTokenizer is TercomTokenizer
    assert modules["sacrebleu.compat"].sentence_bleu is compat.sentence_bleu
    assert modules["sacrebleu.tokenizers.tokenizer_13a"].Tokenizer13a is Tokenizer13a
    assert all(name == "sacrebleu" or name.startswith("sacrebleu.") for name in modules)


def test_ngram_helpers() -> None:
    for line in LINES:
        tokens = line.split()
        for n in (1, 2, 3):
            assert compat.extract_word_ngrams(tokens, n) == sacrebleu.extract_word_ngrams(tokens, n)
            for space in (False, True):
                ours = compat.extract_char_ngrams(line, n, space)
                assert ours == sacrebleu.extract_char_ngrams(line, n, space)


def test_smart_open(tmp_path: Path) -> None:
    plain, packed = tmp_path / "a.txt", tmp_path / "a.txt.gz"
    plain.write_text("one\r\ntwo\n", encoding="utf-8")
    packed.write_bytes(gzip.compress(b"one\r\ntwo\n"))
    for path in (plain, packed):
        with compat.smart_open(str(path)) as ours, sacrebleu.smart_open(str(path)) as theirs:
            assert ours.readlines() == theirs.readlines() == ["one\r\n", "two\n"]


def test_version_is_the_api_emulated() -> None:
    assert compat.__version__ == sacrebleu.__version__ == "2.6.0"


def test_every_sacrebleu_module_path_is_a_module_path_here() -> None:
    """``import parbleu.compat.utils`` (and every module alias_modules serves) imports."""
    import importlib  # noqa: PLC0415

    for name, module in compat.alias_modules().items():
        own = name.replace("sacrebleu", "parbleu.compat", 1)
        assert importlib.import_module(own) is module, name


@pytest.mark.parametrize("beta", [1.5, 2.0, 0.5])
def test_fractional_beta_is_sacrebleus(beta: float) -> None:
    ours, theirs = compat.CHRF(beta=beta, word_order=2), sacrebleu.CHRF(beta=beta, word_order=2)
    mine, their = (
        ours.corpus_score(HYPS, REFS, n_bootstrap=50),
        theirs.corpus_score(HYPS, REFS, n_bootstrap=50),
    )
    assert (mine.name, mine.score, mine.beta) == (their.name, their.score, their.beta)
    assert (mine._mean, mine._ci) == (their._mean, their._ci)
    assert (type(mine._mean), type(mine._ci)) == (type(their._mean), type(their._ci))
    sentence = ours.sentence_score(HYPS[0], [REFS[0][0], REFS[1][0]])
    assert sentence.score == theirs.sentence_score(HYPS[0], [REFS[0][0], REFS[1][0]]).score
