"""Writing output files so that nothing the user has is ever destroyed.

The rules, in one place for every command (docs/reliability.md lists them):

- a file is written to a temporary file in its folder and renamed over the
  target only once complete; the temporary name fits the same limits as the
  final name, and an error, Ctrl-C or SIGTERM removes it;
- ``-`` and ``/dev/stdout`` (``/dev/fd/1``, or any path that *is* standard
  output) are written to the stream the shell gave, so ``>> all.txt`` appends;
- a device or a pipe is written in place; a symbolic link is written through,
  a link that loops is refused;
- an output that is one of the inputs is refused before anything is read;
- a batch claims each output name once (:class:`OutputNames`): a clash gets a
  new name, never an overwrite, and a name too long in bytes is refused.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from .errors import OutputError, RoadsError, excerpt, one_line

NAME_MAX = 255
"""Bytes in one file name when the folder cannot say (the limit of every common file system)."""

_TEMP_EXTRA = len("..XXXXXXXX.part")
"""Bytes a temporary name adds around the (possibly shortened) final name."""

_FD_PATH = re.compile(r"^/(?:dev/fd|proc/self/fd)/(\d+)$")
_STREAM_NAMES = {"-": 1, "/dev/stdout": 1, "/dev/stderr": 2}

_SAFE_PUNCTUATION = frozenset("-_.+=@~()[]{},")


def shown(path: str | os.PathLike[str]) -> str:
    """Return a path as an error or a status line prints it: one line, cut if long."""
    return excerpt(one_line(os.fspath(path)), 120)


def stream_fd(path: str | os.PathLike[str]) -> int | None:
    """Return the file descriptor ``path`` names (``-``, ``/dev/stdout``, ``/dev/fd/N``...), or None for a file.

    Any path that is the very file standard output already is (``-o out.txt > out.txt``)
    counts as standard output too.
    """
    text = os.fspath(path)
    if text in _STREAM_NAMES:
        return _STREAM_NAMES[text]
    match = _FD_PATH.match(text)
    if match:
        return int(match.group(1)) if len(match.group(1)) < 6 else None
    try:
        target = os.stat(text)
        out = os.fstat(_stdout_fd())
    except (OSError, ValueError):
        return None
    if stat.S_ISREG(target.st_mode) and (target.st_dev, target.st_ino) == (out.st_dev, out.st_ino):
        return 1
    return None


def to_stdout(path: str | os.PathLike[str] | None) -> bool:
    """Return True when writing ``path`` writes standard output (so status lines must go to stderr)."""
    return path is not None and stream_fd(path) == 1


def _stdout_fd() -> int:
    try:
        return sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):
        return 1


def name_limit(folder: str | os.PathLike[str]) -> int:
    """Return the most bytes one file name may have in ``folder``."""
    try:
        return int(os.pathconf(folder, "PC_NAME_MAX"))
    except (OSError, ValueError, AttributeError):
        return NAME_MAX


def check_name(path: str | os.PathLike[str]) -> None:
    """Raise OutputError when the last part of ``path`` is longer in bytes than its folder allows."""
    target = Path(path)
    size = len(os.fsencode(target.name))
    limit = name_limit(target.parent if str(target.parent) else ".")
    if size > limit:
        raise OutputError(f"cannot write {shown(path)}: its name is {size} bytes, more than the {limit} allowed")


def cut_bytes(text: str, limit: int) -> str:
    """Return the longest start of ``text`` whose UTF-8 form has at most ``limit`` bytes."""
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= limit:
        return text
    return data[: max(limit, 0)].decode("utf-8", "ignore")


def safe_stem(text: str, limit: int = NAME_MAX - 16) -> str:
    """Return ``text`` (a shoe id, say) as a file name stem: letters, digits and plain punctuation only.

    Everything else (slashes, controls, right-to-left and other format marks,
    spaces) becomes ``_``; a leading dot too (no hidden files); the result is
    cut to ``limit`` bytes. Empty, ``.`` and ``..`` come back as ``""``.
    """
    kept: list[str] = []
    for ch in text:
        category = unicodedata.category(ch)
        safe = category[0] in "LN" or (category[0] == "M" and kept) or ch in _SAFE_PUNCTUATION
        kept.append(ch if safe else "_")
    stem = "".join(kept)
    if not stem.strip("._"):
        return ""
    if stem.startswith("."):
        stem = "_" + stem[1:]
    return cut_bytes(unicodedata.normalize("NFC", stem), limit)


def temp_prefix(name: str, limit: int = NAME_MAX) -> str:
    """Return the prefix of the temporary files for final name ``name``: short enough to fit ``limit`` bytes."""
    return f".{cut_bytes(name, limit - _TEMP_EXTRA)}."


_TEMP_LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
"""The letters of a temporary name's random part (tempfile's, so either module's files look alike)."""


