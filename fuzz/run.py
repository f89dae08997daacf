"""Fuzz every parser of roads for a while: coverage-guided with atheris, or with the built-in mutator.

    python fuzz/run.py --seconds 60                   # every target, 60 s each
    python fuzz/run.py --target json --seconds 300    # one target
    python fuzz/run.py --engine mutate --seconds 60   # without atheris

Each target runs in its own process, starting from the seed corpus in
fuzz/corpus/TARGET/ (never modified: the growing corpus lives in
/tmp/roads-fuzz/corpus/TARGET/). A crash is any exception other than
RoadsError, or a RoadsError that does not print on one line; it is saved to
/tmp/roads-fuzz/crashes/TARGET/ with its traceback, and becomes a
tests/test_regression_*.py test once fixed (see fuzz/README.md).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import shutil
import subprocess
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
WORK = Path("/tmp/roads-fuzz")
MAX_LEN = 8192
"""Longest input tried: every grammar is line-based or object-based, so longer inputs only repeat."""
NAMES = ("results", "cards", "stream", "json", "jsonl", "detect", "cli")
"""The targets of targets.py; listed here so the parent never imports roads before atheris instruments it."""


def have_atheris() -> bool:
    """Return True when atheris imports (pip install atheris; wheels exist for CPython 3.11 on Linux)."""
    try:
        import atheris  # noqa: F401
    except ImportError:
        return False
    return True


def run_atheris(target: str, seconds: int, corpus: Path, crashes: Path) -> None:
    """Fuzz one target in this process with libFuzzer through atheris (never returns)."""
    import atheris

    sys.path.insert(0, str(HERE))
    with atheris.instrument_imports(include=["roads", "targets"]):
        from targets import TARGETS
    function = TARGETS[target]
    atheris.Setup(
        [
            sys.argv[0],
            str(corpus),
            f"-max_total_time={seconds}",
            f"-max_len={MAX_LEN}",
            "-timeout=20",
            "-rss_limit_mb=3072",
            f"-artifact_prefix={crashes}/",
            "-print_final_stats=1",
        ],
        function,
    )
    atheris.Fuzz()


ATOMS = [
    b"B",
    b"P",
    b"T",
    b"[bn]",
    b"[p]",
    b" ",
    b",",
    b"\n",
    b"\r\n",
    b"#",
    b"# format: stream\n",
    b"3",
    b"6",
    b"K",
    b"10",
    b"9H",
    b"P: ",
    b" | B: ",
    b"{",
    b"}",
    b"[",
    b"]",
    b'"',
    b'"winner": ',
    b'"banker"',
    b'"cards": ',
    b'"shoe": ',
    b'"results": ',
    b'"coups": ',
    b", ",
    b"null",
    b"1e999",
    b"\x00",
    b"\xff",
    b"\xef\xbb\xbf",
    b"\xe2\x80\xa8",
    b"--json",
    b"--format\njson",
    b"-o\nOUT.svg",
    b"[" * 64,
]


def mutate(data: bytes, rng: random.Random, pool: list[bytes]) -> bytes:
    """Return ``data`` changed by a few random edits: flips, inserts of grammar pieces, cuts, splices."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 6)):
        at = rng.randint(0, len(out))
        choice = rng.random()
        if choice < 0.2 and out:
            out[min(at, len(out) - 1)] ^= 1 << rng.randint(0, 7)
        elif choice < 0.5:
            out[at:at] = rng.choice(ATOMS)
        elif choice < 0.65 and out:
            del out[at : at + rng.randint(1, 16)]
        elif choice < 0.8 and out:
            end = min(len(out), at + rng.randint(1, 64))
            out[at:at] = out[at:end] * rng.randint(1, 8)
        elif pool:
            other = rng.choice(pool)
            cut = rng.randint(0, len(other))
            out[at:] = other[cut:]
        else:
            out[at:at] = bytes(rng.randint(0, 255) for _ in range(rng.randint(1, 8)))
    return bytes(out[:MAX_LEN])


def run_mutator(target: str, seconds: int, corpus: Path, crashes: Path, seed: int) -> None:
    """Fuzz one target with random mutations of its corpus; print executions and crashes found."""
    sys.path.insert(0, str(HERE))
    from targets import TARGETS

    function = TARGETS[target]
    rng = random.Random(seed)
    pool = [p.read_bytes() for p in sorted(corpus.iterdir()) if p.is_file()] or [b""]
    runs = found = 0
    seen: set[str] = set()
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        data = mutate(rng.choice(pool), rng, pool)
        runs += 1
        try:
            function(data)
        except Exception as exc:
            frame = traceback.extract_tb(exc.__traceback__)[-1]
            key = f"{type(exc).__name__}:{frame.filename}:{frame.lineno}"
            if key in seen:
                continue
            seen.add(key)
            found += 1
            name = hashlib.sha1(data).hexdigest()[:16]
            (crashes / f"crash-{name}").write_bytes(data)
            (crashes / f"crash-{name}.txt").write_text(key + "\n" + traceback.format_exc())
            print(f"crash: {key} -> {crashes / ('crash-' + name)}", flush=True)
            continue
        if rng.random() < 0.01 and len(pool) < 5000:
            pool.append(data)  # keep some survivors: later mutations build on them
    print(
        f"{target}: {runs} executions in {seconds} s ({runs / max(seconds, 1):.0f}/s), "
        f"{found} distinct crash{'es' if found != 1 else ''}",
        flush=True,
    )


def main() -> int:
    """Run each chosen target in its own process; return 1 if any crashed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--target", choices=[*NAMES, "all"], default="all")
    parser.add_argument("--seconds", type=int, default=60, help="Time per target.")
    parser.add_argument("--engine", choices=["auto", "atheris", "mutate"], default="auto")
    parser.add_argument("--seed", type=int, default=0, help="Mutator seed (atheris picks its own).")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    engine = args.engine if args.engine != "auto" else ("atheris" if have_atheris() else "mutate")
    targets = list(NAMES) if args.target == "all" else [args.target]

    if args.worker:
        (target,) = targets
        corpus, crashes = WORK / "corpus" / target, WORK / "crashes" / target
        if engine == "atheris":
            run_atheris(target, args.seconds, corpus, crashes)
        else:
            run_mutator(target, args.seconds, corpus, crashes, args.seed)
        return 0

    failed = []
    for target in targets:
        corpus, crashes = WORK / "corpus" / target, WORK / "crashes" / target
        corpus.mkdir(parents=True, exist_ok=True)
        crashes.mkdir(parents=True, exist_ok=True)
        for seed_file in sorted((HERE / "corpus" / target).iterdir()):
            if not (corpus / seed_file.name).exists():
                shutil.copy(seed_file, corpus / seed_file.name)
        before = set(crashes.iterdir())
        print(f"== {target}: {engine}, {args.seconds} s, corpus {corpus}", flush=True)
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--worker",
            "--target",
            target,
            "--seconds",
            str(args.seconds),
            "--engine",
            engine,
            "--seed",
            str(args.seed),
        ]
        code = subprocess.run(command, check=False).returncode
        new = sorted(set(crashes.iterdir()) - before)
        if code != 0 or new:
            failed.append(target)
            print(f"!! {target}: exit {code}, new files: {', '.join(p.name for p in new) or 'none'}", flush=True)
    print(
        f"done: {len(targets) - len(failed)} of {len(targets)} targets clean"
        + (f"; crashes in {', '.join(failed)} (see {WORK / 'crashes'})" if failed else "")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
