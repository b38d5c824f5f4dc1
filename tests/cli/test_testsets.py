"""``-t``/``-l`` and the test-set options, read from a sacreBLEU cache built from the shared
data (`tests.cli.sacrebleu_cache`), in process.

Oracle: sacreBLEU 2.6.0's command line run offline against the same cache (scores, JSON,
text lines, ``--echo``, ``--list``, ``--origlang``, ``--subset``, ``-d``), and its registry
(citations).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from sacrebleu.dataset import DATASETS

from parbleu.cli.main import run
from tests.cli.conftest import Caches
from tests.cli.sacrebleu_cache import built_pairs, sacrebleu
from tests.wmt import WmtData

pytestmark = pytest.mark.shared_data

_ORACLE: dict[tuple[str, ...], str] = {}


def theirs(cache: Path, *argv: str, stdin: bytes = b"") -> str:
    """sacreBLEU's standard output (computed once per command)."""
    key = (str(cache), *argv, stdin.decode())
    if key not in _ORACLE:
        _ORACLE[key] = sacrebleu(argv, cache, stdin=stdin).stdout.decode()
    return _ORACLE[key]


def ours(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def sacrebleu_env(caches: Caches, monkeypatch: pytest.MonkeyPatch) -> None:
    """parbleu finds the full cache as sacreBLEU does, through $SACREBLEU."""
    monkeypatch.setenv("SACREBLEU", str(caches.full))
    monkeypatch.setenv("PARBLEU_OFFLINE", "1")  # these tests never reach for the network
    monkeypatch.delenv("PARBLEU_MIRROR", raising=False)
    monkeypatch.delenv("SACREBLEU_FORMAT", raising=False)


def sacrebleu_json(out: str) -> str:
    """parbleu's multi-system JSON without its own key, as sacreBLEU writes JSON."""
    rows = json.loads(out)
    return (
        json.dumps([{k: v for k, v in row.items() if k != "parbleu"} for row in rows], indent=4)
        + "\n"
    )


def same_text(out: str) -> str:
    return out.replace("version:parbleu-0.1.0", "version:2.6.0").replace(
        "v:parbleu-0.1.0", "v:2.6.0"
    )


def two_systems(data: WmtData, name: str, pair: str) -> list[str]:
    folder = data.wmt17_ende.folder if name == "wmt17" else data.pair(pair).folder
    if name == "wmt13":
        folder = data.pair("de-en").folder
    return [str(path) for path in sorted((folder / "sys").glob("*.txt"))[:2]]


@pytest.mark.parametrize(("name", "pair"), built_pairs())
def test_scores_equal_sacrebleus(
    caches: Caches, shared_data: WmtData, name: str, pair: str
) -> None:
    """Multi-system JSON, byte for byte: references chosen (ref:A of three), tokenizer of the
    target language (ja-mecab for en-ja, zh for en-zh), scores."""
    systems = two_systems(shared_data, name, pair)
    argv = ["-t", name, "-l", pair, "-i", *systems, "-m", "bleu", "chrf"]
    code, out, err = ours(*argv)
    assert (code, err) == (0, "")
    assert sacrebleu_json(out) == theirs(caches.full, *argv)


def test_single_system_lines_and_stdin(caches: Caches, shared_data: WmtData) -> None:
    system = two_systems(shared_data, "wmt17", "en-de")[0]
    argv = ["-t", "wmt17", "-l", "en-de", "-m", "bleu", "chrf", "ter", "-f", "text"]
    code, out, _ = ours(*argv, "-i", system)
    assert code == 0
    assert same_text(out) == theirs(caches.full, *argv, "-i", system)
    lines = Path(system).read_bytes()
    assert ours("-t", "wmt17", "-l", "en-de", "-b", stdin=lines)[1] == theirs(
        caches.full, "-t", "wmt17", "-l", "en-de", "-b", stdin=lines
    )


@pytest.mark.parametrize(
    ("name", "pair", "fields"),
    [
        ("wmt17", "en-de", ["src"]),
        ("wmt17", "en-de", ["ref"]),
        ("wmt17", "en-de", ["all"]),
        ("wmt13", "de-en", ["docid", "genre", "origlang", "ref"]),
        ("wmt21", "en-de", ["src", "docid", "ref"]),
        ("wmt21", "en-de", ["ref:D", "ref:A"]),
        ("wmt21", "ja-en", ["all"]),
        ("wmt21", "de-en", ["domain", "origlang"]),
        ("wmt21/systems", "zh-en", ["NiuTrans"]),
        ("wmt21/systems", "zh-en", ["Online-W", "ZengHuiMT"]),
    ],
)
def test_echo_equals_sacrebleus(caches: Caches, name: str, pair: str, fields: list[str]) -> None:
    """Every field as sacreBLEU prints it, from its text files and from the extracted files."""
    argv = ["-t", name, "-l", pair, "--echo", *fields]
    expected = theirs(caches.full, *argv)
    assert ours(*argv) == (0, expected, "")
    assert ours(*argv, "--cache-dir", str(caches.raw)) == (0, expected, "")


@pytest.mark.parametrize(
    "selection",
    [["--origlang", "de"], ["--origlang", "non-de"], ["--subset", "news|web"]],
)
def test_echo_with_selection(caches: Caches, selection: list[str]) -> None:
    argv = ["-t", "wmt21", "-l", "de-en", "--echo", "src", "docid", *selection]
    expected = theirs(caches.full, *argv)
    assert expected
    assert ours(*argv)[1] == expected


@pytest.mark.parametrize(
    "argv",
    [
        ["--list", "-t", "wmt17"],
        ["--list", "-t", "wmt13", "-l", "de-en"],
        ["--list", "-t", "wmt21", "-l", "ja-en"],
        ["--list", "-t", "wmt21/systems", "-l", "zh-en"],
    ],
)
def test_list_fields_equal_sacrebleus(caches: Caches, argv: list[str]) -> None:
    assert ours(*argv) == (0, theirs(caches.full, *argv), "")


@pytest.mark.parametrize("argv", [["--list"], ["--list", "-l", "en-de"], ["--list", "-l", "ja-en"]])
def test_list_of_test_sets_is_sacrebleus_and_the_newer_ones(
    caches: Caches, argv: list[str]
) -> None:
    """Every line of sacreBLEU's list, in its order; the newer test sets sorted in."""
    code, out, _ = ours(*argv)
    expected = theirs(caches.full, *argv).splitlines()
    mine = out.splitlines()
    assert code == 0
    assert mine[0] == expected[0]
    assert [line for line in mine[1:] if line.split()[0] in DATASETS] == expected[1:]
    newer = {line.split()[0] for line in mine[1:]} - set(DATASETS)
    assert newer == ({"wmt24pp", "wmt25"} if len(argv) == 1 else set())


@pytest.mark.parametrize(
    ("name", "pair", "selection"),
    [
        ("wmt17", "en-de", ["--origlang", "en"]),
        ("wmt17", "en-de", ["--origlang", "non-en"]),
        ("wmt21", "de-en", ["--origlang", "de"]),
        ("wmt21", "de-en", ["--subset", "speech"]),
        ("wmt21", "de-en", ["--subset", "news|web", "--origlang", "non-de"]),
    ],
)
def test_selected_segments_score_as_sacrebleu(
    caches: Caches, shared_data: WmtData, name: str, pair: str, selection: list[str]
) -> None:
    system = two_systems(shared_data, name, pair)[0]
    argv = [
        "-t",
        name,
        "-l",
        pair,
        "-i",
        system,
        "-m",
        "bleu",
        "chrf",
        "ter",
        "-f",
        "text",
        *selection,
    ]
    code, out, _ = ours(*argv)
    assert code == 0
    assert same_text(out) == theirs(caches.full, *argv)


@pytest.mark.parametrize(("name", "pair"), [("wmt17", "en-de"), ("wmt21", "de-en")])
def test_detail_equals_sacrebleus(
    caches: Caches, shared_data: WmtData, name: str, pair: str
) -> None:
    """-d: every original language and domain apart (sacreBLEU switches JSON to text)."""
    system = two_systems(shared_data, name, pair)[1]
    argv = ["-t", name, "-l", pair, "-i", system, "-m", "bleu", "chrf", "-d", "-w", "2"]
    code, out, _ = ours(*argv)
    assert code == 0
    assert same_text(out) == theirs(caches.full, *argv)
    assert "origlang=" in out


def test_test_sets_joined_with_commas(caches: Caches, shared_data: WmtData, tmp_path: Path) -> None:
    """-t wmt21,wmt21/systems: both test sets' segments, one after the other."""
    lines = shared_data.pair("zh-en").system("NiuTrans")
    doubled = tmp_path / "NiuTrans.twice.txt"
    doubled.write_text("\n".join(lines + lines) + "\n", encoding="utf-8")
    argv = ["-t", "wmt21,wmt21/systems", "-l", "zh-en", "-i", str(doubled), "-f", "text"]
    assert same_text(ours(*argv)[1]) == theirs(caches.full, *argv)
    echo = ["-t", "wmt21,wmt21/systems", "-l", "zh-en", "--echo", "ref"]
    assert ours(*echo)[1] == theirs(caches.full, *echo)


def _snapshot(root: Path) -> dict[str, tuple[int, int]]:
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in sorted(root.rglob("*"))}


