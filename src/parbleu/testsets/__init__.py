"""Test sets by name: sacreBLEU's whole registry and newer ones, downloaded and verified.

``parbleu -t wmt22 -l en-de`` and ``read_test_set("wmt22", "en-de", cache, settings)`` read
a test set from sacreBLEU's cache (``$SACREBLEU``, else ``~/.sacrebleu``), laid out as
sacreBLEU lays it out, so that the two tools share one cache both ways; what the cache lacks
is downloaded first.

- `registry`: every test set of sacreBLEU 2.6.0's registry (67 test sets, 452 pairs) and
  WMT24++ and WMT25 (`TEST_SETS`), and spBLEU's SentencePiece models (`SPM_MODELS`);
  `entries` is their typed form.
- `cache`: the cache's layout; `pair`: one pair's fields and lines, from sacreBLEU's text
  files or converted from the downloaded files (`conversion`, `line_formats`,
  `jsonl_sets`), and test sets known only from the text files sacreBLEU left
  (`cached_pairs`); `reading`: the entry points (`open_pair`, `read_test_set`).
- `download`: fetching (`network`: standard library, mirror, bounded timeouts, retries),
  verifying (`checksums`: MD5, SHA-256, git object ids), locking (`locking`), extracting
  (`extract`: never outside the cache); `models`: spBLEU's models with pinned SHA-256 sums;
  `text_files`: sacreBLEU's text files, written for `parbleu.compat`.
- `settings`: `FetchSettings` (mirror, offline, time limits, retries, progress) and
  `settings_from_environment`, which reads ``PARBLEU_MIRROR`` and ``PARBLEU_OFFLINE``
  where a caller asks (the library reads no environment variable by itself), as
  `cache_from_environment` reads ``SACREBLEU``.

The command line's options are in `parbleu.cli.testsets`; docs/cli.md describes them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parbleu._lazy import lazy_exports

if TYPE_CHECKING:
    from parbleu.testsets.cache import SacrebleuCache, cache_from_environment
    from parbleu.testsets.download import download_test_set
    from parbleu.testsets.entries import Download, KnownTestSet, PairFiles, RawFile, RawFormat
    from parbleu.testsets.models import fetch_model
    from parbleu.testsets.pair import TestSetPair, cached_pairs
    from parbleu.testsets.reading import known_pairs, open_pair, read_test_set
    from parbleu.testsets.registry import SPM_MODELS, TEST_SETS
    from parbleu.testsets.settings import FetchSettings, settings_from_environment
    from parbleu.testsets.text_files import write_text_files

__getattr__, __dir__ = lazy_exports(
    __name__,
    {
        "SacrebleuCache": "parbleu.testsets.cache",
        "cache_from_environment": "parbleu.testsets.cache",
        "download_test_set": "parbleu.testsets.download",
        "Download": "parbleu.testsets.entries",
        "KnownTestSet": "parbleu.testsets.entries",
        "PairFiles": "parbleu.testsets.entries",
        "RawFile": "parbleu.testsets.entries",
        "RawFormat": "parbleu.testsets.entries",
        "fetch_model": "parbleu.testsets.models",
        "TestSetPair": "parbleu.testsets.pair",
        "cached_pairs": "parbleu.testsets.pair",
        "known_pairs": "parbleu.testsets.reading",
        "open_pair": "parbleu.testsets.reading",
        "read_test_set": "parbleu.testsets.reading",
        "SPM_MODELS": "parbleu.testsets.registry",
        "TEST_SETS": "parbleu.testsets.registry",
        "FetchSettings": "parbleu.testsets.settings",
        "settings_from_environment": "parbleu.testsets.settings",
        "write_text_files": "parbleu.testsets.text_files",
    },
)

__all__ = [
    "SPM_MODELS",
    "TEST_SETS",
    "Download",
    "FetchSettings",
    "KnownTestSet",
    "PairFiles",
    "RawFile",
    "RawFormat",
    "SacrebleuCache",
    "TestSetPair",
    "cache_from_environment",
    "cached_pairs",
    "download_test_set",
    "fetch_model",
    "known_pairs",
    "open_pair",
    "read_test_set",
    "settings_from_environment",
    "write_text_files",
]
