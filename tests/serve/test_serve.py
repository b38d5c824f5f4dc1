"""``parbleu serve`` on the loopback interface. Oracles: sacreBLEU 2.6.0's sentence scores
(scaled by hand for rewards), and parbleu's own reward shapes (`parbleu.rewards.openrlhf`,
`parbleu.rewards.verl`, tested against sacreBLEU in tests/rewards). Every client talks to
127.0.0.1, with timeouts and bounded loops."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import sacrebleu

from parbleu.errors import MissingDependencyError
from parbleu.rewards import openrlhf
from parbleu.serve import ServeConfig, app, build_app, load_datasets
from parbleu.serve.datasets import Datasets

test_utils = pytest.importorskip("aiohttp.test_utils", reason="aiohttp (the serve extra) is absent")

HYPS = ["The house is small.", "A dog is barking.", "Yes."]
REFS = ["The house is tiny.", "The dog barks.", "Yes!"]
TIMEOUT = 30


def with_client(
    check: Any, config: ServeConfig | None = None, datasets: Datasets | None = None
) -> None:
    async def main() -> None:
        app = build_app(config or ServeConfig(), datasets or Datasets({}))
        server = test_utils.TestServer(app, host="127.0.0.1")
        async with test_utils.TestClient(server) as client:
            await asyncio.wait_for(check(client), TIMEOUT)

    asyncio.run(main())


def test_health_and_plain_json_scores(tmp_path: Path) -> None:
    ref_file = tmp_path / "ref.txt"
    ref_file.write_text("\n".join(REFS) + "\n", encoding="utf-8")
    datasets = load_datasets([("demo", (str(ref_file),))])

    async def check(client: Any) -> None:
        health = await (await client.get("/health")).json()
        assert health["status"] == "ok"
        assert health["datasets"] == {"demo": 3}
        body = {"metric": "chrf", "hypotheses": HYPS, "references": REFS, "corpus": True}
        result = await (await client.post("/v1/score", json=body)).json()
        assert result["scores"] == [
            sacrebleu.sentence_chrf(h, [r]).score for h, r in zip(HYPS, REFS, strict=True)
        ]
        assert result["corpus"]["score"] == sacrebleu.corpus_chrf(HYPS, [REFS]).score
        by_id = {"metric": "chrf", "hypotheses": HYPS[::-1], "dataset": "demo", "ids": [2, 1, 0]}
        again = await (await client.post("/v1/score", json=by_id)).json()
        assert again["scores"] == result["scores"][::-1]

    with_client(check, datasets=datasets)


def test_rewards_openrlhf_and_verl_contracts() -> None:
    expected = [
        min(sacrebleu.sentence_bleu(h, [r]).score / 100, 1.0)
        for h, r in zip(HYPS, REFS, strict=True)
    ]

    async def check(client: Any) -> None:
        body = {"completions": HYPS, "references": [REFS[0], [REFS[1]], None]}
        rewards = (await (await client.post("/v1/reward", json=body)).json())["rewards"]
        assert rewards[:2] == pytest.approx(expected[:2], abs=1e-12)
        assert rewards[2] is None
        prompts = ["Translate: A. ", "Translate: B. ", "Translate: C. "]
        payload = {
            "query": [p + h for p, h in zip(prompts, HYPS, strict=True)],
            "prompts": prompts,
            "labels": REFS,
        }
        for path in ("/openrlhf", "/get_reward"):
            answer = await (await client.post(path, json=payload)).json()
            local = openrlhf.make_reward_func("bleu")(payload["query"], prompts, REFS)
            assert (
                answer["rewards"] == answer["scores"] == pytest.approx(local["rewards"], abs=1e-12)
            )
            assert answer["rewards"] == pytest.approx(expected, abs=1e-12)
        verl_body = {"data_sources": ["x"] * 3, "solution_strs": HYPS, "ground_truths": REFS}
        scores = (await (await client.post("/verl", json=verl_body)).json())["scores"]
        assert scores == pytest.approx(expected, abs=1e-12)

    with_client(check, ServeConfig(metric="bleu"))


BAD = [
    ("/v1/score", b"{not json", 400, "the body is not JSON"),
    ("/v1/score", b"[1, 2]", 400, "must be a JSON object"),
    ("/v1/score", b'{"hypotheses": "abc", "references": []}', 400, "'hypotheses' must be a list"),
    ("/v1/score", b'{"hypotheses": ["a"], "references": ["a", "b"]}', 400, "list of 1 items"),
    ("/v1/score", b'{"hypotheses": ["a"], "references": [3]}', 400, "references[0]"),
    (
        "/v1/score",
        b'{"metric": "nist", "hypotheses": ["a"], "references": ["a"]}',
        400,
        "NIST cannot be scored chunk by chunk",
    ),
    (
        "/v1/score",
        b'{"metric": "nope", "hypotheses": ["a"], "references": ["a"]}',
        400,
        "unknown metric 'nope'; choose from bleu, chrf",
    ),
    (
        "/v1/score",
        b'{"hypotheses": ["a"], "references": ["a"], "options": {"beta": -1}}',
        400,
        "beta",
    ),
    (
        "/v1/score",
        b'{"hypotheses": ["a"], "dataset": "none", "ids": [0]}',
        400,
        "no dataset 'none'",
    ),
    ("/v1/score", b'{"hypotheses": ["a"], "dataset": "demo", "ids": [7]}', 400, "ids[0] = 7"),
    (
        "/v1/reward",
        b'{"completions": ["a"], "dataset": "demo", "ids": ["0"]}',
        400,
        "ids[0] must be an integer",
    ),
    (
        "/openrlhf",
        b'{"query": ["a"], "prompts": [], "labels": ["a"]}',
        400,
        "1 queries but 0 prompts",
    ),
    (
        "/verl",
        b'{"solution_strs": ["a"], "ground_truths": []}',
        400,
        "'ground_truths' must be a list of 1",
    ),
    ("/v1/score", b"\xff\xfe", 400, "not JSON"),
]


def test_bad_requests_get_4xx_with_a_message_and_the_server_goes_on() -> None:
    datasets = Datasets({"demo": (("a",),)})

    async def check(client: Any) -> None:
        for path, data, status, message in BAD:
            response = await client.post(path, data=data)
            assert response.status == status, (path, data)
            assert message in (await response.json())["error"], (path, data)
        assert (await client.get("/v1/score")).status == 405
        assert (await client.post("/nowhere", data=b"{}")).status == 404
        big = b'{"hypotheses": ["' + b"a" * 4096 + b'"]}'
        assert (await client.post("/v1/score", data=big)).status == 413
        assert (await (await client.get("/health")).json())["status"] == "ok"

    with_client(check, ServeConfig(max_body_bytes=2048), datasets)


def test_clients_that_disconnect_mid_request_lose_nothing() -> None:
    body = (
        '{"completions": '
        + str(["word " * 40] * 64).replace("'", '"')
        + ', "references": '
        + str(["word " * 39] * 64).replace("'", '"')
        + "}"
    ).encode()

    async def check(client: Any) -> None:
        host, port = client.server.host, client.server.port
        for cut in (len(body) // 2, len(body)):  # half a body, then a whole one never read
            _, writer = await asyncio.open_connection(host, port)
            head = f"POST /v1/reward HTTP/1.1\r\nHost: x\r\nContent-Length: {len(body)}\r\n\r\n"
            writer.write(head.encode() + body[:cut])
            await writer.drain()
            writer.close()
            await writer.wait_closed()
        for _ in range(100):  # the whole request is still scored to the end
            health = await (await client.get("/health")).json()
            if health["served"] >= 1 and health["in_flight"] == 0:
                break
            await asyncio.sleep(0.05)
        assert health["served"] == 1
        result = await (await client.post("/v1/reward", data=body)).json()
        assert len(result["rewards"]) == 64

    with_client(check)


def test_missing_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "aiohttp.web", None)
    with pytest.raises(MissingDependencyError, match=r"parbleu\[serve\]"):
        app.aiohttp_web()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def health_status(port: int) -> int | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
            return int(response.status)
    except OSError:
        return None


def wait_for_health(port: int, deadline: float) -> int | None:
    status = health_status(port)
    while status is None and time.monotonic() < deadline:
        time.sleep(0.1)
        status = health_status(port)
    return status


def test_command_serves_and_stops_gracefully_on_sigterm() -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "parbleu", "serve", "--port", str(port), "--metric", "bleu"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        status = wait_for_health(port, time.monotonic() + TIMEOUT)
        assert status == 200
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0, err
        assert f"127.0.0.1:{port}" in out
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=TIMEOUT)


def test_command_errors_are_one_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "parbleu", "serve", "--dataset", "x=/nonexistent.txt"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        check=False,
    )
    assert done.returncode == 1
    assert "/nonexistent.txt" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def health_json(port: int) -> dict[str, Any]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=5) as response:
        result: dict[str, Any] = json.loads(response.read())
    return result


def test_sigterm_finishes_the_requests_in_flight() -> None:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "parbleu", "serve", "--port", str(port), "--metric", "ter"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    words = [
        "the",
        "quick",
        "brown",
        "fox",
        "jumps",
        "over",
        "the",
        "lazy",
        "dog",
        "again",
        "and",
        "again",
    ]
    hyps = [" ".join(words[i % 7 :] + words[: i % 7]) for i in range(3000)]
    body = json.dumps({"completions": hyps, "references": [" ".join(words)] * 3000}).encode()
    answers: list[dict[str, Any]] = []

    def post() -> None:
        request = urllib.request.Request(f"http://127.0.0.1:{port}/v1/reward", data=body)
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            answers.append(json.loads(response.read()))

    try:
        assert wait_for_health(port, time.monotonic() + TIMEOUT) == 200
        client = threading.Thread(target=post)
        client.start()
        deadline = time.monotonic() + TIMEOUT
        while health_json(port)["in_flight"] == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        process.send_signal(signal.SIGTERM)  # while the batch is being scored
        client.join(TIMEOUT)
        process.communicate(timeout=TIMEOUT)
        assert process.returncode == 0
        assert len(answers) == 1
        assert len(answers[0]["rewards"]) == 3000
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate(timeout=TIMEOUT)
