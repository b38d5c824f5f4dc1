"""Local test-set files on the command line (``--test-set-file``), built from WMT21 en-ja.

The files are written at test time from ``../shared/data`` (the first 150 segments of
WMT21 en-ja with their released document ids, one reference and three systems): WMT XML
(with `tests.io.builders`, independent of the readers), JSON Lines and TSV. Each document
gets a domain (its publisher, the part of its id before the dot) and, to have two, an
original language (``en`` for even documents, ``ja`` for odd ones): synthetic metadata
for the selections.

Oracles: sacreBLEU 2.6.0's WMT XML reader (``WMTXMLDataset._unwrap_wmt21_or_later``) for
what the XML file holds, sacreBLEU's BLEU and chrF for the scores, and parbleu's reader
(`parbleu.io.read_test_set`) for the streams' names of the record formats.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from sacrebleu.dataset.wmt_xml import WMTXMLDataset
from sacrebleu.metrics import BLEU as SacreBLEU
from sacrebleu.metrics import CHRF as SacreCHRF

from parbleu.cli.main import run
from parbleu.cli.report import _inputs, build_report_parser, report_request
from parbleu.io import read_test_set
from tests.io.builders import Doc, write_wmt_xml
from tests.wmt import WmtData

SEGMENTS = 150
SYSTEMS = ("Facebook-AI", "NiuTrans", "Online-A")

pytestmark = pytest.mark.shared_data


def parbleu(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), io.BytesIO(stdin), out, err)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def texts(shared_data: WmtData) -> dict[str, Any]:
    """The segments of the test set and their metadata, as released (and synthesized)."""
    pair = shared_data.pair("en-ja")
    docids = (pair.folder / "docids.txt").read_text(encoding="utf-8").split("\n")[:SEGMENTS]
    order = list(dict.fromkeys(docids))
    return {
        "src": (pair.folder / "src.txt").read_text(encoding="utf-8").split("\n")[:SEGMENTS],
        "ref": pair.reference("A")[:SEGMENTS],
        "systems": {name: pair.system(name)[:SEGMENTS] for name in SYSTEMS},
        "docid": docids,
        "domain": [docid.split(".")[0] for docid in docids],
        "origlang": ["en" if order.index(d) % 2 == 0 else "ja" for d in docids],
    }


@pytest.fixture(scope="module")
def files(texts: dict[str, Any], tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    folder = tmp_path_factory.mktemp("local")
    docs: dict[str, Doc] = {}
    for i, docid in enumerate(texts["docid"]):
        if docid not in docs:
            attributes = {"origlang": texts["origlang"][i], "domain": texts["domain"][i]}
            docs[docid] = Doc(docid, [], {"A": {}}, {name: [] for name in SYSTEMS}, attributes)
        doc = docs[docid]
        doc.source.append(texts["src"][i])
        doc.references["A"][len(doc.source)] = texts["ref"][i]
        for name in SYSTEMS:
            doc.systems[name].append(texts["systems"][name][i])
    xml = folder / "test.xml"
    write_wmt_xml(xml, list(docs.values()), src_lang="en", trg_lang="ja")
    records = [
        {
            "src": texts["src"][i],
            "ref": texts["ref"][i],
            **{f"mt:{name}": texts["systems"][name][i] for name in SYSTEMS},
            "docid": texts["docid"][i],
            "domain": texts["domain"][i],
        }
        for i in range(SEGMENTS)
    ]
    jsonl = folder / "test.jsonl"
    jsonl.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), "utf-8")
    tsv = folder / "test.tsv"
    header = list(records[0])
    rows = ["\t".join(header), *("\t".join(str(r[k]) for k in header) for r in records)]
    tsv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    system_file = folder / "mine.txt"
    system_file.write_text("\n".join(texts["systems"]["NiuTrans"]) + "\n", encoding="utf-8")
    return {"xml": str(xml), "jsonl": str(jsonl), "tsv": str(tsv), "mine": str(system_file)}


@pytest.fixture(scope="module")
def sacrebleu_fields(files: dict[str, str]) -> dict[str, list[str]]:
    """What sacreBLEU's own WMT XML reader finds in the file."""
    fields: dict[str, list[str]] = WMTXMLDataset._unwrap_wmt21_or_later(files["xml"])
    return fields


def _bleu(hyps: list[str], refs: list[str]) -> str:
    return f"{SacreBLEU().corpus_score(hyps, [refs]).score:.6f}"


