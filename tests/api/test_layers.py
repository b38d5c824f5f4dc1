"""No import runs upward: each room of ``src/parbleu`` imports only rooms of its layer or below.

The layers are the stages of docs/architecture.md's pipeline, read from the bottom: text is
read (``io``; ``testsets`` fetches test sets into sacreBLEU's cache), tokenized
(``tokenizers``), turned into ids and counts (``engine``), into statistics and scores
(``stats``, ``metrics``); what re-sums statistics (``significance``, ``meta``, ``scaling``,
``accumulator`` and the other views of scores) sits above the metrics, and the commands, the
report, the compatibility layer, the HTTP server (``serve``) and the training-harness
adapters (``integrations``) above everything. Below them all lie the modules every stage may
use (errors, option checks, array types, signatures, the worker pool). An import from a lower
layer to a higher one, at module level, inside a function or under ``TYPE_CHECKING``, is a
dependency running against the pipeline and fails here (oracle: the layer order of the
architecture document, written out below).
"""

from __future__ import annotations

import ast
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2] / "src" / "parbleu"

#: Each top-level room of the package (a module or a folder) and its layer, lowest first.
LAYERS: dict[str, int] = {
    # 0: used by every stage; knows none of them
    "_lazy": 0,
    "_version": 0,
    "errors": 0,
    "options": 0,
    "arrays": 0,
    "numeric": 0,
    "signature": 0,
    "defaults": 0,
    "workers": 0,
    # 1: text in (files, and test sets fetched into sacreBLEU's cache)
    "io": 1,
    "references": 1,
    "testsets": 1,
    # 2: tokens
    "tokenizers": 2,
    # 3: ids, n-gram counts, matches
    "engine": 3,
    # 4: statistics and scores
    "stats": 4,
    "metrics": 4,
    "functional": 4,
    # 5: statistics re-summed, resampled, compared
    "significance": 5,
    "meta": 5,
    "scaling": 5,
    "ids": 5,
    "pairwise": 5,
    "rewards": 5,
    "accumulator": 5,
    # 6: the edges: commands, the report, sacreBLEU's API, the package's own exports
    "cli": 6,
    "report": 6,
    "replication": 6,
    "compat": 6,
    "sample": 6,
    "serve": 6,
    "integrations": 6,
    "__init__": 6,
    "__main__": 7,
}


def _room(module: str) -> str:
    """The top-level room of a dotted module name under ``parbleu``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_of(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every ``parbleu`` module `path` imports, with the line, wherever the import is."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return [(line, name) for line, name in found if name.split(".")[0] == "parbleu"]


def _rooms() -> set[str]:
    rooms = {path.stem for path in SOURCE.glob("*.py")}
    return rooms | {path.name for path in SOURCE.iterdir() if (path / "__init__.py").is_file()}


def test_every_room_has_a_layer() -> None:
    """A new module or folder is placed in the pipeline before it can be imported."""
    missing = sorted(_rooms() - set(LAYERS))
    assert not missing, f"give these rooms a layer in LAYERS: {missing}"


def test_no_import_runs_upward() -> None:
    """Every import goes to the importer's layer or a lower one."""
    upward = []
    for path in sorted(SOURCE.rglob("*.py")):
        module = _module_of(path)
        layer = LAYERS[_room(module) if module != "parbleu" else "__init__"]
        for line, name in _imports(path):
            target = LAYERS.get(_room(name) if name != "parbleu" else "__init__")
            if target is not None and target > layer:
                upward.append(f"{path.relative_to(SOURCE)}:{line} imports {name}")
    assert not upward, "imports from a lower layer to a higher one:\n" + "\n".join(upward)
