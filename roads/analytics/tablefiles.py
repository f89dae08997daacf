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
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from ..errors import OutputError
from ..extras import EXTRAS
from ..files import PendingFile, shown
from ..logs.csvcell import cell, line
from .tables import COLORS, NULL, ROADS, SHOE_COLUMNS, TABLES, WINNERS, TableRows
from .tally import StatsError

ROWS_PER_CHUNK = 100_000
"""Coups gathered before a chunk is written: a Parquet row group (of whole shoes) or a run of CSV lines."""


def pyarrow_modules() -> tuple[Any, Any]:
    """Return (pyarrow, pyarrow.parquet); StatsError naming the extra to install when pyarrow is missing."""
    try:
        import pyarrow  # type: ignore[import-untyped]  # no stubs; used through Any here
        import pyarrow.parquet  # type: ignore[import-untyped]
    except ImportError:
        raise StatsError(EXTRAS["parquet"].message) from None
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
        self.handle: IO[str] = open(pending.temp, "w", encoding="utf-8", errors="backslashreplace", newline="")  # noqa: SIM115 - closed in close()
        self.handle.write(line(column for column, _ in TABLES[name]))

    def write(self, rows: TableRows) -> None:
        self.handle.writelines(coup_lines(rows) if self.name == "coups" else mark_lines(rows))

    def close(self) -> None:
        self.handle.close()


_BOOL = ("False", "True")
_SMALL = {NULL: "", **{n: str(n) for n in range(128)}}
"""An int8 column's values as CSV fields (null is empty)."""


def coup_lines(rows: TableRows) -> Iterator[str]:
    """Yield the CSV lines of the coups table, what ``csv.writer`` writes from :meth:`TableRows.table` (faster)."""
    start = 0
    num, yes = _SMALL, _BOOL
    for info, n in zip(rows.shoes, rows.coup_counts, strict=True):
        end = start + n
        head = cell(info.shoe)
        tail = f"{cell(info.file)},{info.number},{cell(info.table)},{cell(info.date)}\n"
        columns = (rows.winner, rows.banker_total, rows.player_total, rows.banker_pair, rows.player_pair)
        for coup, w, bt, pt, bp, pp, nat, cards in zip(
            range(1, n + 1),
            *(c[start:end] for c in columns),
            rows.natural[start:end],
            rows.cards[start:end],
            strict=True,
        ):
            yield f"{head},{coup},{WINNERS[w]},{num[bt]},{num[pt]},{yes[bp]},{yes[pp]},{yes[nat]},{num[cards]},{tail}"
        start = end


def mark_lines(rows: TableRows) -> Iterator[str]:
    """Yield the CSV lines of the marks table, what ``csv.writer`` writes from :meth:`TableRows.table` (faster)."""
    start = 0
    counts = rows.road_marks
    for s, info in enumerate(rows.shoes):
        head = cell(info.shoe)
        tail = f"{cell(info.file)},{info.number}\n"
        for r, road in enumerate(ROADS):
            n = counts[3 * s + r]
            end = start + n
            for mark, color, rule, column, row, x, y, coup in zip(
                range(1, n + 1),
                *(c[start:end] for c in (rows.color, rows.rule, rows.column, rows.row, rows.x, rows.y, rows.coup)),
                strict=True,
            ):
                yield f"{head},{road},{mark},{COLORS[color]},{rule},{column},{row},{x},{y},{coup},{tail}"
            start = end


