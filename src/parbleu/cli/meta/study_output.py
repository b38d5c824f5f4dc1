"""What ``parbleu meta --reference-study`` prints (text or JSON) and draws; computes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from parbleu.cli.meta.inputs import StudyInputs
from parbleu.cli.render import table
from parbleu.io.json_output import json_text, undefined_as_null
from parbleu.meta.plots import Normalized, save
from parbleu.meta.references import ALL, Agreement, ReferenceStudy

__all__ = ["study_json", "study_plot", "study_text"]


def study_json(inputs: StudyInputs, studies: Sequence[ReferenceStudy]) -> list[str]:
    """The whole study as one JSON document (an undefined tau as null)."""
    document = {
        "study": "references",
        "n_segments": inputs.n_segments,
        "references": [
            {"name": name, "file": path} for name, path in inputs.reference_files.items()
        ],
        "systems": list(inputs.systems),
        "metrics": [study.to_dict() for study in studies],
    }
    return [json_text(undefined_as_null(document), indent=1)]


def _setting_title(study: ReferenceStudy, name: str) -> str:
    return f"all ({', '.join(study.all.references)})" if name == ALL else name


def _score_lines(study: ReferenceStudy, width: int) -> list[str]:
    """Every system's score and rank in every setting, best with all references first."""
    settings = [study.all, *study.settings[:-1]]
    order = sorted(range(len(study.systems)), key=lambda i: study.all.ranks[i])
    rows = [
        [study.systems[i]] + [f"{s.scores[i]:.{width}f} ({s.ranks[i]})" for s in settings]
        for i in order
    ]
    header = ["System", *(_setting_title(study, s.name) for s in settings)]
    direction = "higher" if study.higher_is_better else "lower"
    title = f"{study.metric}: score (rank) with each choice of references ({direction} is better)"
    return ["", title, *table(header, rows, rule=False)]


def _agreement_lines(study: ReferenceStudy, width: int) -> list[str]:
    n = len(study.systems)
    rows = [
        [f"{a.first} vs {a.second}", f"{a.tau:.{width}f}", str(len(a.swapped)), str(a.tie_changes)]
        for a in (*study.versus_all, *study.pairwise)
    ]
    header = ["Rankings", "Kendall tau-b", "pairs swapped", "ties changed"]
    title = f"{study.metric}: agreement of the rankings ({n * (n - 1) // 2} system pairs)"
    return ["", title, *table(header, rows, rule=False)]


def _swaps(agreement: Agreement) -> str:
    # Named in the all-references order: the system that is better with all comes first.
    return "; ".join(f"{b} > {a}" for a, b in agreement.swapped) or "none"


def _swap_lines(study: ReferenceStudy) -> list[str]:
    title = (
        f"{study.metric}: pairs ordered the other way than with all references "
        "(X > Y: X is better with all references)"
    )
    return ["", title] + [f"  {a.first}: {_swaps(a)}" for a in study.versus_all]


def study_text(inputs: StudyInputs, studies: Sequence[ReferenceStudy], width: int) -> list[str]:
    """The inputs, then per metric: scores and ranks, agreements, swapped pairs."""
    references = ", ".join(f"{n} ({p})" for n, p in inputs.reference_files.items())
    title = "Reference study (Papineni et al. 2002, section 3): does the ranking hold with one"
    out = [
        f"{title} reference?",
        f"References: {references}",
        f"Systems: {len(inputs.systems)}, segments: {inputs.n_segments}",
    ]
    for study in studies:
        out += _score_lines(study, width)
        out += _agreement_lines(study, width)
        out += _swap_lines(study)
    out += ["", "Signatures (all references):"]
    out += [f" - {study.metric:<10} {study.signature.format()}" for study in studies]
    return out


def study_plot(path: str, studies: Sequence[ReferenceStudy]) -> None:
    """One panel per metric: the scores with all references and with each alone, normalized."""
    figures = [Normalized.from_reference_study(study) for study in studies]
    save(figures, path, columns=min(len(figures), 3), title="One reference vs all")
