"""BLEU tokenizers, each identical to the sacreBLEU 2.6.0 tokenizer of the same name.

A tokenizer's module is imported when the tokenizer is made, so that naming tokenizers (the
command line's choices) costs nothing.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import TYPE_CHECKING

from parbleu.errors import OptionError
from parbleu.options import Choice

if TYPE_CHECKING:
    from parbleu.tokenizers.base import Tokenizer

__all__ = [
    "SENTENCEPIECE_TOKENIZERS",
    "TokenizerName",
    "check_spm_model",
    "make_tokenizer",
]


class TokenizerName(Choice):
    """The tokenizers parbleu offers, by the name sacreBLEU gives them."""

    MTEVAL_13A = "13a"
    INTL = "intl"
    ZH = "zh"
    ZH_FIXED = "zh-fixed"
    CHAR = "char"
    NONE = "none"
    JA_MECAB = "ja-mecab"
    KO_MECAB = "ko-mecab"
    FLORES101 = "flores101"
    FLORES200 = "flores200"
    SPM = "spm"
    SPBLEU_1K = "spBLEU-1K"


#: The module and class of every tokenizer but the SentencePiece ones.
_CLASSES: dict[TokenizerName, tuple[str, str]] = {
    TokenizerName.MTEVAL_13A: ("mteval", "Mteval13a"),
    TokenizerName.INTL: ("intl", "International"),
    TokenizerName.ZH: ("zh", "Chinese"),
    TokenizerName.ZH_FIXED: ("zh", "ChineseFixed"),
    TokenizerName.CHAR: ("simple", "CharacterTokenizer"),
    TokenizerName.NONE: ("simple", "WhitespaceTokenizer"),
    TokenizerName.JA_MECAB: ("mecab", "JapaneseMecab"),
    TokenizerName.KO_MECAB: ("mecab", "KoreanMecab"),
}


#: The spBLEU tokenizers: SentencePiece with a model file (`parbleu.tokenizers.spm`).
SENTENCEPIECE_TOKENIZERS = (
    TokenizerName.FLORES101,
    TokenizerName.FLORES200,
    TokenizerName.SPM,
    TokenizerName.SPBLEU_1K,
)


def check_spm_model(name: TokenizerName, spm_model: object) -> str | None:
    """The SentencePiece model path `name` needs, as a string (None for other tokenizers).

    The spBLEU tokenizers (``flores101``, ``flores200``, ``spm``, ``spBLEU-1K``) need one;
    the others refuse one. The file itself is read when the tokenizer is made.

    Raises:
        OptionError: an spBLEU tokenizer without ``spm_model``, a model for another
            tokenizer, or a value that is not a path.
    """
    if name not in SENTENCEPIECE_TOKENIZERS:
        if spm_model is not None:
            names = ", ".join(t.value for t in SENTENCEPIECE_TOKENIZERS)
            raise OptionError(
                f"spm_model applies to the {names} tokenizers only; tokenize is {name}"
            )
        return None
    if spm_model is None:
        from parbleu.tokenizers.spm import SACREBLEU_MODEL_FILES  # noqa: PLC0415

        raise OptionError(
            f"the {name.value!r} tokenizer needs its SentencePiece model file: pass "
            "spm_model=PATH (parbleu never downloads; sacreBLEU keeps it as "
            f"~/.sacrebleu/models/{SACREBLEU_MODEL_FILES[name.value]})"
        )
    path = os.fspath(spm_model) if isinstance(spm_model, (str, os.PathLike)) else None
    if not isinstance(path, str) or not path:
        raise OptionError(f"spm_model must be a file path; got {spm_model!r}")
    return path


def make_tokenizer(
    name: TokenizerName, *, spm_model: str | os.PathLike[str] | None = None
) -> Tokenizer:
    """Create the tokenizer called `name` (MeCab ones raise if their extra is missing).

    ``spm_model`` is the SentencePiece model file of the spBLEU tokenizers (``flores101``,
    ``flores200``, ``spm``, ``spBLEU-1K``), which need one; other tokenizers refuse it.

    Raises:
        OptionError: as `check_spm_model`.
    """
    model = check_spm_model(name, spm_model)
    if model is not None:
        from parbleu.tokenizers.spm import SentencePieceTokenizer  # noqa: PLC0415

        return SentencePieceTokenizer(name.value, model)
    module_name, cls = _CLASSES[name]
    path = f"parbleu.tokenizers.{module_name}"
    # Imported once; later metrics (one per call in ``sentence_bleu``) find it in sys.modules.
    module = sys.modules.get(path) or importlib.import_module(path)
    made: Tokenizer = getattr(module, cls)()
    return made
