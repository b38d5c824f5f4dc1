"""Every registered test set: sacreBLEU 2.6.0's registry, transcribed, and the newer ones.

``TEST_SETS`` maps each name to its `parbleu.testsets.entries.KnownTestSet`, in sacreBLEU's
order (``wmt24`` ... ``mtnt1.1/train``: 67 test sets, 452 language pairs), then the test
sets sacreBLEU does not list (``wmt24pp``, ``wmt25``: `parbleu.testsets.registry.beyond`).
The facts are split by era into this package's modules; `tests/testsets/test_registry.py`
checks each against sacreBLEU's own registry. `SPM_MODELS` are spBLEU's SentencePiece models
(`parbleu.testsets.registry.models`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from parbleu.testsets.entries import KnownTestSet
from parbleu.testsets.registry import (
    beyond,
    iwslt,
    other,
    wmt_2008_2013,
    wmt_2014_2017,
    wmt_2018_2020,
    wmt_xml,
)
from parbleu.testsets.registry.models import SPM_MODELS, SpmModel

__all__ = ["SPM_MODELS", "TEST_SETS", "SpmModel"]

_MODULES = (wmt_xml, wmt_2018_2020, wmt_2014_2017, wmt_2008_2013, iwslt, other, beyond)

#: Name to test set, sacreBLEU's first (in its order), then the newer ones.
TEST_SETS: Mapping[str, KnownTestSet] = MappingProxyType(
    {entry.name: entry for module in _MODULES for entry in module.TEST_SETS}
)
