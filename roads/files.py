"""Writing output files atomically: an error never leaves half a file behind."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

from .errors import OutputError


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename; return the path.

    A good file at ``path`` is replaced only once the new one is complete, and
    keeps its permissions. A symbolic link is written through (the link stays,
    its target is replaced). A device or a pipe (``/dev/null``, ``/dev/stdout``,
    a FIFO) is written to directly: renaming over it would replace the device
    itself with a plain file.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = target.stat().st_mode  # through any link: what would really be written
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {target}: it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        return _write_in_place(target, payload)
    real = Path(os.path.realpath(target)) if target.is_symlink() else target
    folder = real.parent if str(real.parent) else Path(".")
    if not folder.is_dir():
        problem = f"{folder} is not a folder" if folder.exists() else f"folder {folder} does not exist"
        raise OutputError(f"cannot write {target}: {problem}")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{real.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    done = False
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, stat.S_IMODE(mode) if mode is not None else 0o644)
        os.replace(tmp, real)
        done = True
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        if not done:  # an error or Ctrl-C: no half-written .part file is left behind
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return target


def _write_in_place(target: Path, payload: bytes) -> Path:
    """Write to a device or pipe as it is; there is no old file to keep whole."""
    try:
        with open(target, "wb") as handle:
            handle.write(payload)
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target
