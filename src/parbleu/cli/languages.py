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

from typing import TextIO

from parbleu.cli.requests import InputRequest, MetricRequest
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


def _model_file(name: str, inputs: InputRequest, stderr: TextIO) -> str:
    from parbleu.cli.testsets.models import spm_model_file  # noqa: PLC0415 (spBLEU only)

    return str(spm_model_file(name, inputs.test_set, stderr))


def with_language_defaults(
    metrics: MetricRequest, inputs: InputRequest, stderr: TextIO, *, quiet: bool
) -> MetricRequest:
    """`metrics` with the tokenizer of ``-l``'s target language and the cache's spBLEU model.

    A new request; `metrics` is not changed. The model is fetched into the cache of
    ``--cache-dir``, else ``$SACREBLEU`` (`parbleu.cli.testsets.context`), when it is not
    there. Warnings go to `stderr` unless `quiet`.
    """
    test_set = inputs.test_set
    changes: dict[str, str] = {}
    target = target_language(test_set.language_pair)
    warn = bool({"bleu", "nist"} & set(metrics.names)) and not quiet
    given = metrics.settings.get("tokenize")
    if given is None and target in TARGET_TOKENIZERS:
        changes["tokenize"] = TARGET_TOKENIZERS[target]
    elif given is not None and target in _ADVICE and given != TARGET_TOKENIZERS[target] and warn:
        print(f"parbleu: warning: {_ADVICE[target]}", file=stderr)
    if test_set.test_set is not None and given == "none" and warn:
        print(
            "parbleu: warning: -tok none turns off BLEU's tokenizer: published numbers will "
            "not be comparable to other papers",
            file=stderr,
        )
    chosen = changes.get("tokenize", given)
    if (
        chosen in SENTENCEPIECE_TOKENIZERS
        and "spm_model" not in metrics.settings
        and "bleu" in metrics.names
    ):
        changes["spm_model"] = _model_file(chosen, inputs, stderr)
    return metrics.with_settings(changes) if changes else metrics
