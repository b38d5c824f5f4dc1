"""sacreBLEU's cache of test sets, laid out exactly as sacreBLEU 2.6.0 lays it out.

The cache is ``$SACREBLEU``, else ``~/.sacrebleu`` (`cache_from_environment`; the library
reads no environment variable on its own). Each test set lives in ``<cache>/<name>/``
(``wmt21/systems`` in ``<cache>/wmt21/systems/``): every downloaded file as
``raw/<stem>.<base name of its address>`` (``raw/wmt17.test.tgz``; the stem is the name with
``/`` as ``_``), the archives extracted under ``raw/``, and one plain-text file per field
and language pair, ``<stem>.<pair>.<field>`` (``:`` in a field written ``-``:
``wmt21_systems.zh-en.ref-A``), which sacreBLEU writes when a pair is first used
(``dataset/base.py``). spBLEU's SentencePiece models live in ``<cache>/models/``.

parbleu writes the same layout, so that sacreBLEU and parbleu share one cache both ways.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from parbleu.testsets.entries import Download, KnownTestSet

__all__ = ["SacrebleuCache", "cache_from_environment", "field_file_name"]


def field_file_name(name: str, pair: str, field: str) -> str:
    """The name sacreBLEU gives the text file of one field (``wmt21_systems.zh-en.ref-A``)."""
    return f"{name.replace('/', '_')}.{pair}.{field.replace(':', '-')}"


@dataclass(frozen=True)
class SacrebleuCache:
    """A sacreBLEU cache directory (it need not exist yet)."""

    root: Path

    def folder(self, name: str) -> Path:
        """Where the test set `name` lives."""
        return self.root / name

    def raw_folder(self, name: str) -> Path:
        """Where its downloads and their extracted files lie."""
        return self.folder(name) / "raw"

    def raw_file(self, name: str, path: str) -> Path:
        """A file under ``raw/`` (a path of the registry's pair tables)."""
        return self.raw_folder(name) / path

    def download_file(self, test_set: KnownTestSet, download: Download) -> Path:
        """Where a download is kept."""
        return self.raw_folder(test_set.name) / test_set.local_name(download)

    def text_file(self, name: str, pair: str, field: str) -> Path:
        """The plain-text file sacreBLEU writes for one field of one pair."""
        return self.folder(name) / field_file_name(name, pair, field)

    def model_file(self, file_name: str) -> Path:
        """A SentencePiece model in ``models/``."""
        return self.root / "models" / file_name


def cache_from_environment(
    environ: Mapping[str, str], option: str | Path | None = None
) -> SacrebleuCache:
    """The cache: `option` (``--cache-dir``), else ``$SACREBLEU``, else ``~/.sacrebleu``.

    The explicit helper for programs and the command line: pass ``os.environ`` to read the
    environment as sacreBLEU does.
    """
    if option is not None:
        return SacrebleuCache(Path(option).expanduser())
    if environ.get("SACREBLEU"):  # taken as it is, as sacreBLEU takes it
        return SacrebleuCache(Path(environ["SACREBLEU"]))
    return SacrebleuCache(Path("~/.sacrebleu").expanduser())
