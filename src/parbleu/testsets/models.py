"""spBLEU's SentencePiece models, fetched into ``<cache>/models/`` and checked by SHA-256.

The model of ``-tok flores101`` (``spm``), ``flores200`` or ``spBLEU-1K`` is kept where
sacreBLEU keeps it (``<cache>/models/<base name of its address>``), so either tool uses the
other's copy. Unlike sacreBLEU, parbleu checks it: a model is fetched (to a temporary file,
verified, renamed) only when its SHA-256 sum is pinned
(`parbleu.testsets.registry.models.PINNED_SHA256`), and a copy in the cache is checked
against the pin before it is used. A model without a pin is refused unless
``FetchSettings(allow_unpinned_models=True)`` (``--allow-unpinned-model``) says to take it as
it is. A copy already in the cache of a model without a pin is used unchecked, as sacreBLEU
uses it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from parbleu.errors import DownloadError, InputError, OptionError
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.checksums import file_sums
from parbleu.testsets.locking import file_lock
from parbleu.testsets.network import fetch
from parbleu.testsets.registry.models import SPM_MODELS, SpmModel
from parbleu.testsets.settings import FetchSettings

__all__ = ["fetch_model"]


def _check(path: Path, model: SpmModel) -> DownloadError | None:
    if model.sha256 is None:
        return None
    received = file_sums(path)["SHA-256"]
    if received == model.sha256:
        return None
    return DownloadError(
        f"{path}: the {model.name!r} SentencePiece model is not the pinned one: SHA-256 "
        f"expected {model.sha256}, received {received}"
    )


def _unpinned(model: SpmModel, path: Path) -> OptionError:
    return OptionError(
        f"the {model.name!r} SentencePiece model has no pinned SHA-256 sum, so parbleu does "
        f"not fetch it unchecked: pass --allow-unpinned-model to fetch {model.url} as it is, "
        f"give the file with --spm-model FILE, or place it at {path}"
    )


def fetch_model(
    name: str,
    cache: SacrebleuCache,
    settings: FetchSettings,
    models: Mapping[str, SpmModel] = SPM_MODELS,
) -> Path:
    """The model file of tokenizer `name` (of `models`), fetched and verified if absent.

    Raises:
        OptionError: a model without a pinned sum, unless unpinned models are allowed.
        DownloadError: a fetch that fails, or a file whose sum is not the pin.
        InputError: offline and the model is missing.
    """
    model = models[name]
    path = cache.model_file(model.file_name)
    if path.is_file() and model.sha256 is None:
        return path  # a copy already there, used as sacreBLEU uses it
    if not path.is_file():
        _check_may_fetch(model, path, settings)
    with file_lock(path.with_name(path.name + ".lock"), settings.lock_timeout):
        if path.is_file():
            error = _check(path, model)
            if error is None:
                return path
            if settings.offline:
                raise error
            path.unlink()
        _check_may_fetch(model, path, settings)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.part")
        try:
            fetch(model.url, temporary, settings, f"the {name} model")
            error = _check(temporary, model)
            if error is not None:
                raise error
            temporary.replace(path)
        finally:
            temporary.unlink(missing_ok=True)
    return path


def _check_may_fetch(model: SpmModel, path: Path, settings: FetchSettings) -> None:
    """Refuse a model without a pin unless allowed, and any fetch offline."""
    if model.sha256 is None and not settings.allow_unpinned_models:
        raise _unpinned(model, path)
    if settings.offline:
        raise InputError(
            f"{path} is not in the cache and downloads are off (--offline or "
            f"PARBLEU_OFFLINE=1): place the file of {model.url} there"
        )
