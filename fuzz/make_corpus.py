"""Write the seed corpus (fuzz/corpus/TARGET/*) from fixtures/logs and hand-made edge cases.

    python fuzz/make_corpus.py

Seeds are small: a fuzzer learns from variety, not size. Run again after
adding a fixture or an edge case; the files are committed.
"""

from __future__ import annotations

import json
from pathlib import Path

from roads.logs import write_log, write_shoe_line
from roads.shoe import deal_shoe

HERE = Path(__file__).resolve().parent
FIXTURES = HERE.parent / "fixtures" / "logs"


def seeds() -> dict[str, dict[str, bytes]]:
    """Return target -> file name -> bytes."""
    shoe = deal_shoe(8, seed=1).coups[:12]
    fixtures = {p.name: p.read_bytes() for p in sorted(FIXTURES.iterdir())}
    edge = {
        "empty": b"",
        "comment-only": b"# nothing here\n",
        "bom-crlf": b"\xef\xbb\xbfB P T\r\nB[bn] P[p]\r\n",
        "not-utf8": b"B P \xff T\n",
        "cut-character": b"B P \xe2\x99",
        "nul-bytes": b"3\x006 K\x00K 6 2\n",
        "line-separator": "B\u2028P\u202eT\n".encode(),
        "deep-json": b"[" * 3000,
    }
    return {
        "results": {
            "results.txt": fixtures["results.txt"],
            "plain-run": b"BPPTBBPTTTPBPBPBBBBBBBPPP\n",
            "markers": b"B[bn] P[p] T[bp] B[] b,p,p,t P[npb]\n",
            "bad-markers": b"B[bx] P[pp] B[bn T] P\n",
            **{k: v for k, v in edge.items() if k != "deep-json"},
        },
        "cards": {
            "cards.txt": fixtures["cards.txt"],
            "broken-cards.txt": fixtures["broken-cards.txt"],
            "dealt": write_log(shoe, "cards").encode(),
            "hands": write_log(shoe, "cards", hands=True).encode(),
            "suits": "9H 2S KD 3C\n4h,3s,4d,3c\nQ♠ 7♥ 10♦ A♣ 5C\n".encode(),
            "bad-hands": b"P: 3 6 | 6 K 2\nP: 3 : 6 | B: 6 K\n| B: 6 K\n",
            **edge,
        },
        "stream": {
            "stream.txt": fixtures["stream.txt"],
            "stream-cut.txt": fixtures["stream-cut.txt"],
            "dealt": write_log(shoe, "stream").encode(),
            "one-line": (" ".join(str(c) for coup in shoe for c in coup.dealt) + "\n").encode(),
            **edge,
        },
        "json": {
            "shoe.json": fixtures["shoe.json"],
            "dealt.json": write_log(shoe, "json", meta={"seed": 1, "decks": 8}).encode(),
            "results.json": write_log([c.outcome() for c in shoe], "json").encode(),
            "lone-coup.json": json.dumps(shoe[0].to_dict()).encode(),
            "claims.json": b'[{"cards": ["3","6","K","K","6","2"], "winner": "banker", "player_total": 9}]',
            "bad-keys.json": b'[{"winer": "tie"}, {"winner": "tied"}, {"cards": ["X"]}]',
            **edge,
        },
        "jsonl": {
            "shoe.jsonl": fixtures["shoe.jsonl"],
            "shoes.jsonl": fixtures["shoes.jsonl"],
            "dealt.jsonl": write_log(shoe, "jsonl").encode(),
            "shoe-lines.jsonl": (write_shoe_line(1, shoe) + write_shoe_line("t/2", shoe, results=False)).encode(),
            "bad-shoes.jsonl": b'{"shoe": 1}\n{"shoe": 1.5, "results": "B"}\n{"shoe": 2, "coups": {}}\n',
            **edge,
        },
        "detect": {
            **dict(fixtures.items()),
            **edge,
            "directive": b"# format: cards\nT T T T T T\n",
            "ambiguous": b"T T T T\n3 6 K K\n",
        },
        "cli": {
            "build": b"build\nLOG\n--json",
            "per-shoe": b"build\nSHOES\n--per-shoe\n--json",
            "show": b"show\nLOG\n--last\n3\n--road\nbig-eye-boy",
            "explain": b"explain\nLOG\n--road\nsmall-road\n--mark\n1\n--json",
            "check": b"check\nLOG\n--format\ncards\n--json",
            "coup": b"coup\n3\n6\nK\nK\n6\n2\n--json",
            "deal": b"deal\n--seed\n7\n--format\nstream\n-o\nOUT.txt",
            "render": b"render\nLOG\n-o\nOUT.svg\n--last\n5\n--theme\ndark",
            "render-shoes": b"render\nSHOES\n-d\npictures\n--format\nsvg",
            "odds": b"odds\n--after\nLOG\n--each",
            "simulate": b"simulate\n--shoes\n3\n--seed\n1",
            "drill": b"drill\n--count\n3\n--seed\n1\n--format\njson",
            "tableau": b"tableau\n-o\nOUT.svg\n--highlight\n3:8",
            "lesson": b"lesson\nLOG\n-o\nOUT.html\n--title\n<script>x</script>",
        },
    }


def main() -> None:
    """Write every seed file, replacing the old corpus."""
    for target, files in seeds().items():
        folder = HERE / "corpus" / target
        folder.mkdir(parents=True, exist_ok=True)
        for old in folder.iterdir():
            old.unlink()
        for name, data in files.items():
            (folder / name).write_bytes(data)
        print(f"{target}: {len(files)} seeds")


if __name__ == "__main__":
    main()
