"""``parbleu -m meteor`` builds METEOR once per run, so WordNet is read once (issue 28: the
streaming check built the metrics, then scoring several systems built them again).

Oracle: the number of `WordNet.load` calls the command makes, and its exit status; the
scores themselves are checked against NLTK in tests/cli/test_cli_rouge_meteor.py.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from parbleu.cli.main import run
from parbleu.metrics.meteor import WordNet
from tests.oracles.nltk_wordnet import require_wordnet

SAMPLE = Path(__file__).resolve().parents[3] / "src" / "parbleu" / "sample"
SYSTEMS = [str(SAMPLE / f"system-{name}.txt") for name in ("fair", "weak", "strong")]


@pytest.mark.parametrize(
    ("systems", "jobs"),
    [(1, "1"), (1, "2"), (3, "1"), (3, "2")],
    ids=["one system", "one system -j 2", "three systems", "three systems -j 2"],
)
def test_the_command_reads_wordnet_once(
    monkeypatch: pytest.MonkeyPatch, systems: int, jobs: str
) -> None:
    folder = str(require_wordnet())
    loads: list[object] = []
    load = WordNet.load

    def counted(where: str | Path) -> WordNet:
        loads.append(where)
        return load(where)

    monkeypatch.setattr(WordNet, "load", counted)
    argv = [str(SAMPLE / "ref.A.txt"), "-i", *SYSTEMS[:systems], "-m", "meteor", "-j", jobs]
    out, err = io.StringIO(), io.StringIO()
    code = run([*argv, "--meteor-wordnet", folder], io.BytesIO(b""), out, err)
    assert code == 0, err.getvalue()
    assert out.getvalue().count("METEOR") >= 1
    assert len(loads) == 1


@pytest.mark.parametrize(("metric", "forks"), [("meteor", 0), ("bleu", 1)])
def test_meteor_scores_several_systems_in_one_process(
    monkeypatch: pytest.MonkeyPatch, metric: str, forks: int
) -> None:
    """METEOR's prepared references keep the words looked up for every system
    (`systems_share_prepared_work`), so `-j 2` does not fork them; BLEU's systems still fork.
    Oracle: the number of `map_forked` calls.
    """
    from parbleu.cli import scoring  # noqa: PLC0415
    from parbleu.scaling import pipeline  # noqa: PLC0415

    calls: list[int] = []
    forked = pipeline.map_forked

    def counted(*args: object) -> object:
        calls.append(1)
        return forked(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "map_forked", counted)
    monkeypatch.setattr(scoring, "available_cores", lambda: 2)  # as on a 2-core machine
    argv = [str(SAMPLE / "ref.A.txt"), "-i", *SYSTEMS, "-m", metric, "-j", "2"]
    if metric == "meteor":
        argv += ["--meteor-wordnet", str(require_wordnet())]
    out, err = io.StringIO(), io.StringIO()
    assert run(argv, io.BytesIO(b""), out, err) == 0, err.getvalue()
    assert len(calls) == forks
