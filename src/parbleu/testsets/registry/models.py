"""spBLEU's SentencePiece models: where sacreBLEU 2.6.0 downloads each, and its pinned sum.

Addresses from sacreBLEU's ``tokenizers/tokenizer_spm.py`` (``SPM_MODELS``); sacreBLEU keeps
each model under the address's base name in ``<cache>/models/`` and checks nothing.
parbleu fetches a model only with its SHA-256 sum pinned here (`PINNED_SHA256`, one line per
model), and refuses an unpinned model unless asked explicitly (``--allow-unpinned-model``,
``FetchSettings(allow_unpinned_models=True)``). No sum of these files is published by their
authors or by sacreBLEU, so none is pinned yet: fill a line in with the sum of a copy you
trust (``sha256sum <cache>/models/<file>``), and `parbleu.testsets.models.fetch_model`
checks every later download against it.
"""

from __future__ import annotations

import posixpath
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["PINNED_SHA256", "SPM_MODELS", "SpmModel"]

_FLORES101 = "https://dl.fbaipublicfiles.com/fairseq/models/flores/sacrebleu_tokenizer_spm.model"

#: The SHA-256 sum each model must have; None: not pinned (see the module docstring).
PINNED_SHA256: Mapping[str, str | None] = MappingProxyType(
    {
        _FLORES101: None,
        "https://tinyurl.com/flores200sacrebleuspm": None,
        "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model": None,
    }
)


@dataclass(frozen=True)
class SpmModel:
    """One spBLEU tokenizer's model: its address and pinned SHA-256 sum (None: not pinned)."""

    name: str
    url: str
    sha256: str | None = None

    @property
    def file_name(self) -> str:
        """The file's name in ``<cache>/models/`` (sacreBLEU's: the address's base name)."""
        return posixpath.basename(self.url)


def _model(name: str, url: str) -> SpmModel:
    return SpmModel(name, url, PINNED_SHA256[url])


#: Tokenizer name to its model (``spm`` is ``flores101``'s older name, the same file).
SPM_MODELS: Mapping[str, SpmModel] = MappingProxyType(
    {
        "spm": _model("spm", _FLORES101),
        "flores101": _model("flores101", _FLORES101),
        "flores200": _model("flores200", "https://tinyurl.com/flores200sacrebleuspm"),
        "spBLEU-1K": _model(
            "spBLEU-1K", "https://www.dlnlp.ai/spBLEU-1K/spbleu-1k_tokenizer_spm.model"
        ),
    }
)
