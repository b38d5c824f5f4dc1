"""WMT21 MQM (../shared/data) written in mt-metrics-eval's directory layout, at test time.

For each pair: ``sources/LP.txt``, ``references/LP.refX.txt`` for every ``ref.X.txt``,
``system-outputs/LP/NAME.txt`` for every system and for every reference the MQM file rates
(named ``refX``: mt-metrics-eval's human translations), ``human-scores/LP.mqm.seg.score``
(``NAME SCORE`` per segment in order, ``None`` where MQM rated nothing) and
``LP.mqm.sys.score`` (the data's ``mqm_sys.tsv``). Names MQM rates without text here
(``ref.B``, ``metricsystem1``-``5``) are left out, as mt-metrics-eval refuses scores of
systems it has no output for. Nothing from the data is ever committed.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

__all__ = ["MQM_PAIRS", "write_mtme_layout"]

#: Pairs with MQM scores in the shared data.
MQM_PAIRS = ("en-de", "zh-en")


def _name(name: str) -> str:
    return name.replace("ref.", "ref") if name.startswith("ref.") else name


def _rows(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle, delimiter="\t"))


def _write_pair(source: Path, root: Path, lp: str) -> None:
    for folder in ("sources", "references", f"system-outputs/{lp}", "human-scores"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source / "src.txt", root / "sources" / f"{lp}.txt")
    texts = {p.stem: p for p in (source / "sys").glob("*.txt")}
    for ref in source.glob("ref.*.txt"):
        name = _name(ref.name.removesuffix(".txt"))
        shutil.copyfile(ref, root / "references" / f"{lp}.{name}.txt")
        texts[name] = ref
    n_segments = len((source / "src.txt").read_text(encoding="utf-8").split("\n")) - 1
    scores: dict[str, list[str]] = {}
    for system, seg_id, score in _rows(source / "human" / "mqm_seg.tsv"):
        name = _name(system)
        if name in texts:
            scores.setdefault(name, ["None"] * n_segments)[int(seg_id) - 1] = score
    for name in scores:
        shutil.copyfile(texts[name], root / "system-outputs" / lp / f"{name}.txt")
    with (root / "human-scores" / f"{lp}.mqm.seg.score").open("w", encoding="utf-8") as out:
        for name, values in sorted(scores.items()):
            out.writelines(f"{name}\t{v}\n" for v in values)
    with (root / "human-scores" / f"{lp}.mqm.sys.score").open("w", encoding="utf-8") as out:
        for system, score in _rows(source / "human" / "mqm_sys.tsv"):
            if _name(system) in scores:
                out.write(f"{_name(system)}\t{score}\n")


def write_mtme_layout(data: Path, root: Path, pairs: tuple[str, ...] = MQM_PAIRS) -> Path:
    """Write the layout under `root` (a test set folder) from the shared data folder."""
    for lp in pairs:
        _write_pair(data / "newstest2021" / lp, root, lp)
    return root
