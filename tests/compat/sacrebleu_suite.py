"""Fetch sacreBLEU 2.6.0's own test suite and run it with ``sacrebleu`` meaning parbleu.compat.

The tests are the ``test/`` folder of sacreBLEU's source distribution, downloaded from PyPI
with pip (``pip download sacrebleu==2.6.0 --no-binary :all: --no-deps``), checked against
its published SHA-256 and kept in a cache folder (``$PARBLEU_TEST_CACHE``, default
``~/.cache/parbleu-tests``). Nothing of it is committed here. Only ``test/`` is extracted (not
sacreBLEU's package), and a generated ``conftest.py`` registers parbleu.compat's modules under
the name ``sacrebleu`` before the tests are collected; it records each test's outcome and any
module named ``sacrebleu...`` that is not parbleu's, so a run that imported the real
sacreBLEU is caught.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

SDIST = "sacrebleu-2.6.0.tar.gz"
#: SHA-256 of sacrebleu-2.6.0.tar.gz as published on PyPI.
SDIST_SHA256 = "91499b6cd46138d95154fff1e863c2f9be57e82f0c719d8dd718d0006cf6c566"
#: Tests in sacreBLEU 2.6.0's test/ folder (pytest's count, parameters included).
TEST_COUNT = 144

CONFTEST = """
import json
import sys
from pathlib import Path

import parbleu.compat

sys.modules.update(parbleu.compat.alias_modules())
_OUTCOMES = {}


def pytest_runtest_logreport(report):
    if report.outcome != "passed":
        _OUTCOMES[report.nodeid] = report.outcome
    else:
        _OUTCOMES.setdefault(report.nodeid, "passed")


def pytest_collectreport(report):
    if report.failed:
        _OUTCOMES[report.nodeid or "<collection>"] = "collection error"


def pytest_sessionfinish(session):
    foreign = sorted(
        name
        for name, module in sys.modules.items()
        if name.split(".")[0] == "sacrebleu"
        and not getattr(module, "__name__", "").startswith("parbleu.")
    )
    report = {"outcomes": _OUTCOMES, "foreign_modules": foreign}
    Path(__file__).with_name("outcomes.json").write_text(json.dumps(report))
"""


class SuiteUnavailableError(Exception):
    """The sdist could not be downloaded (no network, no registry)."""


@dataclass(frozen=True)
class SuiteRun:
    """Each test's outcome (``passed``, ``failed``, ``skipped``, ``collection error``)."""

    outcomes: dict[str, str]
    foreign_modules: list[str]
    output: str


def cache_dir() -> Path:
    return Path(os.environ.get("PARBLEU_TEST_CACHE", Path.home() / ".cache" / "parbleu-tests"))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def fetch_sdist() -> Path:
    """The verified sdist, from the cache or downloaded with pip into it."""
    target = cache_dir() / SDIST
    if target.is_file() and _sha256(target) == SDIST_SHA256:
        return target
    with tempfile.TemporaryDirectory() as scratch:
        command = [sys.executable, "-m", "pip", "download", "sacrebleu==2.6.0"]
        command += ["--no-binary", ":all:", "--no-deps", "--quiet", "-d", scratch]
        try:
            done = subprocess.run(command, check=False, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired as exc:
            raise SuiteUnavailableError(f"pip download timed out after {exc.timeout} s") from exc
        downloaded = Path(scratch) / SDIST
        if done.returncode != 0 or not downloaded.is_file():
            raise SuiteUnavailableError(f"pip download failed: {done.stderr.strip()[-500:]}")
        digest = _sha256(downloaded)
        if digest != SDIST_SHA256:
            raise AssertionError(f"{SDIST} has SHA-256 {digest}, expected {SDIST_SHA256}")
        target.parent.mkdir(parents=True, exist_ok=True)
        downloaded.replace(target)
    return target


def extract_tests(sdist: Path, root: Path) -> None:
    """Only ``test/`` of the sdist, into ``root/test`` (sacreBLEU's package stays out)."""
    prefix = "sacrebleu-2.6.0/test/"
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            name = member.name
            if not name.startswith(prefix) or not member.isfile() or ".." in name:
                continue
            target = root / "test" / name[len(prefix) :]
            target.parent.mkdir(parents=True, exist_ok=True)
            source = archive.extractfile(member)
            assert source is not None
            target.write_bytes(source.read())


def run_suite(root: Path) -> SuiteRun:
    """Run the extracted tests in a fresh interpreter, in `root` (they read ./test/...)."""
    (root / "conftest.py").write_text(CONFTEST)
    (root / "pytest.ini").write_text("[pytest]\naddopts =\n")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "SACREBLEU_SEED")}
    # Hermetic: an empty cache of its own, and no download (the tests that download fail).
    env |= {"SACREBLEU": str(root / "sacrebleu-cache"), "PARBLEU_OFFLINE": "1"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test"]
    done = subprocess.run(
        command, check=False, cwd=root, env=env, capture_output=True, text=True, timeout=600
    )
    report_file = root / "outcomes.json"
    if not report_file.is_file():
        raise AssertionError(f"sacreBLEU's suite wrote no report:\n{done.stdout[-3000:]}")
    report = json.loads(report_file.read_text())
    return SuiteRun(report["outcomes"], report["foreign_modules"], done.stdout)


def read_not_passing(path: Path) -> dict[str, str]:
    """Node id (or test function id) to the reason it cannot pass."""
    entries = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        node, reason = line.split("\t", 1)
        entries[node] = reason
    return entries


def matches(node: str, entry: str) -> bool:
    """Whether `entry` names this test (or the function this parametrized test belongs to)."""
    return node == entry or node.startswith(entry + "[")
