"""References the server loads once at start, by dataset id.

``--dataset NAME=FILE[,FILE...]``: each file holds one reference per line (a second file a
second reference of every segment, and so on, as sacreBLEU's reference streams); every file
of a dataset must have the same number of lines. A request names the dataset and the
segment ids (0-based line numbers) of its texts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parbleu.errors import InputError, OptionError
from parbleu.io.lines import check_parallel, read_lines

__all__ = ["Datasets", "load_datasets", "parse_dataset_option"]


@dataclass(frozen=True)
class Datasets:
    """Per dataset: the references of each segment (a tuple of strings per segment)."""

    references: Mapping[str, tuple[tuple[str, ...], ...]]

    def lookup(self, name: str, ids: Sequence[int]) -> list[list[str]]:
        """The references of the segments `ids` of dataset `name`.

        Raises:
            InputError: an unknown dataset, or an id out of range.
        """
        if name not in self.references:
            known = ", ".join(sorted(self.references)) or "none"
            raise InputError(f"no dataset {name!r} (loaded: {known})")
        segments = self.references[name]
        for index, segment in enumerate(ids):
            if not 0 <= segment < len(segments):
                last = len(segments) - 1
                raise InputError(f"ids[{index}] = {segment}: dataset {name!r} has ids 0..{last}")
        return [list(segments[i]) for i in ids]

    def sizes(self) -> dict[str, int]:
        """Segments per dataset."""
        return {name: len(refs) for name, refs in self.references.items()}


def parse_dataset_option(text: str) -> tuple[str, tuple[str, ...]]:
    """``NAME=FILE[,FILE...]`` as (name, files).

    Raises:
        OptionError: no ``=``, an empty name or no file.
    """
    name, sep, files = text.partition("=")
    paths = tuple(p for p in files.split(",") if p)
    if not sep or not name or not paths:
        raise OptionError(f"--dataset expects NAME=FILE[,FILE...]; got {text!r}", option="dataset")
    return name, paths


def load_datasets(options: Sequence[tuple[str, tuple[str, ...]]]) -> Datasets:
    """Read every dataset's files (one reference stream each), checked to be parallel."""
    loaded: dict[str, tuple[tuple[str, ...], ...]] = {}
    for name, files in options:
        if name in loaded:
            raise OptionError(f"--dataset {name!r} is given twice", option="dataset")
        streams = [(path, read_lines(path)) for path in files]
        check_parallel(streams)
        loaded[name] = tuple(zip(*(lines for _, lines in streams), strict=True))
    return Datasets(loaded)
