"""Run every ``roads`` command once, and every picture format, as a user of ``pip install .`` would.

CI runs it in a second virtual environment that has roads and nothing else
(``.ci/run``), so a command that needs a library only the test extra brings
fails here, not on a user's machine. Each case checks the exit status, that
the files it names appear and start as their format does, and that nothing
prints a traceback. Output a plain install cannot make (PDF, Parquet, Dask)
must be refused in one line naming the extra to install, with exit status 1;
where that extra is installed, the output itself is checked instead.

    python scripts/smoke_plain.py          # with this interpreter's roads
    python scripts/smoke_plain.py --plain  # also fail when an extra is installed

It prints one line per case, then ``N passed, 0 failed``, and exits 1 on any failure.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from roads.extras import EXTRAS as KNOWN_EXTRAS

MAGIC = {
    ".svg": b"<svg",
    ".png": b"\x89PNG",
    ".pdf": b"%PDF",
    ".gif": b"GIF8",
    ".webp": b"RIFF",
    ".html": b"<!DOCTYPE html>",
    ".csv": b"",
    ".jsonl": b"",
    ".txt": b"",
}
"""How each file a case writes must begin (case-insensitively): the empty prefix asks only that it is not empty."""

EXTRAS = tuple(KNOWN_EXTRAS)
"""Each optional extra a command needs (roads.extras: the modules that tell it is installed, its refusal)."""


@dataclass(frozen=True)
class Case:
    """One run of ``roads``: its arguments, standard input, the files it must write, the extra it needs."""

    args: tuple[str, ...]
    files: tuple[str, ...] = ()
    stdin: str = ""
    extra: str = ""
    serves: bool = False
    """A server: with its extra it must start (say where it serves) and stop on SIGTERM, its folder made."""
    unreachable: str = ""
    """With its extra, the run needs a service no smoke run has (a Redis): it must end with exit 1 and one line
    that begins so (``roads: error: the store``), and write nothing."""


CASES = (
    Case(("--version",)),
    Case(("deal", "--seed", "1", "-o", "shoe.txt"), ("shoe.txt",)),
    Case(("deal", "--seed", "2", "--format", "jsonl", "-o", "two.jsonl"), ("two.jsonl",)),
    Case(("convert", "shoe.txt", "two.jsonl", "--to", "jsonl", "-o", "shoes.jsonl"), ("shoes.jsonl",)),
    Case(("convert", "shoe.txt", "--to", "csv", "-o", "shoe.csv"), ("shoe.csv",)),
    Case(("build", "shoe.txt")),
    Case(("build", "-"), stdin="B P P B B B P T P\n"),
    Case(("build", "shoes.jsonl", "--per-shoe", "--json")),
    Case(("check", "shoe.txt")),
    Case(("coup", "3", "6", "K", "K", "6", "2")),
    Case(("coup", "3", "6", "K", "K", "6", "2", "--render", "-o", "hand.svg"), ("hand.svg",)),
    Case(("demo", "--seed", "7"), ("scoreboard.svg", "scoreboard.png")),
    Case(("drill", "--count", "3", "--seed", "7")),
    Case(("drill", "--count", "3", "--seed", "7", "-o", "quiz.html"), ("quiz.html",)),
    Case(("demo", "--seed", "7", "--dir", "new"), ("new/scoreboard.svg", "new/scoreboard.png")),
    Case(("explain", "shoe.txt", "--road", "small-road", "--mark", "3")),
    Case(("lesson", "shoe.txt", "-o", "lesson.html"), ("lesson.html",)),
    Case(("odds",)),
    Case(
        ("course", "-o", "course", "--seed", "7"), ("course/index.html", "course/bead-plate.html", "course/exam.html")
    ),
    Case(("quiz", "--seed", "7", "-o", "roads-quiz.html"), ("roads-quiz.html",)),
    Case(("quiz", "shoe.txt", "--seed", "7", "--count", "10", "-o", "shoe-quiz.html"), ("shoe-quiz.html",)),
    Case(("odds", "--after", "shoe.txt", "--each", "--plot", "odds.svg"), ("odds.svg",)),
    Case(("odds", "--after", "shoe.txt", "--each", "--plot", "odds.png"), ("odds.png",)),
    Case(("render", "shoe.txt", "-o", "board.svg"), ("board.svg",)),
    Case(("render", "shoe.txt", "-o", "board.png", "--theme", "dark"), ("board.png",)),
    # The CJK face goes through fontTools: a dependency, not an extra.
    Case(("render", "shoe.txt", "-o", "zh.svg", "--labels", "zh"), ("zh.svg",)),
    Case(("render", "shoe.txt", "-o", "zh.png", "--labels", "zh"), ("zh.png",)),
    Case(("render", "shoe.txt", "-o", "shoe.gif", "--animate", "--fps", "4"), ("shoe.gif",)),
    Case(("render", "shoe.txt", "-o", "shoe.webp", "--animate"), ("shoe.webp",)),
    Case(("render", "shoes.jsonl", "-d", "out", "--format", "png"), ("out",)),
    Case(("render", "shoe.txt", "-o", "board.pdf"), ("board.pdf",), extra="pdf"),
    # Refused once, not once per shoe, and no empty folder left behind.
    Case(("render", "shoes.jsonl", "-d", "pdfs", "--format", "pdf"), ("pdfs",), extra="pdf"),
    Case(("tableau", "-o", "tableau.svg"), ("tableau.svg",)),
    Case(("tableau", "-o", "tableau.pdf"), ("tableau.pdf",), extra="pdf"),
    Case(("exposure", "shoes.jsonl", "--bet", "dragon_7", "--json")),
    Case(("report", "shoes.jsonl", "-o", "report.html"), ("report.html",)),
    Case(("serve", "--port", "0", "--data", "tables"), ("tables",), extra="serve", serves=True),
    # No Redis listens on port 9 (discard): with the extra, the store is named in one line, nothing written.
    Case(
        ("serve", "--store", "redis://127.0.0.1:9/0", "--export", "exported"),
        ("exported",),
        extra="redis",
        unreachable="roads: error: the store redis://127.0.0.1:9/0 does not answer",
    ),
    Case(("show", "shoe.txt")),
    Case(("simulate", "--shoes", "20", "--seed", "1")),
    Case(("stats", "shoes.jsonl")),
    Case(("stats", "shoes.jsonl", "--parquet", "tables"), ("tables",), extra="parquet"),
    Case(("stats", "shoes.jsonl", "--dask", "local", "-j", "1"), extra="dask"),
)
"""In order: the first cases write the logs the later ones read."""


def installed(extra: str) -> bool:
    """Return whether the libraries of ``extra`` can be imported here."""
    return KNOWN_EXTRAS[extra].installed()


def roads_command() -> list[str]:
    """Return the ``roads`` console script beside this interpreter (what ``pip install .`` made), else -m roads."""
    script = Path(sys.executable).with_name("roads")
    return [str(script)] if script.exists() else [sys.executable, "-m", "roads"]


def serve(case: Case, folder: Path) -> str:
    """Start a server case, wait until it says where it serves, stop it with SIGTERM; return what went wrong."""
    import signal

    process = subprocess.Popen([*roads_command(), *case.args], cwd=folder, stderr=subprocess.PIPE, text=True)
    assert process.stderr is not None
    first = process.stderr.readline()
    process.send_signal(signal.SIGTERM)
    rest = process.stderr.read()
    status = process.wait(30)
    if "roads: serving http://" not in first or status != 128 + signal.SIGTERM or "Traceback" in rest:
        return f"exit {status}:\n{first}{rest}"
    return "" if all((folder / name).exists() for name in case.files) else f"{case.files} not made"


def _said_one_line(case: Case, folder: Path, done: subprocess.CompletedProcess[str], line: str, exact: bool) -> str:
    """Return what went wrong with a run that must end with exit 1 and the one ``line`` (``exact``, else a line
    that begins so), writing nothing: an extra's refusal, or a service no smoke run has."""
    lines = done.stderr.strip().splitlines()
    said = len(lines) == 1 and (lines[0] == line if exact else lines[0].startswith(line))
    if done.returncode != 1 or not said:
        return f"exit {done.returncode}, not the one line {line!r}:\n{done.stderr}"
    made = [name for name in case.files if (folder / name).exists()]
    return f"a refused run left {made}" if made else ""