def test_the_cache_is_only_read(caches: Caches, shared_data: WmtData) -> None:
    """parbleu converts what sacreBLEU has not, in memory: it writes nothing into the cache."""
    before = _snapshot(caches.raw)
    system = two_systems(shared_data, "wmt21", "en-ja")[0]
    raw = ["--cache-dir", str(caches.raw)]
    assert ours("-t", "wmt21", "-l", "en-ja", "-i", system, *raw)[0] == 0
    assert ours("-t", "wmt17", "-l", "en-de", "--echo", "all", *raw)[0] == 0
    assert ours("--list", "-t", "wmt21", "-l", "en-ja", *raw)[0] == 0
    assert _snapshot(caches.raw) == before


def test_sacrebleu_oracle_is_offline(caches: Caches, tmp_path: Path) -> None:
    """The oracle cannot download: without the archive it fails instead of fetching it."""
    done = sacrebleu(["-t", "wmt17", "-l", "en-de", "--echo", "ref"], caches.full)
    assert "Downloading" not in done.stderr.decode()
    failed = sacrebleu(["-t", "wmt17", "-l", "en-de", "--echo", "ref"], tmp_path, check=False)
    assert failed.returncode != 0
    assert "Downloading" in failed.stderr.decode()


def test_citation_is_sacrebleus() -> None:
    """sacreBLEU 2.6.0's own --citation fails (TypeError); its registry holds the entry."""
    code, out, _ = ours("-t", "wmt17", "--citation")
    assert (code, out) == (0, DATASETS["wmt17"].citation + "\n")
    assert ours("-t", "wmt21", "--cite")[::2] == (
        1,
        "parbleu: error: no citation for wmt21 in sacreBLEU's registry\n",
    )


