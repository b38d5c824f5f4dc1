"""sacreBLEU 2.6.0's ``sacrebleu.dataset``, without its registry of downloadable test sets.

sacreBLEU's ``DATASETS`` maps about 150 test-set names to the URLs, checksums, language pairs
and file layouts it downloads them with. parbleu downloads nothing and does not ship that
registry, so ``DATASETS`` here is a mapping that refuses every look-up with an error that
says so; score local files instead, or read them with `parbleu.io.read_test_set` (WMT XML,
SGML, JSONL, TSV, Parquet).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from parbleu.errors import OptionError

__all__ = ["DATASETS", "unavailable"]


def unavailable(what: str) -> OptionError:
    """The error for anything that needs sacreBLEU's test-set registry or a download."""
    return OptionError(
        f"{what}: parbleu does not download test sets and has no copy of sacreBLEU's registry "
        "of them; give local files (parbleu.io.read_test_set reads WMT XML, SGML, JSONL, TSV "
        "and Parquet)"
    )


class _Unavailable(Mapping[str, object]):
    """A registry that refuses every look-up (see the module docstring)."""

    def __getitem__(self, name: str) -> object:
        raise unavailable(f"test set {name!r}")

    def __iter__(self) -> Iterator[str]:
        raise unavailable("the list of test sets")

    def __len__(self) -> int:
        raise unavailable("the number of test sets")

    def __repr__(self) -> str:
        return "<sacreBLEU's test-set registry: not available in parbleu>"


#: sacreBLEU's registry of test sets: refuses every look-up here.
DATASETS: Mapping[str, object] = _Unavailable()
