"""Read-only access to the WMT test data in ../shared/data (see its README.md)."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

#: Tokenizer that reproduces the official WMT21 BLEU of each target language (data README).
OFFICIAL_BLEU_TOKENIZER = {"de": "13a", "en": "13a", "zh": "zh", "ja": "char"}


def read_lines(path: Path) -> list[str]:
    """Lines of a UTF-8 file without their newline (only \\n ends a line, as in sacreBLEU)."""
    with path.open(encoding="utf-8", newline="\n") as handle:
        return [line.rstrip("\n") for line in handle]


@dataclass(frozen=True)
class Pair:
    """One test set folder: references, systems, official scores."""

    folder: Path

    @property
    def name(self) -> str:
        return f"{self.folder.parent.name}/{self.folder.name}"

    @property
    def target(self) -> str:
        return self.folder.name.split("-")[1]

    @cached_property
    def reference_names(self) -> list[str]:
        return sorted(p.name[len("ref.") : -len(".txt")] for p in self.folder.glob("ref.*.txt"))

    def reference(self, letter: str) -> list[str]:
        return read_lines(self.folder / f"ref.{letter}.txt")

    @cached_property
    def references(self) -> dict[str, list[str]]:
        return {letter: self.reference(letter) for letter in self.reference_names}

    @cached_property
    def system_names(self) -> list[str]:
        return sorted(p.stem for p in (self.folder / "sys").glob("*.txt"))

    def system(self, name: str) -> list[str]:
        return read_lines(self.folder / "sys" / f"{name}.txt")

    @cached_property
    def systems(self) -> dict[str, list[str]]:
        return {name: self.system(name) for name in self.system_names}

    def official_scores(self) -> list[dict[str, str]]:
        """Rows of official_auto_scores.tsv (pair, system, id, is_constrained, metric, score)."""
        path = self.folder / "official_auto_scores.tsv"
        with path.open(encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle, delimiter="\t"))

    def known_answers(self) -> list[dict[str, str]]:
        """Rows of known_answers.tsv (newstest2017 en-de only)."""
        path = self.folder / "known_answers.tsv"
        with path.open(encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle, delimiter="\t"))


@dataclass(frozen=True)
class WmtData:
    """The shared data folder."""

    root: Path

    @cached_property
    def wmt21_pairs(self) -> list[Pair]:
        return [Pair(p) for p in sorted((self.root / "newstest2021").iterdir()) if p.is_dir()]

    @cached_property
    def wmt17_ende(self) -> Pair:
        return Pair(self.root / "newstest2017" / "en-de")

    def pair(self, name: str) -> Pair:
        """A pair by ``year/src-tgt`` or ``src-tgt`` (WMT21)."""
        if "/" not in name:
            name = f"newstest2021/{name}"
        return Pair(self.root / name)
