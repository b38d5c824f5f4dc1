"""Reading a test set in mt-metrics-eval's directory layout (I/O only).

Google's mt-metrics-eval (``data.py``, its README's "File organization") keeps one folder per
test set (``.../mt-metrics-eval-v2/wmt23``) with, for a language pair LP:

    sources/LP.txt                          one source segment per line
    references/LP.NAME.txt                  a reference (NAME: refA, refB, ...)
    system-outputs/LP/SYSTEM.txt            a system's output; a SYSTEM named as a reference
                                            is that human translation scored as a system
    human-scores/LP.NAME.LEVEL.score        human scores, LEVEL seg or sys (domain, doc:
                                            not read here)
    metric-scores/LP/METRIC-REF.LEVEL.score a metric's scores with reference REF (``src``:
                                            none, ``all``: every reference)
    documents/LP.docs                       ``domain doc`` per segment (optional here)

A score file has one line per system (``sys``) or per system and segment (``seg``, in
segment order), ``SYSTEM SCORE`` separated by white space; ``None`` marks a segment without a
human score (never allowed in metric scores). A text line ``[No translation supplied]`` is a
missing translation; it is read as an empty line.

Every problem is an `InputError` naming the file (and line): a missing language pair (with
the pairs found), a line of another shape, a score that is not a number, a system with the
wrong number of scores, a score file naming a system without output, a system without
scores.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from parbleu.errors import InputError
from parbleu.io.lines import check_parallel, read_lines

__all__ = [
    "NO_TRANSLATION",
    "MtmeSet",
    "ScoreTable",
    "metric_files",
    "open_mtme",
    "read_score_file",
]

#: mt-metrics-eval's mark of a missing translation.
NO_TRANSLATION = "[No translation supplied]"
#: Levels read here.
LEVELS = ("seg", "sys")


@dataclass(frozen=True)
class ScoreTable:
    """Scores per system, in file order (one per segment, or one for the system)."""

    source: str
    scores: Mapping[str, tuple[float | None, ...]]


def _score(text: str, path: str, line: int, allow_none: bool) -> float | None:
    if text == "None":
        if allow_none:
            return None
        raise InputError(
            "score None in metric scores (only human scores may be missing)",
            source=path,
            line=line,
        )
    try:
        value = float(text)
    except ValueError:
        raise InputError(
            f"score {text!r} is not a number", source=path, line=line, expected="a number"
        ) from None
    if not math.isfinite(value):
        raise InputError(f"score {text!r} is not a finite number", source=path, line=line)
    return value


def read_score_file(path: str | Path, *, allow_none: bool = False) -> ScoreTable:
    """``SYSTEM SCORE`` lines grouped by system, in order (``None`` only if `allow_none`)."""
    source = str(path)
    scores: dict[str, list[float | None]] = {}
    for number, line in enumerate(read_lines(source), start=1):
        fields = line.split()
        if len(fields) != 2:
            raise InputError(
                f"expected SYSTEM SCORE (2 fields separated by white space), found "
                f"{len(fields)} field{'s' if len(fields) != 1 else ''}: {line[:60]!r}",
                source=source,
                line=number,
                expected="SYSTEM SCORE",
            )
        scores.setdefault(fields[0], []).append(_score(fields[1], source, number, allow_none))
    if not scores:
        raise InputError("empty score file", source=source)
    return ScoreTable(source, {name: tuple(values) for name, values in scores.items()})


@dataclass(frozen=True)
class MtmeSet:
    """One language pair of a test set in mt-metrics-eval's layout."""

    root: Path
    lp: str
    source: tuple[str, ...]
    references: Mapping[str, tuple[str, ...]]
    outputs: Mapping[str, tuple[str, ...]]  # system-outputs, human translations included

    @property
    def n_segments(self) -> int:
        """Segments of the test set."""
        return len(self.source)

    @property
    def human_translations(self) -> tuple[str, ...]:
        """Outputs named as a reference: human translations scored as systems."""
        return tuple(name for name in self.outputs if name in self.references)

    def human_file(self, name: str, level: str) -> Path:
        """``human-scores/LP.NAME.LEVEL.score``."""
        return self.root / "human-scores" / f"{self.lp}.{name}.{level}.score"

    def human_names(self, level: str) -> tuple[str, ...]:
        """Names of the human scores available at a level."""
        prefix, suffix = f"{self.lp}.", f".{level}.score"
        folder = self.root / "human-scores"
        found = (p.name for p in folder.glob(f"{self.lp}.*{suffix}")) if folder.is_dir() else ()
        return tuple(sorted(n[len(prefix) : -len(suffix)] for n in found))

    def read_human(self, name: str, level: str) -> ScoreTable:
        """Human scores of one name and level, checked against the outputs."""
        path = self.human_file(name, level)
        if not path.is_file():
            available = ", ".join(self.human_names(level)) or "none"
            raise InputError(
                f"no {level}-level human scores {name!r} for {self.lp} (expected {path}); "
                f"available: {available}"
            )
        return self.checked(read_score_file(path, allow_none=True), level)

    def read_metric(self, path: Path, level: str) -> ScoreTable:
        """A metric's scores at a level, checked against the outputs."""
        return self.checked(read_score_file(path), level)

    def checked(self, table: ScoreTable, level: str) -> ScoreTable:
        """`table` if every system has output and one score per segment (or one at sys level)."""
        expected = 1 if level == "sys" else self.n_segments
        for system, scores in table.scores.items():
            if system not in self.outputs:
                raise InputError(
                    f"scores for system {system!r}, which has no output in "
                    f"{self.root / 'system-outputs' / self.lp}",
                    source=table.source,
                )
            if len(scores) != expected:
                unit = "one score" if level == "sys" else f"{expected} scores (one per segment)"
                raise InputError(
                    f"system {system!r} has {len(scores)} scores, expected {unit}",
                    source=table.source,
                )
        return table


