"""A loopback HTTP server the tests start as a mirror: files at ``/<host>/<path>``.

It listens on 127.0.0.1 only, in a thread of the test process, and everything it does is
bounded: each connection times out after `Mirror.HANDLER_TIMEOUT` seconds, a stalled answer
waits at most `Mirror.STALL` seconds (and stops at shutdown), and the server is shut down
when the ``with`` block ends. Each path can be told how to answer its next requests
(`Mirror.plan`): ``ok``, ``404``, ``500``, ``cut`` (half the bytes, then the connection is
closed), ``stall`` (no answer until the client gives up) or ``slow`` (the bytes in pieces,
over about a second, so that two clients overlap). Requests are counted per path.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit


class Mirror:
    """Files to serve, how to answer, and what was asked."""

    HANDLER_TIMEOUT = 10.0
    STALL = 5.0

    def __init__(self, files: Mapping[str, bytes]) -> None:
        self.files = dict(files)
        self.requests: Counter[str] = Counter()
        self._plans: dict[str, list[str]] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self.url = ""

    def plan(self, path: str, *answers: str) -> None:
        """Answer the next requests of `path` so, in order (then ``ok``)."""
        with self._lock:
            self._plans[path] = list(answers)

    def _next(self, path: str) -> str:
        with self._lock:
            self.requests[path] += 1
            planned = self._plans.get(path)
            return planned.pop(0) if planned else "ok"

    def count(self, url: str) -> int:
        """How many times the file of original address `url` was asked for."""
        parts = urlsplit(url)
        return self.requests[f"/{parts.netloc}{parts.path}"]

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        mirror = self

        class Handler(BaseHTTPRequestHandler):
            timeout = Mirror.HANDLER_TIMEOUT

            def log_message(self, *_: object) -> None:  # quiet
                pass

            def do_GET(self) -> None:
                answer = mirror._next(self.path)
                body = mirror.files.get(self.path)
                if answer in ("404", "500") or body is None:
                    code = 500 if answer == "500" else 404
                    self.send_response(code)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if answer == "stall":
                    mirror._stop.wait(Mirror.STALL)
                    return
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if answer == "cut":
                    self.wfile.write(body[: len(body) // 2])
                    self.close_connection = True
                    return
                if answer == "slow":
                    step = max(1, len(body) // 10)
                    for start in range(0, len(body), step):
                        self.wfile.write(body[start : start + step])
                        self.wfile.flush()
                        time.sleep(0.1)
                    return
                self.wfile.write(body)

        return Handler

    @contextmanager
    def running(self) -> Iterator[Mirror]:
        """Serve on 127.0.0.1 (a free port) for the ``with`` block."""
        server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        server.daemon_threads = True
        thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
        thread.start()
        self.url = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            yield self
        finally:
            self._stop.set()
            server.shutdown()
            server.server_close()
            thread.join(timeout=10)