class _ParquetTable:
    """One table as Parquet: one row group a chunk, zstd-compressed, columns made in bulk from the typed rows.

    Text columns are dictionary-encoded (a few words, or one value a shoe):
    they are built from codes without a string a row, and pandas reads them
    as categories.
    """

    def __init__(self, pending: PendingFile, name: str) -> None:
        self.pa, pq = pyarrow_modules()
        self.pending = pending
        self.name = name
        pa = self.pa
        types = {
            "string": pa.dictionary(pa.int32(), pa.string()),
            "int32": pa.int32(),
            "int8": pa.int8(),
            "bool": pa.bool_(),
        }
        self.schema = pa.schema([(column, types[kind]) for column, kind in TABLES[name]])
        self.words = {"winner": self._strings(WINNERS), "color": self._strings(COLORS), "road": self._strings(ROADS)}
        self.writer = pq.ParquetWriter(str(pending.temp), self.schema, compression="zstd")

    def write(self, rows: TableRows) -> None:
        import numpy as np

        pa = self.pa
        coups = self.name == "coups"
        counts = np.frombuffer(rows.coup_counts, np.int32) if coups else np.array(rows.mark_counts(), np.int32)
        if not int(counts.sum()):
            return
        arrays = []
        for column, kind in TABLES[self.name]:
            if column in SHOE_COLUMNS and kind == "string":
                arrays.append(self._per_shoe([info.value(column) for info in rows.shoes], counts))
            elif column in SHOE_COLUMNS:
                arrays.append(self._numbers(np.repeat(np.array([i.number for i in rows.shoes], np.int32), counts)))
            elif column in ("coup", "mark") and (column == "mark" or coups):
                per = np.frombuffer(rows.coup_counts if coups else rows.road_marks, np.int32)
                arrays.append(self._numbers(_running(np, per)))
            elif column == "road":
                per = np.frombuffer(rows.road_marks, np.int32)
                roads = np.repeat(np.tile(np.arange(3, dtype=np.int32), len(per) // 3), per)
                arrays.append(self._words(roads, self.words["road"]))
            elif column in self.words:
                codes = np.frombuffer(getattr(rows, column), np.int8).astype(np.int32)
                arrays.append(self._words(codes, self.words[column]))
            elif kind == "bool":
                bits = np.packbits(np.frombuffer(getattr(rows, column), np.int8).astype(np.bool_), bitorder="little")
                arrays.append(pa.Array.from_buffers(pa.bool_(), len(getattr(rows, column)), [None, pa.py_buffer(bits)]))
            elif kind == "int8":
                values = np.frombuffer(getattr(rows, column), np.int8)
                arrays.append(self._numbers(values, values != NULL))
            else:
                arrays.append(self._numbers(np.frombuffer(getattr(rows, column), np.int32)))
        table = self.pa.Table.from_arrays(arrays, schema=self.schema)
        self.writer.write_table(table, row_group_size=table.num_rows)

    def _numbers(self, values: Any, valid: Any = None) -> Any:
        """Return an Arrow array over a numpy array's bytes (null where ``valid`` is False).

        Made from the buffers, not by pyarrow's numpy conversion, which imports
        pandas when it is installed (a second's start-up for nothing).
        """
        pa = self.pa
        kind = {1: pa.int8(), 4: pa.int32()}[values.dtype.itemsize]
        if valid is None or valid.all():
            return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(values)])
        import numpy as np

        bitmap = pa.py_buffer(np.packbits(valid, bitorder="little"))
        nulls = len(values) - int(valid.sum())
        return pa.Array.from_buffers(kind, len(values), [bitmap, pa.py_buffer(values)], null_count=nulls)

    def _strings(self, values: Sequence[str]) -> Any:
        """Return an Arrow text array of ``values``, made from its buffers (as :meth:`_numbers`, no pandas)."""
        import numpy as np

        # A lone surrogate (JSON may say \ud800) is written as its escape, as in the CSV: the text stays UTF-8.
        encoded = [v.encode("utf-8", "backslashreplace") for v in values]
        offsets = np.zeros(len(encoded) + 1, np.int32)
        np.cumsum([len(e) for e in encoded], out=offsets[1:])
        data = self.pa.py_buffer(b"".join(encoded))
        return self.pa.Array.from_buffers(self.pa.string(), len(encoded), [None, self.pa.py_buffer(offsets), data])

    def _words(self, codes: Any, dictionary: Any, valid: Any = None) -> Any:
        """Return a dictionary-encoded text column: int32 ``codes`` into ``dictionary``."""
        return self.pa.DictionaryArray.from_arrays(self._numbers(codes, valid), dictionary, safe=False)

    def _per_shoe(self, values: list[str | int | None], counts: Any) -> Any:
        """Return a text column that has one value a shoe (null where None), a row a coup or mark."""
        import numpy as np

        index: dict[str | int, int] = {}
        codes = np.array([0 if v is None else index.setdefault(v, len(index)) for v in values], np.int32)
        present = np.array([v is not None for v in values], np.bool_)
        dictionary = self._strings([str(v) for v in index])
        return self._words(np.repeat(codes, counts), dictionary, np.repeat(present, counts))

    def close(self) -> None:
        self.writer.close()


def _running(np: Any, counts: Any) -> Any:
    """Return 1, 2, ..., n for each n of ``counts``, one after the other (int32)."""
    starts = np.cumsum(counts) - counts
    return (np.arange(int(counts.sum()), dtype=np.int32) - np.repeat(starts, counts) + 1).astype(np.int32)


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
        self.shoes += len(rows.shoes)
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