def run(case: Case, folder: Path) -> str:
    """Run one case in ``folder``; return what went wrong ("" when nothing did)."""
    done = subprocess.run(
        [*roads_command(), *case.args],
        cwd=folder,
        input=case.stdin,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,  # the status is the point of the check below
    )
    if "Traceback" in done.stderr:
        return "a traceback:\n" + done.stderr
    if case.extra and not installed(case.extra):
        return _said_one_line(case, folder, done, f"roads: error: {KNOWN_EXTRAS[case.extra].message}", exact=True)
    if case.unreachable:
        return _said_one_line(case, folder, done, case.unreachable, exact=False)
    if done.returncode != 0:
        return f"exit {done.returncode}:\n{done.stderr}"
    for name in case.files:
        path = folder / name
        if path.is_dir():
            if not any(path.iterdir()):
                return f"{name}/ is empty"
            continue
        if not path.is_file():
            return f"{name} was not written"
        head = path.read_bytes()[:64]
        if not head or not head.lower().lstrip().startswith(MAGIC[path.suffix].lower()):
            return f"{name} does not start as a {path.suffix} file: {head!r}"
    return ""


def main(argv: list[str]) -> int:
    """Run every case in a scratch folder; print each, then the tally; return 1 on any failure."""
    failures = 0
    if "--plain" in argv:
        extras = [extra for extra in EXTRAS if installed(extra)]
        if extras or importlib.util.find_spec("pytest") is not None:
            print(f"not a plain install: {extras or 'pytest'} is installed")
            return 1
    with tempfile.TemporaryDirectory(prefix="roads-smoke-") as scratch:
        for case in CASES:
            started = case.serves and installed(case.extra)
            problem = serve(case, Path(scratch)) if started else run(case, Path(scratch))
            refused = " (refused: no extra)" if case.extra and not installed(case.extra) else ""
            print(f"{'FAIL' if problem else 'ok  '} roads {' '.join(case.args)}{refused}")
            if problem:
                failures += 1
                print("     " + problem.replace("\n", "\n     "))
    print(f"{len(CASES) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
