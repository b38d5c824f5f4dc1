"""sacreBLEU 2.6.0's ``sacrebleu.dataset`` and its test-set functions, on `parbleu.testsets`.

``DATASETS`` maps every test set name to a `Dataset` holding the facts sacreBLEU's registry
holds (``data``, ``md5``, ``description``, ``citation``, ``langpairs`` in sacreBLEU's shape,
``kwargs``) and its methods (``fieldnames``, ``get_files``, ``get_source_file``,
``get_reference_files``, ``source``, ``references``, ``maybe_download``,
``process_to_text``). It is a read-only mapping: ``DATASETS.get(name)`` is None and
``name in DATASETS`` False for a name it does not list, as in sacreBLEU. Beyond sacreBLEU's
67 test sets it lists ``wmt24pp`` and ``wmt25``.

``get_source_file``, ``get_reference_files`` and ``get_files`` return the paths of
sacreBLEU's text files in its cache, writing them where missing and downloading what the
cache lacks (verified: `parbleu.testsets.download`); a test set the registry does not list
is served from the text files sacreBLEU left in the cache. As sacreBLEU does, these read
the cache folder from ``$SACREBLEU`` (else ``~/.sacrebleu``) when called, and also
``$PARBLEU_MIRROR`` and ``$PARBLEU_OFFLINE`` (`parbleu.testsets.settings_from_environment`).
An unknown test set or pair raises `parbleu.errors.UnknownTestSetError`, a ``LookupError``
where sacreBLEU raises a plain ``Exception``: never a ``ValueError``, which callers such as
COMET catch for their own argument errors. ``get_langpairs_for_testset`` of an unknown name
is ``[]``, as in sacreBLEU.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from functools import cached_property
from pathlib import Path

from parbleu.errors import UnknownTestSetError
from parbleu.testsets.cache import SacrebleuCache, cache_from_environment
from parbleu.testsets.download import download_test_set as _download
from parbleu.testsets.entries import KnownTestSet, RawFormat
from parbleu.testsets.pair import TestSetPair
from parbleu.testsets.reading import known_pairs, open_pair
from parbleu.testsets.settings import settings_from_environment
from parbleu.testsets.text_files import write_text_files

__all__ = [
    "DATASETS",
    "SUBSETS",
    "Dataset",
    "download_test_set",
    "get_available_testsets",
    "get_available_testsets_for_langpair",
    "get_files",
    "get_langpairs_for_testset",
    "get_reference_files",
    "get_source_file",
]

_ONE_FILE = (RawFormat.WMT_XML, RawFormat.WMT24PP_JSONL, RawFormat.WMT25_JSONL)


def _cache() -> SacrebleuCache:
    return cache_from_environment(os.environ)


def _pair(name: str, langpair: str) -> TestSetPair:
    """The pair, downloaded if the cache lacks it (the environment's settings)."""
    if langpair is None:
        raise UnknownTestSetError(f"No such language pair {name}/None: give a language pair")
    return open_pair(name, langpair, _cache(), settings_from_environment(os.environ))


def _sacrebleu_files(entry: KnownTestSet, pair: str) -> object:
    """A pair's files as sacreBLEU's registry writes them."""
    files = entry.pairs[pair]
    paths = [f.path if f.column is None else f"{f.column}:{f.path}" for f in files.files]
    if files.references is not None:
        return {"path": paths[0], "refs": list(files.references)}
    return paths


class Dataset:
    """One test set, as sacreBLEU's ``Dataset`` objects describe and serve it."""

    def __init__(self, entry: KnownTestSet) -> None:
        self.entry = entry
        self.name = entry.name
        self.data = [d.url for d in entry.downloads]
        md5 = [d.md5 for d in entry.downloads]
        self.md5: list[str] | None = [m for m in md5 if m] if all(md5) else None
        self.description = entry.description
        self.citation = entry.citation
        self.kwargs: dict[str, object] = (
            {"refs": list(entry.references)} if entry.references else {}
        )

    def __repr__(self) -> str:
        return f"<parbleu.compat.dataset.Dataset {self.name!r}>"

    @cached_property
    def langpairs(self) -> dict[str, object]:
        """Pair to its files (or ``{"path": ..., "refs": [...]}``), as sacreBLEU writes them."""
        return {pair: _sacrebleu_files(self.entry, pair) for pair in self.entry.pairs}

    @property
    def _outdir(self) -> str:
        return str(_cache().folder(self.name))

    @property
    def _rawdir(self) -> str:
        return str(_cache().raw_folder(self.name))

    def _get_tarball_filename(self, url: str) -> str:
        return f"{self.entry.file_stem}.{os.path.basename(url)}"  # noqa: PTH119 (sacreBLEU's)

    def _get_txt_file_path(self, langpair: str, fieldname: str) -> str:
        return str(_cache().text_file(self.name, langpair, fieldname))

    def _get_langpair_metadata(self, langpair: str | None) -> dict[str, object]:
        if langpair is None:
            return dict(self.langpairs)
        if langpair not in self.langpairs:
            raise UnknownTestSetError(f"No such language pair {self.name}/{langpair}")
        return {langpair: self.langpairs[langpair]}

    def _get_langpair_allowed_refs(self, langpair: str) -> list[str]:
        refs = self.entry.default_references(langpair)
        return [f"ref:{t}" if t else "ref" for t in refs]

    def maybe_download(self) -> None:
        """Download, verify and extract every file of the test set not in the cache."""
        _download(self.entry, _cache(), settings_from_environment(os.environ))

    def process_to_text(self, langpair: str | None = None) -> None:
        """Write the text files of `langpair` (every pair by default)."""
        for pair in self._get_langpair_metadata(langpair):
            write_text_files(_pair(self.name, pair))

    def fieldnames(self, langpair: str) -> list[str]:
        """The field names of `langpair`, in sacreBLEU's order."""
        self._get_langpair_metadata(langpair)
        return _pair(self.name, langpair).fields()

    def get_files(self, langpair: str) -> list[str]:
        """The text file of every field (source, references, metadata), written if missing."""
        self._get_langpair_metadata(langpair)
        return [str(path) for path in write_text_files(_pair(self.name, langpair))]

    def get_source_file(self, langpair: str) -> str:
        """The text file of the source."""
        return self.get_files(langpair)[self.fieldnames(langpair).index("src")]

    def get_reference_files(self, langpair: str) -> list[str]:
        """The text files of the references scored by default (sacreBLEU's choice)."""
        files, fields = self.get_files(langpair), self.fieldnames(langpair)
        if self.entry.raw_format in _ONE_FILE:
            allowed = self._get_langpair_allowed_refs(langpair)
            return [f for f, field in zip(files, fields, strict=True) if field in allowed]
        return [f for f, field in zip(files, fields, strict=True) if field.startswith("ref")]

    def source(self, langpair: str) -> Iterator[str]:
        """The source lines, stripped."""
        with Path(self.get_source_file(langpair)).open(encoding="utf-8", newline="\n") as lines:
            yield from (line.strip() for line in lines)

    def references(self, langpair: str) -> Iterator[tuple[str, ...]]:
        """The references' lines, one tuple per segment (with their newlines, as sacreBLEU)."""
        handles = [
            Path(f).open(encoding="utf-8", newline="\n")  # noqa: SIM115 (closed below)
            for f in self.get_reference_files(langpair)
        ]
        try:
            yield from zip(*handles)  # noqa: B905 (sacreBLEU's zip; the files are parallel)
        finally:
            for handle in handles:
                handle.close()


class _Registry(Mapping[str, Dataset]):
    """The registry as sacreBLEU's ``DATASETS``: loaded on first use, read-only."""

    @cached_property
    def _datasets(self) -> dict[str, Dataset]:
        from parbleu.testsets.registry import TEST_SETS  # noqa: PLC0415 (on first use)

        return {name: Dataset(entry) for name, entry in TEST_SETS.items()}

    def __getitem__(self, name: str) -> Dataset:
        return self._datasets[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._datasets)

    def __len__(self) -> int:
        return len(self._datasets)

    def __repr__(self) -> str:
        return f"<sacreBLEU's DATASETS: {len(self)} test sets, served by parbleu.testsets>"


#: Every test set, by name (see the module docstring).
DATASETS: Mapping[str, Dataset] = _Registry()


class _Subsets(Mapping[str, Mapping[str, str]]):
    """sacreBLEU's ``SUBSETS``: wmt18's and wmt19's document annotations, loaded on use."""

    def _all(self) -> Mapping[str, Mapping[str, str]]:
        from parbleu.testsets.registry.subsets import SUBSETS as ALL  # noqa: PLC0415

        return ALL

    def __getitem__(self, name: str) -> Mapping[str, str]:
        return self._all()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


#: Document id to ``COUNTRY-domain`` for wmt18 and wmt19, as sacreBLEU's ``SUBSETS``.
SUBSETS: Mapping[str, Mapping[str, str]] = _Subsets()


def _known(test_set: str) -> Dataset | None:
    """The registry's dataset, or None for a test set only the cache has; else an error."""
    if test_set in DATASETS:
        return DATASETS[test_set]
    try:
        known_pairs(test_set, _cache())
    except UnknownTestSetError:
        raise UnknownTestSetError(f"No such test set {test_set}") from None
    return None


def get_files(test_set: str, langpair: str) -> list[str]:
    """The text files of the source, references and metadata of one pair."""
    dataset = _known(test_set)
    if dataset is not None:
        return dataset.get_files(langpair)
    return [str(path) for path in write_text_files(_pair(test_set, langpair))]


def get_source_file(test_set: str, langpair: str) -> str:
    """The text file of the source of one pair (downloaded if the cache lacks it)."""
    dataset = _known(test_set)
    if dataset is not None:
        return dataset.get_source_file(langpair)
    return str(_pair(test_set, langpair).text_file("src"))


def get_reference_files(test_set: str, langpair: str) -> list[str]:
    """The text files of the references of one pair scored by default."""
    dataset = _known(test_set)
    if dataset is not None:
        return dataset.get_reference_files(langpair)
    pair = _pair(test_set, langpair)
    return [str(pair.text_file(field)) for field in pair.reference_fields()]


def download_test_set(test_set: str, langpair: str | None = None) -> list[str]:
    """Download, convert, return the text files (sacreBLEU's ``download_test_set``)."""
    dataset = _known(test_set)
    if langpair is None and dataset is not None:
        dataset.maybe_download()
        return [f for pair in dataset.langpairs for f in dataset.get_files(pair)]
    return get_files(test_set, langpair or "")


def get_langpairs_for_testset(testset: str) -> list[str]:
    """The language pairs of a test set (``[]`` for a name the registry does not list)."""
    return list(DATASETS[testset].langpairs) if testset in DATASETS else []


def get_available_testsets() -> list[str]:
    """Every test set's name, in reverse alphabetical order, as sacreBLEU sorts them."""
    return sorted(DATASETS, reverse=True)


def get_available_testsets_for_langpair(langpair: str) -> list[str]:
    """The test sets that have `langpair`, either way round, in the registry's order."""
    source, _, target = langpair.partition("-")
    wanted = {f"{source}-{target}", f"{target}-{source}"}
    return [name for name, dataset in DATASETS.items() if wanted & set(dataset.langpairs)]
