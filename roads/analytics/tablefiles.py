"""Writing the coup and mark tables: Parquet (pyarrow, the ``parquet`` extra) and CSV, streamed, whole or not at all.

Rows arrive a shoe at a time (:func:`roads.analytics.tables.shoe_rows`) and
are written a chunk of whole shoes at a time (one Parquet row group, or a run
of CSV lines, every :data:`ROWS_PER_CHUNK` coups or so), so memory holds one
chunk however long the archive. Every file is a temporary file beside its
target until :meth:`TableFiles.commit`; an error, Ctrl-C or SIGTERM before
that removes them (and a folder made for them), so no half-written table is
ever seen. Same rows, same bytes: CSV trivially, Parquet because pyarrow is
pinned and nothing in the file says when or where it was written.
"""

from __future__ import annotations

import contextlib
import csv
import os
from pathlib import Path
from typing import IO, Any

from ..errors import OutputError
from ..files import PendingFile, shown
from .tables import TABLES, TableRows
from .tally import StatsError

ROWS_PER_CHUNK = 100_000
"""Coups gathered before a chunk is written: a Parquet row group (of whole shoes) or a run of CSV lines."""

PARQUET_EXTRA = (
    "--parquet needs pyarrow: pip install 'roads[parquet]' (or --csv-tables DIR writes the same tables as CSV)"
)
"""What ``--parquet`` says when pyarrow is not installed."""


def pyarrow_modules() -> tuple[Any, Any]:
    """Return (pyarrow, pyarrow.parquet); StatsError naming the extra to install when pyarrow is missing."""
    try:
        import pyarrow  # type: ignore[import-untyped]  # no stubs; used through Any here
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise StatsError(PARQUET_EXTRA) from None
    return pyarrow, pyarrow.parquet


class _Folder:
    """The folder a set of tables goes in: made when missing (and removed again if nothing is committed)."""

    def __init__(self, path: str, option: str) -> None:
        self.path = Path(path)
        self.made = False
        if self.path.is_dir():
            return
        if self.path.exists():
            raise OutputError(f"cannot write the tables of {option} to {shown(path)}: it is a file, not a folder")
        try:
            self.path.mkdir()
        except FileNotFoundError:
            raise OutputError(
                f"cannot write the tables of {option} to {shown(path)}: folder {shown(self.path.parent)} does not exist"
            ) from None
        except OSError as exc:
            raise OutputError(f"cannot make folder {shown(path)}: {exc.strerror or exc}") from None
        self.made = True

    def remove(self) -> None:
        """Remove the folder if this run made it and it is still empty."""
        if self.made:
            with contextlib.suppress(OSError):
                self.path.rmdir()


class _CsvTable:
    """One table as CSV: a header line, then one line a row (null is an empty field, booleans True/False)."""

    def __init__(self, pending: PendingFile, name: str) -> None:
        self.pending = pending
        self.name = name
        self.handle: IO[str] = open(pending.temp, "w", encoding="utf-8", newline="")  # noqa: SIM115 - closed in close()
        self.writer = csv.writer(self.handle, lineterminator="\n")
        self.writer.writerow([column for column, _ in TABLES[name]])

    def write(self, rows: TableRows) -> None:
        columns = rows.table(self.name)
        self.writer.writerows(zip(*(columns[column] for column, _ in TABLES[self.name]), strict=True))

    def close(self) -> None:
        self.handle.close()


class _ParquetTable:
    """One table as Parquet: one row group a chunk, zstd-compressed."""

    def __init__(self, pending: PendingFile, name: str) -> None:
        self.pa, pq = pyarrow_modules()
        self.pending = pending
        self.name = name
        types = {"string": self.pa.string(), "int32": self.pa.int32(), "int8": self.pa.int8(), "bool": self.pa.bool_()}
        self.schema = self.pa.schema([(column, types[kind]) for column, kind in TABLES[name]])
        self.writer = pq.ParquetWriter(str(pending.temp), self.schema, compression="zstd")

    def write(self, rows: TableRows) -> None:
        columns = rows.table(self.name)
        if not columns["shoe"]:
            return
        arrays = [self.pa.array(columns[f.name], type=f.type) for f in self.schema]
        table = self.pa.Table.from_arrays(arrays, schema=self.schema)
        self.writer.write_table(table, row_group_size=max(table.num_rows, 1))

    def close(self) -> None:
        self.writer.close()


class TableFiles:
    """The tables of one ``roads stats`` run: ``coups`` and ``marks``, as Parquet, as CSV or both.

    ``parquet`` and ``csv`` are folders (made if missing) that receive
    ``coups.parquet``/``marks.parquet`` and ``coups.csv``/``marks.csv``.
    Use it as a context manager: leaving the block without :meth:`commit`
    leaves no file behind.
    """

    def __init__(self, parquet: str | None = None, csv: str | None = None) -> None:
        if parquet is not None:
            pyarrow_modules()  # before any folder or file is made: the missing extra is one line, nothing written
        self.buffer = TableRows()
        self.shoes = 0
        self._folders: list[_Folder] = []
        self._tables: list[_CsvTable | _ParquetTable] = []
        self._closed = False
        try:
            for folder, suffix, option in ((parquet, "parquet", "--parquet"), (csv, "csv", "--csv-tables")):
                if folder is None:
                    continue
                self._folders.append(_Folder(folder, option))
                for name in TABLES:
                    pending = PendingFile(os.path.join(folder, f"{name}.{suffix}"))
                    try:
                        kind = _ParquetTable if suffix == "parquet" else _CsvTable
                        self._tables.append(kind(pending, name))
                    except BaseException:
                        pending.discard()
                        raise
        except BaseException:
            self.discard()
            raise

    def paths(self) -> list[Path]:
        """Return every file these tables become."""
        return [table.pending.path for table in self._tables]

    def add(self, rows: TableRows) -> None:
        """Take one shoe's rows (or a few shoes'); a chunk is written once it holds enough coups."""
        self.buffer.extend(rows)
        self.shoes += rows.shoes
        if len(self.buffer) >= ROWS_PER_CHUNK:
            self.flush()

    def flush(self) -> None:
        """Write the rows taken so far (whole shoes) and start a new chunk."""
        if not self.buffer.shoes:
            return
        try:
            for table in self._tables:
                table.write(self.buffer)
        except OSError as exc:
            raise OutputError(f"cannot write the tables: {exc.strerror or exc}") from None
        self.buffer = TableRows()

    def commit(self) -> list[Path]:
        """Write the last chunk, close every file and rename each to its name; return the paths written."""
        self.flush()
        self._close()
        return [table.pending.commit() for table in self._tables]

    def discard(self) -> None:
        """Remove every temporary file (and a folder made for them); the committed ones stay."""
        with contextlib.suppress(Exception):
            self._close()
        for table in self._tables:
            table.pending.discard()
        for folder in self._folders:
            folder.remove()

    def _close(self) -> None:
        if self._closed:
            return
        self._closed = True
        failed: OSError | None = None
        for table in self._tables:
            try:
                table.close()
            except OSError as exc:  # close the others all the same: their files are removed next
                failed = failed or exc
        if failed is not None:
            raise OutputError(f"cannot write the tables: {failed.strerror or failed}")

    def __enter__(self) -> TableFiles:
        return self

    def __exit__(self, *exc: object) -> None:
        if not all(table.pending.done for table in self._tables):
            self.discard()