def _read_text(path: Path) -> tuple[str, ...]:
    return tuple("" if line == NO_TRANSLATION else line for line in read_lines(path))


def _pairs(root: Path) -> list[str]:
    folder = root / "sources"
    return sorted(p.name.removesuffix(".txt") for p in folder.glob("*.txt"))


def _named_texts(files: list[Path], strip: str) -> dict[str, tuple[str, ...]]:
    return {p.name[len(strip) :].removesuffix(".txt"): _read_text(p) for p in sorted(files)}


def open_mtme(root: str | Path, lp: str) -> MtmeSet:
    """Read the texts of one language pair (scores are read on request).

    Raises:
        InputError: no such folder or language pair, a pair without outputs, texts of
            different lengths.
    """
    folder = Path(root)
    if not (folder / "sources").is_dir():
        raise InputError(
            f"{folder} is not a test set in mt-metrics-eval's layout (no sources/ folder); "
            "give the folder of one test set, e.g. .../mt-metrics-eval-v2/wmt23"
        )
    source_file = folder / "sources" / f"{lp}.txt"
    if not source_file.is_file():
        found = ", ".join(_pairs(folder)) or "none"
        raise InputError(
            f"{folder}: no language pair {lp!r} ({source_file} missing); found: {found}"
        )
    references = _named_texts(list((folder / "references").glob(f"{lp}.*.txt")), f"{lp}.")
    outputs = _named_texts(list((folder / "system-outputs" / lp).glob("*.txt")), "")
    if not outputs:
        raise InputError(f"{folder / 'system-outputs' / lp}: no system outputs (*.txt)")
    source = _read_text(source_file)
    texts = [(str(source_file), source)]
    texts += [(f"references/{lp}.{n}.txt", t) for n, t in references.items()]
    texts += [(f"system-outputs/{lp}/{n}.txt", t) for n, t in outputs.items()]
    check_parallel(texts)
    return MtmeSet(folder, lp, source, references, outputs)


def metric_files(mtme: MtmeSet, name: str, reference: str) -> dict[str, Path]:
    """``{level: path}`` of a metric's score files with `reference` (or ``src``, ``all``).

    Raises:
        InputError: no segment-level file for the metric, naming the metrics there are.
    """
    folder = mtme.root / "metric-scores" / mtme.lp
    found: dict[str, Path] = {}
    for level in LEVELS:
        for ref in (reference, "src", "all"):
            path = folder / f"{name}-{ref}.{level}.score"
            if path.is_file():
                found[level] = path
                break
    if "seg" not in found:
        names = sorted({p.name.rsplit("-", 1)[0] for p in folder.glob("*.seg.score")})
        raise InputError(
            f"no segment scores for metric {name!r} with reference {reference} (or src, all) "
            f"in {folder}; metrics there: {', '.join(names) or 'none'}"
        )
    return found