def test_every_system_of_the_file_scores_as_sacrebleu(
    files: dict[str, str], sacrebleu_fields: dict[str, list[str]]
) -> None:
    code, out, err = parbleu("--test-set-file", files["xml"], "-m", "bleu", "chrf", "-w", "6")
    assert code == 0, err
    rows = json.loads(out)
    assert [row["system"] for row in rows] == list(SYSTEMS)
    refs = sacrebleu_fields["ref:A"]
    for row in rows:
        hyps = sacrebleu_fields[row["system"]]
        assert row["BLEU"] == _bleu(hyps, refs)
        assert row["chrF2"] == f"{SacreCHRF().corpus_score(hyps, [refs]).score:.6f}"


@pytest.mark.parametrize("kind", ["jsonl", "tsv"])
def test_record_formats_score_as_their_text(
    files: dict[str, str], texts: dict[str, Any], kind: str
) -> None:
    """The systems are named as the library's reader names them; scores are sacreBLEU's."""
    names = read_test_set(files[kind]).system_names
    code, out, err = parbleu("--test-set-file", files[kind], "-w", "6")
    assert code == 0, err
    rows = json.loads(out)
    assert [row["system"] for row in rows] == list(names)
    for row, name in zip(rows, SYSTEMS, strict=True):
        assert row["BLEU"] == _bleu(texts["systems"][name], texts["ref"])


def test_chosen_streams_and_a_system_file_against_the_references(
    files: dict[str, str], texts: dict[str, Any]
) -> None:
    expected = _bleu(texts["systems"]["Online-A"], texts["ref"])
    chosen = ["--test-set-refs", "ref:A", "--test-set-systems", "Online-A"]
    code, out, err = parbleu("--test-set-file", files["xml"], *chosen, "-b", "-w", "6")
    assert (code, out.strip()) == (0, expected), err
    code, out, err = parbleu("--test-set-file", files["xml"], "-i", files["mine"], "-b", "-w", "6")
    assert (code, out.strip()) == (0, _bleu(texts["systems"]["NiuTrans"], texts["ref"])), err


def test_significance_and_sentence_scores(files: dict[str, str], texts: dict[str, Any]) -> None:
    """-pbs, -ci, --blocks and -sl run on the file's texts (sentence BLEU: sacreBLEU's)."""
    for options in (["-pbs", "-pbsn", "20"], ["--blocks", "5"], ["-par", "-parn", "20"]):
        code, out, err = parbleu("--test-set-file", files["xml"], *options, "-f", "text")
        assert code == 0, (options, err)
        assert "Baseline: Facebook-AI" in out or "Facebook-AI" in out
    chosen = ["--test-set-systems", "NiuTrans"]
    code, out, err = parbleu("--test-set-file", files["xml"], *chosen, "-ci", "-cin", "20")
    assert code == 0, err
    assert json.loads(out)["score"] == pytest.approx(
        SacreBLEU().corpus_score(texts["systems"]["NiuTrans"], [texts["ref"]]).score
    )
    code, out, err = parbleu("--test-set-file", files["xml"], *chosen, "-sl", "-b", "-w", "6")
    assert code == 0, err
    sentence = SacreBLEU(effective_order=True)
    pairs = zip(texts["systems"]["NiuTrans"], texts["ref"], strict=True)
    assert out.split() == [f"{sentence.sentence_score(h, [r]).score:.6f}" for h, r in pairs]


def test_selections_by_domain_and_original_language(
    files: dict[str, str], sacrebleu_fields: dict[str, list[str]]
) -> None:
    """--subset and --origlang keep what sacreBLEU's fields say (its utils.filter_subset)."""
    fields = sacrebleu_fields
    for option, value, keep in (
        ("--subset", "seattle", lambda i: "seattle" in fields["domain"][i]),
        ("--origlang", "ja", lambda i: fields["origlang"][i] == "ja"),
        ("--origlang", "non-ja", lambda i: fields["origlang"][i] != "ja"),
    ):
        kept = [i for i in range(len(fields["src"])) if keep(i)]
        assert 0 < len(kept) < len(fields["src"])
        hyps = [fields["NiuTrans"][i] for i in kept]
        refs = [fields["ref:A"][i] for i in kept]
        argv = ["--test-set-file", files["xml"], "--test-set-systems", "NiuTrans", option, value]
        code, out, err = parbleu(*argv, "-b", "-w", "6")
        assert (code, out.strip()) == (0, _bleu(hyps, refs)), (option, value, err)


def test_detail_breaks_the_file_down(files: dict[str, str]) -> None:
    argv = ["--test-set-file", files["xml"], "--test-set-systems", "NiuTrans", "-d"]
    code, out, err = parbleu(*argv)
    assert code == 0, err
    assert "origlang=en domain=ALL" in out
    assert "origlang=ja domain=ALL" in out


