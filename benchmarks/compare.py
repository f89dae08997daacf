"""This tree against a previous release, side by side in one run: a table of speed-ups.

    python benchmarks/compare.py                     # against v0.1.0, 3 rounds, 1,000-shoe batch
    python benchmarks/compare.py --quick             # 2 rounds, a 100-shoe batch, fewer repeats
    python benchmarks/compare.py --against 1655fbf --rounds 5 --only build,png

The release is unpacked (``git archive``) and installed with its own pinned
dependencies into its own virtual environment under ``.benchmarks/`` (kept
for the next run, never committed). This tree is the environment running the
script. Both sides get the same input files. Every measurement is a fresh
process (``compare_worker.py`` for in-process timings, the ``roads`` command
for the CLI rows), and the two sides take turns, old then new, then new then
old, round after round, so load from other jobs on a shared machine falls on
both alike. Each figure is the median over the rounds; the speed-up is the
old median over the new one (above 1: this tree is faster).

A command that starts, does one small thing and exits (the CLI rows marked
"CPU time") is timed by the CPU it used, user plus system, read from the
child's resource usage: on a machine shared with other jobs its wall time is
mostly time spent waiting for a core, which hides the start-up being measured.
The batch row is wall time: its point is two cores kept busy.

When node and npm are present, the npm package baccarat-engine 1.1.5 is
installed into .benchmarks/npm and timed building its roads from the same
100,000-coup log (``bench_npm.js``), in the release's column of its row.

With both build rows (independent and streak-heavy results), a closing line
gives each side's streak-heavy build time over its independent one: dragon
tails running into dragon tails should cost this tree at most 1.3x.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = ROOT / ".benchmarks"


@dataclass(frozen=True)
class Row:
    """One line of the table: what is timed, how often inside a process, and its target speed-up."""

    name: str
    what: str
    inner: int = 5
    target: float | None = None
    cold: bool = False
    cli: tuple[str, ...] = ()
    unit: str = "ms"
    npm: bool = False
    """The older side is the npm package baccarat-engine 1.1.5 under node, not the release."""
    log: str = "results-100k.txt"
    """The results log a build row (and its npm row) reads."""
    cpu: bool = False
    """Time a command by the CPU it used (user + system), not the wall clock: see the module's docstring."""


ROWS: tuple[Row, ...] = (
    # 21 calls a round for the two builds: a 15 ms call is noisy, and their ratio is a target (the streak cliff).
    Row("build", "Scoreboard.from_results, 100,000 coups", inner=21, target=3.0),
    Row("npm", "npm baccarat-engine 1.1.5, 100,000 coups", inner=3, target=20.0, npm=True),
    Row(
        "build-streaky", "Scoreboard.from_results, 100,000 streak-heavy coups", inner=21, log="results-streaky-100k.txt"
    ),
    Row(
        "npm-streaky",
        "npm baccarat-engine 1.1.5, 100,000 streak-heavy coups",
        inner=3,
        target=20.0,
        npm=True,
        log="results-streaky-100k.txt",
    ),
    Row("build-log", "Scoreboard.from_log, 100,000-coup results log", inner=5),
    Row("add", "one add on a 100,000-coup board (10,000 adds)", inner=5, unit="us"),
    Row("svg", "80-coup scoreboard to SVG", inner=21),
    Row("png", "80-coup scoreboard to PNG", inner=21, target=2.5),
    Row("png-6000", "6,000-coup scoreboard to PNG", inner=1, cold=True),
    Row("lesson-80", "lesson_page, 80 coups", inner=5),
    Row("lesson-500", "lesson_page, 500 coups", inner=1),
    Row("lesson-2000", "lesson_page, 2,000 coups", inner=1, cold=True, target=2.0),
    Row("odds", "exact odds of a half-dealt 8-deck shoe", inner=21),
    Row("cli-version", "roads --version (CPU time)", cli=("--version",), cpu=True),
    # Issue 30 item 6: --help lists every command from a static table and imports none of them.
    Row("cli-help", "roads --help (CPU time)", cli=("--help",), cpu=True, target=3.0),
    Row("cli-build", "roads build, 10-coup log (CPU time)", cpu=True, cli=("build", "{inputs}/results-10.txt")),
    Row(
        "cli-svg",
        "roads render, one 80-coup shoe to SVG (CPU time)",
        cpu=True,
        cli=("render", "{inputs}/cards-80.txt", "-o", "{out}/b.svg"),
        target=2.0,
    ),
    Row(
        "cli-png",
        "roads render, one 80-coup shoe to PNG (CPU time)",
        cpu=True,
        cli=("render", "{inputs}/cards-80.txt", "-o", "{out}/b.png"),
        target=1.5,
    ),
    Row(
        "cli-lesson",
        "roads lesson, one 80-coup shoe (CPU time)",
        cpu=True,
        cli=("lesson", "{inputs}/cards-80.txt", "-o", "{out}/l.html"),
        target=1.5,
    ),
    Row(
        "batch",
        "roads render -d, {shoes} card logs to PNG",
        cli=("render", "{batch}", "-d", "{out}/batch", "--format", "png"),
        target=1.5,
        unit="s",
    ),
)


