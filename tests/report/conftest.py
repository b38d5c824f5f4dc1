"""Fixtures of the report tests: the sample's texts, and a real browser for the page.

Browser tests drive Debian's Chromium through Playwright for Python (Playwright's own browser
download is not used). They skip, saying why, when Chromium or Playwright is absent, except
when PARBLEU_REQUIRE_BROWSER=1 (set by .ci/run): then they fail, so CI cannot pass by
skipping them. Every request the page makes to anything but a ``file:`` URL is aborted and
recorded, and each test asserts that none was attempted; console errors fail the test too.
PARBLEU_SCREENSHOTS=folder keeps the screenshots the tests take (docs/figures/report-*.png are
made that way); otherwise they go to a temporary folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

SAMPLE = Path(__file__).resolve().parents[2] / "src" / "parbleu" / "sample"
CHROMIUM = Path(os.environ.get("PARBLEU_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def sample_lines(name: str) -> list[str]:
    return (SAMPLE / name).read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="session")
def sample() -> dict[str, Any]:
    """The bundled sample: two references, three systems."""
    return {
        "refs": [sample_lines("ref.A.txt"), sample_lines("ref.B.txt")],
        "systems": {q: sample_lines(f"system-{q}.txt") for q in ("strong", "fair", "weak")},
    }


def _unavailable(reason: str) -> None:
    message = f"{reason}; browser tests need Chromium (apt-get install chromium) and playwright"
    if os.environ.get("PARBLEU_REQUIRE_BROWSER") == "1":
        pytest.fail(message + "; PARBLEU_REQUIRE_BROWSER=1 forbids skipping")
    pytest.skip(message)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """A headless Debian Chromium, shared by a module's tests.

    Not by the session: while Playwright's sync API is open it marks an event loop as
    running on the main thread, and a later test's ``asyncio.run`` (the rewards' TRL shape)
    in the same worker would be refused.
    """
    if not CHROMIUM.exists():
        _unavailable(f"no Chromium at {CHROMIUM} (set PARBLEU_CHROMIUM)")
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415 (absent: skip or fail)
    except ImportError:
        _unavailable("playwright is not installed (pip install '.[test]')")
    with sync_playwright() as driver:
        instance = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_FLAGS)
        yield instance
        instance.close()


@dataclass
class Opened:
    """A report open in a page, with what the page asked the network for and logged."""

    page: Any
    blocked: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def check_clean(self) -> None:
        assert self.blocked == [], f"the page tried to reach {self.blocked}"
        assert all(url.startswith("file:") for url in self.requests), self.requests
        assert self.errors == [], self.errors
        assert self.dialogs == [], self.dialogs


@pytest.fixture
def open_report(browser: Any) -> Iterator[Callable[..., Opened]]:
    """Open a report file offline; after the test, no request left the file system."""
    contexts = []
    opened_pages: list[Opened] = []

    def opener(
        path: Path, *, width: int = 1400, height: int = 900, dark: bool = False, hash: str = ""
    ) -> Opened:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme="dark" if dark else "light",
        )
        contexts.append(context)
        page = context.new_page()
        opened = Opened(page)

        def route(request_route: Any) -> None:
            url = request_route.request.url
            if url.startswith("file:"):
                request_route.continue_()
            else:
                opened.blocked.append(url)
                request_route.abort()

        page.route("**/*", route)
        page.on("request", lambda request: opened.requests.append(request.url))
        page.on("console", lambda m: opened.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda error: opened.errors.append(str(error)))
        page.on("dialog", lambda dialog: (opened.dialogs.append(dialog.message), dialog.dismiss()))
        page.goto(path.resolve().as_uri() + hash)  # hash: a link's state (#view=...)
        page.evaluate("window.parbleuReport.ready")
        opened_pages.append(opened)
        return opened

    yield opener
    for opened in opened_pages:
        opened.check_clean()
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: $PARBLEU_SCREENSHOTS, or a temporary folder."""
    folder = os.environ.get("PARBLEU_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
