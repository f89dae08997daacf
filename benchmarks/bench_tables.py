"""Time and peak memory of ``roads stats`` with the coup and mark tables: ``python benchmarks/bench_tables.py [SHOES]``.

The archive (results, one shoe a JSON Lines line, default 10,000 shoes) is
written once to a temporary folder; ``roads stats`` then reads it in a fresh
process each time, alone, with ``--csv-tables`` and with ``--parquet``, side
by side in one run, so the ratios show what the tables cost. Peak memory is
each process's own maximum resident set (``wait4``), so a growing buffer
would show as a growing number when SHOES grows.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import write_archive


def measure(args: list[str]) -> tuple[float, float]:
    """Return (wall seconds, peak MB) of one ``roads`` process."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "roads", *args], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"roads {' '.join(args)} failed with status {process.returncode}")
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def main() -> None:
    """Print seconds and peak MB of ``roads stats`` alone and with each kind of table."""
    shoes = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "archive.jsonl"
        write_archive(log, shoes)
        runs = {
            "stats": ["stats", str(log)],
            "--csv-tables": ["stats", str(log), "--csv-tables", f"{folder}/csv"],
            "--parquet": ["stats", str(log), "--parquet", f"{folder}/parquet"],
        }
        base = None
        for name, args in runs.items():
            seconds, mb = measure(args)
            base = base or seconds
            sizes = ""
            out_dir = Path(folder) / name.lstrip("-").split("-")[0]
            if out_dir.is_dir():
                sizes = ", " + ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in sorted(out_dir.iterdir()))
            print(f"{shoes} shoes, roads {name:<13} {seconds:6.2f} s ({seconds / base:.2f}x), peak {mb:6.1f} MB{sizes}")


if __name__ == "__main__":
    main()