def test_offline_a_missing_archive_says_what_to_place_where(
    tmp_path: Path, shared_data: WmtData
) -> None:
    """PARBLEU_OFFLINE=1 (set for every test here): no download, one line saying what to do."""
    system = two_systems(shared_data, "wmt17", "en-de")[0]
    code, out, err = ours("-t", "wmt17", "-l", "en-de", "-i", system, "--cache-dir", str(tmp_path))
    archive = tmp_path / "wmt17" / "raw" / "wmt17.test.tgz"
    assert (code, out) == (1, "")
    assert err.startswith(f"parbleu: error: wmt17: {archive} is not in the cache")
    for hint in (
        "downloads are off (--offline or PARBLEU_OFFLINE=1)",
        "https://data.statmt.org/wmt17/translation-task/test.tgz",
        "MD5 86a1724c276004aa25455ae2a04cef26",
    ):
        assert hint in err, hint
    assert err.count("\n") == 1
    assert not tmp_path.joinpath("wmt17").exists()


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["-t", "wmt99", "-l", "en-de"], 2, "unknown test set 'wmt99': not in the registry"),
        (["-t", "wmt17", "-l", "en-xx"], 2, "wmt17 has no language pair 'en-xx'; it has cs-en"),
        (["-t", "wmt17"], 2, "-t wmt17 needs a language pair (-l SRC-TRG)"),
        (["-t", "wmt17", "-l", "en-de", "-nr", "2"], 2, "-nr/--num-refs"),
        (["-t", "wmt17", "--echo", "src"], 2, "--echo needs a test set (-t) and a language pair"),
        (
            ["-t", "wmt21", "-l", "ja-en", "--echo", "asdf"],
            2,
            (
                "no such field asdf in test set wmt21 for language pair ja-en; available "
                "fields for wmt21/ja-en: src, ref:A, docid, origlang"
            ),
        ),
        (["-t", "wmt17", "-l", "en-de", "--echo", "all", "src"], 2, "--echo all cannot be"),
        (
            ["-t", "wmt17", "-l", "en-de", "--subset", "news"],
            2,
            "wmt17 has no document annotations",
        ),
        (
            ["-t", "wmt21", "-l", "de-en", "--subset", "(", "--echo", "src"],
            2,
            "not a regular expression",
        ),
        (["x.txt", "-i", "x.txt", "--origlang", "de"], 2, "give -t and -l"),
        (["-t", "wmt17", "-l", "en-de", "--origlang", "fr"], 1, "has no segment with origlang=fr"),
        (["-t", "wmt17", "-d"], 2, "needs a language pair"),
        (["--citation"], 2, "--citation needs a test set (-t)"),
    ],
)
def test_usage_errors(argv: list[str], code: int, message: str, shared_data: WmtData) -> None:
    system = two_systems(shared_data, "wmt17", "en-de")[0]
    if "-i" not in argv and "--echo" not in argv and "--citation" not in argv:
        argv = [*argv, "-i", system]
    result, out, err = ours(*argv)
    assert (result, out) == (code, "")
    assert err.startswith("parbleu: error: ")
    assert message in err
    assert err.count("\n") == 1


def test_detail_without_a_test_set_is_sacrebleus() -> None:
    sample = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
    argv = [str(sample / "ref.A.txt"), "-i", str(sample / "system-fair.txt"), "-d"]
    code, out, _ = ours(*argv)
    assert code == 0
    assert same_text(out) == theirs(Path("/nonexistent"), *argv)
