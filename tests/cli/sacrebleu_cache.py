"""A sacreBLEU cache built by the tests from ../shared/data, laid out as sacreBLEU 2.6.0 lays
it out after a download, and sacreBLEU's own command line run against it.

The archives' files are written from the shared WMT data (`build_raw`): mteval SGML for
``wmt17`` en-de (its newstest2017 reference) and for ``wmt13`` de-en (a stand-in: the WMT21
de-en source and reference text in WMT13's file names), WMT XML for ``wmt21`` (all six shared
pairs) and ``wmt21/systems`` (en-de and zh-en, with every system). What the shared data does
not have is made up here and marked as such: the WMT17 source (``Source segment N.``), the
document boundaries and ids (except the released WMT21 en-ja and ja-en ids), the original
languages, and the domains of WMT21 de-en. Each test set's archive is packed from those files
and kept in ``raw/`` under sacreBLEU's name for it, so that sacreBLEU never downloads.
`complete` then lets sacreBLEU itself write its plain-text files (``--echo src`` once per
pair), which is exactly the cache a download leaves.

`sacrebleu` runs sacreBLEU's command line with the cache as ``$SACREBLEU`` and HTTP(S)
proxies pointing at a closed port, so that any attempt to download fails instead of reaching
the network.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from parbleu.testsets.registry import TEST_SETS
from tests.wmt import Pair, WmtData

#: Segments per made-up document.
DOCUMENT_SIZE = 25

#: The WMT21 pairs of the built ``wmt21/systems``.
SYSTEM_PAIRS = ("en-de", "zh-en")

#: Nothing listens here: a download through these proxies fails at once.
DEAD_PROXY = "http://127.0.0.1:9"


def _documents(n: int, doc_ids: Sequence[str] | None) -> list[tuple[str, list[int]]]:
    """Document id and line numbers (0-based): the released ids, or made-up runs."""
    if doc_ids is not None:
        grouped: dict[str, list[int]] = {}
        for index, doc_id in enumerate(doc_ids):
            grouped.setdefault(doc_id, []).append(index)
        return list(grouped.items())
    return [
        (f"made-up-{k // DOCUMENT_SIZE + 1}", list(range(k, min(k + DOCUMENT_SIZE, n))))
        for k in range(0, n, DOCUMENT_SIZE)
    ]


def _origlang(number: int, source: str, target: str) -> str:
    """Made up: documents alternate between the two languages, two of three in the source."""
    return target if number % 3 == 2 else source


def _sgml(kind: str, attributes: str, lines: Sequence[str], source: str, target: str) -> str:
    out = [f"<{kind} {attributes}>"]
    for number, (doc_id, indices) in enumerate(_documents(len(lines), None)):
        origlang = _origlang(number, source, target)
        out.append(f'<doc sysid="ref" docid="{doc_id}" genre="news" origlang="{origlang}">')
        out.append("<p>")
        out.extend(f'<seg id="{i + 1}">{lines[k]}</seg>' for i, k in enumerate(indices))
        out.append("</p>")
        out.append("</doc>")
    out.append(f"</{kind}>")
    return "\n".join(out) + "\n"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _sgml_test_set(root: Path, name: str, pair: str, source: list[str], ref: list[str]) -> None:
    s, t = pair.split("-")
    files = [f.path for f in TEST_SETS[name].pairs[pair].files]
    raw = root / name / "raw"
    setid = f'setid="newstest{name[3:]}" srclang="{s}"'
    _write(raw / files[0], _sgml("srcset", setid, source, s, t))
    kind = "srcset" if "-src." in files[1] else "refset"  # WMT13's reference is a srcset
    attributes = setid if kind == "srcset" else f'{setid} trglang="{t}"'
    _write(raw / files[1], _sgml(kind, attributes, ref, s, t))


def _segments(tag: str, attributes: str, lines: Sequence[str], indices: list[int]) -> list[str]:
    segs = [f'      <seg id="{i + 1}">{escape(lines[k])}</seg>' for i, k in enumerate(indices)]
    return [f"    <{tag} {attributes}>", "     <p>", *segs, "     </p>", f"    </{tag}>"]


def _wmt_xml(pair: Pair, *, systems: bool) -> str:
    s, t = pair.folder.name.split("-")
    source = (pair.folder / "src.txt").read_text(encoding="utf-8").splitlines()
    docids = pair.folder / "docids.txt"
    doc_ids = docids.read_text(encoding="utf-8").splitlines() if docids.is_file() else None
    out = ['<?xml version="1.0" encoding="utf-8"?>', '<dataset id="newstest2021">']
    out.append(' <collection id="general">')
    for number, (doc_id, indices) in enumerate(_documents(len(source), doc_ids)):
        attributes = f"id={quoteattr(doc_id)} origlang={quoteattr(_origlang(number, s, t))}"
        if pair.folder.name == "de-en":  # made up, to test --subset and -d with domains
            attributes += f' domain="{("news", "speech", "web")[number % 3]}"'
        out.append(f"  <doc {attributes}>")
        out.extend(_segments("src", f'lang="{s}"', source, indices))
        for letter, lines in pair.references.items():
            out.extend(_segments("ref", f'lang="{t}" translator="{letter}"', lines, indices))
        for name, lines in pair.systems.items() if systems else []:
            out.extend(
                _segments(
                    "hyp", f"system={quoteattr(name)} language={quoteattr(t)}", lines, indices
                )
            )
        out.append("  </doc>")
    out += [" </collection>", "</dataset>"]
    return "\n".join(out) + "\n"


def _pack(root: Path, name: str) -> None:
    """The archive sacreBLEU would have downloaded, under its name in ``raw/``."""
    test_set = TEST_SETS[name]
    raw = root / name / "raw"
    top = {Path(files.files[0].path).parts[0] for files in test_set.pairs.values()}
    with tarfile.open(raw / test_set.local_name(test_set.downloads[0]), "w:gz") as archive:
        for folder in sorted(top):
            if (raw / folder).exists():
                archive.add(raw / folder, arcname=folder)


def build_raw(root: Path, data: WmtData) -> None:
    """The archives of ``wmt13``, ``wmt17``, ``wmt21``, ``wmt21/systems``, extracted."""
    ende = data.wmt17_ende
    ref = ende.reference("A")
    made_up_source = [f"Source segment {i}." for i in range(1, len(ref) + 1)]
    _sgml_test_set(root, "wmt17", "en-de", made_up_source, ref)
    deen = data.pair("de-en")
    german = (deen.folder / "src.txt").read_text(encoding="utf-8").splitlines()
    _sgml_test_set(root, "wmt13", "de-en", german, deen.reference("A"))
    for pair in data.wmt21_pairs:
        name = pair.folder.name
        _write(
            root / "wmt21" / "raw" / TEST_SETS["wmt21"].pairs[name].files[0].path,
            _wmt_xml(pair, systems=False),
        )
        if name in SYSTEM_PAIRS:
            files = TEST_SETS["wmt21/systems"].pairs[name].files
            path = root / "wmt21/systems" / "raw" / files[0].path
            _write(path, _wmt_xml(pair, systems=True))
    for name in ("wmt13", "wmt17", "wmt21", "wmt21/systems"):
        _pack(root, name)


def built_pairs() -> list[tuple[str, str]]:
    """(test set, pair) of everything `build_raw` writes."""
    wmt21 = ("de-en", "en-de", "en-ja", "en-zh", "ja-en", "zh-en")
    return [
        ("wmt13", "de-en"),
        ("wmt17", "en-de"),
        *(("wmt21", pair) for pair in wmt21),
        *(("wmt21/systems", pair) for pair in SYSTEM_PAIRS),
    ]


def sacrebleu(
    argv: Sequence[str],
    cache: Path,
    *,
    stdin: bytes = b"",
    check: bool = True,
    extra_env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[bytes]:
    """sacreBLEU 2.6.0's command line, offline, with `cache` as ``$SACREBLEU``."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("SACREBLEU_FORMAT", "SACREBLEU_SEED") and not key.lower().endswith("_proxy")
    }
    env |= {
        "SACREBLEU": str(cache),
        "HTTP_PROXY": DEAD_PROXY,
        "HTTPS_PROXY": DEAD_PROXY,
        "http_proxy": DEAD_PROXY,
        "https_proxy": DEAD_PROXY,
        "PYTHONHASHSEED": "0",
        **(extra_env or {}),
    }
    done = subprocess.run(
        [sys.executable, "-m", "sacrebleu", *argv],
        input=stdin,
        capture_output=True,
        env=env,
        check=False,
    )
    if check and done.returncode != 0:
        raise AssertionError(f"sacrebleu {' '.join(argv)} failed: {done.stderr.decode()}")
    return done


def complete(raw_root: Path, root: Path) -> None:
    """A copy of `raw_root` with the text files sacreBLEU writes for every built pair."""
    shutil.copytree(raw_root, root)
    for name, pair in built_pairs():
        sacrebleu(["-t", name, "-l", pair, "--echo", "src"], root)
