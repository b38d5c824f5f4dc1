"""spBLEU's tokenizers (``flores101``, ``flores200``, ``spm``, ``spBLEU-1K``): SentencePiece.

Goyal et al. (2022, the FLORES-101 paper) score BLEU over SentencePiece pieces so that one
tokenizer serves every language; sacreBLEU 2.6.0 offers it as ``-tok flores101`` (``spm`` is
its older name, with the same model and signature), ``flores200`` (NLLB Team 2022) and
``spBLEU-1K``. A line becomes ``" ".join(processor.EncodeAsPieces(line))``, exactly as in
sacreBLEU's ``tokenizer_spm.py``.

sacreBLEU downloads each model into ``$SACREBLEU/models/`` on first use. parbleu never
downloads and reads no environment variable: the model file is an explicit option,
``BLEU(tokenize="flores200", spm_model="path/to/model")`` (the field
`parbleu.metrics.bleu.BleuOptions.spm_model`, checked by `parbleu.tokenizers.check_spm_model`;
``make_tokenizer(name, spm_model=...)``). Give the file sacreBLEU would use
(`SACREBLEU_MODEL_FILES` names it) to get sacreBLEU's scores; the signature says only the
tokenizer's name, as sacreBLEU's does.
Needs the ``spm`` extra: ``pip install 'parbleu[spm]'``.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from parbleu.errors import InputError, MissingDependencyError, OptionError
from parbleu.tokenizers.base import Tokenizer

__all__ = ["SACREBLEU_MODEL_FILES", "SentencePieceTokenizer"]

#: The model file name sacreBLEU 2.6.0 keeps in ``~/.sacrebleu/models/`` for each tokenizer
#: (the base name of the URL it downloads from).
SACREBLEU_MODEL_FILES: dict[str, str] = {
    "spm": "sacrebleu_tokenizer_spm.model",
    "flores101": "sacrebleu_tokenizer_spm.model",
    "flores200": "flores200sacrebleuspm",
    "spBLEU-1K": "spbleu-1k_tokenizer_spm.model",
}

#: The ``tok:`` signature value of each name, as sacreBLEU writes it (``spm`` is flores101).
_SIGNATURES = {"spm": "flores101", "flores101": "flores101", "flores200": "flores200"}


def _load_processor(model: Path, name: str) -> Any:
    try:
        sentencepiece = importlib.import_module("sentencepiece")
    except ImportError as exc:
        raise MissingDependencyError(
            f"the {name!r} tokenizer needs the Python package 'sentencepiece'; "
            "install it with: pip install 'parbleu[spm]'"
        ) from exc
    if not model.is_file():
        raise InputError(
            f"{model}: no such SentencePiece model file for the {name!r} tokenizer "
            f"(sacreBLEU keeps it as ~/.sacrebleu/models/{SACREBLEU_MODEL_FILES[name]})"
        )
    processor = sentencepiece.SentencePieceProcessor()
    try:
        processor.Load(str(model))
    except (OSError, RuntimeError) as exc:
        raise InputError(f"{model}: not a SentencePiece model ({exc})") from exc
    return processor


class SentencePieceTokenizer(Tokenizer):
    """A line split into the pieces of a SentencePiece model, as sacreBLEU's ``TokenizerSPM``.

    Args:
        name: ``flores101``, ``flores200``, ``spm`` or ``spBLEU-1K`` (the signature value).
        model: path of the ``.model`` file.
    """

    def __init__(self, name: str, model: str | os.PathLike[str]) -> None:
        if name not in SACREBLEU_MODEL_FILES:
            known = ", ".join(SACREBLEU_MODEL_FILES)
            raise OptionError(f"SentencePiece tokenizers are {known}; got {name!r}")
        self.name = name
        self.model = Path(model)
        self._processor = _load_processor(self.model, name)

    @property
    def signature(self) -> str:
        """``flores101`` (also for ``spm``), ``flores200`` or ``spBLEU-1K``, as sacreBLEU."""
        return _SIGNATURES.get(self.name, self.name)

    def tokenize(self, line: str) -> str:
        """The pieces of one line, separated by single spaces."""
        return " ".join(self._processor.EncodeAsPieces(line))

    def tokenize_lines(self, lines: Sequence[str]) -> list[str]:
        """The pieces of many lines, encoded by SentencePiece in one batch call."""
        if not lines:
            return []
        pieces = self._processor.Encode(list(lines), out_type=str)
        return [" ".join(line) for line in pieces]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, {str(self.model)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SentencePieceTokenizer):
            return False
        return (self.name, self.model.resolve()) == (other.name, other.model.resolve())

    def __hash__(self) -> int:
        return hash((self.name, self.model.resolve()))