def test_echo_exports_fields_as_sacrebleu_reads_them(
    files: dict[str, str], sacrebleu_fields: dict[str, list[str]]
) -> None:
    for asked, field in (
        ("src", "src"),
        ("ref", "ref:A"),
        ("docid", "docid"),
        ("Online-A", "Online-A"),
    ):
        code, out, err = parbleu("--test-set-file", files["xml"], "--echo", asked)
        assert code == 0, err
        assert out.split("\n")[:-1] == sacrebleu_fields[field], asked
    code, out, _ = parbleu("--test-set-file", files["xml"], "--echo", "docid", "domain")
    assert out.split("\n")[0] == f"{sacrebleu_fields['docid'][0]}\t{sacrebleu_fields['domain'][0]}"
    code, out, _ = parbleu("--test-set-file", files["xml"], "--list")
    assert code == 0
    assert out.strip().endswith(
        "src, ref:A, docid, origlang, domain, Facebook-AI, NiuTrans, Online-A"
    )


def test_the_report_takes_documents_from_the_file(files: dict[str, str], tmp_path: Path) -> None:
    output = str(tmp_path / "report.html")
    argv = ["--test-set-file", files["xml"], "-o", output, "--subset", "seattle"]
    inputs = _inputs(report_request(build_report_parser().parse_args(argv), {}))
    test_set = read_test_set(files["xml"])
    kept = [i for i, domain in enumerate(test_set.domain or ()) if "seattle" in str(domain)]
    assert inputs.docids == tuple(test_set.doc_ids[i] for i in kept)  # type: ignore[index]
    assert inputs.system_names == SYSTEMS
    assert inputs.source == tuple(test_set.source[i] for i in kept)  # type: ignore[index]
    code, out, err = parbleu("report", *argv, "-q", "-pbsn", "10", "-parn", "10")
    assert (code, out.strip()) == (0, output), err


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["--test-set-systems", "nobody"], 1, "no system named 'nobody' (--test-set-systems)"),
        (["--test-set-refs", "ref:B"], 1, "no reference named 'ref:B' (--test-set-refs); its "),
        (["--echo", "tgt"], 2, "no such field tgt in"),
        (["--subset", "("], 2, "is not a regular expression"),
        (["--origlang", "de"], 1, "no segment with origlang=de"),
        (["-nr", "2"], 2, "does not apply to --test-set-file"),
        (["-t", "wmt17"], 2, "give either a test set (-t) or a test-set file"),
    ],
)
def test_bad_requests_are_one_line(
    files: dict[str, str], argv: list[str], code: int, message: str
) -> None:
    found, out, err = parbleu("--test-set-file", files["xml"], *argv)
    assert (found, out) == (code, ""), err
    assert err.count("\n") == 1
    assert message in err


def test_a_record_of_the_wrong_shape_names_its_line(files: dict[str, str], tmp_path: Path) -> None:
    lines = Path(files["jsonl"]).read_text(encoding="utf-8").split("\n")
    record = json.loads(lines[6])
    record["mt:NiuTrans"] = 3  # a system output must be a string
    lines[6] = json.dumps(record)
    broken = tmp_path / "broken.jsonl"
    broken.write_text("\n".join(lines), encoding="utf-8")
    code, out, err = parbleu("--test-set-file", str(broken))
    assert (code, out) == (1, "")
    assert err.startswith(f"parbleu: error: {broken}: line 7")
    assert err.count("\n") == 1


def test_a_segment_without_any_chosen_reference_is_named(tmp_path: Path) -> None:
    """Translator A left segment 2 out (hand-written file): with ref:A alone it has none."""
    path = tmp_path / "gap.xml"
    references: dict[str | None, dict[int, str]] = {
        "A": {1: "a b c", 3: "g h"},
        "B": {1: "a b", 2: "d e f", 3: "g"},
    }
    write_wmt_xml(path, [Doc("d1", ["x", "y", "z"], references, {"S": ["a b c", "d e", "g h"]})])
    code, out, err = parbleu("--test-set-file", str(path), "--test-set-refs", "ref:A", "-m", "ter")
    assert (code, out) == (1, "")
    assert err == (
        f"parbleu: error: {path}: segment 2 of document d1 has no reference among ref:A; "
        "choose others with --test-set-refs\n"
    )
    code, out, err = parbleu("--test-set-file", str(path), "-m", "chrf", "-b", "-w", "6")
    assert code == 0, err
    expected = SacreCHRF().corpus_score(
        ["a b c", "d e", "g h"], [["a b c", "", "g h"], ["a b", "d e f", "g"]]
    )
    assert out.strip() == f"{expected.score:.6f}"  # here sacreBLEU's empty reference never wins