@dataclass
class Side:
    """One environment: a label, its Python and its ``roads`` command."""

    label: str
    python: Path
    roads: Path
    seconds: dict[str, list[float]] = field(default_factory=dict)
    peak_mb: dict[str, list[float]] = field(default_factory=dict)


def run(
    command: list[str], cwd: Path | str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``command``, failing loudly with its output if it fails."""
    done = subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd, env=env)
    if done.returncode != 0:
        raise SystemExit(f"failed: {' '.join(command)}\n{done.stdout}{done.stderr}")
    return done


def release(ref: str) -> Side:
    """Return the environment of release ``ref``, unpacking and installing it on first use."""
    sha = run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{ref}^{{commit}}"]).stdout.strip()
    home = CACHE / f"{ref.replace('/', '_')}-{sha[:12]}"
    python, roads = home / "venv" / "bin" / "python", home / "venv" / "bin" / "roads"
    if not (home / "installed").exists():
        print(f"installing {ref} ({sha[:12]}) into {home} ...", flush=True)
        shutil.rmtree(home, ignore_errors=True)
        (home / "src").mkdir(parents=True)
        with tempfile.TemporaryFile() as tar:
            subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", sha], stdout=tar, check=True)
            tar.seek(0)
            with tarfile.open(fileobj=tar) as unpacked:
                unpacked.extractall(home / "src", filter="data")
        run([sys.executable, "-m", "venv", str(home / "venv")])
        run([str(python), "-m", "pip", "install", "-q", str(home / "src")])
        (home / "installed").write_text(sha + "\n")
    return Side(ref, python, roads)


def this_tree() -> Side:
    """Return this tree installed as a release is (not editable), into its own venv, afresh each run.

    An editable install finds the package through an import hook that costs
    start-up time a user's install never pays; both sides are installed alike.
    """
    home = CACHE / "this-tree"
    python, roads = home / "venv" / "bin" / "python", home / "venv" / "bin" / "roads"
    if not python.exists():
        print(f"making {home} ...", flush=True)
        run([sys.executable, "-m", "venv", str(home / "venv")])
        run([str(python), "-m", "pip", "install", "-q", str(ROOT)])
    # Copy the tree first: building in place would leave build/ and *.egg-info behind.
    source = home / "src"
    shutil.rmtree(source, ignore_errors=True)
    files = run(["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard"]).stdout.split()
    for name in files:
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(source)])
    return Side("this tree", python, roads)


def make_inputs(folder: Path, shoes: int) -> None:
    """Write every input file both sides read (seeded: the same bytes every run)."""
    import random

    from roads.logs import write_log
    from roads.shoe import deal_shoe

    rng = random.Random(2026)
    for name, count in (("100k", 100_000), ("10k", 10_000), ("6000", 6_000), ("2000", 2_000), ("10", 10)):
        letters = rng.choices("BPT", weights=(45.87, 44.63, 9.50), k=count)
        (folder / f"results-{name}.txt").write_text("\n".join(letters) + "\n")
    # Streak-heavy: each win repeats the last winner with probability 0.8 (runs of 5 on average),
    # ties at the game's rate, so dragon tails run into dragon tails all the way.
    letters, side = [], "B"
    while len(letters) < 100_000:
        if rng.random() < 0.095:
            letters.append("T")
            continue
        letters.append(side)
        if rng.random() >= 0.8:
            side = "P" if side == "B" else "B"
    (folder / "results-streaky-100k.txt").write_text("\n".join(letters) + "\n")
    (folder / "cards-80.txt").write_text(write_log(deal_shoe(8, seed=2026).coups[:80], "cards"))
    batch = folder / "batch"
    batch.mkdir()
    for seed in range(shoes):
        (batch / f"shoe{seed:04d}.txt").write_text(write_log(deal_shoe(8, seed=seed).coups, "cards"))


NPM_PACKAGE = "baccarat-engine@1.1.5"


def npm_package() -> Path | None:
    """Install the npm package into .benchmarks/npm on first use; return its node_modules, or None (said why)."""
    home = CACHE / "npm"
    modules = home / "node_modules"
    if (modules / "baccarat-engine" / "package.json").exists():
        return modules
    if not (shutil.which("node") and shutil.which("npm")):
        print("node or npm is not installed: the baccarat-engine row is left out", flush=True)
        return None
    home.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", "--prefix", str(home), NPM_PACKAGE],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        print(f"npm install {NPM_PACKAGE} failed, the row is left out:\n{done.stderr.strip()}", flush=True)
        return None
    return modules


def measure(side: Side, row: Row, inputs: Path, out: Path, repeats: int, modules: Path | None = None) -> None:
    """Take one measurement of ``row`` on ``side`` and add it to the side's figures."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("PYTHONPATH", None)
    if row.npm and side.label != "this tree":
        command = ["node", str(HERE / "bench_npm.js"), str(modules), str(inputs / row.log), str(repeats)]
        side.seconds.setdefault(row.name, []).append(json.loads(run(command, cwd=out, env=env).stdout)["seconds"])
        return
    if row.cli:
        batch = sorted(str(p) for p in (inputs / "batch").iterdir())
        command = [str(side.roads)]
        for arg in row.cli:
            if arg == "{batch}":
                command.extend(batch)
            else:
                command.append(arg.format(inputs=inputs, out=out))
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        run(command, cwd=out, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        side.seconds.setdefault(row.name, []).append(cpu if row.cpu else wall)
        return
    task = row.name.replace("npm", "build")
    command = [str(side.python), str(HERE / "compare_worker.py"), task, str(inputs), str(repeats)]
    if row.cold:
        command.append("--cold")
    result = json.loads(run(command, cwd=out, env=env).stdout)
    side.seconds.setdefault(row.name, []).append(result["seconds"])
    side.peak_mb.setdefault(row.name, []).append(result["peak_mb"])


def figure(seconds: float, unit: str) -> str:
    """Return a time in the row's unit."""
    scale = {"s": 1, "ms": 1e3, "us": 1e6}[unit]
    return f"{seconds * scale:,.2f} {unit}" if unit != "s" else f"{seconds:,.2f} s"


def main() -> int:
    """Measure every row on both sides, interleaved, and print the table; return 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", default="v0.1.0", help="the release to compare with: a tag or commit")
    parser.add_argument("--rounds", type=int, default=3, help="turns each side takes at every row")
    parser.add_argument("--shoes", type=int, default=1000, help="card logs in the batch row")
    parser.add_argument("--quick", action="store_true", help="2 rounds, a 100-shoe batch, fewer repeats in-process")
    parser.add_argument("--only", help="comma-separated rows: " + ",".join(r.name for r in ROWS))
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.shoes = min(args.rounds, 2), min(args.shoes, 100)
    rows = ROWS if not args.only else tuple(r for r in ROWS if r.name in args.only.split(","))
    modules = npm_package() if any(r.npm for r in rows) else None
    if modules is None:
        rows = tuple(r for r in rows if not r.npm)

    old, new = release(args.against), this_tree()
    CACHE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory(dir=CACHE, prefix="run-") as folder:
        inputs, out = Path(folder) / "inputs", Path(folder) / "out"
        inputs.mkdir()
        out.mkdir()
        make_inputs(inputs, args.shoes)
        for n in range(args.rounds):
            for row in rows:
                inner = max(1, row.inner // 3) if args.quick else row.inner
                for side in (old, new) if n % 2 == 0 else (new, old):
                    measure(side, row, inputs, out, inner, modules)
            print(f"round {n + 1}/{args.rounds} done", file=sys.stderr, flush=True)

    load = os.getloadavg()
    print(f"\n{old.label} ({old.python.parent.parent}) against {new.label}, {args.rounds} rounds, interleaved")
    print(f"load average at the end: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} ({os.cpu_count()} cores)\n")
    print(f"| {'what':52} | {old.label:>12} | {'this tree':>12} | {'speed-up':>8} | {'target':>12} | rounds |")
    print(f"|{'-' * 54}|{'-' * 14}|{'-' * 14}|{'-' * 10}|{'-' * 14}|{'-' * 8}|")
    missed = 0
    for row in rows:
        before, after = statistics.median(old.seconds[row.name]), statistics.median(new.seconds[row.name])
        ratio = before / after
        target = f">= {row.target:g}x" if row.target else ""
        if row.target and ratio < row.target:
            target += " MISS"
            missed += 1
        what = row.what.format(shoes=args.shoes)
        # Each round's pair ran back to back: the spread of their ratios shows how steady the machine was.
        rounds = [a / b for a, b in zip(old.seconds[row.name], new.seconds[row.name], strict=True)]
        print(
            f"| {what:52} | {figure(before, row.unit):>12} | {figure(after, row.unit):>12} | {ratio:7.2f}x "
            f"| {target:>12} | {min(rounds):.2f}-{max(rounds):.2f} |"
        )
    peaks = [r.name for r in rows if r.name in new.peak_mb and r.name in old.peak_mb]
    if peaks:
        print("\npeak resident memory of the measuring process (MB, largest of the rounds):")
        for name in peaks:
            print(f"  {name:12} {max(old.peak_mb[name]):8.1f} -> {max(new.peak_mb[name]):8.1f}")
    if "lesson-500" in new.seconds and "lesson-2000" in new.seconds:
        for side in (old, new):
            growth = statistics.median(side.seconds["lesson-2000"]) / statistics.median(side.seconds["lesson-500"])
            print(f"lesson 2,000 / 500 coups, {side.label}: {growth:.2f}x (target for this tree <= 4.5x)")
    if "build" in new.seconds and "build-streaky" in new.seconds:
        for side in (old, new):
            cliff = statistics.median(side.seconds["build-streaky"]) / statistics.median(side.seconds["build"])
            print(f"streak-heavy / independent build, {side.label}: {cliff:.2f}x (target for this tree <= 1.3x)")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
