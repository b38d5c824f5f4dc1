"""spBLEU's SentencePiece model for ``-tok flores101`` and the others, from the cache.

The model file sacreBLEU keeps in ``<cache>/models/``, fetched and verified there when absent
(`parbleu.testsets.models.fetch_model`: pinned SHA-256 sums, ``--allow-unpinned-model``,
``--offline``, ``--mirror``), unless ``--spm-model FILE`` names one.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from parbleu.cli.testsets.context import test_set_context
from parbleu.cli.testsets.options import TestSetRequest
from parbleu.testsets.models import fetch_model

__all__ = ["spm_model_file"]


def spm_model_file(name: str, request: TestSetRequest, stderr: TextIO) -> Path:
    """The model of tokenizer `name` in the cache, fetched first if it is not there.

    Raises:
        OptionError: an unpinned model without ``--allow-unpinned-model``.
        DownloadError: a fetch that failed, or a file that is not the pinned one.
        InputError: offline and the model is missing.
    """
    context = test_set_context(request, stderr)
    try:
        return fetch_model(name, context.cache, context.settings)
    finally:
        context.progress.done()
