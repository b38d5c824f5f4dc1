"""parbleu's and sacreBLEU's command lines on test sets in a sacreBLEU cache, timed alike.

The cache is built from ../shared/data as the tests build it (`tests.cli.sacrebleu_cache`:
sacreBLEU itself writes its text files, offline). Each command runs in a fresh process for
both tools, runs alternated, best of ``--repeat``; outputs are checked to agree first (up to
the version in signatures and parbleu's extra JSON key). A last line times parbleu reading
WMT XML from the extracted archive (no text files) against reading sacreBLEU's text files.

Run: ``python benchmarks/cli_testsets.py [--repeat 3]`` (needs ../shared/data).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO))

from tests.cli.sacrebleu_cache import DEAD_PROXY, build_raw, complete  # noqa: E402
from tests.wmt import WmtData  # noqa: E402

DATA = Path(os.environ.get("PARBLEU_SHARED_DATA", REPO.parent / "shared" / "data"))


def _env(cache: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SACREBLEU")}
    env |= {"SACREBLEU": str(cache), "HTTPS_PROXY": DEAD_PROXY, "HTTP_PROXY": DEAD_PROXY}
    return env | {"PARBLEU_OFFLINE": "1"}  # the built cache has everything


def _run(tool: str, argv: list[str], cache: Path) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", tool, *argv],
        capture_output=True,
        text=True,
        env=_env(cache),
        check=True,
    )
    return time.perf_counter() - start, done.stdout


def _agree(ours: str, theirs: str) -> bool:
    """The same output, up to the version and the keys parbleu adds to JSON."""
    ours = ours.replace("parbleu-0.1.0", "2.6.0")
    try:
        mine, expected = json.loads(ours), json.loads(theirs)
    except ValueError:
        return ours == theirs
    if isinstance(expected, dict):
        return {k: mine.get(k) for k in expected} == expected
    return [
        {k: row.get(k) for k in want} for row, want in zip(mine, expected, strict=True)
    ] == expected


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    data = WmtData(DATA)
    wmt17 = sorted(str(p) for p in (data.wmt17_ende.folder / "sys").glob("*.txt"))
    deen = str(data.pair("de-en").folder / "sys" / "Online-W.txt")
    commands = {
        "wmt17 en-de, 1 system, BLEU": ["-t", "wmt17", "-l", "en-de", "-i", wmt17[0]],
        "wmt17 en-de, 16 systems, BLEU+chrF": [
            "-t",
            "wmt17",
            "-l",
            "en-de",
            "-i",
            *wmt17,
            "-m",
            "bleu",
            "chrf",
        ],
        "wmt21/systems zh-en --echo all": ["-t", "wmt21/systems", "-l", "zh-en", "--echo", "all"],
        "wmt21 de-en -d, BLEU+chrF": [
            "-t",
            "wmt21",
            "-l",
            "de-en",
            "-i",
            deen,
            "-m",
            "bleu",
            "chrf",
            "-d",
        ],
        "--list -t wmt21 -l ja-en": ["--list", "-t", "wmt21", "-l", "ja-en"],
    }
    with tempfile.TemporaryDirectory() as folder:
        raw, full = Path(folder) / "raw", Path(folder) / "full"
        build_raw(raw, data)
        complete(raw, full)
        print(f"{'command':<38} {'sacreBLEU':>10} {'parbleu':>10} {'ratio':>7}")
        for label, argv in commands.items():
            best = {"sacrebleu": float("inf"), "parbleu": float("inf")}
            outputs = {}
            for _ in range(repeat):
                for tool in ("sacrebleu", "parbleu"):
                    seconds, outputs[tool] = _run(tool, argv, full)
                    best[tool] = min(best[tool], seconds)
            assert _agree(outputs["parbleu"], outputs["sacrebleu"]), label
            ratio = best["sacrebleu"] / best["parbleu"]
            print(f"{label:<38} {best['sacrebleu']:>9.2f}s {best['parbleu']:>9.2f}s {ratio:>6.1f}x")
        argv = commands["wmt21/systems zh-en --echo all"]
        text = min(_run("parbleu", argv, full)[0] for _ in range(repeat))
        from_raw = min(_run("parbleu", argv, raw)[0] for _ in range(repeat))
        print(
            f"parbleu --echo all zh-en: sacreBLEU's text files {text:.2f}s, WMT XML {from_raw:.2f}s"
        )


if __name__ == "__main__":
    main()