def make_temp(folder: str | os.PathLike[str], name: str) -> tuple[int, str]:
    """Create a new empty temporary file beside final name ``name`` in ``folder``, readable by its owner alone.

    Return its open descriptor and its absolute path: ``.NAME.XXXXXXXX.part``, eight random letters
    (:func:`temp_files` finds them). As ``tempfile.mkstemp`` does, but without importing
    tempfile, which brings shutil, random, bz2 and lzma to every command that writes a file.
    """
    prefix = os.path.join(folder, temp_prefix(name, name_limit(folder)))
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    for _ in range(100):  # a clash among 37^8 names is all but impossible: a hundred tries are plenty
        tail = "".join(_TEMP_LETTERS[byte % len(_TEMP_LETTERS)] for byte in os.urandom(8))
        path = os.path.abspath(f"{prefix}{tail}.part")  # as mkstemp's: still right after a change of folder
        try:
            return os.open(path, flags, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", prefix)


def temp_files(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield the temporary files :func:`atomic_write` may have left for ``path`` (a killed process leaves them)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    prefix = temp_prefix(target.name, name_limit(folder))
    try:
        names = [entry.name for entry in os.scandir(folder)]
    except OSError:
        return
    for name in names:
        if name.startswith(prefix) and name.endswith(".part") and len(name) == len(prefix) + len("XXXXXXXX.part"):
            yield folder / name


def make_folder(folder: str | os.PathLike[str], error: type[RoadsError] = OutputError) -> Path:
    """Create ``folder`` and its parents when missing, as every ``-d FOLDER`` does; ``error`` when it cannot be."""
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise error(f"{shown(folder)} is a file, not a folder: give a folder to write into")
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise error(f"cannot create folder {shown(folder)}: {exc.strerror or exc}") from None
    return target


def refuse_inputs(outputs: Iterable[str | os.PathLike[str] | None], inputs: Iterable[str | os.PathLike[str]]) -> None:
    """Raise OutputError when an output is one of the inputs: checked before anything is read or written."""
    seen: dict[tuple[int, int], str] = {}
    for source in inputs:
        if os.fspath(source) == "-":
            continue
        with contextlib.suppress(OSError, ValueError):
            info = os.stat(source)
            if stat.S_ISREG(info.st_mode):
                seen[(info.st_dev, info.st_ino)] = os.fspath(source)
    if not seen:
        return
    for out in outputs:
        if out is None or stream_fd(out) is not None:
            continue
        try:
            info = os.stat(out)
        except (OSError, ValueError):
            continue
        same = seen.get((info.st_dev, info.st_ino))
        if same is not None:
            raise OutputError(f"cannot write {shown(out)}: input file is output file ({shown(same)} would be lost)")


class OutputNames:
    """The output names of one batch, each claimed once: a clash gets a new name (``x-2.svg``), never an overwrite."""

    def __init__(self, inputs: Iterable[str | os.PathLike[str]] = ()) -> None:
        self._taken: set[str] = set()
        for source in inputs:
            if os.fspath(source) != "-":
                self._taken.add(os.path.normcase(os.path.realpath(source)))

    def claim(self, path: str) -> str:
        """Return ``path``, or ``stem-2.ext``, ``stem-3.ext``... when an earlier output (or an input) has it."""
        target = Path(path)
        candidate, n = path, 1
        while self._key(candidate) in self._taken:
            n += 1
            candidate = str(target.with_name(f"{target.stem}-{n}{target.suffix}"))
        self._taken.add(self._key(candidate))
        return candidate

    @staticmethod
    def _key(path: str) -> str:
        return os.path.normcase(os.path.realpath(path))


def atomic_write(path: str | os.PathLike[str], data: bytes | str, *, sync: bool = False) -> Path:
    """Write ``data`` to ``path`` through a temporary file and a rename; return the path.

    With ``sync`` the file and its folder are flushed to the disk before this
    returns, so a crash right after loses nothing (what a server acknowledges).

    A good file at ``path`` is replaced only once the new one is complete, and
    keeps its permissions. A symbolic link is written through (the link stays,
    its target is replaced); one that loops is an error. ``-``, ``/dev/stdout``
    and ``/dev/fd/N`` are written to the stream already open (appending where
    the shell appends); another device or a pipe (``/dev/null``, a FIFO) is
    written in place: renaming over it would replace the device itself.
    """
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd = stream_fd(path)
    if fd is not None:
        return _write_stream(target, fd, payload)
    try:
        mode: int | None = target.stat().st_mode  # through any link: what would really be written
    except OSError as exc:
        if exc.errno == errno.ELOOP:  # renaming over a looping link would replace it with a file
            raise OutputError(f"cannot write {shown(target)}: a symbolic link that loops") from None
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise OutputError(f"cannot write {shown(target)}: it is a folder")
    if mode is not None and not stat.S_ISREG(mode):
        return _write_in_place(target, payload)
    real = _real_file(target)
    folder = real.parent if str(real.parent) else Path(".")
    check_name(real)
    try:
        handle_fd, tmp = make_temp(folder, real.name)
    except OSError as exc:
        raise OutputError(f"cannot write {shown(target)}: {exc.strerror or exc}") from None
    done = False
    try:
        with os.fdopen(handle_fd, "wb") as handle:
            handle.write(payload)
            if sync:
                handle.flush()
                os.fsync(handle.fileno())
        os.chmod(tmp, stat.S_IMODE(mode) if mode is not None else 0o644)
        os.replace(tmp, real)
        done = True
        if sync:
            sync_folder(folder)
    except OSError as exc:
        raise OutputError(f"cannot write {shown(target)}: {exc.strerror or exc}") from None
    finally:
        if not done:  # an error, Ctrl-C or SIGTERM: no half-written .part file is left behind
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return target


def sync_folder(folder: Path) -> None:
    """Flush a folder's entries (a file renamed or made in it) to the disk."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _real_file(target: Path) -> Path:
    """Return the file that writing ``target`` replaces (through a link); OutputError when its folder is missing."""
    real = Path(os.path.realpath(target)) if target.is_symlink() else target
    folder = real.parent if str(real.parent) else Path(".")
    if not folder.is_dir():
        problem = f"{shown(folder)} is not a folder" if folder.exists() else f"folder {shown(folder)} does not exist"
        raise OutputError(f"cannot write {shown(target)}: {problem}")
    return real


def _write_stream(target: Path, fd: int, payload: bytes) -> Path:
    """Write to a stream the shell opened (stdout, stderr, /dev/fd/N) without reopening or truncating it."""
    stream = sys.stdout if fd == 1 else sys.stderr if fd == 2 else None
    try:
        if stream is not None:
            stream.flush()
            buffer = getattr(stream, "buffer", None)
            if buffer is not None:
                buffer.write(payload)
                buffer.flush()
            else:
                stream.write(payload.decode("utf-8", "replace"))
                stream.flush()
        else:
            view = memoryview(payload)
            while view:
                view = view[os.write(fd, view) :]
    except BrokenPipeError:
        raise
    except OSError as exc:
        raise OutputError(f"cannot write {shown(target)}: {exc.strerror or exc}") from None
    return target


def _write_in_place(target: Path, payload: bytes) -> Path:
    """Write to a device or pipe as it is; there is no old file to keep whole."""
    try:
        with open(target, "wb") as handle:
            handle.write(payload)
    except OSError as exc:
        raise OutputError(f"cannot write {shown(target)}: {exc.strerror or exc}") from None
    return target


class PendingFile:
    """A file written in pieces: a temporary file beside ``path``, renamed over it only by :meth:`commit`.

    For outputs too big to hold whole (a table of millions of rows). The
    writer fills :attr:`temp`; :meth:`discard` (or leaving the ``with`` block
    on an error, Ctrl-C or SIGTERM before the commit) removes it, so nothing
    half-written is ever seen under ``path`` and a good old file stays.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        target = Path(path)
        real = _real_file(target)
        if real.is_dir():
            raise OutputError(f"cannot write {shown(target)}: it is a folder")
        folder = real.parent if str(real.parent) else Path(".")
        check_name(real)
        try:
            self._mode: int | None = stat.S_IMODE(real.stat().st_mode)
        except OSError:
            self._mode = None
        try:
            fd, tmp = make_temp(folder, real.name)
        except OSError as exc:
            raise OutputError(f"cannot write {shown(target)}: {exc.strerror or exc}") from None
        os.close(fd)
        self.path = target
        self.temp = Path(tmp)
        """The temporary file to write (empty at first)."""
        self._real = real
        self.done = False

    def commit(self) -> Path:
        """Rename the finished temporary file over ``path`` (keeping an old file's permissions); return the path."""
        try:
            os.chmod(self.temp, self._mode if self._mode is not None else 0o644)
            os.replace(self.temp, self._real)
        except OSError as exc:
            self.discard()
            raise OutputError(f"cannot write {shown(self.path)}: {exc.strerror or exc}") from None
        self.done = True
        return self.path

    def discard(self) -> None:
        """Remove the temporary file (nothing happens once committed)."""
        if not self.done:
            with contextlib.suppress(OSError):
                os.unlink(self.temp)

    def __enter__(self) -> PendingFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.discard()


class TextOutput:
    """Text written in pieces to ``path``, kept whole or not at all: the rule for every streamed output.

    A file is filled through a :class:`PendingFile` and appears under its name
    only at :meth:`commit`; leaving the ``with`` block without a commit (an
    error, Ctrl-C, SIGTERM) keeps an old file exactly as it was. Standard
    output (``-``, ``/dev/stdout``...) and devices are written as the text
    comes: there is no old file to keep. Nothing is held in memory whole.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.written = 0
        """Characters written so far."""
        self._pending: PendingFile | None = None
        self._handle: IO[str] | None = None
        self._direct: IO[str] | None = None
        fd = stream_fd(path)
        if fd is not None:
            self._direct = sys.stdout if fd == 1 else sys.stderr if fd == 2 else None
            if self._direct is None:
                self._handle = self._open(path, "a")
            return
        try:
            mode: int | None = self.path.stat().st_mode
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise OutputError(f"cannot write {shown(path)}: a symbolic link that loops") from None
            mode = None
        if mode is not None and not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
            self._handle = self._open(path, "w")  # a device or a pipe: written in place
            return
        self._pending = PendingFile(path)
        try:
            self._handle = self._open(self._pending.temp, "w")
        except BaseException:
            self._pending.discard()
            raise

    @staticmethod
    def _open(path: str | os.PathLike[str], mode: str) -> IO[str]:
        try:
            return open(path, mode, encoding="utf-8", newline="")
        except OSError as exc:
            raise OutputError(f"cannot write {shown(path)}: {exc.strerror or exc}") from None

    def write(self, text: str) -> None:
        """Add ``text`` to the output."""
        try:
            if self._direct is not None:
                self._direct.write(text)
            elif self._handle is not None:
                self._handle.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(f"cannot write {shown(self.path)}: {exc.strerror or exc}") from None
        self.written += len(text)

    def commit(self) -> Path:
        """Finish the output: a file is renamed over ``path`` only now; return the path."""
        try:
            if self._direct is not None:
                self._direct.flush()
            elif self._handle is not None:
                self._handle.close()
        except OSError as exc:
            self.discard()
            raise OutputError(f"cannot write {shown(self.path)}: {exc.strerror or exc}") from None
        if self._pending is not None:
            self._pending.commit()
        return self.path

    def discard(self) -> None:
        """Drop a file's temporary copy (an old file under ``path`` stays as it was); nothing once committed."""
        if self._handle is not None and not self._handle.closed:
            with contextlib.suppress(OSError):
                self._handle.close()
        if self._pending is not None:
            self._pending.discard()

    def __enter__(self) -> TextOutput:
        return self

    def __exit__(self, *exc: object) -> None:
        self.discard()
