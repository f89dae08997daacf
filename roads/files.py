"""Writing output files atomically: an error never leaves half a file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import RoadsError


def atomic_write(path: str | os.PathLike[str], data: bytes | str) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename; return the path.

    A good file at ``path`` is replaced only once the new one is complete.
    """
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise RoadsError(f"cannot write {target}: folder {folder} does not exist")
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as exc:
        raise RoadsError(f"cannot write {target}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except OSError as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise RoadsError(f"cannot write {target}: {exc.strerror or exc}") from None
    return target
