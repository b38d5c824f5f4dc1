"""Finding a test set and one of its pairs, downloading what the cache lacks.

The entry points of `parbleu.testsets`:

    >>> from pathlib import Path
    >>> from parbleu.testsets import FetchSettings, SacrebleuCache, read_test_set
    >>> cache = SacrebleuCache(Path("~/.sacrebleu").expanduser())
    >>> wmt22 = read_test_set("wmt22", "en-de", cache, FetchSettings())  # doctest: +SKIP
    >>> wmt22.reference_names, wmt22.doc_ids[0]  # doctest: +SKIP
    (('ref:A', ...), 'test-en-speech_...')

A name the registry lists is read from its files, which are downloaded first when the cache
lacks them; a name it does not list is read from the text files sacreBLEU left in the cache
(`parbleu.testsets.pair.cached_pairs`), without any registry fact.
"""

from __future__ import annotations

from collections.abc import Mapping

from parbleu.errors import UnknownTestSetError
from parbleu.io.testset import TestSet
from parbleu.testsets.cache import SacrebleuCache
from parbleu.testsets.download import download_test_set
from parbleu.testsets.entries import KnownTestSet
from parbleu.testsets.pair import TestSetPair, cached_pairs
from parbleu.testsets.registry import TEST_SETS
from parbleu.testsets.settings import FetchSettings

__all__ = ["known_pairs", "open_pair", "read_test_set"]


def known_pairs(
    name: str, cache: SacrebleuCache, registry: Mapping[str, KnownTestSet] = TEST_SETS
) -> list[str]:
    """The language pairs of `name`: the registry's, else those sacreBLEU left in the cache.

    Raises:
        UnknownTestSetError: neither knows `name`.
    """
    if name in registry:
        return list(registry[name].pairs)
    pairs = list(cached_pairs(cache, name))
    if not pairs:
        raise UnknownTestSetError(
            f"unknown test set {name!r}: not in the registry (parbleu --list lists it) and not "
            f"in the cache {cache.root} (no {cache.folder(name)}/"
            f"{name.replace('/', '_')}.<pair>.src written by sacreBLEU)"
        )
    return pairs


def open_pair(
    name: str,
    pair: str,
    cache: SacrebleuCache,
    settings: FetchSettings,
    registry: Mapping[str, KnownTestSet] = TEST_SETS,
) -> TestSetPair:
    """One pair of a test set, its files brought into the cache first if it lacks them.

    Raises:
        UnknownTestSetError: an unknown test set, or a pair it does not have.
        DownloadError: a file that cannot be fetched or is not what the registry names.
        InputError: offline and a file is missing.
    """
    pairs = known_pairs(name, cache, registry)
    if pair not in pairs:
        raise UnknownTestSetError(
            f"{name} has no language pair {pair!r}; it has {', '.join(pairs)}"
        )
    opened = TestSetPair(cache, name, pair, registry.get(name))
    if opened.test_set is not None and opened.needs_download():
        download_test_set(opened.test_set, cache, settings, [pair])
        opened = TestSetPair(cache, name, pair, opened.test_set)  # read again what is there
    return opened


def read_test_set(
    name: str,
    pair: str,
    cache: SacrebleuCache,
    settings: FetchSettings,
    registry: Mapping[str, KnownTestSet] = TEST_SETS,
) -> TestSet:
    """One pair of a test set as a `parbleu.io.testset.TestSet` (`open_pair`'s errors)."""
    return open_pair(name, pair, cache, settings, registry).to_test_set()
