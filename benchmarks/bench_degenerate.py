"""Peak memory on inputs that say nothing, and the time from a stop signal to exit, before and after.

Each degenerate input (tests/peak_memory.py: blank lines, whitespace,
comments, one long number, many metadata keys, one endless line, a stream
whose error comes late) is given at 1 MB and at 32 MB to a fresh ``roads``
process of each version, its address space capped (3 GB by default), so a
version that holds what it reads ends with MemoryError instead of taking the
machine. Then each signal is sent to a real ``render ... -d out -j 2`` batch.

    python benchmarks/bench_degenerate.py --before /path/to/v0.1.0/.venv/bin/python

Prints a Markdown table; the numbers in benchmarks/README.md came from it.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from peak_memory import MB, command, run_peak, write_input

RUNS: list[tuple[str, list[str]]] = [
    ("blank lines", ["build", "{log}"]),
    ("blank lines", ["build", "--format", "json", "{log}"]),  # v0.1.0 spelling of --from (warned now)
    ("whitespace", ["build", "{log}"]),
    ("comments", ["build", "{log}"]),
    ("long number", ["build", "{log}"]),
    ("many keys", ["build", "{log}"]),
    ("one long line", ["build", "{log}"]),
    ("one long line", ["render", "{log}", "-o", "{out}/x.svg"]),
    ("late error", ["odds", "--after", "{log}"]),
    ("late error", ["lesson", "{log}", "-o", "{out}/x.html"]),
    ("late error", ["render", "{log}", "-o", "{out}/x.svg"]),
]


def describe(run_status: int, peak: float, seconds: float, stderr: str) -> str:
    """Return one table cell: peak MB, seconds, and how it ended."""
    if "MemoryError" in stderr:
        end = "MemoryError at the cap"
    elif "Traceback" in stderr:
        end = "traceback: " + stderr.strip().splitlines()[-1][:40]
    elif run_status < 0:
        end = "killed at the time limit"
    else:
        end = f"exit {run_status}"
    return f"{peak:,.0f} MB, {seconds:.1f} s ({end})"


def memory_table(pythons: dict[str, str], timeout: float) -> list[str]:
    """Return the rows of the memory table: each input and command, each version at 1 MB and 32 MB."""
    rows = ["| input | command | " + " | ".join(f"{v} 1 MB | {v} 32 MB" for v in pythons) + " |"]
    rows.append("|---|---|" + "---|---|" * len(pythons))
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        for kind, args in RUNS:
            cells = []
            for python in pythons.values():
                for size in (MB, 32 * MB):
                    log = write_input(where, kind, size)
                    run = run_peak([a.format(log=log, out=where) for a in args], python=python, timeout=timeout)
                    cells.append(describe(run.status, run.peak_mb, run.seconds, run.stderr))
            shown = " ".join(a for a in args if a not in ("{log}", "{out}/x.svg", "{out}/x.html", "-o"))
            rows.append(f"| {kind} | `{shown}` | " + " | ".join(cells) + " |")
            print(rows[-1], flush=True)
    return rows


def _children(pid: int) -> set[int]:
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def signal_row(python: str, sig: signal.Signals, logs: list[str], folder: Path) -> str:
    """Return how one version's batch answered ``sig``: seconds to exit, workers left, .part files left."""
    out = folder / f"out-{sig.name}-{abs(hash(python))}"
    batch = subprocess.Popen(
        command(["render", *logs, "-d", str(out), "-j", "2", "--format", "png"], python=python),
        # No pipes: an old version's orphaned workers would hold them open, and waiting on them never ends.
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    while not (out.exists() and any(out.iterdir())):
        time.sleep(0.02)
    workers = _children(batch.pid)
    sent = time.monotonic()
    batch.send_signal(sig)
    try:
        batch.wait(timeout=120)
        took = f"{time.monotonic() - sent:.2f} s"
    except subprocess.TimeoutExpired:
        batch.kill()
        batch.wait()
        took = "> 120 s"
    time.sleep(2.0)
    left = [pid for pid in workers if _alive(pid)]
    parts = [p for p in out.iterdir() if p.name.endswith(".part")]
    drawn = len([p for p in out.iterdir() if p.suffix == ".png"])
    for pid in left:  # an old version's orphans: ended here, by their own ids
        os.kill(pid, signal.SIGKILL)
    return (
        f"{took}, exit {batch.returncode}, {len(left)} of {len(workers)} workers alive 2 s later, "
        f"{len(parts)} .part, {drawn} drawn"
    )


def signal_table(pythons: dict[str, str]) -> list[str]:
    """Return the rows of the signal table."""
    rows = ["| signal | " + " | ".join(pythons) + " |", "|---|" + "---|" * len(pythons)]
    with tempfile.TemporaryDirectory() as folder:
        where = Path(folder)
        chance = random.Random(5)
        logs = []
        for n in range(40):
            log = where / f"shoe{n:02d}.txt"
            log.write_text("".join(chance.choice("BPPBT") for _ in range(2500)))
            logs.append(str(log))
        for sig in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            cells = [signal_row(python, sig, logs, where) for python in pythons.values()]
            rows.append(f"| {sig.name} | " + " | ".join(cells) + " |")
            print(rows[-1], flush=True)
    return rows


def main() -> None:
    """Run both tables for the versions given and print them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="python of the previous release's environment (v0.1.0)")
    parser.add_argument("--after", default=sys.executable, help="python of this tree's environment")
    parser.add_argument("--timeout", type=float, default=150.0, help="seconds one run may take")
    parser.add_argument("--only", choices=["memory", "signals"], help="run one table")
    args = parser.parse_args()
    pythons = {"v0.1.0": args.before} if args.before else {}
    pythons["now"] = args.after
    if args.only != "signals":
        print("\n".join(memory_table(pythons, args.timeout)))
    if args.only != "memory":
        print("\n".join(signal_table(pythons)))


if __name__ == "__main__":
    main()
