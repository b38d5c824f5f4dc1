"""What the language pair and sacreBLEU's cache decide for the metrics' options.

sacreBLEU 2.6.0 gives BLEU the target language of ``-l SRC-TRG`` (``sacrebleu.py``: "inject
target language info for BLEU"), and ``BLEU.__init__`` picks the tokenizer from it when
``-tok`` is not given: ``zh`` for Chinese, ``ja-mecab`` for Japanese, ``ko-mecab`` for
Korean, ``13a`` otherwise (``BLEU._TOKENIZER_MAP``); when ``-tok`` is given for one of those
targets and names another tokenizer, it warns. chrF and TER take no language. parbleu does
the same for BLEU and for NIST, which shares ``-tok``. The target language works with local
reference files as with ``-t``.

spBLEU's tokenizers need a SentencePiece model: ``--spm-model FILE``, else the file sacreBLEU
keeps in ``<cache>/models/``, fetched there if absent (`parbleu.cli.testsets.models`). The
cache, the test-set registry and the SentencePiece module are imported only then.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TextIO

from parbleu.errors import OptionError
from parbleu.tokenizers import SENTENCEPIECE_TOKENIZERS

__all__ = ["TARGET_TOKENIZERS", "target_language", "with_language_defaults"]

#: sacreBLEU's ``BLEU._TOKENIZER_MAP``: the tokenizer of a target language, where not 13a.
TARGET_TOKENIZERS = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}

#: sacreBLEU's warnings when -tok overrides the target language's tokenizer.
_ADVICE = {
    "zh": "Consider using the 'zh' or 'spm' tokenizer for Chinese.",
    "ja": "Consider using the 'ja-mecab' or 'spm' tokenizer for Japanese.",
    "ko": "Consider using the 'ko-mecab' or 'spm' tokenizer for Korean.",
}


def target_language(pair: str | None) -> str | None:
    """The target language of ``SRC-TRG`` (None without ``-l``), without a locale suffix.

    WMT24++ and WMT25 name pairs with locales (``en-ja_JP``, ``en-sr_Cyrl_RS``): the
    language is what precedes the first ``_``.

    >>> target_language("en-ja"), target_language("en-ja_JP")
    ('ja', 'ja')

    Raises:
        OptionError: a value that is not two codes joined by one hyphen.
    """
    if pair is None:
        return None
    codes = pair.split("-")
    if len(codes) != 2 or not all(codes):
        raise OptionError(f"-l/--language-pair takes SRC-TRG, for example en-de; got {pair!r}")
    return codes[1].split("_")[0]


def _model_file(
    name: str, args: argparse.Namespace, environ: Mapping[str, str], stderr: TextIO
) -> str:
    from parbleu.cli.testsets.models import spm_model_file  # noqa: PLC0415 (spBLEU only)
    from parbleu.cli.testsets.options import test_set_request  # noqa: PLC0415

    return str(spm_model_file(name, test_set_request(args), environ, stderr))


def _warn(args: argparse.Namespace, tokenized: set[str], message: str, stderr: TextIO) -> None:
    if tokenized and not args.quiet:
        print(f"parbleu: warning: {message}", file=stderr)


def with_language_defaults(
    args: argparse.Namespace, environ: Mapping[str, str], stderr: TextIO
) -> argparse.Namespace:
    """`args` with the tokenizer of ``-l``'s target language and the cache's spBLEU model.

    A new namespace; `args` is not changed. The cache is ``--cache-dir``, else ``$SACREBLEU``
    in `environ` (`parbleu.cli.testsets.context`). Warnings go to `stderr` unless
    ``-q``.
    """
    values = dict(vars(args))
    target = target_language(args.language_pair)
    tokenized = {"bleu", "nist"} & set(args.metrics)
    given = values.get("tokenize")
    if given is None and target in TARGET_TOKENIZERS:
        values["tokenize"] = TARGET_TOKENIZERS[target]
    elif given is not None and target in _ADVICE and given != TARGET_TOKENIZERS[target]:
        _warn(args, tokenized, _ADVICE[target], stderr)
    if args.test_set is not None and given == "none":
        _warn(
            args,
            tokenized,
            "-tok none turns off BLEU's tokenizer: published numbers will not be comparable "
            "to other papers",
            stderr,
        )
    chosen = values.get("tokenize")
    if chosen in SENTENCEPIECE_TOKENIZERS and "spm_model" not in values and "bleu" in args.metrics:
        values["spm_model"] = _model_file(chosen, args, environ, stderr)
    return argparse.Namespace(**values)
