"""The files of ``parbleu meta``: references, systems named by their files, human scores."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from parbleu.cli.inputs import Inputs, read_inputs
from parbleu.cli.meta.request import HumanFiles, TextFiles
from parbleu.cli.requests import InputRequest
from parbleu.errors import OptionError
from parbleu.io.judgments import read_segment_scores, read_system_scores
from parbleu.io.lines import same_file
from parbleu.meta import SegmentStats
from parbleu.metrics.external import ExternalScores

__all__ = ["MetaInputs", "StudyInputs", "read_meta_inputs", "read_study_inputs"]


def _system_name(path: str) -> str:
    name = Path(path).name
    name = name.removesuffix(".gz")
    return name.removesuffix(".txt")


@dataclass(frozen=True)
class MetaInputs:
    """References, systems by name, and the human scores (system or segment level)."""

    refs: list[list[str]]
    systems: dict[str, list[str]]
    human: dict[str, float] | SegmentStats
    human_seg: SegmentStats | None
    human_label: str
    human_source: str


def _texts(files: TextFiles) -> Inputs:
    """The references and systems, read as every command reads them (`read_inputs`)."""
    request = InputRequest(files.refs, files.systems, encoding=files.encoding)
    return read_inputs(request, None)


def _system_names(files: TextFiles) -> list[str]:
    for system in files.systems:
        for reference in files.refs:
            if same_file(system, reference):
                raise OptionError(
                    f"{system} is given both as a reference and as a system"
                    + (f" (as {reference})" if system != reference else "")
                )
    paths: dict[str, str] = {}
    for path in files.systems:
        name = _system_name(path)
        if name in paths:
            raise OptionError(f"{paths[name]} and {path} both name system {name!r}")
        paths[name] = path
    return list(paths)


def _human_segments(path: str, n_segments: int, label: str, encoding: str) -> SegmentStats:
    scores = read_segment_scores(path, encoding, with_system=True)
    table = ExternalScores.from_segment_scores(scores, n_segments, name=label, allow_missing=True)
    return SegmentStats(label, table, {s: table.system_statistics(s) for s in table.systems})


def read_meta_inputs(files: TextFiles, scores: HumanFiles) -> MetaInputs:
    """Read and check every file the options name."""
    source = scores.source
    if source is None:
        raise OptionError("give human scores: --human FILE (system level) or --human-seg FILE")
    names = _system_names(files)
    texts = _texts(files)
    refs = [list(map(str, stream)) for stream in texts.refs]
    systems = dict(zip(names, texts.systems, strict=True))
    label = scores.name or Path(source).stem
    seg = None
    if scores.segment_file is not None:
        seg = _human_segments(scores.segment_file, len(refs[0]), label, files.encoding)
    human: dict[str, float] | SegmentStats | None = seg
    if scores.system_file is not None:
        human = read_system_scores(scores.system_file, files.encoding).scores
    if human is None:  # unreachable: one of the two files was required above
        raise OptionError("no human scores")
    return MetaInputs(refs, systems, human, seg, label, source)


@dataclass(frozen=True)
class StudyInputs:
    """References and systems by name, and the files they come from (a reference study)."""

    references: dict[str, list[str]]
    reference_files: dict[str, str]
    systems: dict[str, list[str]]

    @property
    def n_segments(self) -> int:
        """Segments of the test set."""
        return len(next(iter(self.references.values())))


def _reference_files(refs: tuple[str, ...]) -> dict[str, str]:
    """Each reference file by its name (file name without ``.txt``, ``.gz``)."""
    files: dict[str, str] = {}
    for path in refs:
        name = _system_name(path)
        for other in files.values():
            if same_file(path, other):
                raise OptionError(f"{path} is given twice to --refs" + _as(path, other))
        if name in files:
            raise OptionError(f"{files[name]} and {path} both name reference {name!r}")
        files[name] = path
    return files


def _as(path: str, other: str) -> str:
    return f" (as {other})" if path != other else ""


def read_study_inputs(given: TextFiles) -> StudyInputs:
    """Read and check the files of ``--reference-study``: two or more of each, parallel."""
    if len(given.refs) < 2:
        raise OptionError(
            f"--reference-study needs at least two reference files (--refs); got "
            f"{len(given.refs)}: {', '.join(given.refs)}"
        )
    if len(given.systems) < 2:
        raise OptionError(
            f"--reference-study ranks systems and needs at least two (--systems); got "
            f"{len(given.systems)}: {', '.join(given.systems)}"
        )
    files = _reference_files(given.refs)
    names = _system_names(given)
    texts = _texts(given)
    references = {
        name: list(map(str, stream)) for name, stream in zip(files, texts.refs, strict=True)
    }
    systems = dict(zip(names, texts.systems, strict=True))
    return StudyInputs(references, files, systems)
