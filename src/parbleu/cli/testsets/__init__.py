"""sacreBLEU's test sets (``-t wmt17 -l en-de``), read offline from sacreBLEU's cache.

`registry` holds the facts of the test sets parbleu knows, `cache` reads sacreBLEU's cache
directory, `selection` chooses test sets, references and segments, `queries` answers
``--list``, ``--echo``, ``--citation`` and ``--download``, `detail` prints ``-d``, and
`options` declares the flags. See docs/cli.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.cli.testsets.cache import CachedPair, SacrebleuCache
    from parbleu.cli.testsets.options import add_test_set_options, check_selection
    from parbleu.cli.testsets.registry import SPM_MODEL_URLS, TEST_SETS, KnownTestSet, RawFormat
    from parbleu.cli.testsets.selection import (
        cache_from,
        cached_pairs,
        kept_segments,
        known_test_set,
        segment_mask,
        test_set_references,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "CachedPair": "parbleu.cli.testsets.cache",
        "SacrebleuCache": "parbleu.cli.testsets.cache",
        "add_test_set_options": "parbleu.cli.testsets.options",
        "SPM_MODEL_URLS": "parbleu.cli.testsets.registry",
        "TEST_SETS": "parbleu.cli.testsets.registry",
        "KnownTestSet": "parbleu.cli.testsets.registry",
        "RawFormat": "parbleu.cli.testsets.registry",
        "cache_from": "parbleu.cli.testsets.selection",
        "cached_pairs": "parbleu.cli.testsets.selection",
        "check_selection": "parbleu.cli.testsets.options",
        "kept_segments": "parbleu.cli.testsets.selection",
        "known_test_set": "parbleu.cli.testsets.selection",
        "segment_mask": "parbleu.cli.testsets.selection",
        "test_set_references": "parbleu.cli.testsets.selection",
    },
)

__all__ = [
    "SPM_MODEL_URLS",
    "TEST_SETS",
    "CachedPair",
    "KnownTestSet",
    "RawFormat",
    "SacrebleuCache",
    "add_test_set_options",
    "cache_from",
    "cached_pairs",
    "check_selection",
    "kept_segments",
    "known_test_set",
    "segment_mask",
    "test_set_references",
]
