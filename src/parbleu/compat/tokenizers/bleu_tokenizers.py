"""sacreBLEU 2.6.0's BLEU tokenizer classes, each a callable over parbleu's tokenizer.

sacreBLEU keeps one module per tokenizer (``tokenizer_13a``, ``tokenizer_intl``, ...); the
classes all live here, and modules of those names (`parbleu.compat.tokenizers.tokenizer_13a`
...) import them, so that sacreBLEU's module paths exist here too. A tokenizer is called on
one line and returns its tokens joined by spaces; ``signature()`` gives the ``tok:`` value.
spBLEU's tokenizers take the SentencePiece model file as ``model`` (sacreBLEU downloads it
into ``~/.sacrebleu/models/``).
"""

from __future__ import annotations

import os

from parbleu.errors import OptionError
from parbleu.options import coerce_enum
from parbleu.tokenizers import (
    SENTENCEPIECE_TOKENIZERS,
    TokenizerName,
    make_tokenizer,
)
from parbleu.tokenizers.base import Tokenizer
from parbleu.tokenizers.simple import CharacterTokenizer, WhitespaceTokenizer

__all__ = [
    "TOKENIZERS",
    "BaseTokenizer",
    "Flores101Tokenizer",
    "Flores200Tokenizer",
    "NoneTokenizer",
    "Tokenizer13a",
    "TokenizerAdapter",
    "TokenizerChar",
    "TokenizerJaMecab",
    "TokenizerKoMecab",
    "TokenizerSPM",
    "TokenizerV14International",
    "TokenizerZh",
    "spBLEU1KTokenizer",
    "tokenizer_for",
]

#: The names sacreBLEU 2.6.0's ``BLEU.TOKENIZERS`` lists, in its order.
TOKENIZERS = (
    "none",
    "zh",
    "13a",
    "intl",
    "char",
    "ja-mecab",
    "ko-mecab",
    "spm",
    "flores101",
    "flores200",
    "spBLEU-1K",
)


#: Tokenizers whose ``tokenize(line)`` is ``" ".join(tokens(line))`` for every line (their
#: ``tokenize`` joins its own ``split()``).
_JOINED_TOKENS = ("13a", "intl")


class BaseTokenizer:
    """sacreBLEU's tokenizer interface: ``signature()`` and a call on one line."""

    def signature(self) -> str:
        """The ``tok:`` value of the signature."""
        raise NotImplementedError

    def __call__(self, line: str) -> str:
        """The tokens of `line`, separated by single spaces."""
        raise NotImplementedError


class TokenizerAdapter(BaseTokenizer):
    """A parbleu tokenizer (`parbleu.tokenizers.Tokenizer`) behind sacreBLEU's interface."""

    def __init__(self, tokenizer: Tokenizer) -> None:
        self._tokenizer = tokenizer
        # These give the tokens of `tokenize` joined by single spaces, faster by `tokens`.
        self._joins_tokens = tokenizer.name in _JOINED_TOKENS

    def signature(self) -> str:
        """The ``tok:`` value of the signature (sacreBLEU's)."""
        return self._tokenizer.signature

    def __call__(self, line: str) -> str:
        """The tokens of `line`, separated by single spaces."""
        if self._joins_tokens:
            return " ".join(self._tokenizer.tokens(line))
        return self._tokenizer.tokenize(line)


class NoneTokenizer(TokenizerAdapter):
    """``none``: the line as it is (BLEU splits it on whitespace)."""

    def __init__(self) -> None:
        super().__init__(make_tokenizer(TokenizerName.NONE))

    def __call__(self, line: str) -> str:
        """The line itself, as sacreBLEU returns it."""
        return line


class Tokenizer13a(TokenizerAdapter):
    """``13a``: mteval-v13a's tokenization."""

    def __init__(self) -> None:
        super().__init__(make_tokenizer(TokenizerName.MTEVAL_13A))


class TokenizerV14International(TokenizerAdapter):
    """``intl``: mteval-v14's international tokenization."""

    def __init__(self) -> None:
        super().__init__(make_tokenizer(TokenizerName.INTL))


class TokenizerZh(TokenizerAdapter):
    """``zh``: Chinese characters apart, the rest as 13a."""

    def __init__(self) -> None:
        super().__init__(make_tokenizer(TokenizerName.ZH))


class TokenizerChar(TokenizerAdapter):
    """``char``: every character apart."""

    def __init__(self) -> None:
        super().__init__(make_tokenizer(TokenizerName.CHAR))

    def __call__(self, line: str) -> str:
        """Every character, whitespace included, separated by spaces (sacreBLEU's string)."""
        return " ".join(line)


class TokenizerJaMecab(TokenizerAdapter):
    """``ja-mecab``: MeCab with the IPA dictionary (``ja`` extra)."""

    def __init__(self) -> None:
        super().__init__(make_tokenizer(TokenizerName.JA_MECAB))


class TokenizerKoMecab(TokenizerAdapter):
    """``ko-mecab``: MeCab-ko (``ko`` extra)."""

    def __init__(self) -> None:
        super().__init__(make_tokenizer(TokenizerName.KO_MECAB))


class TokenizerSPM(TokenizerAdapter):
    """SentencePiece pieces (``spm`` extra); `key` is sacreBLEU's model name.

    Raises:
        parbleu.OptionError: `key` is not an spBLEU tokenizer, or `model` is not given.
    """

    def __init__(self, key: str = "spm", *, model: str | os.PathLike[str] | None = None) -> None:
        name = coerce_enum(TokenizerName, key, "key")
        if name not in SENTENCEPIECE_TOKENIZERS:
            known = ", ".join(str(t) for t in SENTENCEPIECE_TOKENIZERS)
            raise OptionError(f"key must be one of {known}; got {key!r}")
        super().__init__(make_tokenizer(name, spm_model=model))


class Flores101Tokenizer(TokenizerSPM):
    """``flores101``: the FLORES-101 SentencePiece model."""

    def __init__(self, *, model: str | os.PathLike[str] | None = None) -> None:
        super().__init__("flores101", model=model)


class Flores200Tokenizer(TokenizerSPM):
    """``flores200``: the FLORES-200 SentencePiece model."""

    def __init__(self, *, model: str | os.PathLike[str] | None = None) -> None:
        super().__init__("flores200", model=model)


class spBLEU1KTokenizer(TokenizerSPM):  # noqa: N801 (sacreBLEU's class name)
    """``spBLEU-1K``: the spBLEU-1K SentencePiece model."""

    def __init__(self, *, model: str | os.PathLike[str] | None = None) -> None:
        super().__init__("spBLEU-1K", model=model)


def tokenizer_for(tokenizer: Tokenizer) -> BaseTokenizer:
    """The tokenizer object sacreBLEU's ``BLEU`` holds, over parbleu's `tokenizer`.

    ``none`` and ``char`` return sacreBLEU's strings (the line itself; every character), which
    BLEU splits as parbleu's tokenizers do.
    """
    if isinstance(tokenizer, WhitespaceTokenizer):
        return NoneTokenizer()
    if isinstance(tokenizer, CharacterTokenizer):
        return TokenizerChar()
    return TokenizerAdapter(tokenizer)
