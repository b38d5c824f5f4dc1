"""sacreBLEU 2.6.0's Python API on parbleu's engine: ``import parbleu.compat as sacrebleu``.

The functions (``corpus_bleu``, ``raw_corpus_bleu``, ``sentence_bleu``, ``corpus_chrf``,
``sentence_chrf``, ``corpus_ter``, ``sentence_ter``), the metric classes ``BLEU``, ``CHRF``
and ``TER`` with sacreBLEU's arguments, ``get_signature()`` and ``n_bootstrap``, its score
objects (``.score``, ``.counts``, ``.format()`` ...), the internals real projects call
(``_extract_corpus_statistics``, ``_compute_score_from_stats``, ``_cache_references`` ...,
with sacreBLEU's layouts) and the submodules ``compat``, ``metrics``, ``significance``,
``utils``, ``dataset`` and ``tokenizers``. Scores are sacreBLEU's, bit for bit; sacreBLEU's
own test suite and the calling patterns of public projects run against this package
(tests/compat, docs/compat.md).

    >>> import parbleu.compat as sacrebleu
    >>> sacrebleu.corpus_bleu(["The dog bit the man."], [["The dog bit the man."]]).score
    100.00000000000004

Code that imports sacreBLEU's submodules by name (``from sacrebleu.metrics import BLEU``)
runs on parbleu after ``sys.modules.update(parbleu.compat.alias_modules())``.

Where parbleu deliberately differs from sacreBLEU:

* References with another number of segments than the hypotheses raise
  `parbleu.LengthMismatchError`, shapes sacreBLEU misreads `parbleu.ReferenceShapeError`;
  sacreBLEU silently truncates them with ``zip`` and scores a part of the corpus (its issues
  #220 and #275). ``with allow_truncation():`` reproduces it, with a `TruncationWarning`.
* Test sets are downloaded with their checksums verified (`parbleu.compat.dataset`); an
  unknown one raises `parbleu.errors.UnknownTestSetError` (a ``LookupError``); spBLEU's
  tokenizers take their model file as ``spm_model=``.
* No environment variable is read: the bootstrap seed is the keyword ``seed`` (default
  12345, sacreBLEU's default for ``$SACREBLEU_SEED``); ``SACREBLEU_DIR`` is ``~/.sacrebleu``.
* Signatures end in ``version:parbleu-<version>``, naming the program that computed them.
* Metric options are read-only after construction, and arguments are never modified
  (``compute_bleu`` returns add-k's counts without changing the caller's lists).
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

from parbleu.compat import compat, dataset, metrics, significance, tokenizers, utils
from parbleu.compat.dataset import DATASETS
from parbleu.compat.functional import (
    corpus_bleu,
    corpus_chrf,
    corpus_ter,
    raw_corpus_bleu,
    sentence_bleu,
    sentence_chrf,
    sentence_ter,
)
from parbleu.compat.metrics import BLEU, CHRF, TER
from parbleu.compat.metrics import base as _base
from parbleu.compat.metrics import bleu as _bleu
from parbleu.compat.metrics import chrf as _chrf
from parbleu.compat.metrics import helpers as _helpers
from parbleu.compat.metrics import ter as _ter
from parbleu.compat.metrics.helpers import extract_char_ngrams, extract_word_ngrams
from parbleu.compat.sacrebleu_utils import (
    SACREBLEU_DIR,
    download_test_set,
    get_available_testsets,
    get_langpairs_for_testset,
    get_reference_files,
    get_source_file,
    smart_open,
)
from parbleu.compat.tokenizers import tokenizer_ter as _tokenizer_ter
from parbleu.compat.truncation import TruncationWarning, allow_truncation

#: The sacreBLEU release whose API this package offers.
__version__ = "2.6.0"
__description__ = "sacreBLEU 2.6.0's API, computed by parbleu"

__all__ = [
    "BLEU",
    "CHRF",
    "DATASETS",
    "SACREBLEU_DIR",
    "TER",
    "TruncationWarning",
    "__version__",
    "alias_modules",
    "allow_truncation",
    "compat",
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "dataset",
    "download_test_set",
    "extract_char_ngrams",
    "extract_word_ngrams",
    "get_available_testsets",
    "get_langpairs_for_testset",
    "get_reference_files",
    "get_source_file",
    "metrics",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
    "significance",
    "smart_open",
    "tokenizers",
    "utils",
]

#: sacreBLEU's tokenizer modules, each a module of the same name here.
_TOKENIZER_MODULES = (
    "tokenizer_13a",
    "tokenizer_base",
    "tokenizer_char",
    "tokenizer_intl",
    "tokenizer_ja_mecab",
    "tokenizer_ko_mecab",
    "tokenizer_none",
    "tokenizer_spm",
    "tokenizer_zh",
)


def alias_modules(name: str = "sacrebleu") -> dict[str, ModuleType]:
    """SacreBLEU's module names mapped to this package's modules, for ``sys.modules``.

    ``sys.modules.update(parbleu.compat.alias_modules())`` makes ``import sacrebleu`` and
    ``from sacrebleu.metrics import BLEU`` load parbleu's compat layer; nothing is changed
    until the caller does so.
    """
    package = sys.modules[__name__]
    modules: dict[str, ModuleType] = {
        name: package,
        f"{name}.compat": compat,
        f"{name}.metrics": metrics,
        f"{name}.metrics.base": _base,
        f"{name}.metrics.bleu": _bleu,
        f"{name}.metrics.chrf": _chrf,
        f"{name}.metrics.ter": _ter,
        f"{name}.metrics.helpers": _helpers,
        f"{name}.significance": significance,
        f"{name}.utils": utils,
        f"{name}.dataset": dataset,
        f"{name}.tokenizers": tokenizers,
        f"{name}.tokenizers.tokenizer_ter": _tokenizer_ter,
    }
    for module in _TOKENIZER_MODULES:
        modules[f"{name}.tokenizers.{module}"] = importlib.import_module(
            f"{__name__}.tokenizers.{module}"
        )
    return modules
