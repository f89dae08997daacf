"""Time ``roads stats`` on a 100,000-shoe archive, 1 and all cores: ``python benchmarks/bench_stats_scale.py [N]``.

``--dask`` also runs it on a Dask LocalCluster of all cores (needs the dask extra).

The archive (results, one shoe a JSON Lines line, shoe N dealt by the
project's own 8-deck shoe with seed N) is made once, on every core, and kept
under ``.benchmarks/`` (never committed). Each run is a fresh ``roads stats
--json`` process; the peak memory is the largest sum of the resident memory of ``roads`` and all its
workers, sampled from /proc every 50 ms; an upper bound from ``ru_maxrss`` (the
largest of them, times their number) is printed beside it.
The JSON of every run is compared byte for byte.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".benchmarks"


def _deal(seeds: range) -> str:
    from roads.logs.writer import write_shoe_line
    from roads.shoe import deal_shoe

    return "".join(write_shoe_line(seed, deal_shoe(8, seed=seed).coups) for seed in seeds)


def archive(shoes: int) -> Path:
    """Return the cached archive of ``shoes`` dealt shoes, making it (on every core) the first time."""
    path = CACHE / f"stats-{shoes}.jsonl"
    if path.exists():
        return path
    CACHE.mkdir(exist_ok=True)
    part = path.with_suffix(".part")
    step = 1000
    with multiprocessing.Pool() as pool, part.open("w", encoding="utf-8") as out:
        for text in pool.imap(_deal, [range(s, min(s + step, shoes)) for s in range(0, shoes, step)]):
            out.write(text)
    part.replace(path)
    return path


def tree_rss(root: int) -> int:
    """Return the summed resident memory (bytes) of ``root`` and every process under it, read from /proc."""
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    page = os.sysconf("SC_PAGE_SIZE")
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        parents[int(entry)] = int(fields[1])
        rss[int(entry)] = int(fields[21]) * page
    tree = {root}
    grew = True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sum(rss.get(pid, 0) for pid in tree)


def measure(log: Path, jobs: int, out: Path, *more: str) -> tuple[float, float, float, float]:
    """Run ``roads stats LOG --json -j JOBS`` once; return (wall s, CPU s, sampled peak MB, ru_maxrss bound MB)."""
    roads = [sys.executable, "-m", "roads", "stats", str(log), "--json", "-j", str(jobs), *more]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    peak = 0
    with out.open("wb") as sink:
        start = time.perf_counter()
        process = subprocess.Popen(roads, stdout=sink)
        while process.poll() is None:
            with contextlib.suppress(OSError, ValueError):
                peak = max(peak, tree_rss(process.pid))
            time.sleep(0.05)
        wall = time.perf_counter() - start
    if process.returncode != 0:
        raise SystemExit(f"roads stats -j {jobs} failed with status {process.returncode}")
    # RUSAGE_CHILDREN's ru_maxrss is the largest of roads and its workers (all waited for):
    # parent + workers stay under (1 + workers) times it.
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    largest = after.ru_maxrss / 1024
    return wall, cpu, peak / 1e6, (1 + (jobs if jobs > 1 else 0)) * largest


def main() -> None:
    """Print wall time and peak memory of ``roads stats`` on the archive with 1 and all cores."""
    args = [a for a in sys.argv[1:] if a != "--dask"]
    shoes = int(args[0]) if args else 100_000
    started = time.perf_counter()
    log = archive(shoes)
    made = time.perf_counter() - started
    size = log.stat().st_size / 1e6
    print(f"archive: {log} ({shoes} shoes, {size:.1f} MB; ready in {made:.1f} s)")
    cores = os.cpu_count() or 1
    outputs = []
    for jobs in sorted({1, cores}):
        out = CACHE / f"stats-{shoes}-j{jobs}.json"
        wall, cpu, peak, bound = measure(log, jobs, out)
        outputs.append(out.read_bytes())
        print(
            f"roads stats -j {jobs}: {wall:6.1f} s wall, {cpu:6.1f} s CPU (all processes), peak {peak:6.1f} MB "
            f"(sum of RSS of roads and its workers, sampled every 50 ms; ru_maxrss bound {bound:.1f} MB)"
        )
    if "--dask" in sys.argv:  # a LocalCluster of all cores, started by the run (the dask extra)
        out = CACHE / f"stats-{shoes}-dask.json"
        wall, cpu, peak, _ = measure(log, cores, out, "--dask", "local")
        outputs.append(out.read_bytes())
        print(
            f"roads stats --dask local -j {cores}: {wall:6.1f} s wall, {cpu:6.1f} s CPU, peak {peak:6.1f} MB (sampled)"
        )
    same = all(o == outputs[0] for o in outputs)
    print(f"JSON identical in every run: {same}; load average now {os.getloadavg()[0]:.1f}")
    if not same:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
